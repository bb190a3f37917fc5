import { useAtomValue } from '../../state/use-atom.ts'
import { useT } from '../../i18n/index.tsx'
import { isAuthenticatedAtom, useCartCount } from '../../state/session/atoms.ts'
import { CART_BADGE, PERSONAL } from '../../state/session/personal-state.ts'
import { usePanelLink } from '../layouts/lazy-panels.tsx'
import { Icon } from '../icons.tsx'
import { LocalLink } from '../local-link.tsx'
import { MenuDrawer } from './mobile-menu.tsx'

const item = 'bar-item'

/**
 * Home, menu, account and basket, fixed to the bottom of small screens (spec §2). Each works before and without
 * JavaScript: the menu is a `<details>` drawer, account and basket are links to their pages (the worker turns a
 * member's account link to the account area, personal-state.ts); with JavaScript a guest's account opens the login
 * modal and the basket the cart sidebar. The bar has no backdrop-filter: it would hold the menu's fixed drawer inside.
 */
export function MobileBottomBar() {
  const { t } = useT()
  const opensLogin = usePanelLink('login')
  const opensCart = usePanelLink('cart')
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const count = useCartCount()
  return (
    <nav className="bottom-bar" aria-label={t('header.menu')} data-testid="mobile-bottom-bar">
      <LocalLink to="/" className={item}>
        <Icon name="home" />
        {t('bottomBar.home')}
      </LocalLink>
      <MenuDrawer className={item} />
      <LocalLink
        to={isAuthenticated ? '/my-account' : '/Login'}
        className={item}
        // a member's link goes to the account area as it is; a guest's opens the login modal (spec §2)
        {...(isAuthenticated ? {} : opensLogin)}
        data-testid="mobile-account-button"
        data-personal={PERSONAL.account}
      >
        <Icon name="user" />
        {t('bottomBar.account')}
      </LocalLink>
      <LocalLink
        to="/Cart"
        className={item}
        {...opensCart}
        data-testid="mobile-cart-button"
        data-personal={PERSONAL.cartMobile}
      >
        <Icon name="cart" />
        {t('bottomBar.basket')}
        {count > 0 ? <span className={CART_BADGE[PERSONAL.cartMobile].className}>{count}</span> : null}
      </LocalLink>
    </nav>
  )
}

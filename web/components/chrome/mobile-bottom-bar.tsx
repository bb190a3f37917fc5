import { useSetAtom } from 'jotai'
import { useAtomValue } from '../../state/use-atom.ts'
import { useNavigate } from 'react-router'
import { useT } from '../../i18n/index.tsx'
import { isAuthenticatedAtom, useCartCount } from '../../state/session/atoms.ts'
import { CART_BADGE, PERSONAL } from '../../state/session/personal-state.ts'
import { openPanelAtom, toggleMobileMenuAtom } from '../../state/ui.ts'
import { usePanelTrigger } from '../layouts/lazy-panels.tsx'
import { Icon } from '../icons.tsx'
import { LocalLink, useLocalPath } from '../local-link.tsx'

const item = 'bar-item'

/** Home, menu, account and basket, fixed to the bottom of small screens (spec §2). */
export function MobileBottomBar() {
  const { t } = useT()
  const toggleMenu = useSetAtom(toggleMobileMenuAtom)
  const openPanel = useSetAtom(openPanelAtom)
  const loginTrigger = usePanelTrigger('login')
  const cartTrigger = usePanelTrigger('cart')
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const count = useCartCount()
  const navigate = useNavigate()
  const local = useLocalPath()
  return (
    <nav className="fixed inset-x-0 bottom-0 z-40 flex border-t border-neutral-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-lg backdrop-blur lg:hidden" aria-label={t('header.menu')} data-testid="mobile-bottom-bar">
      <LocalLink to="/" className={item}>
        <Icon name="home" />
        {t('bottomBar.home')}
      </LocalLink>
      <button type="button" className={item} onClick={() => toggleMenu()} data-testid="mobile-menu-button">
        <Icon name="menu" />
        {t('bottomBar.menu')}
      </button>
      <button type="button" className={item} {...loginTrigger} onClick={() => (isAuthenticated ? navigate(local('/my-account')) : openPanel('login'))} data-testid="mobile-account-button">
        <Icon name="user" />
        {t('bottomBar.account')}
      </button>
      <LocalLink
        to="/Cart"
        className={item}
        {...cartTrigger}
        data-testid="mobile-cart-button"
        data-personal={PERSONAL.cartMobile}
        onClick={(event) => {
          event.preventDefault()
          openPanel('cart')
        }}
      >
        <Icon name="cart" />
        {t('bottomBar.basket')}
        {count > 0 ? <span className={CART_BADGE[PERSONAL.cartMobile].className}>{count}</span> : null}
      </LocalLink>
    </nav>
  )
}

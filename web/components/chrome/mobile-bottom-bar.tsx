import { useAtomValue, useSetAtom } from 'jotai'
import { useNavigate } from 'react-router'
import { useT } from '../../i18n/index.tsx'
import { cartItemCountAtom, isAuthenticatedAtom } from '../../features/session/atoms.ts'
import { openPanelAtom, toggleMobileMenuAtom } from '../../features/ui/atoms.ts'
import { Icon } from '../icons.tsx'
import { LocalLink, useLocalPath } from '../local-link.tsx'

/** Home, menu, account and basket, fixed to the bottom of small screens (spec §2). */
export function MobileBottomBar() {
  const { t } = useT()
  const toggleMenu = useSetAtom(toggleMobileMenuAtom)
  const openPanel = useSetAtom(openPanelAtom)
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const count = useAtomValue(cartItemCountAtom)
  const navigate = useNavigate()
  const local = useLocalPath()
  const item = 'flex flex-1 flex-col items-center gap-0.5 py-2 text-xs text-gray-700'
  return (
    <nav className="fixed inset-x-0 bottom-0 z-40 flex border-t border-gray-200 bg-white lg:hidden" aria-label={t('header.menu')} data-testid="mobile-bottom-bar">
      <LocalLink to="/" className={item}>
        <Icon name="home" />
        {t('bottomBar.home')}
      </LocalLink>
      <button type="button" className={item} onClick={() => toggleMenu()} data-testid="mobile-menu-button">
        <Icon name="menu" />
        {t('bottomBar.menu')}
      </button>
      <button type="button" className={item} onClick={() => (isAuthenticated ? navigate(local('/my-account')) : openPanel('login'))} data-testid="mobile-account-button">
        <Icon name="user" />
        {t('bottomBar.account')}
      </button>
      <button type="button" className={`relative ${item}`} onClick={() => openPanel('cart')}>
        <Icon name="cart" />
        {t('bottomBar.basket')}
        {count > 0 ? <span className="absolute right-1/4 top-1 rounded-full bg-primary-600 px-1.5 text-xs font-bold text-white">{count}</span> : null}
      </button>
    </nav>
  )
}

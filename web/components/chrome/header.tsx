import { useAtomValue, useSetAtom } from 'jotai'
import { SOCIAL_LINKS } from '../../config.ts'
import { useT } from '../../i18n/index.tsx'
import { cartItemCountAtom, isAuthenticatedAtom, userAtom } from '../../features/session/atoms.ts'
import { openPanelAtom } from '../../features/ui/atoms.ts'
import { Icon } from '../icons.tsx'
import { LocalLink } from '../local-link.tsx'
import { SearchBar } from './search-bar.tsx'
import { LocaleSelector } from './locale-selector.tsx'
import { Navigation } from './navigation.tsx'

function AccountButton() {
  const { t } = useT()
  const user = useAtomValue(userAtom)
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  if (isAuthenticated) {
    return (
      <LocalLink to="/my-account" className="flex items-center gap-1 rounded p-2 hover:bg-gray-100" data-testid="account-button">
        <Icon name="user" />
        <span className="hidden text-sm lg:inline">{user ? t('header.hi', { name: user.firstName }) : t('header.account')}</span>
      </LocalLink>
    )
  }
  return (
    <LocalLink to="/Login" className="flex items-center gap-1 rounded p-2 hover:bg-gray-100" aria-label={t('header.login')} data-testid="account-button">
      <Icon name="user" />
      <span className="hidden text-sm lg:inline">{t('header.login')}</span>
    </LocalLink>
  )
}

export function CartButton({ className = '' }: { className?: string }) {
  const { t } = useT()
  const count = useAtomValue(cartItemCountAtom)
  const openPanel = useSetAtom(openPanelAtom)
  return (
    <button type="button" onClick={() => openPanel('cart')} className={`relative rounded p-2 hover:bg-gray-100 ${className}`} aria-label={t('header.cartCount', { count })} data-testid="cart-button">
      <Icon name="cart" />
      {count > 0 ? (
        <span className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-600 px-1 text-xs font-bold text-white" data-testid="cart-badge">
          {count}
        </span>
      ) : null}
    </button>
  )
}

/** Logo, social links, search, account, wishlist and cart (spec §2), then the category navigation. */
export function Header() {
  const { t } = useT()
  const openPanel = useSetAtom(openPanelAtom)
  return (
    <header className="border-b border-gray-200 bg-white" data-testid="site-header">
      <div className="mx-auto flex max-w-site items-center gap-3 px-4 py-3">
        <LocalLink to="/" className="text-2xl font-extrabold tracking-tight text-primary-600" aria-label={t('header.logo')}>
          Storefront
        </LocalLink>
        <div className="hidden items-center gap-1 lg:flex">
          {SOCIAL_LINKS.map((link) => (
            <a key={link.name} href={link.href} rel="noopener noreferrer" target="_blank" className="rounded p-1 text-gray-500 hover:text-primary-600" aria-label={t('header.social', { name: link.name })}>
              <Icon name={link.name === 'Facebook' ? 'facebook' : 'instagram'} className="h-5 w-5" />
            </a>
          ))}
        </div>
        <div className="flex-1">
          <SearchBar />
        </div>
        <div className="hidden lg:block">
          <LocaleSelector idPrefix="header" />
        </div>
        <AccountButton />
        <button type="button" onClick={() => openPanel('wishlist')} className="hidden rounded p-2 hover:bg-gray-100 lg:block" aria-label={t('header.wishlist')} data-testid="wishlist-button">
          <Icon name="heart" />
        </button>
        <CartButton className="hidden lg:block" />
      </div>
      <Navigation />
    </header>
  )
}

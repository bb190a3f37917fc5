import { useAtomValue } from '../../state/use-atom.ts'
import { shopName, socialLinks } from '#kernel/store-settings.ts'
import { useT } from '../../i18n/index.tsx'
import { useStoreSettings } from '../../state/session/request-info.ts'
import { greetingNameAtom, isAuthenticatedAtom, useCartCount } from '../../state/session/atoms.ts'
import { CART_BADGE, PERSONAL } from '../../state/session/personal-state.ts'
import { Icon } from '../icons.tsx'
import { LocalLink } from '../local-link.tsx'
import { Logo } from '../logo.tsx'
import { cx, focusRing } from '../ui/cx.ts'
import { SearchBar } from './search-bar.tsx'
import { LocaleSelector } from './locale-selector.tsx'
import { Navigation } from './navigation.tsx'
import { usePanelLink } from '../layouts/lazy-panels.tsx'

/** The header's icon actions: 44 px targets, a label beside the icon on desktop where there is room. */
const action = cx('relative h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 text-neutral-800 transition-colors duration-fast hover:bg-neutral-100 hover:text-neutral-900', focusRing)

function AccountButton() {
  const { t } = useT()
  const name = useAtomValue(greetingNameAtom)
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  // One element for both states (the worker turns the guest's into the member's on the way out: personal-state.ts)
  return (
    <LocalLink to={isAuthenticated ? '/my-account' : '/Login'} className={cx(action, 'inline-flex')} aria-label={isAuthenticated ? undefined : t('header.login')} data-testid="account-button" data-personal={PERSONAL.account}>
      <Icon name="user" />
      {/* read out at every width (a member's link has no aria-label), shown beside the icon where there is room */}
      <span className="sr-only text-sm font-semibold lg:not-sr-only" data-personal={PERSONAL.greeting}>
        {isAuthenticated ? (name ? t('header.hi', { name }) : t('header.account')) : t('header.login')}
      </span>
    </LocalLink>
  )
}

export function CartButton({ className = '' }: { className?: string }) {
  const { t } = useT()
  const count = useCartCount()
  const opensCart = usePanelLink('cart')
  // a link to the cart page (works without JavaScript); with JavaScript it opens the sidebar instead
  return (
    <LocalLink
      to="/Cart"
      {...opensCart}
      className={cx(action, className || 'inline-flex')}
      aria-label={t('header.cartCount', { count })}
      data-testid="cart-button"
      data-personal={PERSONAL.cartHeader}
    >
      <Icon name="cart" />
      {count > 0 ? (
        <span className={CART_BADGE[PERSONAL.cartHeader].className} data-testid={CART_BADGE[PERSONAL.cartHeader].testId}>
          {count}
        </span>
      ) : null}
    </LocalLink>
  )
}

/**
 * Logo, social links, search, language and currency, account, wishlist and cart (spec §2), then the category
 * navigation. On phones the search takes its own full-width row, so its placeholder is never cut off.
 */
export function Header() {
  const { t } = useT()
  const opensWishlist = usePanelLink('wishlist')
  const store = useStoreSettings()
  return (
    <header className="border-b border-neutral-200 bg-white" data-testid="site-header">
      {/* Chromium paints nothing until the page's <main id="main"> (every layout with this header has one) has begun,
          so the header is whole (React puts this link in the head). A first paint of half a header would move its row
          when the rest arrives, e.g. the language select drawn before its options (a layout shift under a stalled
          stream). Chromium unblocks at the target's start tag, hence the element after the header; browsers without
          `rel=expect` ignore it. */}
      <link rel="expect" href="#main" blocking="render" />
      <div className="mx-auto flex max-w-site flex-wrap items-center gap-x-3 gap-y-2 px-4 pb-3 pt-3 lg:flex-nowrap lg:gap-x-6 lg:py-4">
        <LocalLink to="/" className={cx('mr-auto rounded-md lg:mr-0', focusRing)} aria-label={t('header.logo', { brand: shopName(store) })}>
          <Logo />
        </LocalLink>
        <div className="order-last w-full lg:order-none lg:mx-4 lg:max-w-xl lg:flex-1">
          <SearchBar />
        </div>
        <div className="hidden items-center gap-1 xl:flex">
          {socialLinks(store).map((link) => (
            <a key={link.name} href={link.href} rel="noopener noreferrer" target="_blank" className={cx(action, 'inline-flex text-neutral-600')} aria-label={t('header.social', { name: link.name })}>
              <Icon name={link.key} className="h-5 w-5" />
            </a>
          ))}
        </div>
        <div className="hidden lg:block">
          <LocaleSelector idPrefix="header" />
        </div>
        <div className="flex items-center gap-1">
          <AccountButton />
          {/* a link to the wishlist page (works without JavaScript); with JavaScript it opens the sidebar instead */}
          <LocalLink
            to="/Wishlist"
            {...opensWishlist}
            className={cx(action, 'hidden lg:inline-flex')}
            aria-label={t('header.wishlist')}
            data-testid="wishlist-button"
          >
            <Icon name="heart" />
          </LocalLink>
          <CartButton className="hidden lg:inline-flex" />
        </div>
      </div>
      <Navigation />
    </header>
  )
}

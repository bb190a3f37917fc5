import { lazy, Suspense, useEffect, useRef } from 'react'
import { useAtom } from '../../state/use-atom.ts'
import type { MenuItem } from '#kernel/models.ts'
import { GIFT_CARDS_CATEGORY_PATH, ONE_DAY_DEAL_PATH } from '#kernel/config.ts'
import { useT } from '../../i18n/index.tsx'
import { mobileMenuOpenAtom } from '../../state/ui.ts'
import { usePanelLink } from '../layouts/lazy-panels.tsx'
import { Icon } from '../icons.tsx'
import { Deferred } from '../deferred.tsx'
import { useMenu } from './use-menu.ts'
import { browserOnly } from '../../lib/browser-only.ts'
import { LocalLink } from '../local-link.tsx'
import { NavPlaceholder } from './navigation.tsx'
import { buttonClass } from '../ui/button.tsx'

/** The menu's categories, then the spec's two extra links; the gift cards category is the extra link's (it is not repeated). */
function MobileMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  const { t } = useT()
  return (
    <ul className="divide-y divide-neutral-200" data-testid="mobile-menu-items">
      {items.filter((item) => item.link !== GIFT_CARDS_CATEGORY_PATH).map((item) => (
        <li key={item.link}>
          <details className="group">
            {/* the chevron says the row opens (a flex summary loses the browser's own marker); it turns down when open */}
            <summary className="menu-row">
              {item.label}
              <Icon name="chevron-right" className="menu-chevron" />
            </summary>
            <ul className="pb-3 pl-4">
              <li>
                <LocalLink to={item.link} onClick={onNavigate} className="menu-link font-semibold text-neutral-900">
                  {t('nav.all')}
                </LocalLink>
              </li>
              {item.items.map((child) => (
                <li key={child.link}>
                  <LocalLink to={child.link} onClick={onNavigate} className="menu-link">
                    {child.label}
                  </LocalLink>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
      <li>
        <LocalLink to={ONE_DAY_DEAL_PATH} onClick={onNavigate} className="menu-extra">
          {t('nav.oneDayDeal')}
        </LocalLink>
      </li>
      <li>
        <LocalLink to="/GiftCards" onClick={onNavigate} className="menu-extra">
          {t('nav.giftCards')}
        </LocalLink>
      </li>
      <li>
        <WishlistEntry />
      </li>
    </ul>
  )
}

/**
 * The wishlist on a phone: the header's heart shows from lg only and the bottom bar holds home, menu, account and
 * basket (spec §2), so the menu is where a phone opens it. A link to the wishlist page; with JavaScript it opens the
 * sidebar instead, which closes the menu (spec §4, UI flags).
 */
function WishlistEntry() {
  const { t } = useT()
  const opensWishlist = usePanelLink('wishlist')
  return (
    <LocalLink
      to="/Wishlist"
      {...opensWishlist}
      className="menu-wish"
      data-testid="mobile-menu-wishlist"
    >
      <Icon name="heart" className="h-5 w-5 text-neutral-700" />
      {t('header.wishlist')}
    </LocalLink>
  )
}

/** The open drawer's focus trap (and Esc, scroll lock, focus return): its code loads when the menu first opens. */
const FocusTrap = lazy(() => (import.meta.env.SSR ? browserOnly() : import('../ui/focus-trap.tsx')).then((m) => ({ default: m.FocusTrap })))

/**
 * The bottom bar's Menu: a `<details>` whose panel is the drawer, as Shopify's Dawn does. The browser opens it
 * without script, and a tap before the client has started is not lost: the drawer is already open when the client
 * starts, and the client takes it over (the mobile-menu flag of spec §4 follows the element). With JavaScript the open
 * drawer is a modal dialog: focus moves in and is trapped, Esc, the backdrop and a close button close it. React never
 * renders `open`: the element owns it, so hydrating a drawer the shopper opened early matches the HTML.
 *
 * The bar must not be a containing block for fixed descendants (no backdrop-filter or transform on it), or the
 * drawer would be drawn inside the bar.
 */
export function MenuDrawer({ className }: { className: string }) {
  const { t } = useT()
  const nav = useMenu('header')
  const [open, setOpen] = useAtom(mobileMenuOpenAtom)
  const details = useRef<HTMLDetailsElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const close = () => setOpen(false)
  useEffect(() => {
    const node = details.current
    if (!node) return
    const follow = () => setOpen(node.open)
    // opened by a tap before the client started: its toggle event was dispatched before anyone listened
    if (node.open) setOpen(true)
    node.addEventListener('toggle', follow)
    return () => node.removeEventListener('toggle', follow)
  }, [setOpen])
  useEffect(() => {
    // the flag closes the drawer too (opening the cart or the login closes the menu, spec §4)
    if (details.current && details.current.open !== open) details.current.open = open
  }, [open])
  return (
    // no `group` here: the category rows inside are details of their own, whose chevrons turn with `group-open`
    <details ref={details} className="flex-1">
      <summary className={`${className} menu-toggle`} data-testid="mobile-menu-button">
        <Icon name="menu" />
        {t('bottomBar.menu')}
      </summary>
      {/* above the bar, which stays: its Menu closes the drawer without JavaScript */}
      {/* a click on the layer around the panel (its backdrop) closes it */}
      <div className="menu-layer" onClick={(event) => event.target === event.currentTarget && close()} data-testid="mobile-menu">
        <div
          ref={panel}
          tabIndex={-1}
          {...(open ? { role: 'dialog', 'aria-modal': true, 'aria-label': t('header.menu') } : {})}
          className="menu-panel"
        >
          <div className="menu-head">
            <h2 className="text-xl font-bold text-neutral-900">{t('header.menu')}</h2>
            {open ? (
              <button type="button" onClick={close} aria-label={t('header.closeMenu')} className={`${buttonClass('ghost', 'icon')} -mr-2`}>
                <Icon name="close" />
              </button>
            ) : null}
          </div>
          <div className="menu-body">
            <Deferred id={nav.id} load={nav.load} fallback={<NavPlaceholder />}>
              {(items) => <MobileMenu items={items ?? []} onNavigate={close} />}
            </Deferred>
          </div>
        </div>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <FocusTrap container={panel} onClose={close} />
        </Suspense>
      ) : null}
    </details>
  )
}

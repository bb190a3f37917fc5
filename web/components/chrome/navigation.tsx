import { lazy, Suspense } from 'react'
import { useAtom } from '../../state/use-atom.ts'
import type { MenuItem } from '#kernel/models.ts'
import { GIFT_CARDS_CATEGORY_PATH, ONE_DAY_DEAL_PATH } from '#kernel/config.ts'
import { useT } from '../../i18n/index.tsx'
import { useSetAtom } from 'jotai'
import { mobileMenuOpenAtom, openPanelAtom } from '../../state/ui.ts'
import { usePanelTrigger } from '../layouts/lazy-panels.tsx'
import { Icon } from '../icons.tsx'
import { Deferred } from '../deferred.tsx'
import { useMenu } from './use-menu.ts'
import { LocalLink } from '../local-link.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { cx, focusRing } from '../ui/cx.ts'

function NavPlaceholder() {
  const { t } = useT()
  return (
    <div className="flex gap-6 py-3" aria-label={t('nav.loading')} data-testid="nav-placeholder">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} className="h-4 w-20" />
      ))}
    </div>
  )
}

function DesktopMenu({ items }: { items: MenuItem[] }) {
  const { t } = useT()
  return (
    <ul className="flex flex-wrap gap-x-7" data-testid="nav-menu">
      {items.map((item) => (
        <li key={item.link} className="group relative">
          <LocalLink to={item.link} className={cx('nav-link', focusRing)}>
            {item.label}
          </LocalLink>
          {item.items.length > 0 ? (
            <ul className="nav-drop">
              <li>
                <LocalLink to={item.link} className="nav-drop-link font-semibold text-neutral-900">
                  {t('nav.all')}
                </LocalLink>
              </li>
              {item.items.map((child) => (
                <li key={child.link}>
                  <LocalLink to={child.link} className="nav-drop-link">
                    {child.label}
                  </LocalLink>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** The menu's categories, then the spec's two extra links; the gift cards category is the extra link's (it is not repeated). */
function MobileMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  const { t } = useT()
  return (
    <ul className="divide-y divide-neutral-200" data-testid="mobile-menu-items">
      {items.filter((item) => item.link !== GIFT_CARDS_CATEGORY_PATH).map((item) => (
        <li key={item.link}>
          <details className="group">
            {/* the chevron says the row opens (a flex summary loses the browser's own marker); it turns down when open */}
            <summary className={cx('flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-md font-semibold uppercase tracking-wide text-neutral-900 [&::-webkit-details-marker]:hidden', focusRing)}>
              {item.label}
              <Icon name="chevron-right" className="h-5 w-5 shrink-0 text-neutral-600 transition-transform duration-fast group-open:rotate-90" />
            </summary>
            <ul className="pb-3 pl-4">
              <li>
                <LocalLink to={item.link} onClick={onNavigate} className="flex min-h-11 items-center font-semibold text-neutral-900">
                  {t('nav.all')}
                </LocalLink>
              </li>
              {item.items.map((child) => (
                <li key={child.link}>
                  <LocalLink to={child.link} onClick={onNavigate} className="flex min-h-11 items-center text-neutral-800">
                    {child.label}
                  </LocalLink>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
      <li>
        <LocalLink to={ONE_DAY_DEAL_PATH} onClick={onNavigate} className="flex min-h-12 items-center font-semibold uppercase tracking-wide text-primary-700">
          {t('nav.oneDayDeal')}
        </LocalLink>
      </li>
      <li>
        <LocalLink to="/GiftCards" onClick={onNavigate} className="flex min-h-12 items-center font-semibold uppercase tracking-wide text-primary-700">
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
 * basket (spec §2), so the menu is where a phone opens it. Opening it closes the menu (spec §3, UI flags).
 */
function WishlistEntry() {
  const { t } = useT()
  const openPanel = useSetAtom(openPanelAtom)
  const trigger = usePanelTrigger('wishlist')
  return (
    <button type="button" {...trigger} onClick={() => openPanel('wishlist')} className={cx('flex min-h-12 w-full items-center gap-3 rounded-md font-semibold text-neutral-900', focusRing)} data-testid="mobile-menu-wishlist">
      <Icon name="heart" className="h-5 w-5 text-neutral-700" />
      {t('header.wishlist')}
    </button>
  )
}

/** The drawer's code loads when the menu first opens: it is not needed for the first paint. */
const Drawer = lazy(() => import('../ui/drawer.tsx').then((m) => ({ default: m.Drawer })))

/** Desktop: the menu bar under the header. Mobile: a drawer opened from the bottom bar. */
export function Navigation() {
  const { t } = useT()
  const nav = useMenu('header')
  const [mobileOpen, setMobileOpen] = useAtom(mobileMenuOpenAtom)
  return (
    <>
      <nav aria-label={t('nav.label')} className="mx-auto hidden max-w-site px-4 lg:block">
        <Deferred id={nav.id} load={nav.load} fallback={<NavPlaceholder />}>
          {(items) => <DesktopMenu items={items ?? []} />}
        </Deferred>
      </nav>
      {mobileOpen ? (
        <Suspense fallback={null}>
          <Drawer open onClose={() => setMobileOpen(false)} title={t('header.menu')} closeLabel={t('header.closeMenu')} side="left" testId="mobile-menu">
            <Deferred id={nav.id} load={nav.load} fallback={<NavPlaceholder />}>
              {(items) => <MobileMenu items={items ?? []} onNavigate={() => setMobileOpen(false)} />}
            </Deferred>
          </Drawer>
        </Suspense>
      ) : null}
    </>
  )
}

import type { MenuItem } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { Deferred } from '../deferred.tsx'
import { useMenu } from './use-menu.ts'
import { LocalLink } from '../local-link.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { cx, focusRing } from '../ui/cx.ts'

/** The menu while it loads (the header's bar, the phone's drawer): only when the page's HTML came without it. */
export function NavPlaceholder() {
  const { t } = useT()
  return (
    <div className="flex flex-wrap gap-6 py-3" aria-label={t('nav.loading')} data-testid="nav-placeholder">
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

/** The menu bar under the header, from lg; phones open the same menu from the bottom bar (mobile-menu.tsx). */
export function Navigation() {
  const { t } = useT()
  const nav = useMenu('header')
  return (
    <nav aria-label={t('nav.label')} className="mx-auto hidden max-w-site px-4 lg:block">
      <Deferred id={nav.id} load={nav.load} fallback={<NavPlaceholder />}>
        {(items) => <DesktopMenu items={items ?? []} />}
      </Deferred>
    </nav>
  )
}

import { useT } from '../../i18n/index.tsx'
import { LocalLink } from '../local-link.tsx'
import { cx, focusRing } from './cx.ts'

export interface Crumb {
  label: string
  /** Omitted for the current page (the last crumb). */
  to?: string
}

/** The trail to the current page; the last crumb is the page itself (aria-current), not a link. */
export function Breadcrumb({ items, className }: { items: Crumb[]; className?: string }) {
  const { t } = useT()
  return (
    <nav aria-label={t('ui.breadcrumb')} className={cx('text-sm text-neutral-600', className)} data-testid="breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, index) => {
          const last = index === items.length - 1
          return (
            <li key={`${item.label}-${index}`} className="flex items-center gap-1.5">
              {item.to && !last ? (
                <LocalLink to={item.to} className={cx('inline-flex min-h-11 items-center rounded-sm hover:text-neutral-900 lg:min-h-0 hover:underline', focusRing)}>
                  {item.label}
                </LocalLink>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'font-semibold text-neutral-900' : undefined}>
                  {item.label}
                </span>
              )}
              {last ? null : (
                <span aria-hidden="true" className="text-neutral-400">
                  /
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

import { useT } from '../../i18n/index.tsx'
import { LocalLink } from '../local-link.tsx'
import { cx, focusRing } from './cx.ts'

/** Page numbers around the current one, with the first and last always present: 1 … 4 5 6 … 12. */
export function pageWindow(current: number, total: number): Array<number | 'gap'> {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total))
  const sorted = [...pages].sort((a, b) => a - b)
  const out: Array<number | 'gap'> = []
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1]! > 1) out.push('gap')
    out.push(page)
  })
  return out
}

const cell = 'page-cell'

/**
 * Real links (`href(page)` builds each page's address), so paging works without JavaScript and can be crawled.
 * The current page is marked with aria-current.
 */
export function Pagination({ page, totalPages, href, className }: { page: number; totalPages: number; href: (page: number) => string; className?: string }) {
  const { t } = useT()
  if (totalPages <= 1) return null
  // the next page is the likely one: prefetched once the pagination is in view; the others when pointed at
  const link = (target: number, label: string, text: string) => (
    <LocalLink to={href(target)} prefetch={target === page + 1 ? 'visible' : 'intent'} aria-label={label} className={cx(cell, 'text-neutral-800 hover:bg-neutral-100', focusRing)}>
      {text}
    </LocalLink>
  )
  return (
    <nav aria-label={t('ui.pagination')} className={className} data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 ? <li>{link(page - 1, t('ui.previousPage'), '‹')}</li> : null}
        {pageWindow(page, totalPages).map((item, index) => (
          <li key={item === 'gap' ? `gap-${index}` : item}>
            {item === 'gap' ? (
              <span className={cx(cell, 'text-neutral-500')} aria-hidden="true">
                …
              </span>
            ) : item === page ? (
              <span className={cx(cell, 'bg-neutral-900 text-white')} aria-current="page">
                <span className="sr-only">{t('ui.page')} </span>
                {item}
              </span>
            ) : (
              link(item, `${t('ui.page')} ${item}`, String(item))
            )}
          </li>
        ))}
        {page < totalPages ? <li>{link(page + 1, t('ui.nextPage'), '›')}</li> : null}
      </ul>
    </nav>
  )
}

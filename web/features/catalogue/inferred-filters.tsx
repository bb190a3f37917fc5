import type { InferredFilter } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { LocalLink } from '../../components/local-link.tsx'
import { Icon } from '../../components/icons.tsx'
import { cx, focusRing } from '../../components/ui/cx.ts'
import { usePageQuery } from '../../lib/page-query.ts'

/**
 * The facet filters the search read from the term, each a chip that removes it: a plain link to the same page with
 * the term without those words (the other filters kept), so it works without JavaScript. `path`: the page's path
 * without the language ('/Category'), or '' for this address.
 */
export function InferredFilterChips({ filters, path }: { filters: InferredFilter[]; path: string }) {
  const { t } = useT()
  const search = usePageQuery()
  if (filters.length === 0) return null
  const without = (term: string) => {
    const next = new URLSearchParams([...search].filter(([key]) => key !== 'term' && key !== 'page'))
    if (term) next.set('term', term)
    // spaces as %20, as typed links write them ('+' in a term is %2B either way)
    const query = next.toString().replaceAll('+', '%20')
    return query ? `${path}?${query}` : path || '?'
  }
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="inferred-filters">
      <h2 className="sr-only">{t('search.inferredFilters')}</h2>
      <ul className="flex flex-wrap gap-2">
        {filters.map((filter) => {
          const label = t(`search.inferred.${filter.kind}`, { words: filter.words.join(' ') })
          return (
            <li key={filter.kind}>
              <LocalLink
                to={without(filter.termWithout)}
                className={cx('inline-flex min-h-9 items-center gap-1 rounded-full border border-neutral-400 bg-neutral-100 py-1 pl-3 pr-2 text-sm text-neutral-900 hover:border-neutral-900', focusRing)}
                aria-label={t('listing.removeFilter', { label })}
                data-testid="inferred-filter"
                data-kind={filter.kind}
              >
                <span aria-hidden="true" className="font-bold">✓</span>
                {label}
                <Icon name="close" className="h-4 w-4" />
              </LocalLink>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

import type { InferredFilter } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { LocalLink } from '../../components/local-link.tsx'
import { Icon } from '../../components/icons.tsx'
import { cx, focusRing } from '../../components/ui/cx.ts'
import { usePageQuery } from '../../lib/page-query.ts'
import type { ListedFacet } from './listed-facets.ts'

/**
 * The listing as if the shopper had chosen, in the facet panel, the filters the search read from its words ('red' in
 * 'red jacket', issue 39): those options ticked, and the query the panel carries (its hidden fields) with the term
 * without their words and their values as chosen filters. That query finds the same products, so the panel's form
 * submits it as it is: unticking one drops only that filter and widens the results, with or without JavaScript.
 *
 * Left as it is when a filter's facet is not among the facets (nothing to tick), or on the search page when the term
 * is only such words ('red'): without a term it lists categories, so its chips remove them instead.
 */
export function withInferredFilters(
  facets: ListedFacet[],
  inferred: InferredFilter[],
  termWithoutFilters: string | undefined,
  search: URLSearchParams,
  { termRequired }: { termRequired: boolean },
): { facets: ListedFacet[]; search: URLSearchParams } {
  const unchanged = { facets, search }
  if (inferred.length === 0 || termWithoutFilters === undefined || (termRequired && !termWithoutFilters)) return unchanged
  if (!inferred.every((filter) => facets.some((f) => f.name === filter.facet))) return unchanged
  const chosen: Array<[string, string]> = []
  const ticked = facets.map((facet) => {
    const values = new Set(inferred.filter((f) => f.facet === facet.name).flatMap((f) => f.values.map((v) => v.toLowerCase())))
    if (values.size === 0) return facet
    return {
      ...facet,
      options: facet.options.map((option) => {
        if (!values.has(option.value.toLowerCase()) || option.selected) return option
        chosen.push([facet.param, option.value])
        return { ...option, selected: true as const }
      }),
    }
  })
  const next = new URLSearchParams([...search].filter(([key]) => key !== 'term' && key !== 'page'))
  if (termWithoutFilters) next.set('term', termWithoutFilters)
  for (const [key, value] of chosen) next.append(key, value)
  return { facets: ticked, search: next }
}

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

import type { InferredFilter } from '#kernel/models.ts'
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
 * For a listing's loader: the panel's facets and query when the search read filters from its words, else null (the
 * panel shows the listing's own facets and the page's query). Computed where the data is read, so this code loads
 * with a listing that has such filters (a dynamic import from the loader), never with a first visit's chunks.
 */
export function inferredPanel(...args: Parameters<typeof withInferredFilters>): { facets: ListedFacet[]; search: string } | null {
  const panel = withInferredFilters(...args)
  return panel.search === args[3] ? null : { facets: panel.facets, search: panel.search.toString() }
}

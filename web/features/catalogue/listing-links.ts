import type { Category } from '#kernel/models.ts'
import type { ListedFacet } from './listed-facets.ts'
import { withFilters } from '../../routes/category-query.ts'

/** The filter entries of a listing query (o., p. and price), as [key, value] pairs. */
export function filterEntries(search: URLSearchParams): Array<[string, string]> {
  return [...search].filter(([key]) => key.startsWith('o.') || key.startsWith('p.') || key === 'price')
}

export interface AppliedFilter {
  key: string
  value: string
  label: string
  /** The query without this one filter (spec §2: changing filters drops the page). */
  removeHref: string
}

/** Every chosen facet option as a chip that links to the listing without it. */
export function appliedFilters(facets: ListedFacet[], search: URLSearchParams): AppliedFilter[] {
  const current = filterEntries(search)
  const chips: AppliedFilter[] = []
  for (const facet of facets) {
    for (const option of facet.options) {
      if (!option.selected) continue
      const key = facet.param
      const rest = current.filter(([k, v]) => !(k === key && v === option.value))
      chips.push({ key, value: option.value, label: `${facet.label}: ${option.label}`, removeHref: `?${withFilters(search, rest).toString()}` })
    }
  }
  return chips
}

/** The listing on another page: everything kept but the page (page 1 has no parameter, one URL per page). */
export function pageHref(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search)
  next.delete('page')
  if (page > 1) next.set('page', String(page))
  const query = next.toString()
  return query ? `?${query}` : '?'
}

/** The listing in grid or list view (spec §4: grid is the default, so it has no parameter). */
export function viewHref(search: URLSearchParams, view: 'grid' | 'list'): string {
  const next = new URLSearchParams(search)
  if (view === 'list') next.set('view', 'list')
  else next.delete('view')
  const query = next.toString()
  return query ? `?${query}` : '?'
}

/** Home / Men / Jackets: each level of a category's permalink, named from the category tree. */
export function categoryTrail(tree: Category[], permalink: string): Array<{ text: string; link: string }> {
  const trail: Array<{ text: string; link: string }> = []
  let level = tree
  const parts = permalink.split('/')
  for (let i = 0; i < parts.length; i++) {
    const prefix = parts.slice(0, i + 1).join('/')
    const found = level.find((c) => c.permalink === prefix)
    if (!found) break
    trail.push({ text: found.name, link: `/t/${prefix}` })
    level = found.items
  }
  return trail
}

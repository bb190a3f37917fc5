import type { ProductQuery } from '#kernel/models.ts'
import { ITEMS_PER_PAGE_DEFAULT, ITEMS_PER_PAGE_OPTIONS, SORT_OPTIONS } from '#kernel/config.ts'

/** The items per page a query asks for, or the default when it asks for none or for one we do not offer. */
export function itemsPerPageOf(search: URLSearchParams): number {
  const asked = Number(search.get('itemsPerPage'))
  return (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(asked) ? asked : ITEMS_PER_PAGE_DEFAULT
}

/** The sort a query asks for, or none (the default order) when it is not one we offer. */
export function sortOf(search: URLSearchParams): (typeof SORT_OPTIONS)[number] {
  const asked = search.get('sort') ?? ''
  return (SORT_OPTIONS as readonly string[]).includes(asked) ? (asked as (typeof SORT_OPTIONS)[number]) : ''
}

/**
 * Reads the category listing query of spec §2 (o.{optionType}, p.{property}, price, term, page, itemsPerPage,
 * sort). An itemsPerPage or sort we do not offer falls back to the default (an old link or a typo still shows the
 * category); a malformed page, option id or price returns null, which the page answers with a 404 (as it does a page
 * past the listing's last, web/routes/category.tsx).
 */
export function parseListingQuery(search: URLSearchParams): Omit<ProductQuery, 'categoryId'> | null {
  const raw = search.get('page')
  // digits only: '1e3' or '2.0' is no page number, as 'abc' is not
  if (raw !== null && !/^[1-9]\d{0,4}$/.test(raw)) return null
  const page = raw === null ? 1 : Number(raw)
  const itemsPerPage = itemsPerPageOf(search)
  const sort = sortOf(search)
  if (page > 10_000) return null
  const optionTypeFilters: NonNullable<ProductQuery['optionTypeFilters']> = []
  const productPropertyFilters: NonNullable<ProductQuery['productPropertyFilters']> = []
  for (const [key, value] of search) {
    if (key.startsWith('o.')) {
      if (!/^\d+$/.test(value)) return null
      optionTypeFilters.push({ optionTypeName: key.slice(2), optionValueId: value })
    } else if (key.startsWith('p.')) {
      productPropertyFilters.push({ productPropertyName: key.slice(2), productPropertyValue: value })
    }
  }
  const price = priceRange(search.get('price'))
  const term = search.get('term')?.trim() || undefined
  return { page, itemsPerPage, sort: sort || undefined, optionTypeFilters, productPropertyFilters, priceFilter: price, term }
}

/** Changing filters drops the old o., p. and price entries (and the page) and keeps everything else (spec §2). */
export function withFilters(search: URLSearchParams, filters: Array<[string, string]>): URLSearchParams {
  const next = new URLSearchParams()
  for (const [key, value] of search) {
    if (key.startsWith('o.') || key.startsWith('p.') || key === 'price' || key === 'page') continue
    next.append(key, value)
  }
  for (const [key, value] of filters) next.append(key, value)
  return next
}

/** A `price=min,max` filter put right: a reversed range is swapped, one that is not two numbers is ignored. */
export function priceRange(value: string | null): string | undefined {
  const match = /^\s*(\d{1,7}(?:\.\d{1,2})?)\s*,\s*(\d{1,7}(?:\.\d{1,2})?)\s*$/.exec(value ?? '')
  if (!match) return undefined
  const [min, max] = [Number(match[1]), Number(match[2])].sort((a, b) => a - b)
  return `${min},${max}`
}

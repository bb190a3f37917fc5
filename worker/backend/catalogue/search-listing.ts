import type { Currency, Locale } from '#kernel/models.ts'
import { facetPlan, type FacetRow } from './product-facets.ts'
import { productDataParts, readProductData, type ProductData } from './product-data.ts'
import { productFrom, type ProductFilter } from './product-filter.ts'

/**
 * A search's first ask in its 'Featured' order (buyable first, then by relevance): the page of products, the facet
 * counts (or the count) and the whole order, from one statement over one matching set (docs/performance-d1.md,
 * 'One matching set per search').
 *
 * Before, the page ranked every match for its 40 products, the facet statement found the same matches again for its
 * counts, and after the answer a background read ranked them a third time for the listing memo: on 50,000 products
 * a cold 'jacket' (5,770 matches) read ~34,000 rows for each. Here the set is materialised once with each match's
 * sold-out flag and bm25 score; the order is one sort of it, the page is that order's slice from the offset,
 * and the whole order travels back in the same row, so the memo has it at once (no background ranking). Same
 * products, same order, same counts as the statements it replaces (tests/backend/search-listing.test.ts).
 */

/**
 * The most ids the whole order carries: SQLite's (and D1's) strings stop at 1,000,000,000 / 2,000,000 bytes, and an
 * id is up to 8 bytes of JSON. A broader search orders the first ORDER_CAP, counts apart and is not remembered.
 */
export const ORDER_CAP = 100_000

/** Whether a listing is asked in a way this statement answers: a search with words, by relevance, no sort. */
export function isSearchListing(filter: ProductFilter, sort: string[], pageEnd: number): boolean {
  return typeof filter.match === 'string' && filter.match !== '' && filter.rankBySearch && sort.length === 0 && pageEnd <= ORDER_CAP
}

export interface SearchListingRead {
  data: ProductData
  total: number
  /** The labels' and each facet group's results, as `facetStatements`' expand gives them (null without facets). */
  facetResults: D1Result<Record<string, unknown>>[] | null
  /** Every match in the listing's order (the first ORDER_CAP when `truncated`). */
  ids: number[]
  /** More than `cap` (ORDER_CAP) matches: `ids` is not the whole order, and without facets `total` is not known (-1). */
  truncated: boolean
}

/** The matching set's columns the order needs: the sold-out flag and the relevance (bm25; lower is better). */
const ORDER_COLUMNS = [
  { name: 'so', sql: 'p.sold_out' },
  { name: 'score', sql: 's.rank' },
]

export function searchListingStatements(
  db: D1Database,
  filter: ProductFilter,
  page: { locale: Locale; currency: Currency; perPage: number; offset: number; taxons: boolean },
  wantFacets: boolean,
  cap = ORDER_CAP,
): { statements: D1PreparedStatement[]; read(results: D1Result<Record<string, unknown>>[]): SearchListingRead } {
  const facets = wantFacets ? facetPlan(db, filter, { extra: ORDER_COLUMNS }) : null
  if (facets && facets.sql.length !== 1) throw new Error('a search counts its facets in one statement')
  const q = productFrom(filter)
  const set = facets
    ? facets.sql[0]!
    : { ctes: `m AS MATERIALIZED (SELECT p.id AS id${ORDER_COLUMNS.map((c) => `, ${c.sql} AS ${c.name}`).join('')} ${q.from} ${q.where})`, binds: [...q.fromBinds, ...q.whereBinds], whole: 'm', select: '', merged: false }
  const [from, to] = [Math.trunc(page.offset), Math.trunc(page.offset) + Math.trunc(page.perPage)]
  // The facet rows ride in one JSON column (the statement's one row holds the page's parts too).
  const facetColumns = set.merged ? 'g, k, a, b, n, v' : 'k, a, b, n, v'
  // The order as one JSON array (a sort of the set: about one row read a match; numbering it with row_number() read
  // three), the page the first rows of that array from the offset.
  const sql = `WITH ${set.ctes},
    whole_order AS MATERIALIZED (SELECT json_group_array(id) AS ids FROM (SELECT id FROM ${set.whole} ORDER BY so ASC, score ASC, id ASC LIMIT ${Math.trunc(cap) + 1})),
    page AS MATERIALIZED (SELECT value AS id FROM json_each((SELECT ids FROM whole_order)) LIMIT ${to - from} OFFSET ${from})
    SELECT ${productDataParts(page.locale, page.currency, { taxons: page.taxons }).join(', ')},
      (SELECT ids FROM whole_order) AS whole_order,
      ${facets ? `(SELECT json_group_array(json_array(${facetColumns})) FROM (${set.select})) AS facet_rows` : 'NULL AS facet_rows'}`
  const statements = [...(facets?.labels ?? []), db.prepare(sql).bind(...set.binds)]
  return {
    statements,
    read(results) {
      const main = results[statements.length - 1]!
      const row = (main.results[0] ?? {}) as { whole_order?: string; facet_rows?: string | null }
      const ids = JSON.parse(row.whole_order ?? '[]') as number[]
      const truncated = ids.length > cap
      if (truncated) ids.length = cap
      if (!facets) return { data: readProductData(main), total: truncated ? -1 : ids.length, facetResults: null, ids, truncated }
      const keys = facetColumns.split(', ')
      const rows = (JSON.parse(row.facet_rows ?? '[]') as unknown[][]).map((values) => Object.fromEntries(keys.map((key, i) => [key, values[i] ?? null])))
      const expanded = facets.expand([...results.slice(0, facets.labels.length), { ...main, results: rows }])
      const total = Number((expanded[2]!.results as unknown as FacetRow[]).find((r) => r.k === 'count')?.n ?? 0)
      return { data: readProductData(main), total, facetResults: expanded, ids, truncated }
    },
  }
}

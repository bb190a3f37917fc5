import type { FacetRow } from './product-facets.ts'
import type { ProductFilter } from './product-filter.ts'

/**
 * Listings counted live, remembered per isolate (docs/performance-d1.md, 'Live-counted listings remembered').
 *
 * A search, or a category with a colour or brand chosen, has no precomputed counts: each request counted its facets
 * over every match (a broad search: ~15,000 products) and ranked or sorted every match for one page. The answer only
 * changes when the catalogue does, and the catalogue says when it did:
 * - `facet_scopes` (migration 0121): its triggers mark the whole catalogue's scope (0) stale when a price, a
 *   product's dates, options or properties change, and a category's scope when its products or its tree change; a
 *   refresh makes it fresh again with a new `computed_at`; `valid_until` is the next time a product goes on sale or
 *   is discontinued;
 * - the search index's structure record (`products_fts_data`, id 10): FTS5 writes it, with a cookie it increments,
 *   on every change to the index, which the console makes on every edit of a product's details, prices, categories
 *   or properties and the CSV import on every product it changes (`derivedStatements`; a stock edit makes none);
 * - `listing_order_version.n` (migration 0212), which counts up whenever a product becomes sold out or buyable again
 *   (a sale of the last unit, a restock, a stock edit, a cancelled or returned order): the 'Featured' order puts
 *   buyable products first, so that is the one thing about stock a remembered order depends on.
 * A remembered answer carries the stamp those rows had when it was counted. Every later request reads the stamp again
 * in its own batch, with the page's products: the same stamp, and every scope fresh, means nothing the answer depends
 * on has changed, so the counts and the order stand and the request costs one round trip with no counting. Any other
 * stamp, and the entry is dropped and the listing counted again (a second round trip, once). While a scope is stale
 * (an edit not yet recounted by `refreshFacetCounts`, every 5 minutes) nothing is remembered, so answers are never
 * older than the data. Prices, names and images on the page are always read afresh.
 */

/** Entries kept, and matching ids kept across all of them (4 bytes each), least recently used dropped first. */
export const MEMO_ENTRIES = 256
export const MEMO_IDS = 1_000_000

/** Sorts whose order the stamp covers: relevance and name follow the search index, price and Club Price the scopes. */
const ORDER_SORTS = new Set(['price', '-price', 'member_price', '-member_price', 'name', '-name'])

interface Entry {
  stamp: string
  total: number
  /** The facet statements' rows (not their labels, which are read with every request), or null without facets. */
  facetRows: FacetRow[][] | null
  /** Every match in the listing's order, once a background read has filled it. */
  ids: Int32Array | null
}

const entries = new Map<string, Entry>()
let idsHeld = 0

/** Off for good in this isolate once the database refused the stamp's read (see `stampRefused`). */
let refused = false

/**
 * Whether `error` is the database refusing the stamp's read of `products_fts_data` (an FTS5 shadow table; local
 * workerd and D1 allow reading it, but a D1 that did not would fail every live-counted listing): if so, nothing is
 * remembered from now on and the caller answers the listing again, live. Any other error is not ours.
 */
export function stampRefused(error: unknown): boolean {
  if (refused || !/products_fts_data|not authorized/i.test(String(error))) return false
  refused = true
  clear()
  console.warn('listing memo off: the database refused the search index stamp', error)
  return true
}

/** The key of a listing whose answer can be remembered, or null (stock filters, ids and SKUs are always read live). */
export function memoKey(filter: ProductFilter, sort: string[], wantFacets: boolean): string | null {
  if (refused) return null
  if (filter.ids || filter.skus || filter.inStock !== undefined || filter.backorderable !== undefined || filter.purchasable !== undefined) return null
  const sorted = <T>(map: Map<number, T[]>) => [...map].sort((a, b) => a[0] - b[0]).map(([k, v]) => [k, [...v].sort()])
  return JSON.stringify([
    filter.locale, filter.currency, filter.match ?? null, filter.rankBySearch, filter.price ?? null, [...(filter.taxons ?? [])].sort((a, b) => a - b),
    sorted(filter.options), sorted(filter.properties), filter.showDiscontinued, sort, wantFacets, filter.alsoNamed?.map((a) => [a.key, a.match]) ?? null,
  ])
}

/** Whether the listing's order can be remembered with its counts. */
export function ordersRemembered(sort: string[]): boolean {
  if (sort.length === 0) return true // by relevance (a search) or by id
  return sort.length === 1 && ORDER_SORTS.has(sort[0]!)
}

/** The statements whose rows make the stamp: the scopes the listing counts in, and the search index's structure. */
export function stampStatements(db: D1Database, filter: ProductFilter): D1PreparedStatement[] {
  const scopes = [0, ...(filter.taxons ?? []).map((t) => Math.trunc(t))]
  return [
    db.prepare(`SELECT taxon_id, stale, computed_at, valid_until, (SELECT n FROM listing_order_version WHERE id = 1) AS sold_out_flips FROM facet_scopes WHERE currency = ? AND taxon_id IN (${scopes.join(',')}) ORDER BY taxon_id`).bind(filter.currency),
    db.prepare('SELECT hex(block) AS b FROM products_fts_data WHERE id = 10'),
  ]
}

/** The stamp from `stampStatements`' results, or null when a scope is stale, missing or past its `valid_until`. */
export function readStamp(filter: ProductFilter, [scopes, index]: D1Result<Record<string, unknown>>[]): string | null {
  const rows = scopes!.results as Array<{ taxon_id: number; stale: number; computed_at: string | null; valid_until: string; sold_out_flips: number | null }>
  const wanted = new Set([0, ...(filter.taxons ?? [])])
  if (rows.length !== wanted.size) return null
  if (rows.some((row) => row.stale !== 0 || row.computed_at === null || !(filter.now < row.valid_until))) return null
  return JSON.stringify([rows.map((row) => [row.taxon_id, row.computed_at]), rows[0]!.sold_out_flips ?? null, index!.results[0]?.b ?? null])
}

export function recall(key: string): Entry | undefined {
  const entry = entries.get(key)
  if (entry) {
    entries.delete(key)
    entries.set(key, entry)
  }
  return entry
}

export function forget(key: string) {
  const entry = entries.get(key)
  if (!entry) return
  idsHeld -= entry.ids?.length ?? 0
  entries.delete(key)
}

export function remember(key: string, entry: Omit<Entry, 'ids'>) {
  forget(key)
  entries.set(key, { ...entry, ids: null })
  while (entries.size > MEMO_ENTRIES) forget(entries.keys().next().value!)
}

/** Adds the listing's whole order to its entry, if the entry still has `stamp` (the ids were read with that stamp). */
export function rememberOrder(key: string, stamp: string, ids: number[]) {
  const entry = entries.get(key)
  if (!entry || entry.stamp !== stamp || ids.length > MEMO_IDS / 4) return
  idsHeld -= entry.ids?.length ?? 0
  entry.ids = Int32Array.from(ids)
  idsHeld += ids.length
  for (const oldest of entries.keys()) {
    if (idsHeld <= MEMO_IDS) break
    if (oldest !== key) forget(oldest)
  }
}

function clear() {
  entries.clear()
  idsHeld = 0
}

/** For tests: drop every entry (and turn remembering back on). */
export function forgetAll() {
  clear()
  refused = false
}

/** For tests and diagnostics: what is remembered (keys, totals, and how many ids of each order). */
export function rememberedListings(): Array<{ key: string; total: number; orderLength: number | null }> {
  return [...entries].map(([key, entry]) => ({ key, total: entry.total, orderLength: entry.ids?.length ?? null }))
}

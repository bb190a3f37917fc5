import { FACET_CURRENCIES, facetRefreshStatements } from './facet-counts-sql.mjs'
import { sqlLiteral } from './jsonapi.ts'
import { BUCKETS, facetLabelStatements, precomputedScope, readFacets, type FacetRow, type Facets } from './product-facets.ts'
import type { ProductFilter } from './product-filter.ts'

/**
 * Precomputed facet counts (migration 0121; docs/performance-d1.md, 'Precomputed facet counts'). A listing of a whole
 * category, or of the whole catalogue, as shoppers see it by default (no other filter, no search) reads its counts
 * from `facet_counts` while the scope is fresh, instead of counting thousands of products. Triggers mark a scope
 * stale when a price, a product's dates, its options, properties or categories change; `refreshFacetCounts`
 * recounts stale scopes. A stale or missing scope is counted live, so the counts are never wrong, only slower.
 */

const BUCKET_CENTS = BUCKETS.map((b) => [b.min, b.max] as const)

export { precomputedScope }

export interface PrecomputedQuery {
  statements: D1PreparedStatement[]
  /** The counts, or null when the scope is stale or missing (then count live). */
  read(results: D1Result<Record<string, unknown>>[]): { facets?: Facets; totalCount: number } | null
}

/** A scope's state row (migration 0121), read by `isFresh`. */
function scopeStateStatement(db: D1Database, scope: number, cur: string): D1PreparedStatement {
  return db.prepare(`SELECT stale, valid_until FROM facet_scopes WHERE taxon_id = ${Math.trunc(scope)} AND currency = ${cur}`)
}

/** Whether a scope's precomputed rows answer now: counted, not marked stale, and before its next change of sale dates. */
function isFresh(stateResult: D1Result<Record<string, unknown>>, now: string): boolean {
  const s = stateResult.results[0] as { stale: number; valid_until: string } | undefined
  return s !== undefined && s.stale === 0 && now < s.valid_until
}

/** The listing's total from a scope's (or a price range's) 'count' row. */
function totalOf(rowsResult: D1Result<Record<string, unknown>>): number {
  return (rowsResult.results as unknown as FacetRow[]).find((row) => row.k === 'count')?.n ?? 0
}

/** Statements for the listing's batch: the scope's state and rows (and, with facets, the labels they need). */
export function precomputedStatements(db: D1Database, scope: number, filter: ProductFilter, withFacets: boolean): PrecomputedQuery {
  const loc = sqlLiteral(filter.locale, ['en', 'de'])
  const cur = sqlLiteral(filter.currency, ['AUD', 'USD'])
  const state = scopeStateStatement(db, scope, cur)
  const rows = db.prepare(
    `SELECT f.k, f.a, f.b, f.n, COALESCE(ppt.value, f.v) AS v FROM facet_counts f
     LEFT JOIN product_property_translations ppt ON f.k = 'p' AND ppt.product_property_id = f.rep AND ppt.locale = ${loc}
     WHERE f.taxon_id = ${Math.trunc(scope)} AND f.currency = ${cur}${withFacets ? '' : ` AND f.k = 'count'`}`,
  )
  const labels = withFacets ? facetLabelStatements(db, loc) : []
  return {
    statements: [state, rows, ...labels],
    read([stateResult, rowsResult, ...labelResults]) {
      if (!isFresh(stateResult!, filter.now)) return null
      if (!withFacets) return { totalCount: totalOf(rowsResult!) }
      return readFacets(filter, [labelResults[0]!, labelResults[1]!, rowsResult!])
    },
  }
}

/**
 * The whole catalogue in a price range of whole dollars ('51,100.99', as the price buckets ask) with no other filter:
 * its counts are the sum of the range's dollar slices (migration 0190) while scope 0 is fresh, and its price facet,
 * which counts as if no range were chosen, is scope 0's own price row. Null when the listing is not such a range.
 */
export function precomputedPriceRangeStatements(db: D1Database, filter: ProductFilter, withFacets: boolean): PrecomputedQuery | null {
  const price = filter.price
  if (!price || precomputedScope({ ...filter, price: undefined }) !== 0) return null
  if ((price.min !== null && price.min % 100 !== 0) || (price.max !== null && price.max % 100 !== 99)) return null
  const loc = sqlLiteral(filter.locale, ['en', 'de'])
  const cur = sqlLiteral(filter.currency, ['AUD', 'USD'])
  const dollars = `dollar >= ${(price.min ?? 0) / 100}${price.max === null ? '' : ` AND dollar <= ${(price.max - 99) / 100}`}`
  const state = scopeStateStatement(db, 0, cur)
  const rows = db.prepare(
    `SELECT f.k, f.a, f.b, f.n, COALESCE(ppt.value, f.v) AS v FROM (
       SELECT k, a, b, sum(n) AS n, min(v) AS v, min(rep) AS rep FROM facet_price_counts
       WHERE currency = ${cur} AND ${dollars}${withFacets ? '' : ` AND k = 'count'`} GROUP BY k, a, b) f
     LEFT JOIN product_property_translations ppt ON f.k = 'p' AND ppt.product_property_id = f.rep AND ppt.locale = ${loc}`,
  )
  const priceRow = db.prepare(`SELECT k, a, b, n, v FROM facet_counts WHERE taxon_id = 0 AND currency = ${cur} AND k = 'price'`)
  const labels = withFacets ? facetLabelStatements(db, loc) : []
  return {
    statements: [state, rows, ...(withFacets ? [priceRow, ...labels] : [])],
    read([stateResult, rowsResult, ...rest]) {
      if (!isFresh(stateResult!, filter.now)) return null
      if (!withFacets) return { totalCount: totalOf(rowsResult!) }
      const [priceResult, values, props] = rest
      return readFacets(filter, [values!, props!, rowsResult!, priceResult!])
    },
  }
}

/**
 * Recounts the stale scopes (or, with `all`, every scope): call it after editing prices, product dates, options,
 * properties or categories (the operator console does, after its batch), and on a schedule so a scope whose next
 * product goes on sale is fresh again. Returns how many scopes it recounted. Each scope is one batch (one
 * transaction), so it can run while shoppers browse.
 */
export async function refreshFacetCounts(db: D1Database, options: { all?: boolean } = {}): Promise<number> {
  const now = new Date().toISOString()
  // Every category and the whole catalogue has a scope in each currency (new ones start stale).
  await db.batch(
    FACET_CURRENCIES.map((currency) => db.prepare(`INSERT OR IGNORE INTO facet_scopes (taxon_id, currency) SELECT 0, ?1 UNION ALL SELECT id, ?1 FROM taxons`).bind(currency)),
  )
  const { results } = await db
    .prepare(`SELECT taxon_id, currency FROM facet_scopes WHERE ?1 OR stale = 1 OR valid_until <= ?2 ORDER BY taxon_id, currency`)
    .bind(options.all ? 1 : 0, now)
    .all<{ taxon_id: number; currency: 'AUD' | 'USD' }>()
  for (const scope of results) await db.batch(facetRefreshStatements(scope.taxon_id, scope.currency, BUCKET_CENTS).map((sql) => db.prepare(sql)))
  return results.length
}

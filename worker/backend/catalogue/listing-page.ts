import type { PageSql } from './product-data.ts'
import type { ProductFilter } from './product-filter.ts'
import { precomputedScope } from './facet-counts.ts'

/**
 * A category's page from listing_rows (migration 0172; docs/performance-d1.md, 'Listing rows'): the same products in
 * the same order as the live query (`productFrom` + `productOrder`), as a walk of one index instead of sorting the
 * whole category. Only for what the table answers: one category and nothing else filtered, sorted by nothing
 * ('Featured': buyable first, then by id; migration 0212), price, Club Price or name (one key). Null otherwise, and
 * the caller runs the live query.
 */
const ORDER: Record<string, (locale: string) => { index: string; term: string }> = {
  '': () => ({ index: 'listing_rows_featured', term: 'l.sold_out' }),
  price: () => ({ index: 'listing_rows_price', term: 'l.amount_cents' }),
  member_price: () => ({ index: 'listing_rows_member', term: 'l.member_sort' }),
  name: (locale) => (locale === 'de' ? { index: 'listing_rows_name_de', term: 'l.name_de COLLATE NOCASE' } : { index: 'listing_rows_name_en', term: 'l.name_en COLLATE NOCASE' }),
}

export interface ListingPage {
  page: PageSql
  taxonId: number
}

export function listingPage(filter: ProductFilter, sort: string[], perPage: number, offset: number): ListingPage | null {
  const scope = precomputedScope(filter)
  if (!scope || sort.length > 1) return null
  const key = sort[0] ?? ''
  const order = ORDER[key.replace(/^-/, '')]?.(filter.locale)
  if (!order) return null
  const dir = key.startsWith('-') ? 'DESC' : 'ASC'
  const orderBy = `${order.term} ${dir}, l.product_id ASC`
  return {
    taxonId: scope,
    page: {
      sql: `SELECT l.product_id AS id FROM listing_rows l INDEXED BY ${order.index}
            WHERE l.taxon_id = ${Math.trunc(scope)} AND l.currency = ? AND l.available_on <= ? AND (l.discontinue_on IS NULL OR l.discontinue_on > ?)
            ORDER BY ${orderBy} LIMIT ${Math.trunc(perPage)} OFFSET ${Math.trunc(offset)}`,
      binds: [filter.currency, filter.now, filter.now],
    },
  }
}

/** Whether the category's tree moved since its rows were built (then the live query answers, until the rebuild). */
export function listingStaleStatement(db: D1Database, taxonId: number): D1PreparedStatement {
  return db.prepare(`SELECT 1 AS stale FROM listing_stale WHERE taxonomy_id = (SELECT taxonomy_id FROM taxons WHERE id = ${Math.trunc(taxonId)})`)
}

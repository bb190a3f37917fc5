// The rows of listing_rows (migration 0172; docs/performance-d1.md, 'Listing rows'): one per category (with every
// ancestor of the categories a product is in), currency and listed product, carrying the sort keys, so a category's
// sorted page is a walk of one index. Plain JavaScript so the worker and tests run one rule; migration 0172
// repeats it on purpose (a migration is a snapshot and cannot import).

const COLUMNS = 'taxon_id, currency, product_id, amount_cents, member_sort, name_en, name_de, available_on, discontinue_on'
const SELECT = `SELECT s.id, pp.currency, p.id, pp.amount_cents, COALESCE(pp.member_cents, pp.amount_cents), p.name, COALESCE(pt.name, p.name), p.available_on, p.discontinue_on
   FROM taxons s JOIN taxons d ON d.taxonomy_id = s.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt
   JOIN classifications c ON c.taxon_id = d.id
   JOIN products p ON p.id = c.product_id AND p.deleted_at IS NULL AND p.available_on IS NOT NULL
   JOIN product_prices pp ON pp.product_id = p.id
   LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = 'de'`

/** Rebuilds a taxonomy's rows after its tree moved (the console's renumbering), and marks it fresh. */
export function listingRowsRebuild(taxonomyId) {
  const id = Number(taxonomyId)
  return [
    `DELETE FROM listing_rows WHERE taxon_id IN (SELECT id FROM taxons WHERE taxonomy_id = ${id})`,
    `INSERT OR IGNORE INTO listing_rows (${COLUMNS}) ${SELECT} WHERE s.taxonomy_id = ${id}`,
    `DELETE FROM listing_stale WHERE taxonomy_id = ${id}`,
  ]
}

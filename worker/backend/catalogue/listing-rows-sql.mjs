// The rows of listing_rows (migration 0172; docs/performance-d1.md, 'Listing rows'): one per category (with every
// ancestor of the categories a product is in), currency and listed product, carrying the sort keys, so a category's
// sorted page is a walk of one index. What a row holds is the view listing_row_source (same migration), which the
// triggers insert from too.

/** Rebuilds a taxonomy's rows after its tree moved (the console's renumbering), and marks it fresh. */
export function listingRowsRebuild(taxonomyId) {
  const id = Number(taxonomyId)
  return [
    `DELETE FROM listing_rows WHERE taxon_id IN (SELECT id FROM taxons WHERE taxonomy_id = ${id})`,
    `INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE taxon_id IN (SELECT id FROM taxons WHERE taxonomy_id = ${id})`,
    `DELETE FROM listing_stale WHERE taxonomy_id = ${id}`,
  ]
}

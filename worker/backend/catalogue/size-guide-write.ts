/**
 * The one writer of size guides and the categories that use them (decision 0082): the console's form
 * (worker/admin/size-guides-data.ts) checks, spends its token and audits; these build the statements for its batch.
 * The storefront reads them (size-guide-routes.ts).
 */

/** A guide's words and table (columns in en and de, one table of sizes), by slug. */
export interface SizeGuideRow {
  slug: string
  name_en: string
  name_de: string
  how_to_en: string
  how_to_de: string
  columns_en: string[]
  columns_de: string[]
  rows: string[][]
  categories: number[]
}

/**
 * The guide written (a new one unless `exists`) and its categories made exactly `categories`: a category another
 * guide had moves to this one (a category uses one guide).
 */
export function sizeGuideStatements(db: D1Database, exists: boolean, guide: SizeGuideRow): D1PreparedStatement[] {
  const { slug } = guide
  const table = JSON.stringify({ columns: { en: guide.columns_en, de: guide.columns_de }, rows: guide.rows })
  const write = exists
    ? "UPDATE size_guides SET name_en = ?1, name_de = ?2, how_to_en = ?3, how_to_de = ?4, size_table = ?5, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE slug = ?6"
    : 'INSERT INTO size_guides (name_en, name_de, how_to_en, how_to_de, size_table, slug) VALUES (?1, ?2, ?3, ?4, ?5, ?6)'
  return [
    db.prepare(write).bind(guide.name_en, guide.name_de, guide.how_to_en, guide.how_to_de, table, slug),
    db.prepare('DELETE FROM size_guide_taxons WHERE guide_id = (SELECT id FROM size_guides WHERE slug = ?)').bind(slug),
    db.prepare('INSERT OR REPLACE INTO size_guide_taxons (taxon_id, guide_id) SELECT value, (SELECT id FROM size_guides WHERE slug = ?1) FROM json_each(?2)').bind(slug, JSON.stringify(guide.categories)),
  ]
}

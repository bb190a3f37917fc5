/** CMS pages (spec §3), per locale as Spree keeps them; the console edits a page's two languages together (cms-store.ts). */

export interface CmsPageRow {
  id: number
  slug: string
  locale: string
  title: string
  content: string | null
  /** The Markdown `content` was made from; null when the page was written in HTML (migration 0340). */
  content_markdown?: string | null
  type: string
  meta_title: string | null
  meta_description: string | null
  visible: number
  updated_at: string
}

export async function listCmsPages(db: D1Database) {
  return (await db.prepare('SELECT id, slug, locale, title, type, visible, updated_at FROM cms_pages ORDER BY slug, locale').all<CmsPageRow>()).results
}

/**
 * The categories a product carousel can show, with their English names: every category, the top-level ones too
 * (each top category is its taxonomy's root, depth 0, and the seeded home page's carousels show New in and Sale).
 */
export async function carouselTaxons(db: D1Database) {
  const { results } = await db
    .prepare("SELECT t.id, COALESCE(tt.name, t.name) AS name, t.permalink FROM taxons t LEFT JOIN taxon_translations tt ON tt.taxon_id = t.id AND tt.locale = 'en' ORDER BY t.permalink LIMIT 500")
    .all<{ id: number; name: string; permalink: string }>()
  return results
}

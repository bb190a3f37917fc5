/**
 * What the sitemap lists, read straight from D1 when the backend is embedded: paging 50,000 products through the
 * JSON:API (100 a page) would take 500 requests, while one indexed scan of two columns takes milliseconds. The
 * visibility rules are the listing's (worker/backend/catalogue/product-filter.ts): not deleted, available, not
 * discontinued.
 */
const LISTED = 'deleted_at IS NULL AND available_on IS NOT NULL AND available_on <= ?1 AND (discontinue_on IS NULL OR discontinue_on > ?1)'

export interface SitemapEntry {
  path: string
  lastmod: string | null
}

export async function countListedProducts(db: D1Database, now: string): Promise<number> {
  const row = await db.prepare(`SELECT COUNT(*) AS n FROM products WHERE ${LISTED}`).bind(now).first<{ n: number }>()
  return row?.n ?? 0
}

/** Listed products by id, `limit` of them after the first `offset`, as their canonical product paths. */
export async function listedProducts(db: D1Database, now: string, offset: number, limit: number): Promise<SitemapEntry[]> {
  const { results } = await db
    .prepare(`SELECT slug, updated_at FROM products WHERE ${LISTED} ORDER BY id LIMIT ?2 OFFSET ?3`)
    .bind(now, limit, offset)
    .all<{ slug: string; updated_at: string }>()
  return results.map((row) => ({ path: `/products/${row.slug}`, lastmod: row.updated_at }))
}

export async function categoryPaths(db: D1Database): Promise<SitemapEntry[]> {
  const { results } = await db.prepare('SELECT permalink, updated_at FROM taxons ORDER BY taxonomy_id, lft').all<{ permalink: string; updated_at: string }>()
  return results.map((row) => ({ path: `/t/${row.permalink}`, lastmod: row.updated_at }))
}

/** Visible CMS pages of a locale (slugs; the storefront decides their paths). */
export async function cmsPageSlugs(db: D1Database, locale: string): Promise<Array<{ slug: string; lastmod: string }>> {
  const { results } = await db
    .prepare("SELECT slug, updated_at FROM cms_pages WHERE locale = ? AND visible = 1 AND type != 'homepage' ORDER BY id")
    .bind(locale)
    .all<{ slug: string; updated_at: string }>()
  return results.map((row) => ({ slug: row.slug, lastmod: row.updated_at }))
}

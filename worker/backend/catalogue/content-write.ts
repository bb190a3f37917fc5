/**
 * The one writer of the store's content (decision 0082): CMS pages (one row per locale, paired by slug), their
 * sections and drafts, the pictures they use, and the menus. The console's editors (worker/admin/cms-*.ts,
 * menus-data.ts) check and audit; these build the statements for their batch. The storefront reads them
 * (content-routes.ts).
 */

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
/** The page of a slug in a locale, as SQL (binds slug, locale). */
const PAGE_ID = '(SELECT id FROM cms_pages WHERE slug = ? AND locale = ?)'

/** A page's words in one language: title, content (HTML and its Markdown source), meta title and description. */
export type PageWords = [title: string, content: string | null, markdown: string | null, metaTitle: string | null, metaDescription: string | null]

/** A language's words of a page: its row (`pageId`), or a new row of the page `slug`, shown or hidden as `visible`. */
export function pageWordsStatement(db: D1Database, pageId: number | null, page: { slug: string; type: string; visible: boolean }, locale: 'en' | 'de', words: PageWords): D1PreparedStatement {
  return pageId !== null
    ? db.prepare(`UPDATE cms_pages SET title = ?, content = ?, content_markdown = ?, meta_title = ?, meta_description = ?, updated_at = ${NOW} WHERE id = ?`).bind(...words, pageId)
    : db
        .prepare(`INSERT INTO cms_pages (slug, locale, title, content, content_markdown, meta_title, meta_description, type, visible, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ${NOW})`)
        .bind(page.slug, locale, ...words, page.type, page.visible ? 1 : 0)
}

/** A language's sections of the page become exactly `rows` (their `columns`, in order). */
export function pageSectionsStatements(db: D1Database, slug: string, locale: 'en' | 'de', columns: readonly string[], rows: ReadonlyArray<Readonly<Record<string, unknown>>>): D1PreparedStatement[] {
  return [
    db.prepare(`DELETE FROM cms_sections WHERE cms_page_id = ${PAGE_ID}`).bind(slug, locale),
    ...rows.map((row) => db.prepare(`INSERT INTO cms_sections (cms_page_id, ${columns.join(', ')}) VALUES (${PAGE_ID}, ${columns.map(() => '?').join(', ')})`).bind(slug, locale, ...columns.map((c) => row[c]))),
  ]
}

/** A new page's row in one language, hidden, with its title (RETURNING id). */
export const newPageStatement = (db: D1Database, slug: string, locale: 'en' | 'de', title: string, type: string) =>
  db.prepare(`INSERT INTO cms_pages (slug, locale, title, type, visible, updated_at) VALUES (?, ?, ?, ?, 0, ${NOW}) RETURNING id`).bind(slug, locale, title, type)

/** Both languages of the page shown in the store, or hidden. */
export const pageVisibleStatement = (db: D1Database, slug: string, visible: boolean) => db.prepare(`UPDATE cms_pages SET visible = ${visible ? 1 : 0}, updated_at = ${NOW} WHERE slug = ?`).bind(slug)

/** The page's draft kept apart from the live page. */
export const draftSaveStatement = (db: D1Database, slug: string, draft: unknown) =>
  db.prepare(`INSERT INTO cms_drafts (slug, draft, updated_at) VALUES (?, ?, ${NOW}) ON CONFLICT (slug) DO UPDATE SET draft = excluded.draft, updated_at = excluded.updated_at`).bind(slug, JSON.stringify(draft))

/** The page's draft gone (published or discarded). */
export const draftDropStatement = (db: D1Database, slug: string) => db.prepare('DELETE FROM cms_drafts WHERE slug = ?').bind(slug)

/** A content picture stored at `path` (RETURNING *). */
export const cmsImageInsertStatement = (db: D1Database, path: string, alt: { en: string; de: string }) => db.prepare('INSERT INTO cms_images (path, alt_en, alt_de) VALUES (?, ?, ?) RETURNING *').bind(path, alt.en, alt.de)

/** A content picture removed. */
export const cmsImageDeleteStatement = (db: D1Database, id: number) => db.prepare('DELETE FROM cms_images WHERE id = ?').bind(id)

/** A menu item under the menu's root as the nested set numbers it (`parentLft` null: under the root). */
export interface MenuRow {
  parentLft: number | null
  en: string
  de: string
  link: string | null
  lft: number
  rgt: number
  depth: number
}

/** The menu at `location` in a language becomes its root (named `name`, closing at `rootRgt`) and exactly `rows` (named in that language). */
export function menuStatements(db: D1Database, location: string, locale: 'en' | 'de', name: string, rootRgt: number, rows: readonly MenuRow[]): D1PreparedStatement[] {
  const menuId = '(SELECT id FROM menus WHERE location = ? AND locale = ?)'
  return [
    db.prepare('INSERT OR IGNORE INTO menus (name, location, locale) VALUES (?, ?, ?)').bind(name, location, locale),
    db.prepare(`DELETE FROM menu_items WHERE menu_id = ${menuId}`).bind(location, locale),
    db.prepare(`INSERT INTO menu_items (menu_id, parent_id, name, item_type, lft, rgt, depth) VALUES (${menuId}, NULL, ?, 'Container', 1, ?, 0)`).bind(location, locale, name, rootRgt),
    ...rows.map((row) =>
      db
        .prepare(`INSERT INTO menu_items (menu_id, parent_id, name, destination, item_type, lft, rgt, depth) VALUES (${menuId}, (SELECT id FROM menu_items WHERE menu_id = ${menuId} AND lft = ?), ?, ?, ?, ?, ?, ?)`)
        .bind(location, locale, location, locale, row.parentLft, row[locale], row.link || null, row.link ? 'Link' : 'Container', row.lft, row.rgt, row.depth),
    ),
  ]
}

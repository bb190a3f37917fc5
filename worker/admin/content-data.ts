import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import type { CmsSectionItem } from '#web/admin/content-page.tsx'

/** CMS pages and their sections (spec §3), per locale as Spree keeps them. */

export interface CmsPageRow {
  id: number
  slug: string
  locale: string
  title: string
  content: string | null
  type: string
  meta_title: string | null
  meta_description: string | null
  visible: number
  updated_at: string
}

export type CmsSectionRow = CmsSectionItem

export async function listCmsPages(db: D1Database) {
  return (await db.prepare('SELECT id, slug, locale, title, type, visible, updated_at FROM cms_pages ORDER BY slug, locale').all<CmsPageRow>()).results
}

export async function loadCmsPage(db: D1Database, id: number) {
  const page = await db.prepare('SELECT * FROM cms_pages WHERE id = ?').bind(id).first<CmsPageRow>()
  if (!page) return null
  const { results } = await db.prepare('SELECT id, name, type, position, content, settings, link FROM cms_sections WHERE cms_page_id = ? ORDER BY position, id').bind(id).all<CmsSectionRow>()
  return { page, sections: results }
}

const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

export async function saveCmsPage(db: D1Database, operator: Operator, page: CmsPageRow, input: { title: string; content: string | null; meta_title: string | null; meta_description: string | null }) {
  await db.batch([
    db.prepare(`UPDATE cms_pages SET title = ?, content = ?, meta_title = ?, meta_description = ?, updated_at = ${now} WHERE id = ?`).bind(input.title, input.content, input.meta_title, input.meta_description, page.id),
    auditStatement(db, operator, 'cms_page.update', { type: 'cms_page', id: `${page.locale}/${page.slug}` }, { title: page.title, content: page.content, meta_title: page.meta_title, meta_description: page.meta_description }, input),
  ])
}

export async function setCmsPageVisible(db: D1Database, operator: Operator, page: CmsPageRow, visible: boolean) {
  await db.batch([
    db.prepare(`UPDATE cms_pages SET visible = ?, updated_at = ${now} WHERE id = ?`).bind(visible ? 1 : 0, page.id),
    auditStatement(db, operator, visible ? 'cms_page.publish' : 'cms_page.unpublish', { type: 'cms_page', id: `${page.locale}/${page.slug}` }, { visible: page.visible === 1 }, { visible }),
  ])
}

export async function saveCmsSection(db: D1Database, operator: Operator, page: CmsPageRow, section: CmsSectionRow, input: { name: string; position: number; link: string | null; content: string; settings: string }) {
  await db.batch([
    db.prepare('UPDATE cms_sections SET name = ?, position = ?, link = ?, content = ?, settings = ? WHERE id = ? AND cms_page_id = ?').bind(input.name, input.position, input.link, input.content, input.settings, section.id, page.id),
    db.prepare(`UPDATE cms_pages SET updated_at = ${now} WHERE id = ?`).bind(page.id),
    auditStatement(db, operator, 'cms_section.update', { type: 'cms_page', id: `${page.locale}/${page.slug}` }, { section: section.id, name: section.name, position: section.position, link: section.link, content: section.content, settings: section.settings }, { section: section.id, ...input }),
  ])
}

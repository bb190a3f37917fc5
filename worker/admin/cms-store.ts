import { SECTION_FIELDS, type CmsDraft, type SectionDraft, type SectionType, type TextKey } from '#worker/admin/pages/cms-fields.ts'
import { markdownToHtml } from '#kernel/markdown.ts'
import { sanitizeHtml } from '#worker/commerce/sanitize-html.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import type { CmsPageRow } from './content-data.ts'
import { draftDropStatement, draftSaveStatement, pageSectionsStatements, pageVisibleStatement, pageWordsStatement, type PageWords } from '#worker/backend/catalogue/content-write.ts'

/**
 * A CMS page in both languages (Spree keeps one row per locale, paired by slug) and its sections, paired by order:
 * the console edits the pair as one page, so the English and German pages always have the same sections.
 */

export interface SectionRow {
  id: number
  cms_page_id: number
  name: string
  type: string
  position: number
  content: string
  settings: string
  link: string | null
  fit: string
  linked_resource_type: string | null
  linked_resource_id: number | null
  image_one: string | null
  image_two: string | null
  image_three: string | null
}

export interface CmsGroup {
  slug: string
  type: string
  visible: boolean
  en: CmsPageRow | null
  de: CmsPageRow | null
  sections: { en: SectionRow[]; de: SectionRow[] }
  /** The unpublished draft kept apart from the live rows (cms_drafts), if the operator saved one. */
  draft: { value: CmsDraft; updated_at: string } | null
}

/**
 * Rich text as stored for the store: the operator's Markdown made HTML (kernel/markdown.ts), then sanitised (no
 * script, no on* attributes, no javascript: URLs), so the stored HTML is safe even before the storefront sanitises it
 * again on render. HTML written before Markdown passes through the same sanitiser.
 */
export const richHtml = (source: string) => sanitizeHtml(markdownToHtml(source))

export async function loadCmsGroup(db: D1Database, id: number): Promise<CmsGroup | null> {
  const one = await db.prepare('SELECT slug FROM cms_pages WHERE id = ?').bind(id).first<{ slug: string }>()
  if (!one) return null
  const [pages, sections, drafts] = await db.batch([
    db.prepare('SELECT * FROM cms_pages WHERE slug = ?').bind(one.slug),
    db.prepare('SELECT s.* FROM cms_sections s JOIN cms_pages p ON p.id = s.cms_page_id WHERE p.slug = ? ORDER BY s.position, s.id').bind(one.slug),
    db.prepare('SELECT draft, updated_at FROM cms_drafts WHERE slug = ?').bind(one.slug),
  ])
  const stored = (drafts!.results as { draft: string; updated_at: string }[])[0]
  const rows = pages!.results as unknown as CmsPageRow[]
  const en = rows.find((p) => p.locale === 'en') ?? null
  const de = rows.find((p) => p.locale === 'de') ?? null
  const all = sections!.results as unknown as SectionRow[]
  const first = (en ?? de)!
  return { slug: one.slug, type: first.type, visible: rows.some((p) => p.visible === 1), en, de, sections: { en: all.filter((s) => s.cms_page_id === en?.id), de: all.filter((s) => s.cms_page_id === de?.id) }, draft: stored ? { value: JSON.parse(stored.draft) as CmsDraft, updated_at: stored.updated_at } : null }
}

const parse = (json: string) => {
  try {
    const value = JSON.parse(json)
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The live page as the editor holds it (Markdown where it was written in Markdown, else the HTML). */
export function draftOf(group: CmsGroup): CmsDraft {
  const text = (p: CmsPageRow | null) => ({ title: p?.title ?? '', content: p?.content_markdown ?? p?.content ?? '', meta_title: p?.meta_title ?? '', meta_description: p?.meta_description ?? '' })
  const count = Math.max(group.sections.en.length, group.sections.de.length)
  const sections: SectionDraft[] = []
  for (let i = 0; i < count; i++) {
    const en = group.sections.en[i]
    const de = group.sections.de[i]
    const main = (en ?? de)!
    const type = main.type as SectionType
    const words = (row: SectionRow | undefined) => {
      if (!row) return {}
      const content = parse(row.content)
      const out: Partial<Record<TextKey, string>> = { name: row.name }
      for (const f of SECTION_FIELDS[type].text) if (f.key !== 'name' && typeof content[f.key] === 'string') out[f.key] = content[f.key] as string
      if (typeof content.rte_markdown === 'string') out.rte_content = content.rte_markdown
      return out
    }
    sections.push({
      type,
      key: en ? String(en.id) : '',
      shared: {
        link: main.link ?? '',
        image_one: main.image_one ?? '',
        image_two: main.image_two ?? '',
        image_three: main.image_three ?? '',
        taxon: main.linked_resource_type === 'taxon' && main.linked_resource_id ? String(main.linked_resource_id) : '',
      },
      en: words(en),
      de: words(de),
    })
  }
  return { en: text(group.en), de: text(group.de), sections }
}

/** The section rows of one language as the draft describes them (settings kept from the row it was loaded from). */
export function sectionRows(group: CmsGroup, draft: CmsDraft, locale: 'en' | 'de', pageId: number): Omit<SectionRow, 'id'>[] {
  return draft.sections.map((s, i) => {
    const spec = SECTION_FIELDS[s.type]
    const words = s[locale]
    const content: Record<string, string> = {}
    for (const f of spec.text) if (f.key !== 'name' && words[f.key]) content[f.key] = words[f.key]!
    // the store reads rte_content as HTML (as from Spree); the Markdown it came from is kept beside it for the editor
    if (content.rte_content) Object.assign(content, { rte_content: richHtml(content.rte_content), rte_markdown: content.rte_content })
    const shared = (key: 'link' | 'image_one' | 'image_two' | 'image_three' | 'taxon') => (spec.shared.some((f) => f.key === key) && s.shared[key]) || null
    const was = group.sections.en.find((row) => String(row.id) === s.key)
    const taxon = shared('taxon')
    return {
      cms_page_id: pageId,
      name: words.name ?? '',
      type: s.type,
      position: i + 1,
      content: JSON.stringify(content),
      settings: was?.settings ?? '{}',
      link: shared('link'),
      fit: was?.fit ?? 'Screen',
      linked_resource_type: taxon ? 'taxon' : null,
      linked_resource_id: taxon ? Number(taxon) : null,
      image_one: shared('image_one'),
      image_two: shared('image_two'),
      image_three: shared('image_three'),
    }
  })
}

const COLUMNS = ['cms_page_id', 'name', 'type', 'position', 'content', 'settings', 'link', 'fit', 'linked_resource_type', 'linked_resource_id', 'image_one', 'image_two', 'image_three'] as const

/**
 * The statements that write both languages' words and sections live, with the audit line (the whole live page before
 * and after). A language the page did not have yet gets its row, shown or hidden like the other.
 */
function liveStatements(db: D1Database, operator: Operator, group: CmsGroup, draft: CmsDraft): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = []
  for (const locale of ['en', 'de'] as const) {
    const page = group[locale]
    const t = draft[locale]
    const values: PageWords = [t.title, t.content ? richHtml(t.content) : null, t.content || null, t.meta_title || null, t.meta_description || null]
    statements.push(pageWordsStatement(db, page ? page.id : null, group, locale, values))
    statements.push(...pageSectionsStatements(db, group.slug, locale, COLUMNS.slice(1), sectionRows(group, draft, locale, 0)))
  }
  statements.push(auditStatement(db, operator, 'cms_page.update', { type: 'cms_page', id: group.slug }, draftOf(group), draft))
  return statements
}

/** Keeps the draft apart from the live page (which stays as it is until 'Publish'), audited with the draft before. */
export async function saveCmsDraft(db: D1Database, operator: Operator, group: CmsGroup, draft: CmsDraft): Promise<void> {
  await db.batch([
    draftSaveStatement(db, group.slug, draft),
    auditStatement(db, operator, 'cms_page.draft', { type: 'cms_page', id: group.slug }, group.draft?.value ?? draftOf(group), draft),
  ])
}

/**
 * 'Publish': the draft (the one posted, else the one stored) becomes the live page in both languages, shown in the
 * store, and the stored draft goes, all in one batch. With no draft, the live page is shown as it is.
 */
export async function publishCmsGroup(db: D1Database, operator: Operator, group: CmsGroup, draft: CmsDraft | null): Promise<void> {
  const live = draft ? liveStatements(db, operator, { ...group, visible: true }, draft) : []
  await db.batch([
    ...live,
    pageVisibleStatement(db, group.slug, true),
    draftDropStatement(db, group.slug),
    auditStatement(db, operator, 'cms_page.publish', { type: 'cms_page', id: group.slug }, { visible: group.visible }, { visible: true }),
  ])
}

/** 'Discard the draft': the editor shows the live page again. */
export async function discardCmsDraft(db: D1Database, operator: Operator, group: CmsGroup): Promise<void> {
  if (!group.draft) return
  await db.batch([draftDropStatement(db, group.slug), auditStatement(db, operator, 'cms_page.draft_discard', { type: 'cms_page', id: group.slug }, group.draft.value, null)])
}

export async function unpublishCmsGroup(db: D1Database, operator: Operator, group: CmsGroup): Promise<void> {
  await db.batch([
    pageVisibleStatement(db, group.slug, false),
    auditStatement(db, operator, 'cms_page.unpublish', { type: 'cms_page', id: group.slug }, { visible: group.visible }, { visible: false }),
  ])
}

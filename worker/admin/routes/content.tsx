import { Hono } from 'hono'
import { CmsPageEditor, ContentPage, type CmsEditorProps } from '#worker/admin/pages/content-page.tsx'
import type { CmsDraft } from '#worker/admin/pages/cms-fields.ts'
import { CACHE_VERSION } from '#worker/commerce/cache.ts'
import { bumpPageCacheVersion } from '#worker/edge-cache/content-version.ts'
import type { AdminContext, AdminEnv } from '../context.ts'
import { auditStatement } from '../audit.ts'
import { parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { storefrontChanged } from '../freshness.ts'
import { carouselTaxons, listCmsPages } from '../content-data.ts'
import { applyIntent, CmsFormSchema, draftFromForm, UNKNOWN_TYPE, unknownTypes } from '../cms-draft.ts'
import { draftOf, loadCmsGroup, saveCmsGroup, setCmsGroupVisible, type CmsGroup } from '../cms-store.ts'
import { renderPreview } from '../cms-preview.ts'
import { renderPage, seeOther } from '../render.tsx'

export const content = new Hono<AdminEnv>()

content.get('/content', async (c) => renderPage(c, 'Content', <ContentPage pages={await listCmsPages(c.env.DB)} notice={noticeText(c.req.query('notice'))} />))

/** 'Purge everything': drops every KV copy of menus, category trees and CMS pages and starts a new edge-cache version. */
content.post('/content/purge', async (c) => {
  let cursor: string | undefined
  let purged = 0
  do {
    const page = await c.env.CACHE.list({ prefix: `${CACHE_VERSION}:`, cursor })
    await Promise.all(page.keys.map((k) => c.env.CACHE.delete(k.name)))
    purged += page.keys.length
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  await bumpPageCacheVersion(c.env)
  await auditStatement(c.env.DB, c.var.operator, 'cache.purge', { type: 'cache', id: CACHE_VERSION }, undefined, { purged }).run()
  return seeOther(c, '/admin/content', 'purged')
})

async function groupOf(c: AdminContext) {
  const id = Number(c.req.param('id'))
  return Number.isInteger(id) && id > 0 && id < 1e12 ? loadCmsGroup(c.env.DB, id) : null
}

async function editor(c: AdminContext, group: CmsGroup, extra: Partial<CmsEditorProps> & { draft?: CmsDraft } = {}, status = 200) {
  const id = Number(c.req.param('id'))
  const props: CmsEditorProps = { id, slug: group.slug, type: group.type, visible: group.visible, draft: draftOf(group), taxons: await carouselTaxons(c.env.DB), notice: noticeText(c.req.query('notice')), ...extra }
  return renderPage(c, props.draft.en.title || group.slug, <CmsPageEditor {...props} />, status)
}

/** Both languages' cached copies (KV) and the edge page cache: the storefront shows the change on its next request. */
const fresh = (c: AdminContext, group: CmsGroup) => storefrontChanged(c.env, { cmsSlugs: (['en', 'de'] as const).map((locale) => ({ locale, slug: group.slug })) })

content.get('/content/:id{[0-9]+}', async (c) => {
  const group = await groupOf(c)
  return group ? editor(c, group) : c.notFound()
})

/**
 * The editor's one form. 'Save' checks the whole draft and stores both languages; add, move and remove change the
 * draft and show it again unsaved (no script needed), so an operator arranges sections and saves once.
 */
content.post('/content/:id{[0-9]+}', async (c) => {
  const group = await groupOf(c)
  if (!group) return c.notFound()
  const form = await parseForm(c, CmsFormSchema)
  const { values } = form
  if (unknownTypes(values)) return editor(c, group, { error: UNKNOWN_TYPE }, 422)
  const intent = values.intent ?? 'save'
  const posted = draftFromForm(values)
  if (intent !== 'save') {
    const { draft, error } = applyIntent(posted, intent, values.add_type)
    return editor(c, group, { draft, unsaved: true, error }, error ? 422 : 200)
  }
  if (!form.ok) return editor(c, group, { draft: posted, errors: form.errors, unsaved: true }, 422)
  const unknown = await unknownCategories(c.env.DB, form.data)
  if (unknown) return editor(c, group, { draft: posted, errors: unknown, unsaved: true }, 422)
  await saveCmsGroup(c.env.DB, c.var.operator, group, form.data)
  await fresh(c, group)
  return seeOther(c, `/admin/content/${c.req.param('id')}`, 'saved')
})

/** A carousel's category must be one the store has (the form offers a list; a posted id may name none): its message, or null. */
async function unknownCategories(db: D1Database, draft: CmsDraft): Promise<Record<string, string> | null> {
  const chosen = draft.sections.flatMap((s, i) => (s.shared.taxon ? [{ i, id: Number(s.shared.taxon) }] : []))
  if (!chosen.length) return null
  const { results } = await db.prepare('SELECT id FROM taxons WHERE id IN (SELECT value FROM json_each(?))').bind(JSON.stringify(chosen.map((c) => c.id))).all<{ id: number }>()
  const known = new Set(results.map((r) => r.id))
  const errors = Object.fromEntries(chosen.filter((c) => !known.has(c.id)).map((c) => [`sections.${c.i}.shared.taxon`, 'Choose a category from the list.']))
  return Object.keys(errors).length ? errors : null
}

/** The storefront's rendering of the posted draft (English, or German with ?locale=de); nothing is stored. */
content.post('/content/:id{[0-9]+}/preview', async (c) => {
  const group = await groupOf(c)
  if (!group) return c.notFound()
  const form = await parseForm(c, CmsFormSchema)
  if (unknownTypes(form.values)) return editor(c, group, { error: UNKNOWN_TYPE }, 422)
  if (!form.ok) return editor(c, group, { draft: draftFromForm(form.values), errors: form.errors, unsaved: true }, 422)
  return renderPreview(c, group, form.data, c.req.query('locale') === 'de' ? 'de' : 'en')
})

for (const [path, visible] of [['publish', true], ['unpublish', false]] as const) {
  content.post(`/content/:id{[0-9]+}/${path}`, async (c) => {
    const group = await groupOf(c)
    if (!group) return c.notFound()
    await setCmsGroupVisible(c.env.DB, c.var.operator, group, visible)
    await fresh(c, group)
    return seeOther(c, `/admin/content/${c.req.param('id')}`, visible ? 'published' : 'unpublished')
  })
}

import { Hono } from '#worker/lib/hono.ts'
import { CmsPageEditor, ContentPage, NewPagePage, type CmsEditorProps } from '#worker/admin/pages/content-page.tsx'
import type { CmsDraft } from '#worker/admin/pages/cms-fields.ts'
import { CACHE_VERSION } from '#worker/commerce/cache.ts'
import { bumpPageCacheVersion } from '#worker/edge-cache/content-version.ts'
import type { AdminContext, AdminEnv } from '../context.ts'
import { auditStatement } from '../audit.ts'
import { formValues, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { storefrontChanged } from '../freshness.ts'
import { carouselTaxons, listCmsPages } from '../content-data.ts'
import { applyIntent, checkDraft, draftFromForm, UNKNOWN_TYPE, unknownTypes } from '../cms-draft.ts'
import { discardCmsDraft, draftOf, loadCmsGroup, publishCmsGroup, saveCmsDraft, unpublishCmsGroup, type CmsGroup } from '../cms-store.ts'
import { cmsImagesByPath, listCmsImages } from '../cms-images.ts'
import { createCmsPage, NewPageSchema } from '../cms-new-page.ts'
import { ActionRefused } from '../action-refused.ts'
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
  const [taxons, pictures] = await Promise.all([carouselTaxons(c.env.DB), listCmsImages(c.env.DB)])
  const props: CmsEditorProps = { id, slug: group.slug, type: group.type, visible: group.visible, draftSavedAt: group.draft?.updated_at ?? null, draft: group.draft?.value ?? draftOf(group), taxons, pictures, notice: noticeText(c.req.query('notice')), ...extra }
  // the console's script gives each Markdown field its live preview
  return renderPage(c, props.draft.en.title || group.slug, <CmsPageEditor {...props} />, status, true)
}

/** Both languages' cached copies (KV) and the edge page cache: the storefront shows the change on its next request. */
const fresh = (c: AdminContext, group: CmsGroup) => storefrontChanged(c.env, { cmsSlugs: (['en', 'de'] as const).map((locale) => ({ locale, slug: group.slug })) })

content.get('/content/:id{[0-9]+}', async (c) => {
  const group = await groupOf(c)
  return group ? editor(c, group) : c.notFound()
})

/**
 * The editor's one form. 'Save draft' checks the whole draft and keeps it apart from the live page; 'Save and publish'
 * makes it the live page in both languages. Add, move and remove change the draft and show it again unsaved (no script
 * needed), so an operator arranges sections and saves once.
 */
content.post('/content/:id{[0-9]+}', async (c) => {
  const group = await groupOf(c)
  if (!group) return c.notFound()
  const values = await formValues(c)
  if (unknownTypes(values)) return editor(c, group, { error: UNKNOWN_TYPE }, 422)
  const intent = values.intent ?? 'save'
  const posted = draftFromForm(values)
  if (intent === 'discard') {
    await discardCmsDraft(c.env.DB, c.var.operator, group)
    return seeOther(c, `/admin/content/${c.req.param('id')}`, 'draft-discarded')
  }
  if (intent !== 'save' && intent !== 'publish') {
    const { draft, error } = applyIntent(posted, intent, values.add_type)
    return editor(c, group, { draft, unsaved: true, error }, error ? 422 : 200)
  }
  const checked = await checkedDraft(c.env.DB, posted)
  if (!checked.ok) return editor(c, group, { draft: checked.draft, errors: checked.errors, unsaved: true }, 422)
  if (intent === 'save') {
    await saveCmsDraft(c.env.DB, c.var.operator, group, checked.data)
    return seeOther(c, `/admin/content/${c.req.param('id')}`, 'draft-saved')
  }
  await publishCmsGroup(c.env.DB, c.var.operator, group, checked.data)
  await fresh(c, group)
  return seeOther(c, `/admin/content/${c.req.param('id')}`, 'published')
})

/**
 * The posted draft with the uploaded pictures' own descriptions in the picture descriptions left empty, checked as a
 * whole: fields, carousel categories the store has, pictures that are in the library.
 */
async function checkedDraft(db: D1Database, posted: CmsDraft): Promise<{ ok: true; data: CmsDraft } | { ok: false; draft: CmsDraft; errors: Record<string, string> }> {
  const paths = posted.sections.flatMap((s) => [s.shared.image_one, s.shared.image_two, s.shared.image_three].filter((p): p is string => !!p))
  const library = await cmsImagesByPath(db, paths)
  const draft: CmsDraft = {
    ...posted,
    sections: posted.sections.map((s) => {
      const out = { ...s, en: { ...s.en }, de: { ...s.de } }
      for (const [image, alt] of [['image_one', 'alt_one'], ['image_two', 'alt_two'], ['image_three', 'alt_three']] as const) {
        const picture = library.get(s.shared[image] ?? '')
        if (!picture) continue
        if (alt in s.en && !s.en[alt]?.trim()) out.en[alt] = picture.alt_en
        if (alt in s.de && !s.de[alt]?.trim()) out.de[alt] = picture.alt_de
      }
      return out
    }),
  }
  const result = checkDraft(draft)
  if (!result.ok) return { ok: false, draft, errors: result.errors }
  const missing = Object.fromEntries(
    draft.sections.flatMap((s, i) => (['image_one', 'image_two', 'image_three'] as const).filter((k) => s.shared[k]?.startsWith('/media/') && !library.has(s.shared[k]!)).map((k) => [`sections.${i}.shared.${k}`, 'That picture is no longer in the library: choose another.'])),
  )
  const errors = { ...(await unknownCategories(db, result.data)), ...missing }
  return Object.keys(errors).length ? { ok: false, draft, errors } : { ok: true, data: result.data }
}

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
  const values = await formValues(c)
  if (unknownTypes(values)) return editor(c, group, { error: UNKNOWN_TYPE }, 422)
  const checked = await checkedDraft(c.env.DB, draftFromForm(values))
  if (!checked.ok) return editor(c, group, { draft: checked.draft, errors: checked.errors, unsaved: true }, 422)
  return renderPreview(c, group, checked.data, c.req.query('locale') === 'de' ? 'de' : 'en')
})

/** 'Publish' above the editor: the saved draft, if there is one, becomes the live page; the page is shown in the store. */
content.post('/content/:id{[0-9]+}/publish', async (c) => {
  const group = await groupOf(c)
  if (!group) return c.notFound()
  await publishCmsGroup(c.env.DB, c.var.operator, group, group.draft?.value ?? null)
  await fresh(c, group)
  return seeOther(c, `/admin/content/${c.req.param('id')}`, 'published')
})

content.post('/content/:id{[0-9]+}/unpublish', async (c) => {
  const group = await groupOf(c)
  if (!group) return c.notFound()
  await unpublishCmsGroup(c.env.DB, c.var.operator, group)
  await fresh(c, group)
  return seeOther(c, `/admin/content/${c.req.param('id')}`, 'unpublished')
})

/** A new page: its address and titles; it starts hidden, and its editor opens. */
content.get('/content/new', (c) => renderPage(c, 'New page', <NewPagePage />))

content.post('/content/new', async (c) => {
  const form = await parseForm(c, NewPageSchema)
  if (!form.ok) return renderPage(c, 'New page', <NewPagePage values={form.values} errors={form.errors} />, 422)
  try {
    const id = await createCmsPage(c.env.DB, c.var.operator, form.data)
    return seeOther(c, `/admin/content/${id}`, 'page-created')
  } catch (error) {
    if (error instanceof ActionRefused) return renderPage(c, 'New page', <NewPagePage values={form.values} errors={{ slug: error.message }} />, 409)
    throw error
  }
})

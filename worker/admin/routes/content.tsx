import { Hono } from 'hono'
import * as z from 'zod'
import { CmsPageEditor, ContentPage } from '#web/admin/content-page.tsx'
import { CACHE_VERSION } from '#worker/commerce/cache.ts'
import { bumpPageCacheVersion } from '#worker/edge-cache/content-version.ts'
import type { AdminContext, AdminEnv } from '../context.ts'
import { auditStatement } from '../audit.ts'
import { field, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { storefrontChanged } from '../freshness.ts'
import { listCmsPages, loadCmsPage, saveCmsPage, saveCmsSection, setCmsPageVisible } from '../content-data.ts'
import { renderPage, seeOther } from '../render.tsx'

export const content = new Hono<AdminEnv>()

content.get('/content', async (c) => renderPage(c, 'Content', <ContentPage pages={await listCmsPages(c.env.DB)} notice={noticeText(c.req.query('notice'))} />))

/** Drops every KV copy of menus, category trees and CMS pages, so each is loaded afresh from D1. */
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

async function pageOf(c: AdminContext) {
  const id = Number(c.req.param('id'))
  return Number.isInteger(id) && id > 0 ? loadCmsPage(c.env.DB, id) : null
}

type Loaded = NonNullable<Awaited<ReturnType<typeof pageOf>>>
const editor = (c: AdminContext, loaded: Loaded, extra: Partial<Parameters<typeof CmsPageEditor>[0]> = {}, status = 200) =>
  renderPage(c, loaded.page.title, <CmsPageEditor page={loaded.page} sections={loaded.sections} notice={noticeText(c.req.query('notice'))} {...extra} />, status)
const fresh = (c: AdminContext, loaded: Loaded) => storefrontChanged(c.env, { cmsSlugs: [{ locale: loaded.page.locale, slug: loaded.page.slug }] })

content.get('/content/:id{[0-9]+}', async (c) => {
  const loaded = await pageOf(c)
  return loaded ? editor(c, loaded) : c.notFound()
})

const PageSchema = z.object({ title: field.text('The title', 200), content: field.optionalText(100_000), meta_title: field.optionalText(200), meta_description: field.optionalText(400) })
const json = (label: string) =>
  z.string().transform((text, ctx) => {
    try {
      const value = JSON.parse(text || '{}')
      if (value && typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value)
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: `${label} must be a JSON object, like {"title": "Summer"}.` })
    return z.NEVER
  })
const SectionSchema = z.object({
  name: field.text('The name', 120),
  position: field.wholeNumber('The position', 0, 1000),
  link: field.optionalText(500).refine((v) => v === null || /^(\/|https:\/\/)/.test(v), 'A link starts with / or https://.'),
  content: json('Content'),
  settings: json('Settings'),
})

content.post('/content/:id{[0-9]+}', async (c) => {
  const loaded = await pageOf(c)
  if (!loaded) return c.notFound()
  const form = await parseForm(c, PageSchema)
  if (!form.ok) return editor(c, loaded, { form: 'page', errors: form.errors, values: form.values }, 422)
  await saveCmsPage(c.env.DB, c.var.operator, loaded.page, form.data)
  await fresh(c, loaded)
  return seeOther(c, `/admin/content/${loaded.page.id}`, 'saved')
})

for (const [path, visible] of [['publish', true], ['unpublish', false]] as const) {
  content.post(`/content/:id{[0-9]+}/${path}`, async (c) => {
    const loaded = await pageOf(c)
    if (!loaded) return c.notFound()
    await setCmsPageVisible(c.env.DB, c.var.operator, loaded.page, visible)
    await fresh(c, loaded)
    return seeOther(c, `/admin/content/${loaded.page.id}`, visible ? 'published' : 'unpublished')
  })
}

content.post('/content/:id{[0-9]+}/sections/:section{[0-9]+}', async (c) => {
  const loaded = await pageOf(c)
  if (!loaded) return c.notFound()
  const section = loaded.sections.find((s) => s.id === Number(c.req.param('section')))
  if (!section) return c.notFound()
  const form = await parseForm(c, SectionSchema)
  if (!form.ok) return editor(c, loaded, { form: `section-${section.id}`, errors: form.errors, values: form.values }, 422)
  await saveCmsSection(c.env.DB, c.var.operator, loaded.page, section, form.data)
  await fresh(c, loaded)
  return seeOther(c, `/admin/content/${loaded.page.id}`, 'saved')
})

import { readStoreSettings } from '#worker/lib/store-settings.ts'
import type { CmsPage } from '#kernel/models.ts'
import type { StorefrontApi } from '#web/api/storefront-api.ts'
import type { CmsDraft } from '#worker/admin/pages/cms-fields.ts'
import { cmsPagePath } from '#web/routes/static-pages.ts'
import { DEFAULT_COUNTRY, DEFAULT_CURRENCY } from '#kernel/config.ts'
import { PAGE_TYPES, sectionResource } from '#worker/backend/catalogue/content-routes.ts'
import { createServerApi } from '#worker/commerce/server-api.ts'
import { Deserialized, type JsonApiResource } from '#worker/commerce/jsonapi.ts'
import { mapCmsPage } from '#worker/commerce/content-mappers.ts'
import { SessionState } from '#worker/middleware/session.ts'
import { ServerTiming } from '#worker/middleware/request-id.ts'
import { renderPage } from '#worker/ssr/render.tsx'
import { bodyFont } from '#worker/ssr/assets.ts'
import { APP_VERSION } from '#worker/ssr/version.ts'
import type { AdminContext } from './context.ts'
import { richHtml, sectionRows, type CmsGroup } from './cms-store.ts'
import { PRIVATE_HEADERS } from './render.tsx'

const CAROUSEL_SIZE = 12

/** Where the storefront shows the page in a language: its route renders the preview exactly as it renders the page. */
export const storefrontPath = (group: Pick<CmsGroup, 'slug' | 'type'>, locale: 'en' | 'de') => `${locale === 'de' ? '/de' : ''}${group.type === 'homepage' ? '/' : cmsPagePath(group.slug)}`

/** The draft as the storefront's CmsPage model: the API's own section resources and mapper, so nothing differs. */
async function draftPage(api: StorefrontApi, group: CmsGroup, draft: CmsDraft, locale: 'en' | 'de'): Promise<CmsPage> {
  const rows = sectionRows(group, draft, locale, 0).map((row, i) => ({ ...row, id: -(i + 1) }))
  const text = draft[locale]
  const page: JsonApiResource = {
    id: '0',
    type: 'cms_page',
    attributes: { title: text.title, content: text.content ? richHtml(text.content) : null, locale, meta_title: text.meta_title || null, meta_description: text.meta_description || null, slug: group.slug, type: PAGE_TYPES[group.type] ?? group.type },
    relationships: { cms_sections: { data: rows.map((r) => ({ type: 'cms_section', id: String(r.id) })) } },
  }
  const mapped = mapCmsPage(new Deserialized<JsonApiResource>({ data: page, included: rows.map(sectionResource) as JsonApiResource[] }))
  // carousels show the category's products now, as the live page would (read, never cached with the draft)
  await Promise.all(
    mapped.carouselTaxons.map(async (taxonId, i) => {
      if (taxonId === null) return
      const list = await api.getProducts({ categoryId: taxonId, itemsPerPage: CAROUSEL_SIZE, facets: false }).catch(() => null)
      mapped.page.cmsSections[i] = { ...mapped.page.cmsSections[i]!, products: list?.data ?? [] }
    }),
  )
  return mapped.page
}

/**
 * The storefront's own rendering of an unsaved draft: the page's real route, through React Router, for an anonymous
 * shopper, with getCMSPage answering the draft. Nothing is written to KV or the edge cache; the answer is private
 * and no-store like every console page, and carries no scripts (it would hydrate against the /admin address).
 */
export async function renderPreview(c: AdminContext, group: CmsGroup, draft: CmsDraft, locale: 'en' | 'de'): Promise<Response> {
  const timing = new ServerTiming()
  const base = createServerApi({ env: c.env, waitUntil: (p) => c.executionCtx.waitUntil(p), locale, currency: DEFAULT_CURRENCY, country: DEFAULT_COUNTRY, session: new SessionState(null, null), timing })
  const page = await draftPage(base, group, draft, locale)
  const api: StorefrontApi = { ...base, getCMSPage: async (slug) => (slug.trim().toLowerCase() === group.slug ? page : base.getCMSPage(slug)) }
  const url = new URL(storefrontPath(group, locale), c.req.url)
  const request = new Request(url, { headers: { accept: 'text/html' } })
  const info = { locale, currency: DEFAULT_CURRENCY, country: DEFAULT_COUNTRY, version: APP_VERSION, origin: url.origin, thirdParty: {}, store: await readStoreSettings(c.env.DB) }
  const rendered = await renderPage({ request, api, info, nonce: 'preview', onError: (error) => console.error('preview render error', error) })
  const banner = `<p role="status" style="position:sticky;top:0;z-index:100;margin:0;padding:8px 16px;background:#111;color:#fff;font:600 14px/1.4 system-ui,sans-serif">Preview of unsaved changes (${locale === 'de' ? 'German' : 'English'}): shoppers do not see this. Close the tab to go back to the editor.</p>`
  const html = new HTMLRewriter()
    .on('script', { element: (el) => void el.remove() })
    .on('link[rel="modulepreload"]', { element: (el) => void el.remove() })
    // the page's bootstrap (removed with the scripts) would add the body font: the editor sees the shoppers' face
    .on('head', { element: (el) => void el.append(`<link rel="stylesheet" href="${bodyFont().stylesheet}">`, { html: true }) })
    .on('body', { element: (el) => void el.prepend(banner, { html: true }) })
    .transform(new Response(rendered.body, { status: rendered.status, headers: { 'content-type': 'text/html; charset=utf-8' } }))
  return new Response(html.body, { status: rendered.status, headers: { 'content-type': 'text/html; charset=utf-8', ...PRIVATE_HEADERS } })
}

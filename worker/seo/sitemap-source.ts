import type { Locale } from '#kernel/models.ts'
import type { Env } from '#worker/env.ts'
import { createTransport } from '#worker/commerce/transport.ts'
import { categoryPaths, cmsPageSlugs, countListedProducts, listedProducts, type SitemapEntry } from '#worker/backend/catalogue/sitemap-data.ts'

/**
 * Where the sitemap's URLs come from. Embedded: straight from D1 (one indexed scan). Remote Spree (COMMERCE_URL):
 * through its Storefront API, 100 products a request, so a file holds fewer URLs (a Worker may make a limited number
 * of subrequests per request: 5,000 URLs is 50 product pages plus the taxon and CMS pages).
 */
export interface SitemapSource {
  /** URLs per file for this source (the protocol allows 50,000). */
  perFile: number
  categories(): Promise<SitemapEntry[]>
  cmsPages(locale: Locale): Promise<Array<{ slug: string; lastmod: string | null }>>
  countProducts(): Promise<number>
  /** Listed products `offset`…`offset + limit` in a stable order, as their canonical paths. */
  products(offset: number, limit: number): Promise<SitemapEntry[]>
}

export const URLS_PER_SITEMAP = 50_000
export const URLS_PER_REMOTE_SITEMAP = 5_000
/** Spree's largest page size. */
const PAGE = 100

function embeddedSource(db: D1Database, now: string): SitemapSource {
  return {
    perFile: URLS_PER_SITEMAP,
    categories: () => categoryPaths(db),
    cmsPages: (locale) => cmsPageSlugs(db, locale),
    countProducts: () => countListedProducts(db, now),
    products: (offset, limit) => listedProducts(db, now, offset, limit),
  }
}

interface ListDoc {
  data: Array<{ attributes: Record<string, unknown> }>
  meta?: { total_count?: number; total_pages?: number }
}

function remoteSource(env: Env): SitemapSource {
  const transport = createTransport(env, () => {})
  const list = async (path: string, query: Record<string, string | number>): Promise<ListDoc> => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
    const response = await transport.fetch(`/api/v2/storefront${path}?${search}`, { headers: { accept: 'application/vnd.api+json' } })
    if (!response.ok) throw new Error(`sitemap: ${path} answered ${response.status}`)
    return (await response.json()) as ListDoc
  }
  /** Every page of a small list (taxons, CMS pages). */
  const all = async (path: string, query: Record<string, string | number>) => {
    const first = await list(path, { ...query, per_page: PAGE, page: 1 })
    const rest = await Promise.all(Array.from({ length: Math.max(0, (first.meta?.total_pages ?? 1) - 1) }, (_, i) => list(path, { ...query, per_page: PAGE, page: i + 2 })))
    return [first, ...rest].flatMap((doc) => doc.data)
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  const productQuery = { 'fields[product]': 'slug,updated_at', sort: 'created_at', facets: 'false' }
  return {
    perFile: URLS_PER_REMOTE_SITEMAP,
    categories: async () => (await all('/taxons', {})).map((t) => ({ path: `/t/${String(t.attributes.permalink)}`, lastmod: text(t.attributes.updated_at) })),
    cmsPages: async (locale) =>
      (await all('/cms_pages', { locale }))
        .filter((p) => !/homepage/i.test(String(p.attributes.type ?? '')))
        .map((p) => ({ slug: String(p.attributes.slug), lastmod: text(p.attributes.updated_at) })),
    countProducts: async () => (await list('/products', { ...productQuery, per_page: 1, page: 1 })).meta?.total_count ?? 0,
    products: async (offset, limit) => {
      const firstPage = Math.floor(offset / PAGE) + 1
      const lastPage = Math.floor((offset + limit - 1) / PAGE) + 1
      const docs = await Promise.all(Array.from({ length: lastPage - firstPage + 1 }, (_, i) => list('/products', { ...productQuery, per_page: PAGE, page: firstPage + i })))
      const rows = docs.flatMap((doc) => doc.data)
      const skip = offset - (firstPage - 1) * PAGE
      return rows.slice(skip, skip + limit).map((p) => ({ path: `/products/${String(p.attributes.slug)}`, lastmod: text(p.attributes.updated_at) }))
    },
  }
}

export function sitemapSource(env: Env, now: string): SitemapSource {
  return env.COMMERCE_URL ? remoteSource(env) : embeddedSource(env.DB, now)
}

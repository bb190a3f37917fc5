import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import * as z from 'zod'
import { ORIGIN, get, html } from './helpers.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { backend } from '#worker/backend/index.ts'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { SAMPLE_STORE } from '#kv-seed/countries.mjs'

/** The sample shop's name (the seed's settings): titles and structured data carry it. */
const STORE_NAME = SAMPLE_STORE.name

/** The head of a page as a crawler reads it: tags by name/property/rel, and every JSON-LD block parsed. */
async function head(path: string, headers: Record<string, string> = {}, status = 200) {
  const response = await get(path, headers)
  expect(response.status, path).toBe(status)
  const meta: Array<Record<string, string>> = []
  const links: Array<Record<string, string>> = []
  const titles: string[] = []
  const jsonLd: string[] = []
  let inLd = false
  let inTitle = false
  await new HTMLRewriter()
    .on('meta', { element: (el) => void meta.push(Object.fromEntries(Array.from(el.attributes as unknown as Iterable<[string, string]>))) })
    .on('link', { element: (el) => void links.push(Object.fromEntries(Array.from(el.attributes as unknown as Iterable<[string, string]>))) })
    .on('title', {
      element: (el) => {
        inTitle = true
        titles.push('')
        el.onEndTag(() => void (inTitle = false))
      },
      text: (t) => void (inTitle && (titles[titles.length - 1] += t.text)),
    })
    .on('script[type="application/ld+json"]', {
      element: (el) => {
        inLd = true
        jsonLd.push('')
        el.onEndTag(() => void (inLd = false))
      },
      text: (t) => void (inLd && (jsonLd[jsonLd.length - 1] += t.text)),
    })
    .transform(new Response(await html(response)))
    .text()
  const metaContent = (key: string) => meta.filter((m) => m.name === key || m.property === key).map((m) => m.content)
  return {
    titles,
    meta: metaContent,
    canonical: links.filter((l) => l.rel === 'canonical').map((l) => l.href),
    hreflang: Object.fromEntries(links.filter((l) => l.rel === 'alternate' && l.hreflang).map((l) => [l.hreflang, l.href])),
    jsonLd: jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>),
  }
}

const absolute = z.string().regex(/^https:\/\/store\.test\//)
const BreadcrumbSchema = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z.array(z.object({ '@type': z.literal('ListItem'), position: z.number().int().positive(), name: z.string().min(1), item: absolute })).min(2),
})
const ProductSchema = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  description: z.string().min(1),
  url: absolute,
  sku: z.string().min(1),
  image: z.array(absolute).min(1),
  offers: z.object({
    '@type': z.literal('Offer'),
    url: absolute,
    price: z.string().regex(/^\d+\.\d{2}$/),
    priceCurrency: z.enum(['AUD', 'USD']),
    availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock', 'https://schema.org/BackOrder', 'https://schema.org/Discontinued']),
    itemCondition: z.literal('https://schema.org/NewCondition'),
  }),
})
const OrganizationSchema = z.object({ '@type': z.literal('Organization'), name: z.literal(STORE_NAME), url: absolute, logo: absolute })
const WebSiteSchema = z.object({
  '@type': z.literal('WebSite'),
  name: z.literal(STORE_NAME),
  url: absolute,
  potentialAction: z.object({
    '@type': z.literal('SearchAction'),
    target: z.object({ '@type': z.literal('EntryPoint'), urlTemplate: z.string().regex(/^https:\/\/store\.test\/.*\{search_term_string\}/) }),
    'query-input': z.literal('required name=search_term_string'),
  }),
})
const ofType = (ld: Array<Record<string, unknown>>, type: string) => ld.filter((d) => d['@type'] === type)

let product: { slug: string; name: string }
let permalink: string
beforeAll(async () => {
  // enough products for a category with a second page of 12
  await seedCatalogue(120)
  const row = await env.DB.prepare(
    "SELECT slug, name FROM products WHERE deleted_at IS NULL AND kind = 'standard' AND discontinue_on IS NULL ORDER BY id LIMIT 1",
  ).first<{ slug: string; name: string }>()
  product = row!
  permalink = (await env.DB.prepare("SELECT permalink FROM taxons WHERE depth = 0 ORDER BY id LIMIT 1").first<{ permalink: string }>())!.permalink
})

describe('product page head', () => {
  it('has the title, description, canonical, hreflang, sharing tags and valid Product and BreadcrumbList JSON-LD', async () => {
    const page = await head(`/products/${product.slug}?utm_source=mail&variant=3`)
    expect(page.titles).toHaveLength(1)
    expect(page.titles[0]).toContain(product.name)
    expect(page.titles[0]).toContain(STORE_NAME)
    expect(page.meta('description')).toHaveLength(1)
    expect(page.meta('description')[0]!.length).toBeGreaterThan(20)
    expect(page.canonical).toEqual([`${ORIGIN}/products/${product.slug}`])
    expect(page.hreflang).toEqual({ en: `${ORIGIN}/products/${product.slug}`, de: `${ORIGIN}/de/products/${product.slug}`, 'x-default': `${ORIGIN}/products/${product.slug}` })
    expect(page.meta('og:type')).toEqual(['product'])
    expect(page.meta('og:url')).toEqual(page.canonical)
    expect(page.meta('og:image')[0]).toMatch(/^https:\/\/store\.test\/images\//)
    expect(page.meta('twitter:card')).toEqual(['summary_large_image'])
    expect(page.meta('twitter:image')).toEqual(page.meta('og:image'))

    const [ld] = ofType(page.jsonLd, 'Product')
    const parsed = ProductSchema.parse(ld)
    expect(parsed.name).toBe(product.name)
    expect(parsed.offers.priceCurrency).toBe('AUD')
    const crumbs = BreadcrumbSchema.parse(ofType(page.jsonLd, 'BreadcrumbList')[0])
    expect(crumbs.itemListElement.map((i) => i.position)).toEqual(crumbs.itemListElement.map((_, i) => i + 1))
    expect(crumbs.itemListElement.at(-1)!.item).toBe(`${ORIGIN}/products/${product.slug}`)
  })

  it('offers the product in the shopper’s currency, in German under /de', async () => {
    const aud = ProductSchema.parse(ofType((await head(`/products/${product.slug}`)).jsonLd, 'Product')[0])
    const page = await head(`/de/products/${product.slug}`, { cookie: 'currency=USD' })
    const usd = ProductSchema.parse(ofType(page.jsonLd, 'Product')[0])
    expect(usd.offers.priceCurrency).toBe('USD')
    expect(usd.offers.price).not.toBe(aud.offers.price)
    expect(usd.url).toBe(`${ORIGIN}/de/products/${product.slug}`)
    expect(page.canonical).toEqual([`${ORIGIN}/de/products/${product.slug}`])
    expect(page.meta('og:locale')).toEqual(['de_DE'])
  })
})

describe('other pages', () => {
  it('home: Organization and WebSite with a SearchAction', async () => {
    const page = await head('/?gclid=abc')
    expect(page.canonical).toEqual([`${ORIGIN}/`])
    OrganizationSchema.parse(ofType(page.jsonLd, 'Organization')[0])
    const site = WebSiteSchema.parse(ofType(page.jsonLd, 'WebSite')[0])
    expect(site.potentialAction.target.urlTemplate).toBe(`${ORIGIN}/Category?term={search_term_string}`)
    const de = WebSiteSchema.parse(ofType((await head('/de')).jsonLd, 'WebSite')[0])
    expect(de.potentialAction.target.urlTemplate).toBe(`${ORIGIN}/de/Category?term={search_term_string}`)
    expect((await head('/Home')).canonical).toEqual([`${ORIGIN}/`])
  })

  it('category: canonical without sort, view, filters, tracking or page 1; later pages keep their number', async () => {
    const first = await head(`/t/${permalink}?sort=name&itemsPerPage=12&utm_campaign=x&page=1`)
    expect(first.canonical).toEqual([`${ORIGIN}/t/${permalink}`])
    BreadcrumbSchema.parse(ofType(first.jsonLd, 'BreadcrumbList')[0])
    // a category long enough for a second page of 12 (a page past the last is not found)
    const { results } = await env.DB.prepare('SELECT permalink FROM taxons WHERE depth = 0 ORDER BY id').all<{ permalink: string }>()
    let long = ''
    for (const { permalink: candidate } of results) {
      if ((await html(await get(`/t/${candidate}?itemsPerPage=12`))).includes('page=2')) {
        long = candidate
        break
      }
    }
    const second = await head(`/t/${long}?page=2&itemsPerPage=12`)
    expect(second.canonical).toEqual([`${ORIGIN}/t/${long}?page=2`])
    expect(second.hreflang.de).toBe(`${ORIGIN}/de/t/${long}?page=2`)
  })

  it('a CMS page has one canonical spelling, its description from the CMS', async () => {
    const page = await head('/aboutus')
    expect(page.canonical).toEqual([`${ORIGIN}/AboutUs`])
    expect(page.titles[0]).toBe(`About us | ${STORE_NAME}`)
    expect(page.meta('description')[0]).toContain('Basecamp Outfitters has equipped')
    expect((await head('/about-us')).canonical).toEqual([`${ORIGIN}/AboutUs`])
  })

  it('search results, checkout and password reset are noindex without a canonical', async () => {
    // (the thank-you page without an order is the 404 of spec §8, still noindex)
    for (const [path, status] of [['/Category?term=jacket', 200], ['/checkout/thank-you', 404], ['/reset-password?token=abc', 200]] as const) {
      const page = await head(path, {}, status)
      expect(page.meta('robots'), path).toEqual(['noindex, follow'])
      expect(page.canonical, path).toEqual([])
    }
  })
})

/** Link texts search engines call undescriptive (Lighthouse's link-text list, en and de). */
const GENERIC_LINK_TEXT = new Set(['read more', 'more', 'learn more', 'click here', 'here', 'see more', 'more info', 'weiterlesen', 'mehr', 'mehr erfahren', 'hier klicken', 'hier'])
const linkTexts = (body: string) =>
  [...body.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map(([, inner]) => inner!.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim())

describe('what crawlers and phones fetch', () => {
  it('every link of home, a category and a product says where it leads (a generic button text gets its section title)', async () => {
    const home = linkTexts(await html(await get('/')))
    expect(home.some((text) => /^Read more\b.+/.test(text))).toBe(true)
    for (const path of ['/', '/de', `/t/${permalink}`, `/products/${product.slug}`]) {
      const texts = path === '/' ? home : linkTexts(await html(await get(path)))
      expect(texts.filter((text) => GENERIC_LINK_TEXT.has(text.toLowerCase().replace(/[.…]+$/, ''))), path).toEqual([])
    }
  })

  it('the product gallery shows a drawing as its one file, with no srcset naming that file twice', async () => {
    // The seed's pictures are SVG drawings: one file serves the desktop and large styles, so there is nothing to pick
    // between (an uploaded photo has a file per style and a srcset: admin-product-images.test.ts).
    const body = await html(await get(`/products/${product.slug}`))
    const images: Array<Record<string, string>> = []
    await new HTMLRewriter()
      .on('[data-testid=gallery-track] img', { element: (el) => void images.push(Object.fromEntries(Array.from(el.attributes as unknown as Iterable<[string, string]>))) })
      .transform(new Response(body))
      .text()
    expect(images.length).toBeGreaterThan(0)
    for (const image of images) {
      expect(image.src).toMatch(/\.svg$/)
      expect(image.srcset).toBeUndefined()
      expect(image.sizes).toBeUndefined()
    }
  })
})

describe('robots.txt and the sitemap', () => {
  it('robots keeps crawlers out of checkout, account, password reset and the APIs and names the sitemap', async () => {
    const response = await get('/robots.txt')
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toBeNull()
    const lines = (await response.text()).split('\n')
    expect(lines[0]).toBe('User-agent: *')
    for (const path of ['/checkout', '/Checkout', '/de/checkout', '/MyAccount', '/my-account', '/de/my-account', '/api/', '/spree_oauth/', '/reset-password']) {
      expect(lines).toContain(`Disallow: ${path}`)
    }
    expect(lines).not.toContain('Disallow: /')
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })

  it('the index points at one sitemap per locale, which list every product, category and CMS page with absolute URLs', async () => {
    const index = await get('/sitemap.xml')
    expect(index.headers.get('content-type')).toContain('application/xml')
    const indexXml = await index.text()
    const parts = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    expect(parts).toEqual([`${ORIGIN}/sitemaps/en-1.xml`, `${ORIGIN}/sitemaps/de-1.xml`])
    expect(indexXml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)

    const products = (await env.DB.prepare("SELECT slug FROM products WHERE deleted_at IS NULL AND available_on <= datetime('now') AND (discontinue_on IS NULL OR discontinue_on > datetime('now'))").all<{ slug: string }>()).results
    const taxons = (await env.DB.prepare('SELECT permalink FROM taxons').all<{ permalink: string }>()).results
    for (const [locale, prefix] of [['en', ''], ['de', '/de']] as const) {
      const xml = await (await get(`/sitemaps/${locale}-1.xml`)).text()
      // Well-formed: every url element closed, every & escaped, one root.
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true)
      expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
      expect(xml.match(/<url>/g)!.length).toBe(xml.match(/<\/url>/g)!.length)
      expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/)
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
      expect(locs.every((loc) => loc.startsWith(`${ORIGIN}${prefix}/`) || loc === `${ORIGIN}${prefix}`)).toBe(true)
      expect(new Set(locs).size).toBe(locs.length)
      for (const p of products) expect(locs).toContain(`${ORIGIN}${prefix}/products/${p.slug}`)
      for (const t of taxons) expect(locs).toContain(`${ORIGIN}${prefix}/t/${t.permalink}`)
      expect(locs).toContain(`${ORIGIN}${prefix}/AboutUs`)
      expect(locs).toContain(`${ORIGIN}${prefix}/GuideJamboree2023`)
      expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${ORIGIN}/de/products/${products[0]!.slug}"/>`)
    }
    expect((await get('/sitemaps/en-2.xml')).status).toBe(404)
    expect((await get('/sitemaps/fr-1.xml')).status).toBe(404)
  })

  describe('against a remote Spree (COMMERCE_URL)', () => {
    const SPREE = 'https://spree.test'
    afterEach(() => void vi.restoreAllMocks())
    const locsOf = async (path: string, remote: boolean) => {
      const ctx = createExecutionContext()
      const response = remote ? await worker.fetch(new Request(ORIGIN + path), { ...(env as unknown as Env), COMMERCE_URL: SPREE }, ctx) : await get(path)
      expect(response.status, path).toBe(200)
      return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    }

    it('builds the same sitemaps from the Storefront API (the "remote" is the embedded backend behind a fetch spy)', async () => {
      const asked: string[] = []
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const url = new URL(new Request(input as RequestInfo, init).url)
        if (url.origin !== SPREE) throw new Error(`unexpected outbound fetch to ${url.origin}`)
        asked.push(url.pathname)
        return backend.fetch(new Request(ORIGIN + url.pathname + url.search, init), env as unknown as Env, createExecutionContext())
      })
      expect(await locsOf('/sitemap.xml', true)).toEqual([`${ORIGIN}/sitemaps/en-1.xml`, `${ORIGIN}/sitemaps/de-1.xml`])
      for (const locale of ['en', 'de']) expect((await locsOf(`/sitemaps/${locale}-1.xml`, true)).sort()).toEqual((await locsOf(`/sitemaps/${locale}-1.xml`, false)).sort())
      expect(new Set(asked)).toEqual(new Set(['/api/v2/storefront/products', '/api/v2/storefront/taxons', '/api/v2/storefront/cms_pages']))
    })
  })
})

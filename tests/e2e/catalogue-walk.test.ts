/// <reference types="node" />
// Issue 8 "Done when": every sample product is found by a name search in English and in German and is reachable from
// the navigation in at most 3 clicks; no page shows markup as text. The full set is walked over HTTP (the search the
// overlay calls, and a breadth-first walk from the home page's links through the listings). Not yet here: the same
// with JavaScript off for a sample of 20 in Chromium (see the issue 8 report).
import { beforeAll, describe, expect, test } from 'vitest'
import { ITEMS_PER_PAGE_DEFAULT } from '#web/config.ts'
import { baseUrl } from './browser.ts'

type Locale = 'en' | 'de'
interface Listed {
  slug: string
  en: string
  de: string
}

const get = async (path: string, locale: Locale = 'en') => {
  const response = await fetch(baseUrl() + path, { headers: { accept: 'text/html,application/json', cookie: `locale=${locale}` }, redirect: 'manual' })
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
  return response
}
const json = async <T>(path: string, locale: Locale = 'en') => (await (await get(path, locale)).json()) as T

/** Runs `work` over `items`, a few at a time (one workerd, two cores). */
async function pool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await work(items[i]!)
      }
    }),
  )
  return out
}

/** The product a store path shows (`/products/{slug}`, `/p/{id}/{slug}`, either under /de), or null. */
const productSlug = (path: string) => /^(?:\/de)?\/(?:products|p\/\d+)\/([^/?#]+)/.exec(path)?.[1] ?? null

/** Paths a shopper's click can lead to and the crawl follows: the store's own pages, not files, APIs or personal pages. */
const SKIP = /^\/(?:de\/)?(?:api|assets|checkout|cart|my-account|MyAccount|Login|reset-password|ResetPassword|admin|LatestVersion|offline)(?:[/?#]|$)|\.(?:xml|txt|json|webmanifest|svg|png|jpe?g|webp|avif|ico|woff2?|css|js)(?:\?|$)/i

/**
 * The links of a page: `href` as written (entities decoded) and `key`, the path a click opens with the fragment and
 * the grid/list `view` switch folded away (the same products in other clothes), which the walk visits once.
 */
function linksOf(html: string, from: string): Array<{ href: string; key: string }> {
  const out = new Map<string, string>()
  for (const [, raw] of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const href = raw!.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"')
    if (!href || href.startsWith('#') || /^(?:mailto|tel|javascript):/i.test(href)) continue
    const url = new URL(href, baseUrl() + from)
    if (url.origin !== baseUrl()) continue
    if (url.searchParams.has('view')) url.searchParams.delete('view')
    const key = url.pathname + url.search
    if (!SKIP.test(key) && !out.has(key)) out.set(key, href)
  }
  return [...out].map(([key, href]) => ({ key, href }))
}

/** Markup printed as text: an escaped tag in the HTML (`&lt;h2&gt;`), which the page would show as '<h2>'. */
const ESCAPED_TAG = /&lt;\/?(?:p|h[1-6]|div|span|a|strong|em|b|i|u|ul|ol|li|br|hr|img|table|tr|td|th|blockquote|figure|section|article)(?:\s|\/|&gt;)/i

/** One click of a walk: the link as the page writes it, and where it leads. */
interface Click {
  href: string
  key: string
}

interface Crawl {
  /** Each product slug reached, with the clicks from home that reach it. */
  reached: Map<string, Click[]>
  /** The pages the home page links to (its menu, tiles, carousels and footer). */
  fromHome: Click[]
}

interface Listing {
  data: Array<{ link: string }>
  meta: { totalPages: number }
}

/**
 * A breadth-first walk of at most 3 clicks from the home page. Click 1 is a link of the home page as served (menu,
 * tiles, carousels, footer). A category's listing is read as the JSON its page renders from (the BFF answer the
 * hydrated page fetches, at the page's default size): its products are click 2, and the products of the pages its
 * pagination links from page 1 (the next and the last) are click 3. Rendering ~40 listing pages would take minutes on
 * a loaded machine; the journeys (tests/e2e/journeys.test.ts) click the real links, with and without JavaScript.
 */
async function crawl(): Promise<Crawl> {
  const reached = new Map<string, Click[]>()
  const reach = (link: string, route: Click[]) => {
    const slug = productSlug(link)
    if (slug && !reached.has(slug)) reached.set(slug, route)
  }
  const fromHome = linksOf(await (await get('/')).text(), '/')
  for (const click of fromHome) reach(click.key, [click])
  const categories = fromHome.filter((click) => /^\/t\/[^?]+$/.test(click.key))
  await pool(categories, 4, async (category) => {
    const permalink = category.key.slice('/t/'.length)
    const { id } = await json<{ id: string }>(`/api/categories?slug=${encodeURIComponent(permalink)}`)
    const listing = (page: number) => json<Listing>(`/api/products?categoryId=${id}&itemsPerPage=${ITEMS_PER_PAGE_DEFAULT}&page=${page}`)
    const first = await listing(1)
    for (const product of first.data) reach(product.link, [category, { href: product.link, key: product.link }])
    for (const page of new Set([2, first.meta.totalPages].filter((n) => n > 1))) {
      const pageLink = { href: `${category.key}?page=${page}`, key: `${category.key}?page=${page}` }
      for (const product of (await listing(page)).data) reach(product.link, [category, pageLink, { href: product.link, key: product.link }])
    }
  })
  return { reached, fromHome }
}

let products: Listed[] = []
beforeAll(async () => {
  const all = async (locale: Locale) => {
    const rows: Array<{ id: string; attributes: { slug: string; name: string } }> = []
    for (let page = 1; ; page++) {
      const doc = await json<{ data: typeof rows; meta: { total_pages: number } }>(`/api/v2/storefront/products?per_page=100&page=${page}&locale=${locale}`)
      rows.push(...doc.data)
      if (page >= doc.meta.total_pages) return rows
    }
  }
  const [en, de] = await Promise.all([all('en'), all('de')])
  const german = new Map(de.map((p) => [p.id, p.attributes.name]))
  products = en.map((p) => ({ slug: p.attributes.slug, en: p.attributes.name, de: german.get(p.id)! }))
}, 120_000)


describe('every sample product', () => {
  test('is found by its name in English and in German', { timeout: 180_000 }, async () => {
    expect(products.length).toBeGreaterThan(300)
    const missing: string[] = []
    const jobs = products.flatMap((p) => (['en', 'de'] as const).map((locale) => ({ p, locale })))
    await pool(jobs, 4, async ({ p, locale }) => {
      const result = await json<{ products: Array<{ link: string }> }>(`/api/search?term=${encodeURIComponent(p[locale])}`, locale)
      if (!result.products.some((found) => found.link === `/products/${p.slug}`)) missing.push(`${locale}: '${p[locale]}'`)
    })
    expect(missing).toEqual([])
  })

  test('is reachable from the home page in at most 3 clicks, in English and in German; content shows no markup as text', { timeout: 120_000 }, async () => {
    const result = await crawl()
    expect(products.filter((p) => !result.reached.has(p.slug)).map((p) => p.slug)).toEqual([])
    // The German store lists the same products under the same category paths (one catalogue, translated): its home
    // page links each first click of the English walk under /de, so the same clicks reach every product in German.
    const german = new Set(linksOf(await (await get('/de', 'de')).text(), '/de').map((link) => link.key))
    const firstClicks = new Set([...result.reached.values()].map((clicks) => clicks[0]!.key))
    expect([...firstClicks].filter((path) => !german.has(`/de${path}`))).toEqual([])
    // the content pages of the menu and footer (where CMS rich text lives)
    const content = result.fromHome.map((click) => click.key).filter((path) => productSlug(path) === null && !/^\/t\//.test(path) && path !== '/')
    const markup: string[] = []
    await pool(content, 2, async (path) => {
      const shown = ESCAPED_TAG.exec(await (await get(path)).text())
      if (shown) markup.push(`${path}: ${shown[0]}`)
    })
    expect(markup).toEqual([])
  })
})

/// <reference types="node" />
// Issue 8 "Done when": every sample product is found by a name search in English and in German and is reachable from
// the navigation in at most 3 clicks; the same with JavaScript off for a sample of 20; no page shows markup as text.
// The full set is walked over HTTP (the search the overlay calls, and a breadth-first walk from the home page's links
// through the listings); the sample follows the links of the rendered pages to product pages Chromium shows without
// JavaScript, half of them in German.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ITEMS_PER_PAGE_DEFAULT } from '#kernel/config.ts'
import { baseUrl, DESKTOP, launchBrowser } from './browser.ts'

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
  /** Each category the home page links to: the listing pages the walk read (page 1 first), with their products. */
  listings: Map<string, Array<{ page: Click | null; products: string[] }>>
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
  const listings: Crawl['listings'] = new Map()
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
    const read: Array<{ page: Click | null; products: string[] }> = [{ page: null, products: first.data.map((product) => product.link) }]
    for (const product of first.data) reach(product.link, [category, { href: product.link, key: product.link }])
    for (const page of new Set([2, first.meta.totalPages].filter((n) => n > 1 && n <= first.meta.totalPages))) {
      const pageLink = { href: `${category.key}?page=${page}`, key: `${category.key}?page=${page}` }
      const { data } = await listing(page)
      read.push({ page: pageLink, products: data.map((product) => product.link) })
      for (const product of data) reach(product.link, [category, pageLink, { href: product.link, key: product.link }])
    }
    listings.set(category.key, read)
  })
  return { reached, fromHome, listings }
}

/** One walk per run: the reachability test and the browser sample share it. */
let crawling: Promise<Crawl> | undefined
const crawled = () => (crawling ??= crawl())

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
    const result = await crawled()
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

/** A product of the sample and the clicks from home that reach it (category, maybe a pagination page, product). */
interface Pick {
  product: Listed
  locale: Locale
  clicks: Click[]
}

/**
 * Twenty products spread over the menu: ten of the categories the home page links to, evenly apart in path order,
 * walked alternately in English and German; from each the middle product of its first page (2 clicks) and of the
 * last listing page its pagination links (3 clicks). Gift cards are left out (the shopper chooses their price).
 */
function sampleOf(result: Crawl): Pick[] {
  const bySlug = new Map(products.map((p) => [p.slug, p]))
  const categories = [...result.listings.keys()].filter((key) => !key.includes('gift-card')).sort()
  const chosen = new Set<string>()
  const picks: Pick[] = []
  for (let i = 0; i < 10; i++) {
    const category = categories[Math.floor((i * categories.length) / 10)]!
    const pages = result.listings.get(category)!
    const categoryClick = result.fromHome.find((click) => click.key === category)!
    for (const { page, products: links } of [pages[0]!, pages.at(-1)!]) {
      const link = [...links.slice(links.length >> 1), ...links].find((l) => !chosen.has(productSlug(l)!) && bySlug.has(productSlug(l)!))
      if (!link) continue
      chosen.add(productSlug(link)!)
      const clicks = [categoryClick, ...(page ? [page] : []), { href: link, key: link }]
      picks.push({ product: bySlug.get(productSlug(link)!)!, locale: i % 2 === 0 ? 'en' : 'de', clicks })
    }
  }
  return picks
}

/** Markup shown as text: a tag in what the page reads out. */
const shownMarkup = (page: Page) => page.evaluate(() => /<\/?[a-z][a-z0-9]*(?:\s[^>]*)?>/i.exec(document.body.innerText)?.[0] ?? null)

describe('without JavaScript, a sample of 20', () => {
  let browser: Browser
  let context: BrowserContext
  beforeAll(async () => {
    browser = await launchBrowser()
    context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP, javaScriptEnabled: false, locale: 'en-AU' })
    // what a shopper reads, not the pictures: images and fonts stay away from the two busy cores
    await context.route('**/*', (route) => (['image', 'font', 'media'].includes(route.request().resourceType()) ? route.abort() : route.continue()))
  })
  afterAll(async () => {
    await browser?.close()
  })

  test('each is reached from home by the links of the served pages in at most 3 clicks, and its page shows its name and price (10 in English, 10 in German)', { timeout: 180_000 }, async () => {
    const sample = sampleOf(await crawled())
    expect(sample.length).toBe(20)
    expect(sample.filter((pick) => pick.locale === 'de').length).toBe(10)
    expect(sample.filter((pick) => pick.clicks.length === 3).length, 'products behind a pagination link').toBeGreaterThan(0)

    const localised = (path: string, locale: Locale) => (locale === 'en' ? path : path === '/' ? '/de' : `/de${path}`)
    // the HTML a browser without JavaScript is served: each page fetched once, a few at a time
    const served = new Map<string, Promise<string>>()
    const html = (path: string) => {
      if (!served.has(path)) {
        served.set(
          path,
          context.request.get(path, { headers: { accept: 'text/html' }, timeout: 60_000 }).then(async (response) => {
            if (response.status() !== 200) throw new Error(`${path}: ${response.status()}`)
            return response.text()
          }),
        )
      }
      return served.get(path)!
    }
    const pagesOnTheWay = [...new Set(sample.flatMap(({ clicks, locale }) => ['/', ...clicks.slice(0, -1).map((c) => c.key)].map((key) => localised(key, locale))))]
    await pool(pagesOnTheWay, 3, html)

    const problems: string[] = []
    const targets: Array<{ pick: Pick; path: string }> = []
    for (const pick of sample) {
      let at = localised('/', pick.locale)
      for (const [index, click] of pick.clicks.entries()) {
        const page = await html(at)
        const markup = ESCAPED_TAG.exec(page)
        if (markup) problems.push(`${at} shows '${markup[0]}'`)
        const links = linksOf(page, at)
        // a click opens the link's own address: the pages on the way must link the next one as written
        const next = index === pick.clicks.length - 1 ? links.find((l) => productSlug(l.key) === pick.product.slug) : links.find((l) => l.key === localised(click.key, pick.locale))
        if (!next) {
          problems.push(`${at} has no link to ${localised(click.key, pick.locale)}`)
          break
        }
        at = next.key
      }
      if (productSlug(at) === pick.product.slug) targets.push({ pick, path: at })
    }

    const tabs = await Promise.all([context.newPage(), context.newPage()])
    for (const tab of tabs) {
      tab.setDefaultTimeout(30_000)
      tab.setDefaultNavigationTimeout(60_000)
    }
    const free = [...tabs]
    await pool(targets, tabs.length, async ({ pick, path }) => {
      const tab = free.pop()!
      try {
        const response = await tab.goto(path, { waitUntil: 'domcontentloaded' })
        if (response?.status() !== 200) return void problems.push(`${path}: ${response?.status()}`)
        const name = pick.product[pick.locale]
        const heading = (await tab.locator('h1').first().innerText()).trim()
        if (heading !== name) problems.push(`${path} is headed '${heading}', not '${name}'`)
        const price = tab.getByTestId('price-now').first()
        if (!(await price.isVisible()) || !/\d/.test(await price.innerText())) problems.push(`${path} shows no price`)
        const markup = await shownMarkup(tab)
        if (markup) problems.push(`${path} shows '${markup}'`)
      } finally {
        free.push(tab)
      }
    })
    expect(problems).toEqual([])
    expect(targets.length).toBe(20)
  })
})

/// <reference types="node" />
// Issue 8 "Done when": every sample product is found by a name search in English and in German, and is reachable from
// the navigation in at most 3 clicks. Walked over HTTP (the server-rendered HTML a crawler or a no-JS browser gets, and
// the search the overlay calls), which is fast; then a sample of 20 the same way in Chromium with JavaScript off.
// No CMS page and no product page shows markup as text ('<h2>…' printed instead of a heading).
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cmsPagePath } from '#web/routes/static-pages.ts'
import { baseUrl, launchBrowser } from './browser.ts'

interface Listed {
  slug: string
  en: string
  de: string
}

const get = async (path: string, locale: 'en' | 'de' = 'en') => {
  const response = await fetch(baseUrl() + path, { headers: { accept: 'text/html,application/json', cookie: `locale=${locale}` }, redirect: 'manual' })
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
  return response
}
const json = async <T>(path: string, locale: 'en' | 'de' = 'en') => (await (await get(path, locale)).json()) as T

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

/** Markup printed as text shows in the HTML source as escaped tags in visible text (scripts and JSON-LD aside). */
function markupAsText(html: string) {
  const visible = html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<style\b[\s\S]*?<\/style>/g, '')
  return visible.match(/&lt;\/?(?:p|h[1-6]|div|span|strong|em|b|i|ul|ol|li|a|br|img|table|tr|td)\b[^&]{0,40}/gi) ?? []
}

const links = (html: string) => [...html.matchAll(/href="(\/[^"#]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((href) => !href.startsWith('/assets/'))
const productSlug = (href: string) => /^\/(?:products|p\/\d+)\/([^/?]+)$/.exec(href)?.[1]

let products: Listed[] = []
/** How many clicks from home each product needs, and through which pages (for the no-JS replay). */
const reached = new Map<string, { clicks: number; via: string[] }>()

beforeAll(async () => {
  const all = async (locale: 'en' | 'de') => {
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

  test('is reachable from the navigation in at most 3 clicks, and no page on the way shows markup as text', { timeout: 300_000 }, async () => {
    const seen = new Set<string>(['/'])
    const shown: string[] = []
    let frontier = [{ path: '/', via: [] as string[] }]
    for (let clicks = 1; clicks <= 3 && frontier.length > 0; clicks++) {
      const next: typeof frontier = []
      await pool(frontier, 2, async ({ path, via }) => {
        const html = await (await get(path)).text()
        shown.push(...markupAsText(html).map((text) => `${path}: ${text}`))
        for (const href of links(html)) {
          const slug = productSlug(href)
          if (slug) {
            if (!reached.has(slug)) reached.set(slug, { clicks, via: [...via, href] })
            continue
          }
          // Follow categories and their pages (not sort/filter/view variants of them): what a shopper clicks through.
          const url = new URL(href, 'http://x')
          const onlyPage = [...url.searchParams.keys()].every((key) => key === 'page')
          if (!url.pathname.startsWith('/t/') || !onlyPage || seen.has(href)) continue
          seen.add(href)
          next.push({ path: href, via: [...via, href] })
        }
      })
      frontier = next
    }
    const far = products.filter((p) => (reached.get(p.slug)?.clicks ?? 99) > 3).map((p) => p.slug)
    expect(far).toEqual([])
    expect(shown).toEqual([])
  })

  test('every CMS page and a sample of product pages, in both languages, show no markup as text', { timeout: 120_000 }, async () => {
    const shown: string[] = []
    const paths: string[] = []
    for (const locale of ['en', 'de'] as const) {
      const pages = await json<{ data: Array<{ attributes: { slug: string; type: string } }> }>(`/api/v2/storefront/cms_pages?per_page=100&locale=${locale}`)
      const prefix = locale === 'de' ? '/de' : ''
      for (const page of pages.data) paths.push(/homepage/i.test(page.attributes.type) ? prefix || '/' : `${prefix}${cmsPagePath(page.attributes.slug)}`)
      for (const p of products.filter((_, i) => i % 21 === 0)) paths.push(`${prefix}/products/${p.slug}`)
    }
    expect(paths.length).toBeGreaterThan(20)
    await pool(paths, 2, async (path) => {
      shown.push(...markupAsText(await (await get(path)).text()).map((text) => `${path}: ${text}`))
    })
    expect(shown).toEqual([])
  })
})

describe('without JavaScript', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  test('20 products: found with the header search form and reached by clicking from the navigation', { timeout: 240_000 }, async () => {
    expect(reached.size).toBeGreaterThan(0)
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 1280, height: 800 } })
    // Pictures are not what this walk is about; skipping them keeps 100 page loads quick.
    await context.route(/\.(svg|png|webp|jpg|woff2)(\?|$)/, (route) => route.abort())
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(30_000)
      const sample = products.filter((_, i) => i % Math.floor(products.length / 20) === 0).slice(0, 20)
      const failures: string[] = []
      for (const [i, product] of sample.entries()) {
        const locale = i % 2 === 0 ? 'en' : 'de'
        const prefix = locale === 'de' ? '/de' : ''
        // Clicks from home: the nav link, perhaps a page link, the product card.
        await page.goto(prefix || '/')
        for (const href of reached.get(product.slug)!.via) {
          // A subcategory in the desktop menu shows on hover (CSS), as it does for a shopper's pointer.
          const link = page.locator(`a[href="${prefix}${href}"]`)
          if ((await link.filter({ visible: true }).count()) === 0) await page.locator('[data-testid=nav-menu] > li').filter({ has: link }).first().hover()
          await link.filter({ visible: true }).first().click()
          await page.waitForURL((url) => url.pathname + url.search === prefix + href || url.pathname === prefix + href)
        }
        const heading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim()
        if (heading !== product[locale]) failures.push(`${product.slug}: clicked through to '${heading}'`)
        const text = await page.locator('main').innerText()
        if (/<\/?(p|h\d|div|strong|ul|li)\b/.test(text)) failures.push(`${product.slug}: markup as text`)

        // The header's search form (a GET to /Category?term=…).
        await page.locator('#site-search').fill(product[locale])
        await page.locator('#site-search').press('Enter')
        await page.waitForURL((url) => url.searchParams.get('term') === product[locale])
        if ((await page.locator(`a[href="${prefix}/products/${product.slug}"]`).count()) === 0) failures.push(`${product.slug}: not in the ${locale} results`)
      }
      expect(failures).toEqual([])
    } finally {
      await context.close()
    }
  })
})

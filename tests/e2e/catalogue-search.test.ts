/// <reference types="node" />
// Issue 8 "Done when": every sample product is found by a name search in English and in German, over HTTP (the search
// the overlay calls), a few at a time. (Reachability in 3 clicks is walked in tests/e2e/journeys.test.ts for one path.)
import { beforeAll, describe, expect, test } from 'vitest'
import { baseUrl } from './browser.ts'

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

let products: Listed[] = []
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
})

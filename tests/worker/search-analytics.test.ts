// Issue 39 points 3 and 8: search analytics kept without personal data (and for 90 days), the console's Search page
// reporting them, and the synonyms operators edit there, audited, in effect on the next search.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call } from '#tests/factories/api.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { addDays, storeDayOf } from '#kernel/store-clock.ts'
import { searchReport, type QueryRow } from '#worker/admin/search-data.ts'
import { auditOf, consoleBrowser, createAdmin, operator } from './admin-helpers.ts'
import { ORIGIN } from './helpers.ts'

const testEnv = env as unknown as Env
const IP = '203.0.113.77'
const today = () => storeDayOf(new Date())

/** A shopper's request through the whole worker; waits for what it writes in the background (the analytics' batch). */
async function shopper(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(ORIGIN + path, { redirect: 'manual', ...init, headers: { accept: 'text/html', 'cf-connecting-ip': IP, ...init.headers } }), testEnv, ctx)
  const body = await response.text()
  await waitOnExecutionContext(ctx)
  return { response, body }
}

interface Stored {
  day: string
  locale: string
  query: string
  searches: number
  empty_searches: number
  results: number
  clicks: number
}
const stored = async (query: string, locale = 'en') => env.DB.prepare('SELECT * FROM search_queries WHERE query = ? AND locale = ? AND day = ?').bind(query, locale, today()).first<Stored>()

beforeAll(async () => {
  await seedCatalogue(40)
})

describe('recording searches', () => {
  it('counts a search page by its normalised query, language and store day, with what it found, and nothing about the shopper', async () => {
    const cookie = 'currency=AUD; locale=en; cart_token=secret-cart-token'
    const first = await shopper('/Category?term=%20Kayak%20%20PADDLE%20', { headers: { cookie, 'user-agent': 'Mozilla/5.0 Test' } })
    expect(first.response.status).toBe(200)
    expect(first.body).toContain('data-testid="search-no-results"')
    // the figure rides to the recorder in a header that never reaches the browser
    expect(first.response.headers.get('x-search-answer')).toBeNull()
    expect(await stored('kayak paddle')).toEqual({ day: today(), locale: 'en', query: 'kayak paddle', searches: 1, empty_searches: 1, results: 0, clicks: 0 })
    // the table has only these columns, and no row holds the address, the cookie or the browser
    const columns = (await env.DB.prepare("SELECT name FROM pragma_table_info('search_queries')").all<{ name: string }>()).results.map((c) => c.name)
    expect(columns.sort()).toEqual(['clicks', 'day', 'empty_searches', 'locale', 'query', 'results', 'searches'])
    const everything = JSON.stringify((await env.DB.prepare('SELECT * FROM search_queries').all()).results)
    for (const personal of [IP, 'secret-cart-token', 'Mozilla']) expect(everything).not.toContain(personal)
  })

  it('counts a search page served from the edge cache too, with the figure the rendered page found', async () => {
    const before = await stored('jacket')
    const rendered = await shopper('/Category?term=jacket')
    const cached = await shopper('/Category?term=jacket')
    expect(cached.response.headers.get('server-timing')).toMatch(/edge;desc="hit"/)
    const after = (await stored('jacket'))!
    expect(after.searches - (before?.searches ?? 0)).toBe(2)
    expect(after.results).toBeGreaterThan(0)
    expect(after.empty_searches).toBe(before?.empty_searches ?? 0)
    expect(rendered.body).toContain('data-testid="product-card"')
  })

  it('counts the search once: narrowing it with a filter from the facet panel is no new search', async () => {
    const before = (await stored('hoodie'))?.searches ?? 0
    await shopper('/Category?term=hoodie')
    const red = await env.DB.prepare("SELECT ov.id FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id WHERE ot.name = 'color' AND lower(ov.name) = 'red'").first<{ id: number }>()
    const narrowed = await shopper(`/Category?term=hoodie&o.color=${red!.id}`)
    expect(narrowed.response.status).toBe(200)
    expect((await stored('hoodie'))!.searches - before).toBe(1)
  })

  it('counts the German search page under German, and the listing the app loads the page with', async () => {
    await shopper('/de/Category?term=Jacke')
    expect((await stored('jacke', 'de'))?.searches).toBe(1)
    const app = await shopper('/api/products?term=Zelt&itemsPerPage=24&page=1', { headers: { accept: 'application/json', cookie: 'locale=de' } })
    expect(app.response.status).toBe(200)
    expect(app.response.headers.get('x-search-answer')).toBeNull()
    expect((await stored('zelt', 'de'))?.searches).toBe(1)
    // a category's own listing with a term, and a later page of results, are not searches of the search page
    await shopper('/api/products?term=zelt&categoryId=1', { headers: { accept: 'application/json', cookie: 'locale=de' } })
    await shopper('/api/products?term=zelt&page=2', { headers: { accept: 'application/json', cookie: 'locale=de' } })
    expect((await stored('zelt', 'de'))?.searches).toBe(1)
  })

  it('keeps no query that looks like an email address or a phone or card number', async () => {
    await shopper('/Category?term=ada.lovelace%40example.com')
    await shopper('/Category?term=0412%20345%20678')
    await shopper('/Category?term=4111-1111-1111-1111')
    const rows = (await env.DB.prepare("SELECT query FROM search_queries WHERE query LIKE '%@%' OR query GLOB '*[0-9][0-9][0-9]*'").all()).results
    expect(rows).toEqual([])
  })
})

describe('recording products opened from the results', () => {
  let slug: string
  beforeAll(async () => {
    slug = (await env.DB.prepare("SELECT slug FROM products WHERE name LIKE '%Jacket%' ORDER BY id LIMIT 1").first<{ slug: string }>())!.slug
  })

  it('counts a product page opened from the search page (its Referer), and nothing else', async () => {
    const before = (await stored('jacket'))!.clicks
    await shopper(`/products/${slug}`, { headers: { referer: `${ORIGIN}/Category?term=jacket`, 'sec-fetch-mode': 'navigate' } })
    expect((await stored('jacket'))!.clicks).toBe(before + 1)
    // another site's search page, a page not opened from a search, and a fetch (not a navigation) count nothing
    await shopper(`/products/${slug}`, { headers: { referer: 'https://elsewhere.test/Category?term=jacket' } })
    await shopper(`/products/${slug}`)
    await shopper(`/products/${slug}`, { headers: { referer: `${ORIGIN}/Category?term=jacket`, 'sec-fetch-mode': 'cors' } })
    expect((await stored('jacket'))!.clicks).toBe(before + 1)
  })

  it("counts the app's beacon; refuses one that names no search page, and a query nobody searched gets no row", async () => {
    const before = (await stored('jacket'))!.clicks
    const beacon = (from: string) => shopper('/api/search-click', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }, body: new URLSearchParams({ from }).toString() })
    expect((await beacon('/Category?term=jacket')).response.status).toBe(204)
    expect((await stored('jacket'))!.clicks).toBe(before + 1)
    const refused = await beacon('/t/men')
    expect(refused.response.status).toBe(400)
    expect(JSON.parse(refused.body).error).toMatch(/search results page/)
    expect((await beacon('/Category?term=never%20searched%20word')).response.status).toBe(204)
    expect(await stored('never searched word')).toBeNull()
    expect((await stored('jacket'))!.clicks).toBe(before + 1)
  })
})

describe('retention', () => {
  it('the scheduled run deletes the days older than 90 and keeps the 90 days up to today', async () => {
    const insert = (day: string) => env.DB.prepare("INSERT INTO search_queries (day, locale, query, searches) VALUES (?, 'en', 'retention probe', 1)").bind(day)
    await env.DB.batch([insert(addDays(today(), -89)), insert(addDays(today(), -90)), insert(addDays(today(), -400))])
    const ctx = createExecutionContext()
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: '*/5 * * * *' }), testEnv, ctx)
    await waitOnExecutionContext(ctx)
    const days = (await env.DB.prepare("SELECT day FROM search_queries WHERE query = 'retention probe'").all<{ day: string }>()).results.map((r) => r.day)
    expect(days).toEqual([addDays(today(), -89)])
  })
})

describe('the report', () => {
  // seeded far from today so the recording tests' rows stay out of its period
  const base = '2026-01-10'
  const seed: Array<{ day: number; locale: 'en' | 'de'; query: string; searches: number; empty: number; results: number; clicks: number }> = [
    { day: 0, locale: 'en', query: 'r-tent', searches: 5, empty: 0, results: 7, clicks: 2 },
    { day: 3, locale: 'en', query: 'r-tent', searches: 4, empty: 0, results: 6, clicks: 0 },
    { day: 1, locale: 'en', query: 'r-kayak', searches: 3, empty: 3, results: 0, clicks: 0 },
    { day: 5, locale: 'en', query: 'r-kayak', searches: 2, empty: 1, results: 4, clicks: 0 },
    { day: 2, locale: 'de', query: 'r-zelt', searches: 6, empty: 0, results: 5, clicks: 0 },
    { day: 2, locale: 'de', query: 'r-handschuhe', searches: 2, empty: 2, results: 0, clicks: 0 },
    { day: 9, locale: 'en', query: 'r-late', searches: 50, empty: 50, results: 0, clicks: 0 },
    { day: -1, locale: 'en', query: 'r-early', searches: 40, empty: 0, results: 2, clicks: 0 },
  ]
  const from = base
  const to = addDays(base, 6)

  beforeAll(async () => {
    await env.DB.batch(
      seed.map((r) =>
        env.DB.prepare('INSERT INTO search_queries (day, locale, query, searches, empty_searches, results, clicks) VALUES (?, ?, ?, ?, ?, ?, ?)').bind(addDays(base, r.day), r.locale, r.query, r.searches, r.empty, r.results, r.clicks),
      ),
    )
  })

  /** The lists worked out from the seed by hand-written code, not by the SQL under test. */
  function expected(locale: 'en' | 'de' | null) {
    const rows = new Map<string, QueryRow & { lastDay: number }>()
    for (const r of seed.filter((r) => r.day >= 0 && r.day <= 6 && (!locale || r.locale === locale))) {
      const key = `${r.locale} ${r.query}`
      const row = rows.get(key) ?? { locale: r.locale, query: r.query, searches: 0, empty: 0, clicks: 0, results: 0, lastDay: -1 }
      row.searches += r.searches
      row.empty += r.empty
      row.clicks += r.clicks
      if (r.day > row.lastDay) Object.assign(row, { lastDay: r.day, results: r.results })
      rows.set(key, row)
    }
    const all = [...rows.values()].map(({ lastDay: _, ...row }) => row)
    const by = (f: (r: QueryRow) => number) => (a: QueryRow, b: QueryRow) => f(b) - f(a) || a.query.localeCompare(b.query)
    return {
      top: [...all].sort(by((r) => r.searches)),
      noResults: all.filter((r) => r.empty > 0).sort(by((r) => r.empty)),
      noClicks: all.filter((r) => r.searches > r.empty && r.clicks === 0).sort(by((r) => r.searches - r.empty)),
      searches: all.reduce((n, r) => n + r.searches, 0),
    }
  }

  it('counts top queries, queries with no results and queries whose results nobody opened, per language and period', async () => {
    for (const locale of [null, 'en', 'de'] as const) {
      const report = await searchReport(env.DB, { from, to, locale })
      const want = expected(locale)
      expect(report.top, String(locale)).toEqual(want.top)
      expect(report.noResults, String(locale)).toEqual(want.noResults)
      expect(report.noClicks, String(locale)).toEqual(want.noClicks)
      expect(report.totals.searches).toBe(want.searches)
    }
    // spelled out once: r-kayak found nothing 4 times in the period, and its latest search found 4
    expect(expected('en').noResults).toEqual([{ locale: 'en', query: 'r-kayak', searches: 5, empty: 4, clicks: 0, results: 4 }])
  })

  it('the console page shows the chosen days and language, and refuses an impossible period with a sentence', async () => {
    const { b } = await operator()
    // the seeded days are past the 90 days kept when this runs after them: the page says so instead of showing them
    const page = await b.get(`/admin/search?period=dates&from=${from}&to=${to}&lang=de`)
    if (to >= addDays(today(), -89)) {
      expect(page.status).toBe(200)
      expect(page.body).toContain('r-handschuhe')
      expect(page.body).not.toContain('r-kayak')
    } else {
      expect(page.status).toBe(400)
      expect(page.body).toContain('Searches are kept for 90 days')
    }
    const week = await b.get('/admin/search?lang=en')
    expect(week.status).toBe(200)
    expect(week.body).toContain('kayak paddle')
    expect(week.body).toContain(`/admin/search?synonym=kayak%20paddle&amp;synonym_lang=en#add-synonym`)
    const backwards = await b.get(`/admin/search?period=dates&from=${today()}&to=${addDays(today(), -1)}`)
    expect(backwards.status).toBe(400)
    expect(backwards.body).toContain('The first day must be on or before the last day.')
  })
})

describe('synonyms in the console', () => {
  const searchFinds = async (term: string, locale = 'en') => (await call(`/products?filter[name]=${encodeURIComponent(term)}&per_page=5&locale=${locale}`)).body.meta.total_count as number

  it('a zero-result query gets a prefilled form; the synonym added with it is audited and finds products on the next search', async () => {
    const { b, email } = await operator()
    expect(await searchFinds('kayak paddle')).toBe(0)
    // the shopper's search page, now in the edge cache with nothing found
    expect((await shopper('/Category?term=kayak%20paddle')).body).toContain('data-testid="search-no-results"')
    const form = await b.get('/admin/search?synonym=kayak%20paddle&synonym_lang=en')
    expect(form.body).toMatch(/name="terms"[^>]*value="kayak paddle, "/)
    const token = /name="form_token" value="([^"]+)"/.exec(form.body)![1]!
    const added = await b.post('/admin/search/synonyms', { terms: 'kayak paddle, jacket', direction: 'one-way', locale: 'en', form_token: token })
    expect(added.status).toBe(303)
    expect(added.location).toBe('/admin/search?notice=synonym-added')
    expect(await searchFinds('kayak paddle')).toBeGreaterThan(0)
    // one-way: the shop's word does not find the shopper's
    const row = (await env.DB.prepare("SELECT id, locale, one_way FROM search_synonyms WHERE terms = 'kayak paddle, jacket'").first<{ id: number; locale: string; one_way: number }>())!
    expect(row).toMatchObject({ locale: 'en', one_way: 1 })
    const [entry] = await auditOf('search.synonym_add')
    expect(entry).toMatchObject({ admin_email: email, subject_type: 'search_synonym', subject_id: 'kayak paddle, jacket', before: null, after: { locale: 'en', terms: 'kayak paddle, jacket', direction: 'one-way' } })
    // the same form sent again adds nothing
    const again = await b.post('/admin/search/synonyms', { terms: 'kayak paddle, jacket', direction: 'one-way', locale: 'en', form_token: token })
    expect(again.status).toBe(409)
    expect((await env.DB.prepare("SELECT count(*) AS n FROM search_synonyms WHERE terms = 'kayak paddle, jacket'").first<{ n: number }>())!.n).toBe(1)
    // and the shopper's search page, cached before, shows products now
    const page = await shopper('/Category?term=kayak%20paddle')
    expect(page.body).toContain('data-testid="product-card"')
    expect((await b.get('/admin/search')).body).toContain('kayak paddle, jacket')

    const removed = await b.post(`/admin/search/synonyms/${row.id}/remove`, {})
    expect(removed.status).toBe(303)
    expect(await searchFinds('kayak paddle')).toBe(0)
    const [gone] = await auditOf('search.synonym_remove')
    expect(gone).toMatchObject({ admin_email: email, subject_id: 'kayak paddle, jacket', before: { direction: 'one-way' }, after: null })
    const twice = await b.post(`/admin/search/synonyms/${row.id}/remove`, {})
    expect(twice.status).toBe(409)
    expect(await auditOf('search.synonym_remove')).toHaveLength(1)
  })

  it('refuses a synonym of one word, or without a language, saying what to do, and adds nothing', async () => {
    const { b } = await operator()
    const count = async () => (await env.DB.prepare('SELECT count(*) AS n FROM search_synonyms').first<{ n: number }>())!.n
    const before = await count()
    const one = await b.post('/admin/search/synonyms', { terms: 'kayak, , KAYAK', direction: 'two-way', locale: 'en', form_token: crypto.randomUUID() })
    expect(one.status).toBe(422)
    expect(one.body).toContain('Enter at least two words or phrases, separated by commas')
    const noLocale = await b.post('/admin/search/synonyms', { terms: 'kayak, canoe', direction: 'two-way', locale: 'fr', form_token: crypto.randomUUID() })
    expect(noLocale.status).toBe(422)
    expect(noLocale.body).toContain('Choose English, German or both.')
    expect(await count()).toBe(before)
  })

  it('a stranger, and an admin whose role was taken away, get the plain 404 and change nothing', async () => {
    const count = async () => (await env.DB.prepare('SELECT count(*) AS n FROM search_synonyms').first<{ n: number }>())!.n
    const before = await count()
    const stranger = consoleBrowser()
    expect((await stranger.get('/admin/search')).status).toBe(404)
    expect((await stranger.post('/admin/search/synonyms', { terms: 'kayak, canoe', direction: 'two-way', locale: 'en', form_token: crypto.randomUUID() })).status).toBe(404)
    const admin = await createAdmin()
    const demoted = consoleBrowser()
    expect((await demoted.logIn(admin.email)).status).toBe(303)
    await env.DB.prepare("UPDATE users SET role = 'customer' WHERE id = ?").bind(admin.id).run()
    expect((await demoted.post('/admin/search/synonyms', { terms: 'kayak, canoe', direction: 'two-way', locale: 'en', form_token: crypto.randomUUID() })).status).toBe(404)
    const first = (await env.DB.prepare('SELECT id FROM search_synonyms ORDER BY id LIMIT 1').first<{ id: number }>())!.id
    expect((await demoted.post(`/admin/search/synonyms/${first}/remove`, {})).status).toBe(404)
    expect(await count()).toBe(before)
  })
})

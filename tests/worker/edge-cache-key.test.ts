// Issue 38 point 4: one page, one cache entry. Tracking and unknown query parameters never reach the shared copy (its
// key or its HTML), parameter order makes no second copy, and the background refresh cannot put them back.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { pageCacheVersion } from '#worker/edge-cache/content-version.ts'
import { benchMissKey, pageCacheKey } from '#worker/edge-cache/page-key.ts'
import { ORIGIN } from './helpers.ts'

const testEnv = env as unknown as Env
// 1 s fresh + 5 s stale: long enough that a stale answer is certain, short enough to wait for
const shortEnv = { ...testEnv, PAGE_CACHE_FRESH_SECONDS: '1', PAGE_CACHE_STALE_SECONDS: '5' }

/** A page request; waits for what the worker stores (or refreshes) in the background, then returns the answer. */
async function page(path: string, workerEnv: Env = testEnv) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(ORIGIN + path, { redirect: 'manual', headers: { accept: 'text/html' } }), workerEnv, ctx)
  const body = await response.text()
  await waitOnExecutionContext(ctx)
  return { response, body, edge: /edge;desc="(\w+)"/.exec(response.headers.get('server-timing') ?? '')?.[1] }
}

async function storedCopy(path: string) {
  const key = pageCacheKey(new URL(ORIGIN + path), { locale: 'en', currency: 'AUD', country: 'AU' }, await pageCacheVersion(testEnv))
  return (caches as unknown as { default: Cache }).default.match(key)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every address and value the page's links and forms carry: hrefs, form actions, hidden inputs' values. */
function linksAndForms(body: string): string[] {
  const attributes = [...body.matchAll(/<(?:a|link|form)\b[^>]*\b(?:href|action)="([^"]*)"/g)].map((m) => m[1]!)
  const hidden = [...body.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)].map((m) => m[0])
  return [...attributes, ...hidden]
}

// The attack of issue 38: every kind of marketing parameter, each carrying the attacker's text
const ATTACK = [
  'utm_campaign=attacker-campaign',
  'utm_source=attacker-source',
  'utm_medium=attacker-medium',
  'gclid=attacker-gclid',
  '_gl=attacker-gl',
  'fbclid=attacker-fbclid',
  'msclkid=attacker-msclkid',
  'ttclid=attacker-ttclid',
  'srsltid=attacker-srsltid',
  'ac=attacker-affiliate',
  'whatever=attacker-unknown',
].join('&')

// issue 38's own address: marketing parameters only, the ones the key already left out before the fix
const REPRODUCTION = 'utm_campaign=attacker-campaign&utm_source=attacker-source&utm_medium=attacker-medium&gclid=attacker-gclid&_gl=attacker-gl'

let listing: string
let optionFilter: [string, string][]

beforeAll(async () => {
  await seedCatalogue(60)
  const cooking = await env.DB.prepare("SELECT COUNT(*) AS n FROM classifications c JOIN taxons t ON t.id = c.taxon_id WHERE t.permalink = 'camping/cooking'").first<{ n: number }>()
  expect(cooking?.n).toBeGreaterThan(0)
  // a listing with two colours to filter by: the colour option values of products in 'men'
  listing = '/t/men'
  const colours = await env.DB.prepare(
    "SELECT DISTINCT ov.id FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id WHERE ot.name = 'color' ORDER BY ov.id LIMIT 2",
  ).all<{ id: number }>()
  optionFilter = colours.results.map((c) => ['o.color', String(c.id)])
  expect(optionFilter).toHaveLength(2)
})

describe('tracking and unknown parameters', () => {
  it("issue 38's reproduction: a visit with the attacker's utm_campaign, then a plain visit, is a hit with none of the attacker's values", async () => {
    const poisoned = await page(`/t/camping/cooking?${REPRODUCTION}`)
    expect(poisoned.response.status).toBe(200)
    expect(poisoned.edge).toBe('miss')
    const plain = await page('/t/camping/cooking')
    expect(plain.edge).toBe('hit')
    expect(plain.body).toContain('data-testid="category-page"')
    expect(plain.body).not.toContain('attacker')
    expect(await (await storedCopy('/t/camping/cooking'))!.text()).not.toContain('attacker')
    // the attacker's own answer is the shared page too: nothing of theirs is written into it
    expect(poisoned.body).not.toContain('attacker')
  })

  it('links and forms on a category page with filters, sort and view never carry tracking, affiliate or unknown parameters', async () => {
    const [[name, value]] = optionFilter as [[string, string]]
    const query = `${name}=${value}&sort=name&view=list&itemsPerPage=12&${ATTACK}`
    const { response, body } = await page(`${listing}?${query}`)
    expect(response.status).toBe(200)
    const echoed = linksAndForms(body)
    // the page's own parameters are still carried (so this check can fail): the view links keep the sort and filter
    expect(echoed.some((v) => v.includes('sort=name') && v.includes(`${name}=${value}`))).toBe(true)
    expect(echoed.some((v) => v.includes('name="sort"') || v.includes(`name="${name}"`) || v.includes('name="view"'))).toBe(true)
    for (const v of echoed) expect(v).not.toMatch(/attacker|utm_|gclid|_gl=|fbclid|msclkid|ttclid|srsltid|\bac=|whatever/)
    expect(body).not.toContain('attacker')
  })

  it('links and forms on a search page never carry them, and the search still finds what it did', async () => {
    const plain = await page('/Category?term=stove')
    expect(plain.body).toContain('data-testid="product-card"')
    const { response, body } = await page(`/Category?term=stove&${ATTACK}`)
    expect(response.status).toBe(200)
    expect(body).toContain('data-testid="product-card"')
    expect(body).not.toContain('attacker')
    for (const v of linksAndForms(body)) expect(v).not.toMatch(/utm_|gclid/)
  })

  it('a product page keeps the chosen variant and drops the rest', async () => {
    const product = await env.DB.prepare(
      "SELECT p.slug, ov.id AS colour FROM products p JOIN variants v ON v.product_id = p.id JOIN variant_option_values vov ON vov.variant_id = v.id JOIN option_values ov ON ov.id = vov.option_value_id JOIN option_types ot ON ot.id = ov.option_type_id WHERE ot.name = 'color' AND p.kind = 'standard' LIMIT 1",
    ).first<{ slug: string; colour: number }>()
    const path = `/products/${product!.slug}?color=${product!.colour}`
    const first = await page(`${path}&${ATTACK}`)
    expect(first.response.status).toBe(200)
    expect(first.body).not.toContain('attacker')
    for (const v of linksAndForms(first.body)) expect(v).not.toMatch(/utm_|gclid|whatever/)
    expect((await page(path)).edge).toBe('hit')
  })

  it('an affiliate code (?ac=) makes no copy of its own: the page is the plain one, and the browser still reads the code from its address', async () => {
    await page('/t/women')
    const withCode = await page('/t/women?ac=PARTNER42')
    expect(withCode.edge).toBe('hit')
    expect(withCode.body).not.toContain('PARTNER42')
  })

  it('a redirect (a legacy /c/ address) keeps the visitor\'s tracking and affiliate parameters for the landing page', async () => {
    const { response } = await page('/c/camping?utm_source=news&ac=PARTNER42&sort=name')
    expect(response.status).toBe(301)
    const location = new URL(response.headers.get('location')!, ORIGIN)
    expect(location.pathname).toBe('/t/camping')
    expect(location.searchParams.get('utm_source')).toBe('news')
    expect(location.searchParams.get('ac')).toBe('PARTNER42')
    expect(location.searchParams.get('sort')).toBe('name')
  })
})

describe('one entry per page', () => {
  it('parameter order, repeated filter values in another order, and parameters the page ignores make no second copy', async () => {
    const [a, b] = optionFilter.map(([k, v]) => `${k}=${v}`)
    expect((await page(`${listing}?sort=name&itemsPerPage=12&${a}&${b}`)).edge).toBe('miss')
    expect((await page(`${listing}?${b}&itemsPerPage=12&${a}&sort=name`)).edge).toBe('hit')
    expect((await page(`${listing}?itemsPerPage=12&sort=name&${b}&${a}&utm_source=x&SORT=ignored&Utm_Medium=y`)).edge).toBe('hit')
  })

  it('values the listing reads as its default share the plain copy: page 1, 48 per page, an unknown sort, grid view', async () => {
    expect((await page('/t/kids')).edge).toBe('miss')
    for (const query of ['page=1', 'itemsPerPage=48', 'sort=price', 'view=grid', 'itemsPerPage=7']) {
      expect((await page(`/t/kids?${query}`)).edge, query).toBe('hit')
    }
  })

  it('pages that really differ stay apart: sort, page, items per page, view, filters, price and the search term', async () => {
    const distinct = [
      `${listing}?sort=-name`,
      `${listing}?sort=member_price`,
      `${listing}?itemsPerPage=12`,
      `${listing}?itemsPerPage=12&page=2`,
      `${listing}?view=list`,
      `${listing}?${optionFilter[0]![0]}=${optionFilter[0]![1]}`,
      // the listing reads the first price only: these two are different pages (before, one key held whichever came first)
      `${listing}?price=0,50&price=50,100`,
      `${listing}?price=50,100&price=0,50`,
      '/Category?term=tent',
      '/Category?term=mug',
    ]
    for (const path of distinct) expect((await page(path)).edge, path).toBe('miss')
    for (const path of distinct) expect((await page(path)).edge, path).toBe('hit')
    // ... and the first of them is the page of its first price
    expect((await page(`${listing}?price=0,50`)).edge).toBe('hit')
    // and each shows what it asks for
    const byName = (body: string) => [...body.matchAll(/class="card-link"[^>]*>([^<]+)</g)].map((m) => m[1]!)
    const up = byName((await page(`${listing}?sort=name`)).body)
    const down = byName((await page(`${listing}?sort=-name`)).body)
    expect(up.length).toBeGreaterThan(1)
    expect(down).toEqual([...down].sort((x, y) => y.localeCompare(x)))
    expect(up).not.toEqual(down)
    expect((await page('/Category?term=tent')).body).toMatch(/class="card-link"[^>]*>[^<]*Tent/)
    expect((await page(`${listing}?itemsPerPage=12&page=2`)).body).toContain('aria-current="page"')
    // a malformed filter is still a 404, not the plain listing
    expect((await page(`${listing}?o.color=abc`)).response.status).toBe(404)
  })
})

describe("the benchmark's forced miss", () => {
  it('bench-miss keys a page apart on a development or test store only, never in production', async () => {
    await page('/t/camping/tents')
    expect((await page('/t/camping/tents?bench-miss=1')).edge).toBe('miss')
    expect((await page('/t/camping/tents?bench-miss=1')).edge).toBe('hit')
    const url = new URL(ORIGIN + '/t/camping/tents?bench-miss=2')
    expect(benchMissKey({ ...testEnv, ENVIRONMENT: 'production' }, url, 'key')).toBe('key')
    expect(benchMissKey({ ...testEnv, ENVIRONMENT: 'staging' }, url, 'key')).toBe('key')
    expect(benchMissKey({ ...testEnv, ENVIRONMENT: 'development' }, url, 'key')).toBe('key?bench-miss=2')
  })
})

describe('the background refresh', () => {
  it('a stale copy refreshed from a visit with tracking parameters is refreshed from the clean address: it cannot re-poison', async () => {
    const path = '/t/camping'
    expect((await page(path, shortEnv)).edge).toBe('miss')
    await sleep(1_200)
    const stale = await page(`${path}?utm_campaign=attacker-refresh&gclid=attacker-refresh`, shortEnv)
    expect(stale.edge).toBe('stale')
    // the refresh ran in the background (waitOnExecutionContext above): the next plain visit is a fresh hit of its copy
    const next = await page(path, shortEnv)
    expect(next.edge).toBe('hit')
    expect(next.body).not.toContain('attacker')
    expect(await (await storedCopy(path))!.text()).not.toContain('attacker')
  })
})

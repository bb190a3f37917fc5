import { env } from 'cloudflare:workers'
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { get } from '#tests/worker/helpers.ts'
import { refreshFacetCounts } from '#worker/backend/catalogue/facet-counts.ts'
import { BUCKETS } from '#worker/backend/catalogue/product-facets.ts'
import { SEED_PRICE_BUCKETS } from '#kv-seed/sql.mjs'

const d1Of = (response: Response) => Number(/(?:^|,\s*)d1;desc=(\d+)/.exec(response.headers.get('server-timing') ?? '')?.[1])

async function listing(taxonId: number, locale = 'en') {
  const response = await get(`/api/v2/storefront/products?filter[taxons]=${taxonId}&per_page=4&currency=AUD&locale=${locale}`, { accept: 'application/vnd.api+json' })
  expect(response.status).toBe(200)
  const body = (await response.json()) as { meta: { total_count: number; filters: unknown } }
  return { trips: d1Of(response), total: body.meta.total_count, filters: body.meta.filters }
}
const stale = async (taxonId: number) =>
  (await env.DB.prepare("SELECT stale FROM facet_scopes WHERE taxon_id = ? AND currency = 'AUD'").bind(taxonId).first<{ stale: number }>())?.stale

let top = 0
let other = 0
beforeAll(async () => {
  await seedCatalogue(120)
  top = (await env.DB.prepare("SELECT id FROM taxons WHERE permalink = 'men'").first<{ id: number }>())!.id
  other = (await env.DB.prepare("SELECT id FROM taxons WHERE permalink = 'camping/tents'").first<{ id: number }>())!.id
})

describe('precomputed facet counts', () => {
  it('answer a whole category exactly as counting it live does, in one round trip, in both languages', async () => {
    for (const locale of ['en', 'de']) {
      const precomputed = await listing(top, locale)
      expect(precomputed.trips).toBe(1)
      await env.DB.exec('UPDATE facet_scopes SET stale = 1')
      const live = await listing(top, locale)
      expect(live.trips).toBe(2)
      expect(precomputed.filters).toEqual(live.filters)
      expect(precomputed.total).toBe(live.total)
      expect(await refreshFacetCounts(env.DB)).toBeGreaterThan(0)
    }
  })

  it('a price change marks the product’s categories stale, shows at once, and the refresh makes them fresh again', async () => {
    const product = (await env.DB.prepare(
      `SELECT c.product_id AS id, c.taxon_id AS leaf, pp.amount_cents AS cents FROM classifications c JOIN taxons t ON t.id = c.taxon_id
       JOIN product_prices pp ON pp.product_id = c.product_id AND pp.currency = 'AUD'
       WHERE t.permalink LIKE 'men/%' AND pp.amount_cents < 20100 ORDER BY c.product_id LIMIT 1`,
    ).first<{ id: number; leaf: number; cents: number }>())!
    const leaf = product.leaf
    const before = await listing(leaf)
    expect(await stale(leaf)).toBe(0)
    await env.DB.prepare("UPDATE product_prices SET amount_cents = 25000 WHERE product_id = ? AND currency = 'AUD'").bind(product.id).run()
    expect([await stale(leaf), await stale(top), await stale(0), await stale(other)]).toEqual([1, 1, 1, 0])
    const after = await listing(leaf)
    type PriceFacet = { price: { buckets: Array<{ range: string; count: number }> } }
    const count = (f: unknown, range: string) => (f as PriceFacet).price.buckets.find((b) => b.range === range)!.count
    const was = BUCKETS.find((b) => product.cents >= b.min && product.cents <= b.max)!.range
    expect(count(after.filters, was)).toBe(count(before.filters, was) - 1)
    expect(count(after.filters, '201-300')).toBe(count(before.filters, '201-300') + 1)
    expect(await refreshFacetCounts(env.DB)).toBeGreaterThanOrEqual(3)
    expect(await stale(leaf)).toBe(0)
    const refreshed = await listing(leaf)
    expect(refreshed.trips).toBe(1)
    expect(refreshed.filters).toEqual(after.filters)
  })

  it('a price bucket of the whole catalogue sums its dollar slices: the same products and counts as live, in both currencies', async () => {
    type Body = { data: Array<{ id: string }>; meta: { total_count: number; filters: unknown } }
    const range = async (currency: string, b: (typeof BUCKETS)[number], locale = 'en') => {
      const url = `/api/v2/storefront/products?filter[price]=${b.min / 100},${(b.max / 100).toFixed(2)}&per_page=48&currency=${currency}&locale=${locale}`
      const response = await get(url, { accept: 'application/vnd.api+json' })
      expect(response.status).toBe(200)
      const body = (await response.json()) as Body
      return { trips: d1Of(response), ids: body.data.map((p) => p.id), total: body.meta.total_count, filters: body.meta.filters }
    }
    const compare = async (cases: Array<[string, (typeof BUCKETS)[number], string]>) => {
      await refreshFacetCounts(env.DB)
      const precomputed = []
      for (const c of cases) precomputed.push(await range(...c))
      expect(precomputed.map((r) => r.trips)).toEqual(cases.map(() => 1))
      await env.DB.exec('UPDATE facet_scopes SET stale = 1 WHERE taxon_id = 0')
      for (const [i, c] of cases.entries()) {
        const live = await range(...c)
        expect(live.trips).toBe(2)
        expect(precomputed[i]).toEqual({ ...live, trips: 1 })
      }
      return precomputed
    }
    const every = (['AUD', 'USD'] as const).flatMap((currency) => BUCKETS.map((b) => [currency, b, currency === 'AUD' ? 'de' : 'en'] as [string, (typeof BUCKETS)[number], string]))
    const before = await compare(every)
    expect(before.every((r) => r.total > 0)).toBe(true)

    // A product on sale leaves the catalogue (discontinued) and another's price moves to the next bucket: both
    // mark the whole catalogue stale, and after the refresh the slices agree with live counting again.
    const visible = `p.available_on <= '${new Date().toISOString()}' AND p.discontinue_on IS NULL`
    const onSale = (await env.DB.prepare(
      `SELECT p.id, pp.amount_cents AS cents FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.currency = 'AUD'
       WHERE pp.compare_at_cents > pp.amount_cents AND pp.amount_cents < 30100 AND ${visible} ORDER BY p.id LIMIT 1`,
    ).first<{ id: number; cents: number }>())!
    await env.DB.prepare('UPDATE products SET discontinue_on = ? WHERE id = ?').bind(new Date(Date.now() - 60_000).toISOString(), onSale.id).run()
    expect(await stale(0)).toBe(1)
    const moved = (await env.DB.prepare(
      `SELECT p.id FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.currency = 'AUD'
       WHERE pp.amount_cents < 5100 AND p.id != ? AND ${visible} ORDER BY p.id LIMIT 1`,
    ).bind(onSale.id).first<{ id: number }>())!
    await env.DB.prepare("UPDATE product_prices SET amount_cents = 7500 WHERE product_id = ? AND currency = 'AUD'").bind(moved.id).run()
    const after = await compare(every.filter(([currency]) => currency === 'AUD'))
    const expected = before.slice(0, BUCKETS.length).map((r) => r.total)
    expected[BUCKETS.findIndex((b) => onSale.cents >= b.min && onSale.cents <= b.max)]! -= 1
    expected[0]! -= 1
    expected[1]! += 1
    expect(after.map((r) => r.total)).toEqual(expected)
    expect(after.flatMap((r) => r.ids)).not.toContain(String(onSale.id))
  })

  it('the five-minute schedule recounts what an edit made stale, so listings are precomputed again', async () => {
    const product = (await env.DB.prepare(
      `SELECT c.product_id AS id, c.taxon_id AS leaf FROM classifications c JOIN taxons t ON t.id = c.taxon_id WHERE t.permalink LIKE 'men/%' ORDER BY c.product_id LIMIT 1`,
    ).first<{ id: number; leaf: number }>())!
    await refreshFacetCounts(env.DB)
    await env.DB.prepare("UPDATE product_prices SET amount_cents = amount_cents + 100 WHERE product_id = ? AND currency = 'AUD'").bind(product.id).run()
    expect([await stale(product.leaf), await stale(0)]).toEqual([1, 1])
    expect((await listing(product.leaf)).trips).toBe(2)
    const ctx = createExecutionContext()
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/5 * * * *' }), env as unknown as Env, ctx)
    await waitOnExecutionContext(ctx)
    expect([await stale(product.leaf), await stale(0)]).toEqual([0, 0])
    expect((await listing(product.leaf)).trips).toBe(1)
  })

  it("a brand's name alone counts the brand facet (the whole catalogue with the brand left out) from the precomputed rows while fresh: the same facets as counted live, without reading every product", async () => {
    await refreshFacetCounts(env.DB)
    const brand = (await env.DB.prepare(
      `SELECT x.value FROM product_properties x JOIN properties pr ON pr.id = x.property_id AND pr.name = 'brand' GROUP BY x.filter_param ORDER BY count(*), x.filter_param LIMIT 1`,
    ).first<{ value: string }>())!.value
    const products = (await env.DB.prepare('SELECT count(*) AS n FROM products').first<{ n: number }>())!.n
    const rowsOf = (response: Response) => Number(/d1-rows;desc=(\d+)/.exec(response.headers.get('server-timing') ?? '')?.[1])
    const ask = async (locale: string, term = brand) => {
      const response = await get(`/api/v2/storefront/products?filter[name]=${encodeURIComponent(term)}&per_page=1&currency=AUD&locale=${locale}`, { accept: 'application/vnd.api+json' })
      expect(response.status).toBe(200)
      const body = (await response.json()) as { meta: { total_count: number; filters: { product_properties: Array<{ name: string; values: unknown[] }> }; search: { filters: Array<{ filter: string }> } } }
      expect(body.meta.search.filters.map((f) => f.filter), term).toEqual([term === brand ? 'properties.brand' : 'options.color'])
      return { rows: rowsOf(response), total: body.meta.total_count, filters: body.meta.filters }
    }
    // the isolate reads its search lexicon once, not part of either count (another query: this one's counts would be remembered)
    expect((await get('/api/v2/storefront/products?filter[name]=tent&per_page=1', { accept: 'application/vnd.api+json' })).status).toBe(200)
    for (const locale of ['en', 'de']) {
      const fresh = await ask(locale)
      expect(fresh.filters.product_properties.find((p) => p.name === 'brand')!.values.length).toBeGreaterThan(1)
      await env.DB.exec('UPDATE facet_scopes SET stale = 1 WHERE taxon_id = 0')
      const live = await ask(locale)
      await refreshFacetCounts(env.DB)
      expect(fresh.filters, locale).toEqual(live.filters)
      expect(fresh.total, locale).toBe(live.total)
      // counted live, the brand's facet passes over every product of the catalogue (its row, its price, its ~4
      // properties: 5 rows or more a product); precomputed it reads that facet's rows only
      expect(live.rows - fresh.rows, `${locale}: rows read ${fresh.rows} fresh, ${live.rows} live`).toBeGreaterThanOrEqual(5 * products)
    }
    // a colour alone likewise (its colour facet from the scope's option value rows)
    const red = await ask('en', 'red')
    await env.DB.exec('UPDATE facet_scopes SET stale = 1 WHERE taxon_id = 0')
    const redLive = await ask('en', 'red')
    await refreshFacetCounts(env.DB)
    expect(red.filters).toEqual(redLive.filters)
    expect(red.rows).toBeLessThan(redLive.rows)
  })

  it('the seed counts with the price buckets of spec §9', () => {
    expect(SEED_PRICE_BUCKETS).toEqual(BUCKETS.map((b) => [b.min, b.max]))
  })
})

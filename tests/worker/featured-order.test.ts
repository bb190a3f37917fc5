// 'Featured', the default order of a category's listing, shows what can be bought first: a product whose sizes are
// all sold out comes after every buyable one (migration 0212), and follows the stock as it is sold and restocked.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { operator, placeOrder } from './admin-helpers.ts'
import { ORIGIN } from './helpers.ts'

// A test configuration serves on a public name (the workers.dev address below) only when told to (worker/env.ts hostProblem).
const testEnv = { ...(env as unknown as Env), ALLOW_PUBLIC_DEV_HOST: 'true' }
// The page cache with short bounds (1 s fresh + 1 s stale; 30 s + 30 s in production), as edge-cache.test.ts uses.
const shortEnv = { ...testEnv, PAGE_CACHE_FRESH_SECONDS: '1', PAGE_CACHE_STALE_SECONDS: '1' }
const UNCACHED = 'https://store-test.workers.dev'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The cards of a category page in the order a shopper sees them: product id and whether it says 'Sold out'. On a
 * workers.dev address, where the page cache stores nothing (docs/caching.md), unless `origin` says otherwise.
 */
async function cards(path: string, { origin = UNCACHED, workerEnv = testEnv }: { origin?: string; workerEnv?: Env } = {}) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(origin + path, { headers: { accept: 'text/html' } }), workerEnv, ctx)
  const body = await response.text()
  await waitOnExecutionContext(ctx)
  expect(response.status).toBe(200)
  const starts = [...body.matchAll(/<li id="product-(\d+)"[^>]*data-testid="product-card"/g)]
  return starts.map((m, i) => ({ id: Number(m[1]), soldOut: body.slice(m.index, starts[i + 1]?.index ?? body.indexOf('</ul>', m.index)).includes('Sold out') }))
}

/** The product ids of the category's first page, as the Storefront API lists them by default. */
async function listed(taxonId: number) {
  const response = await worker.fetch(new Request(`${ORIGIN}/api/v2/storefront/products?filter[taxons]=${taxonId}&per_page=48&facets=false`), testEnv, createExecutionContext())
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: Array<{ id: string }> }).data.map((p) => Number(p.id))
}

/** Every sold-out card comes after every buyable one. */
function expectBuyableFirst(shown: Array<{ soldOut: boolean }>) {
  const firstSoldOut = shown.findIndex((c) => c.soldOut)
  expect(firstSoldOut).toBeGreaterThan(0)
  expect(shown.slice(firstSoldOut).every((c) => c.soldOut)).toBe(true)
}

let men = 0
beforeAll(async () => {
  await seedCatalogue(120)
  men = (await env.DB.prepare("SELECT id FROM taxons WHERE permalink = 'men'").first<{ id: number }>())!.id
})

describe("'Featured' lists what can be bought first", () => {
  it("a category's first page shows its sold-out products after the buyable ones", async () => {
    const shown = await cards('/t/men')
    expect(shown.length).toBeGreaterThan(10)
    expect(shown.every((c) => c.id > 0)).toBe(true)
    expectBuyableFirst(shown)
    // the seed's sold-out rain jacket (product 2) used to open the men's category
    expect(shown[0]!.id).not.toBe(2)
    expect(shown.find((c) => c.id === 2)?.soldOut).toBe(true)
    // the live query (the category tree being renumbered) answers the same order as the listing rows
    const fromRows = await listed(men)
    await env.DB.exec('INSERT OR IGNORE INTO listing_stale (taxonomy_id) SELECT id FROM taxonomies')
    expect(await listed(men)).toEqual(fromRows)
    await env.DB.exec('DELETE FROM listing_stale')
    expect(fromRows).toEqual(shown.map((c) => c.id))
  })

  it('selling the last unit moves a product after the buyable ones at once; a restock brings it back', async () => {
    const before = await cards('/t/men')
    // the first card: a product with sizes, none backorderable, some in stock
    const target = before[0]!.id
    const variants = (await env.DB.prepare('SELECT id, sku, stock_on_hand, backorderable FROM variants WHERE product_id = ? AND is_master = 0 AND deleted_at IS NULL ORDER BY id').bind(target).all<{ id: number; sku: string; stock_on_hand: number; backorderable: number }>()).results
    expect(variants.length).toBeGreaterThan(1)
    expect(variants.every((v) => v.backorderable === 0)).toBe(true)

    // the console counts every size but the last down to nothing, and the last to one
    const { b } = await operator()
    const count = async (v: (typeof variants)[number], stock: number, seen: number) =>
      expect((await b.post(`/admin/products/${target}/variants/${v.id}`, { sku: v.sku, stock: String(stock), stock_seen: String(seen) })).status).toBe(303)
    const last = variants.at(-1)!
    for (const v of variants.slice(0, -1)) if (v.stock_on_hand > 0) await count(v, 0, v.stock_on_hand)
    await count(last, 1, last.stock_on_hand)
    expect((await cards('/t/men'))[0]).toEqual({ id: target, soldOut: false })

    // a shopper buys the last one: the next read lists it after every buyable product
    await placeOrder(last.id)
    const after = await cards('/t/men')
    expect(after.find((c) => c.id === target)).toEqual({ id: target, soldOut: true })
    expect(after[0]!.id).not.toBe(target)
    expectBuyableFirst(after)
    expect(await listed(men)).toEqual(after.map((c) => c.id))

    // restocked in the console: first again
    await count(last, 5, 0)
    expect((await cards('/t/men'))[0]).toEqual({ id: target, soldOut: false })
    expect((await listed(men))[0]).toBe(target)
  })

  it('a cached category page shows it after the buyable ones within the page cache bound, though an order purges nothing', async () => {
    const path = '/t/men?page=1'
    const first = await cards(path, { origin: ORIGIN, workerEnv: shortEnv })
    // the product restocked above (5 of one size) opens the page; a shopper buys all five
    const target = first[0]!.id
    const [size] = (await env.DB.prepare('SELECT id, stock_on_hand FROM variants WHERE product_id = ? AND is_master = 0 AND stock_on_hand > 0').bind(target).all<{ id: number; stock_on_hand: number }>()).results
    expect(size).toMatchObject({ stock_on_hand: 5 })
    await placeOrder(size!.id, { quantity: 5 })
    const started = Date.now()
    let moved = false
    while (!moved && Date.now() - started < 10_000) {
      const shown = await cards(path, { origin: ORIGIN, workerEnv: shortEnv })
      moved = shown[0]!.id !== target && shown.find((c) => c.id === target)?.soldOut === true
      if (!moved) await sleep(200)
    }
    expect(moved).toBe(true)
    // within fresh + stale (2 s here, 60 s in production), plus one render on a loaded test machine
    expect(Date.now() - started).toBeLessThan(2_000 + 5_000)
  })
})

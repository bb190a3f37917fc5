import { env } from 'cloudflare:workers'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import app from '#worker/index.ts'
import { countRoundTrips, D1RoundTrips } from '#worker/middleware/d1-round-trips.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { call, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { authCookie, get, ORIGIN } from './helpers.ts'

/** The `d1;desc=<n>` entry of a Server-Timing header (docs/performance-d1.md). */
const d1Of = (response: Response) => Number(/(?:^|,\s*)d1;desc=(\d+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN)

/**
 * A page fetched through the worker with a DB that counts every round trip of the whole response, streamed parts
 * included (Server-Timing can only carry those made before the first byte).
 */
async function pageTrips(path: string, cookie: string) {
  const trips = new D1RoundTrips()
  const ctx = createExecutionContext()
  const response = await app.fetch(new Request(ORIGIN + path, { headers: { accept: 'text/html', cookie } }), { ...env, DB: countRoundTrips(env.DB, trips) }, ctx)
  const body = await response.text()
  await waitOnExecutionContext(ctx)
  return { response, body, total: trips.count }
}

let top = ''
let product = ''
let memberCookie = ''
beforeAll(async () => {
  await seedCatalogue(400)
  const taxon = await env.DB.prepare(
    `SELECT t.permalink FROM taxons t JOIN classifications c ON c.taxon_id IN (SELECT d.id FROM taxons d WHERE d.taxonomy_id = t.taxonomy_id AND d.lft BETWEEN t.lft AND t.rgt)
     WHERE t.parent_id IS NULL AND t.hide_from_nav = 0 GROUP BY t.id HAVING count(*) > 60 ORDER BY t.id LIMIT 1`,
  ).first<{ permalink: string }>()
  top = taxon!.permalink
  product = (await env.DB.prepare("SELECT slug FROM products WHERE kind = 'standard' AND deleted_at IS NULL ORDER BY id LIMIT 1").first<{ slug: string }>())!.slug
  const member = await registerAndLogin({ firstName: 'Mia' })
  memberCookie = authCookie({ access_token: member.bearer, created_at: Math.floor(Date.now() / 1000), expires_in: 7200 })
})

describe('the D1 round-trip counter', () => {
  it('counts each statement run and each batch as one round trip, sessions included', async () => {
    const trips = new D1RoundTrips()
    const db = countRoundTrips(env.DB, trips)
    await db.prepare('SELECT 1 AS n').first()
    await db.prepare('SELECT ? AS n').bind(2).all()
    await db.prepare('SELECT 3 AS n').raw()
    await db.prepare('UPDATE products SET name = name WHERE id = 0').run()
    expect(trips.count).toBe(4)
    const [a, b] = await db.batch([db.prepare('SELECT 1 AS n'), db.prepare('SELECT ? AS n').bind(5)])
    expect(trips.count).toBe(5)
    expect([a!.results[0], b!.results[0]]).toEqual([{ n: 1 }, { n: 5 }])
    const session = db.withSession('first-unconstrained')
    await session.prepare('SELECT 1').first()
    await session.batch([session.prepare('SELECT 1'), session.prepare('SELECT 2')])
    expect(trips.count).toBe(7)
  })

  it('adds up the rows D1 read for what it answered, and reports them beside the round trips', async () => {
    const trips = new D1RoundTrips()
    const db = countRoundTrips(env.DB, trips)
    const listed = (await env.DB.prepare('SELECT count(*) AS n FROM products').first<{ n: number }>())!.n
    const { meta } = await db.prepare('SELECT id FROM products').all()
    expect(trips.rowsRead).toBe(meta.rows_read)
    expect(trips.rowsRead).toBeGreaterThanOrEqual(listed)
    const [one] = await db.batch([db.prepare('SELECT id FROM products WHERE id = (SELECT min(id) FROM products)')])
    expect(trips.rowsRead).toBe(meta.rows_read + one!.meta.rows_read)
    // a search over HTTP tells what it read, so a bench can compare searches whatever the machine's load
    const search = await SELFfetch('/api/v2/storefront/products?filter[name]=jacket&per_page=2')
    const rows = Number(/(?:^|,\s*)d1-rows;desc=(\d+)/.exec(search.headers.get('server-timing') ?? '')?.[1])
    expect(rows).toBeGreaterThan(0)
  })

  it('reports the count in Server-Timing on API answers and pages', async () => {
    const api = await SELFfetch('/api/v2/storefront/products?per_page=2&include=images')
    expect(api.status).toBe(200)
    // A listing with its facets and everything its cards show is one batch.
    expect(d1Of(api)).toBe(1)
    const bff = await SELFfetch(`/api/products?categoryId=1`)
    expect(Number.isNaN(d1Of(bff))).toBe(false)
    const page = await get(`/t/${top}`)
    await page.text()
    expect(d1Of(page)).toBeGreaterThanOrEqual(1)
  })
})

describe('pages on a page-cache miss make at most 3 D1 round trips', () => {
  // Taxonomy, menus, CMS pages and banners come from KV once cached; the first visit of each kind fills it.
  const visitors = [
    { name: 'guest, en, AUD', prefix: '', cookie: '' },
    { name: 'guest, de, USD', prefix: '/de', cookie: 'currency=USD' },
    { name: 'member, en, USD', prefix: '', cookie: 'currency=USD' },
    { name: 'member, de, AUD', prefix: '/de', cookie: '' },
  ]
  for (const visitor of visitors) {
    it(`home, a category of 48 cards with facets and a product page (${visitor.name})`, async () => {
      const cookie = [visitor.cookie, visitor.name.startsWith('member') ? memberCookie : ''].filter(Boolean).join('; ')
      for (const path of ['', `/t/${top}`, `/products/${product}`]) {
        await pageTrips(visitor.prefix + path, cookie) // warms KV (first visit of this locale)
        const { response, body, total } = await pageTrips(visitor.prefix + path, cookie)
        expect(response.status, path).toBe(200)
        if (path.startsWith('/t/')) {
          expect(body.match(/data-testid="product-card"/g)?.length).toBe(48)
          expect(body).toContain('data-testid="filter-panel"')
        }
        // The header carries the trips made before the first byte; streamed sections may add theirs after it.
        expect(d1Of(response), path).toBeLessThanOrEqual(total)
        expect(total, `${visitor.name} ${path || '/'}`).toBeLessThanOrEqual(3)
      }
    })
  }
})

describe('cart changes', () => {
  it('a cart is read in one round trip after it is found, and a change writes and answers in one more', async () => {
    const { variantId } = await createProduct({ stock: 100 })
    const orderToken = await guestCart()
    const counted = async (path: string, options: Parameters<typeof call>[1]) => {
      const trips = new D1RoundTrips()
      const res = await call(path, { ...options, orderToken, env: { DB: countRoundTrips(env.DB, trips) } })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return { res, trips: trips.count }
    }
    const added = await counted('/cart/add_item', { body: { variant_id: variantId, quantity: 2 } })
    // finding the cart by its token, then the order with its lines, variants, payments, addresses, shipping method
    // and store credit in one batch (was 4: the order again, the state, the variants, the shipping method)
    const reading = (await counted('/cart', {})).trips
    expect(reading).toBeLessThanOrEqual(2)
    // beyond that, a change reads the cart's state once for its checks (a new line's variant on its own) and writes
    // with the answer's reads in the same batch: 2 more for a new line, 1 else (were 5 and 6 before 904c0df, then 3)
    expect(added.trips - reading).toBeLessThanOrEqual(2)
    const again = await counted('/cart/add_item', { body: { variant_id: variantId, quantity: 1 } })
    expect(again.trips - reading).toBeLessThanOrEqual(1)
    expect(again.res.body.data.attributes.item_count).toBe(3)
    const lineId = Number(again.res.body.data.relationships.line_items.data[0].id)
    const set = await counted('/cart/set_quantity', { method: 'PATCH', body: { line_item_id: lineId, quantity: 5 } })
    expect(set.res.body.data.attributes.item_count).toBe(5)
    expect(set.trips - reading).toBeLessThanOrEqual(1)
    // a line that is not there is a 404 that leaves the cart as it was; the line that is goes, in the same one trip
    const missing = await call(`/cart/remove_line_item/${lineId + 1000}`, { method: 'DELETE', orderToken })
    expect(missing.status).toBe(404)
    expect((await call('/cart', { orderToken })).body.data.attributes.item_count).toBe(5)
    const trips = new D1RoundTrips()
    const removed = await call(`/cart/remove_line_item/${lineId}`, { method: 'DELETE', orderToken, env: { DB: countRoundTrips(env.DB, trips) } })
    expect(removed.status).toBe(200)
    expect(removed.body.data.attributes.item_count).toBe(0)
    expect(trips.count - reading).toBeLessThanOrEqual(0)
  })
})

function SELFfetch(path: string) {
  return get(path, { accept: 'application/json' })
}

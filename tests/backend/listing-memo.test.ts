import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { refreshFacetCounts } from '#worker/backend/catalogue/facet-counts.ts'
import { forgetAll, rememberedListings } from '#worker/backend/catalogue/listing-memo.ts'
import { api, seedCatalogue } from './catalogue-helpers.ts'

// Live-counted listings (searches, categories with a colour or brand chosen) are remembered per isolate while the
// catalogue's stamp holds (worker/backend/catalogue/listing-memo.ts). What a shopper must never see: an answer that
// differs from counting afresh, after any change the listing depends on.

const trips = (res: { headers: Headers }) => Number(/(?:^|,\s*)d1;desc=(\d+)/.exec(res.headers.get('server-timing') ?? '')?.[1])
/** The background read of a listing's order runs after its answer: give it its turn. */
const settle = () => new Promise((done) => setTimeout(done, 100))

/** The same request counted afresh: nothing remembered, the whole catalogue's scope marked stale, then recounted. */
async function afresh(path: string) {
  forgetAll()
  await env.DB.exec("UPDATE facet_scopes SET stale = 1 WHERE taxon_id = 0")
  const res = await api(path)
  expect(rememberedListings()).toEqual([])
  await refreshFacetCounts(env.DB)
  forgetAll()
  return res
}

let leaf = 0
let red = 0
let brand = ''
beforeAll(async () => {
  await seedCatalogue(160)
  // the leaf category and brand with the most products together
  ;({ leaf, brand } = (await env.DB.prepare(
    `SELECT c.taxon_id AS leaf, x.filter_param AS brand FROM classifications c JOIN taxons t ON t.id = c.taxon_id AND t.rgt = t.lft + 1
     JOIN product_properties x ON x.product_id = c.product_id JOIN properties p ON p.id = x.property_id AND p.name = 'brand'
     GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`,
  ).first<{ leaf: number; brand: string }>())!)
  // the colour most of the category's products have
  red = (await env.DB.prepare(
    `SELECT x.option_value_id AS id FROM product_option_values x JOIN option_values ov ON ov.id = x.option_value_id JOIN option_types ot ON ot.id = ov.option_type_id
     JOIN classifications c ON c.product_id = x.product_id AND c.taxon_id = ? WHERE ot.name = 'color' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
  ).bind(leaf).first<{ id: number }>())!.id
  await refreshFacetCounts(env.DB, { all: true })
})

describe('remembered listings', () => {
  beforeEach(() => forgetAll())

  it('answer again in one round trip exactly what counting afresh answers: searches ranked, by name and by price, filtered categories, both languages', async () => {
    const paths = [
      '/products?filter[name]=jacket&per_page=5&include=images',
      '/products?filter[name]=jacket&per_page=5&page=3',
      '/products?filter[name]=jacket&sort=name&per_page=4&page=2&facets=false',
      '/products?filter[name]=jacke&sort=-price&per_page=4&page=2&locale=de&currency=USD',
      `/products?filter[name]=jacket&filter[option_value_ids]=${red}&per_page=2`,
      `/products?filter[taxons]=${leaf}&filter[properties][brand]=${brand}&per_page=1&page=2`,
      `/products?filter[taxons]=${leaf}&filter[option_value_ids]=${red}&sort=-member_price&per_page=1&locale=de`,
      '/products?filter[price]=10.5,230.99&sort=price&per_page=6&page=2',
    ]
    for (const path of paths) {
      const expected = await afresh(path)
      expect(expected.status).toBe(200)
      expect(expected.body.meta.total_count, path).toBeGreaterThan(Number(/per_page=(\d+)/.exec(path)![1]))
      const first = await api(path)
      expect(first.body, path).toEqual(expected.body)
      const [entry] = rememberedListings()
      expect(entry?.total, path).toBe(expected.body.meta.total_count)
      await settle()
      // the order was read after the first answer: every match, in the listing's order
      expect(rememberedListings()[0]?.orderLength, path).toBe(expected.body.meta.total_count)
      const again = await api(path)
      expect(trips(again), path).toBe(1)
      expect(again.body, path).toEqual(expected.body)
    }
  })

  it('show a price change, a product taken off sale and a renamed product at once', async () => {
    const path = '/products?filter[name]=jacket&per_page=50&currency=AUD'
    await api(path)
    await settle()
    expect(rememberedListings()).toHaveLength(1)
    const before = (await api(path)).body
    const [first] = before.data as Array<{ id: string; attributes: { price: string } }>

    // a price: the scopes go stale, nothing remembered is used, and the page shows the new price and counts
    await env.DB.prepare("UPDATE product_prices SET amount_cents = 99900 WHERE product_id = ? AND currency = 'AUD'").bind(Number(first!.id)).run()
    const repriced = await api(path)
    expect(repriced.body).not.toEqual(before)
    expect(repriced.body).toEqual((await afresh(path)).body)

    // taken off sale
    await api(path)
    await settle()
    await env.DB.prepare('UPDATE products SET discontinue_on = ? WHERE id = ?').bind('2000-01-01T00:00:00.000Z', Number(first!.id)).run()
    const gone = await api(path)
    expect(gone.body.meta.total_count).toBe(before.meta.total_count - 1)
    expect(gone.body.data.map((p: { id: string }) => p.id)).not.toContain(first!.id)
    await refreshFacetCounts(env.DB)

    // a rename in the search index (as the console's edit rewrites it), with the scopes fresh: the index's stamp moved
    await api('/products?filter[name]=zzyzx&per_page=5')
    expect((await api('/products?filter[name]=zzyzx&per_page=5')).body.meta.total_count).toBe(0)
    await env.DB.prepare("UPDATE products_fts SET name = 'Zzyzx Parka' WHERE rowid = ? * 2").bind(Number(before.data[1].id)).run()
    const found = await api('/products?filter[name]=zzyzx&per_page=5')
    expect(found.body.meta.total_count).toBe(1)
    expect(found.body.data[0].id).toBe(before.data[1].id)
  })

  it('are not used while a scope is stale, or once a product goes on sale', async () => {
    const path = `/products?filter[taxons]=${leaf}&filter[option_value_ids]=${red}&per_page=2`
    await api(path)
    await settle()
    const remembered = rememberedListings().length
    expect(remembered).toBeGreaterThan(0)
    // the category's own scope goes stale (a product put in it): counted afresh
    const { id: product } = (await env.DB.prepare(
      `SELECT p.id FROM products p JOIN product_option_values x ON x.product_id = p.id AND x.option_value_id = ?
       WHERE p.id NOT IN (SELECT product_id FROM classifications WHERE taxon_id = ?) ORDER BY p.id LIMIT 1`,
    ).bind(red, leaf).first<{ id: number }>())!
    const before = (await api(path)).body.meta.total_count
    await env.DB.prepare('INSERT INTO classifications (taxon_id, product_id) VALUES (?, ?)').bind(leaf, product).run()
    expect((await api(path)).body.meta.total_count).toBe(before + 1)
    await refreshFacetCounts(env.DB)

    // a product whose sale starts: the scopes' valid_until passes without any write
    await env.DB.prepare('UPDATE products SET available_on = ? WHERE id = ?').bind(new Date(Date.now() + 3000).toISOString(), product).run()
    await refreshFacetCounts(env.DB)
    expect((await api(path)).body.meta.total_count).toBe(before)
    await api(path)
    await new Promise((done) => setTimeout(done, 3100))
    expect((await api(path)).body.meta.total_count).toBe(before + 1)
  })

  it('are switched off, and the listing answered live, where the database refuses to read the search index’s stamp', async () => {
    const path = '/products?filter[name]=jacket&per_page=5'
    const expected = await afresh(path)
    const withSession = env.DB.withSession.bind(env.DB)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const refusals: string[] = []
    // every request reads through a D1 session (worker/middleware/d1-session.ts): its batch refuses the index's table
    const refuse = vi.spyOn(env.DB, 'withSession').mockImplementation((constraint) => {
      const session = withSession(constraint)
      const batch = session.batch.bind(session)
      session.batch = (async (statements: D1PreparedStatement[]) => {
        const sql = statements.map((st) => String((st as unknown as { statement?: string }).statement))
        if (sql.some((text) => text.includes('products_fts_data'))) {
          refusals.push(path)
          throw new Error('D1_ERROR: not authorized: SQLITE_AUTH')
        }
        return batch(statements)
      }) as typeof session.batch
      return session
    })
    try {
      const first = await api(path)
      expect(first.status).toBe(200)
      expect(first.body).toEqual(expected.body)
      expect(refusals).toEqual([path])
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('listing memo off'), expect.anything())
      expect(rememberedListings()).toEqual([])
      const again = await api(path)
      expect(again.body).toEqual(expected.body)
      expect(trips(again)).toBe(1)
    } finally {
      refuse.mockRestore()
      warn.mockRestore()
      forgetAll()
    }
  })
})

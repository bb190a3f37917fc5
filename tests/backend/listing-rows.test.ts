import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { get } from '#tests/worker/helpers.ts'
import { derivedStatements } from '#worker/admin/catalogue-data.ts'
import { listCategories, moveCategory } from '#worker/admin/taxon-actions.ts'

// listing_rows (migration 0172) must answer a category's sorted pages exactly as the live query does. The live
// answer is what the route gives while the category's taxonomy is marked stale (it then runs the old query).
const d1Of = (response: Response) => Number(/(?:^|,\s*)d1;desc=(\d+)/.exec(response.headers.get('server-timing') ?? '')?.[1])
const SORTS = ['', 'price', '-price', 'member_price', '-member_price', 'name', '-name']

async function ids(taxonId: number, sort: string, page: number, currency: string, locale: string, facets = false) {
  const query = `filter[taxons]=${taxonId}&per_page=6&page=${page}&currency=${currency}&locale=${locale}${sort ? `&sort=${sort}` : ''}${facets ? '' : '&facets=false'}`
  const response = await get(`/api/v2/storefront/products?${query}`, { accept: 'application/vnd.api+json' })
  expect(response.status, query).toBe(200)
  const body = (await response.json()) as { data: Array<{ id: string }>; meta: { total_count: number } }
  return { ids: body.data.map((p) => p.id), total: body.meta.total_count, trips: d1Of(response) }
}

const markStale = () => env.DB.exec('INSERT OR IGNORE INTO listing_stale (taxonomy_id) SELECT id FROM taxonomies')
const markFresh = () => env.DB.exec('DELETE FROM listing_stale')

/** Every sort, pages 1 and 2, AUD and USD, en and de: the rows' answer equals the live one. */
async function expectSameAsLive(taxa: number[], sorts = SORTS) {
  const answers: Array<[string, Awaited<ReturnType<typeof ids>>]> = []
  for (const taxon of taxa)
    for (const sort of sorts)
      for (const [currency, locale] of [['AUD', 'en'], ['USD', 'de']] as const)
        for (const page of [1, 2]) answers.push([`${taxon} ${sort} ${currency} ${locale} ${page}`, await ids(taxon, sort, page, currency, locale)])
  await markStale()
  for (const [key, fromRows] of answers) {
    const [taxon, sort, currency, locale, page] = key.split(' ')
    const live = await ids(Number(taxon), sort!, Number(page), currency!, locale!)
    // the live query is the second round trip the stale mark costs
    expect(live.trips, key).toBe(fromRows.trips + 1)
    expect(fromRows.ids, key).toEqual(live.ids)
  }
  await markFresh()
  return answers
}

let top = 0
let leaves: number[] = []
beforeAll(async () => {
  await seedCatalogue(120)
  top = (await env.DB.prepare("SELECT id FROM taxons WHERE permalink = 'men'").first<{ id: number }>())!.id
  const rows = await env.DB.prepare("SELECT id FROM taxons WHERE permalink IN ('men/jackets') ORDER BY id").all<{ id: number }>()
  leaves = rows.results.map((r) => r.id)
})

describe('listing rows', () => {
  it('give the same products in the same order as the live query for every sort, page, currency and language', async () => {
    const answers = await expectSameAsLive([top, leaves[0]!])
    // the comparison is not vacuous: pages are full and differ by sort
    expect(answers.filter(([k]) => k.endsWith(' 1')).every(([, a]) => a.ids.length > 0)).toBe(true)
    expect(new Set(answers.filter(([k]) => k.startsWith(`${top} `)).map(([, a]) => a.ids.join())).size).toBeGreaterThan(4)
  })

  it('follow a console price change, a discontinued product and a German name at once', async () => {
    const cheapest = async () => (await ids(top, 'price', 1, 'AUD', 'en')).ids
    const before = await cheapest()
    const last = (await env.DB.prepare(
      `SELECT c.product_id AS id FROM classifications c JOIN taxons t ON t.id = c.taxon_id JOIN product_prices pp ON pp.product_id = c.product_id AND pp.currency = 'AUD'
       WHERE t.permalink LIKE 'men/%' ORDER BY pp.amount_cents DESC LIMIT 1`,
    ).first<{ id: number }>())!.id
    expect(before).not.toContain(String(last))
    // the console's edit: the sizes' prices, then the product's derived rows in the same batch
    await env.DB.batch([
      env.DB.prepare("UPDATE prices SET amount_cents = 100 WHERE currency = 'AUD' AND variant_id IN (SELECT id FROM variants WHERE product_id = ?)").bind(last),
      ...derivedStatements(env.DB, last),
    ])
    expect((await cheapest())[0]).toBe(String(last))
    await env.DB.prepare("UPDATE products SET discontinue_on = '2020-01-01T00:00:00.000Z' WHERE id = ?").bind(last).run()
    expect(await cheapest()).toEqual(before)
    const named = Number(before[1])
    await env.DB.prepare("INSERT OR REPLACE INTO product_translations (product_id, locale, name) VALUES (?, 'de', 'AAAA Erste')").bind(named).run()
    expect((await ids(top, 'name', 1, 'AUD', 'de')).ids[0]).toBe(String(named))
    await expectSameAsLive([top], ['price', 'name'])
  })

  it('are rebuilt when the console reorders a category tree, and the live query answers meanwhile', async () => {
    const all = await listCategories(env.DB)
    const jackets = all.find((c) => c.permalink === 'men/jackets')!
    const operator = { id: 1, email: 'ops@store.test', firstName: 'Ops', sessionHash: 'x' }
    await env.DB.exec("UPDATE taxons SET lft = lft WHERE permalink = 'men'")
    expect((await env.DB.prepare('SELECT count(*) AS n FROM listing_stale').first<{ n: number }>())!.n).toBe(1)
    await moveCategory(env.DB, operator, all, jackets, all.some((c) => c.parent_id === jackets.parent_id && c.id !== jackets.id && c.position < jackets.position) ? 'up' : 'down')
    expect((await env.DB.prepare('SELECT count(*) AS n FROM listing_stale').first<{ n: number }>())!.n).toBe(0)
    await expectSameAsLive([top, jackets.id], ['price', '-name'])
  })
})

import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { refreshFacetCounts } from '#worker/backend/catalogue/facet-counts.ts'
import { forgetAll, rememberedListings } from '#worker/backend/catalogue/listing-memo.ts'
import { readListParams } from '#worker/backend/catalogue/params.ts'
import { facetStatements } from '#worker/backend/catalogue/product-facets.ts'
import { PRODUCT_FILTERS, PRODUCT_SORTS, productFrom, productOrder, resolveProductFilter } from '#worker/backend/catalogue/product-filter.ts'
import { PRODUCT_INCLUDES } from '#worker/backend/catalogue/product-serializer.ts'
import { searchListingStatements } from '#worker/backend/catalogue/search-listing.ts'
import { QUERIES } from '#tests/fixtures/search-judgements.mjs'
import { api, busiestLeafColourBrand, seedCatalogue } from './catalogue-helpers.ts'

// A search's first ask reads its matches once for the page, the facet counts and the whole order
// (worker/backend/catalogue/search-listing.ts). What a shopper must not notice: any difference from the statements it
// replaced, which ranked every match for the page and found them again to count the facets.

/** What the separate statements answer: every match in 'Featured' order (buyable, then relevance), and the facets. */
async function separately(path: string) {
  const url = new URL(`https://store.test/api/v2/storefront${path}`)
  const params = readListParams(url, { includes: PRODUCT_INCLUDES, sorts: PRODUCT_SORTS, filters: PRODUCT_FILTERS })
  const filter = await resolveProductFilter(env.DB, params)
  const q = productFrom(filter)
  const order = productOrder(params.sort, filter)
  const all = await env.DB.prepare(`SELECT p.id AS id ${q.from}${order.join} ${q.where} ${order.orderBy}`).bind(...q.fromBinds, ...order.binds, ...q.whereBinds).all<{ id: number }>()
  const ids = all.results.map((r) => r.id)
  const offset = (params.page - 1) * params.perPage
  const facetQuery = url.searchParams.get('facets') === 'false' ? null : facetStatements(env.DB, filter)
  const counted = facetQuery ? facetQuery.read(await env.DB.batch(facetQuery.statements)) : null
  return { ids, page: ids.slice(offset, offset + params.perPage), facets: counted?.facets, total: counted?.totalCount ?? ids.length }
}

let red = 0
let leaf = 0
beforeAll(async () => {
  await seedCatalogue()
  await refreshFacetCounts(env.DB, { all: true })
  ;({ red, leaf } = await busiestLeafColourBrand())
})

describe('a search answered from one matching set', () => {
  beforeEach(() => forgetAll())

  it('finds the same products in the same order as ranking them apart, for every judged query (en and de)', async () => {
    for (const [q, locale] of QUERIES) {
      const path = `/products?filter[name]=${encodeURIComponent(q)}&locale=${locale}&per_page=40&facets=false`
      const expected = await separately(path)
      const res = await api(path)
      expect(res.status, q).toBe(200)
      expect(res.body.data.map((p: { id: string }) => Number(p.id)), `${q} (${locale})`).toEqual(expected.page)
      expect(res.body.meta.total_count, `${q} (${locale})`).toBe(expected.total)
    }
  })

  it('counts the same facets and pages through the same order, with words that become filters, chosen values, a price range and a category', async () => {
    const paths = [
      '/products?filter[name]=jacket&per_page=5&include=images',
      '/products?filter[name]=jacket&per_page=5&page=3&currency=USD',
      '/products?filter[name]=red%20jacket&per_page=4',
      '/products?filter[name]=Kinder%20Regenjacke&locale=de&per_page=4&include=taxons',
      '/products?filter[name]=merino%20socks&per_page=4',
      `/products?filter[name]=jacket&filter[option_value_ids]=${red}&per_page=3&page=2`,
      '/products?filter[name]=jacke&filter[price]=20,200.99&locale=de&per_page=6',
      `/products?filter[name]=shirt&filter[taxons]=${leaf}&per_page=2`,
      '/products?filter[name]=rucksak&per_page=3&locale=de',
    ]
    for (const path of paths) {
      const expected = await separately(path)
      forgetAll()
      const res = await api(path)
      expect(res.status, path).toBe(200)
      expect(res.body.data.map((p: { id: string }) => Number(p.id)), path).toEqual(expected.page)
      expect(res.body.meta.total_count, path).toBe(expected.total)
      expect(res.body.meta.filters, path).toEqual(expected.facets)
    }
  })

  it('remembers the whole order with the first answer, so the next page costs no ranking and nothing runs after the answer', async () => {
    const path = '/products?filter[name]=jacket&per_page=5'
    const expected = await separately(path)
    expect(expected.total).toBeGreaterThan(5)
    await api(path)
    // before, a background read after the answer ranked every match again to fill this in
    expect(rememberedListings()).toEqual([expect.objectContaining({ total: expected.total, orderLength: expected.total })])
    const second = await api('/products?filter[name]=jacket&per_page=5&page=2')
    expect(second.body.data.map((p: { id: string }) => Number(p.id))).toEqual(expected.ids.slice(5, 10))
  })

  it('carries at most a bounded order in its answer; past it the page is still right and the total is counted apart', async () => {
    const path = '/products?filter[name]=jacket&per_page=2&page=2'
    const expected = await separately(path)
    const url = new URL(`https://store.test/api/v2/storefront${path}`)
    const filter = await resolveProductFilter(env.DB, readListParams(url, { includes: PRODUCT_INCLUDES, sorts: PRODUCT_SORTS, filters: PRODUCT_FILTERS }))
    for (const facets of [false, true]) {
      const search = searchListingStatements(env.DB, filter, { locale: 'en', currency: 'AUD', perPage: 2, offset: 2, taxons: false }, facets, 4)
      const read = search.read(await env.DB.batch(search.statements))
      expect(read.truncated).toBe(true)
      expect(read.ids).toEqual(expected.ids.slice(0, 4))
      expect(read.data.products.map((p) => p.id)).toEqual(expected.page)
      expect(read.total).toBe(facets ? expected.total : -1)
    }
  })
})

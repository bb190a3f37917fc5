import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { readListParams } from '#worker/backend/catalogue/params.ts'
import { facetStatements, PROPERTY_SETS_FROM } from '#worker/backend/catalogue/product-facets.ts'
import { PRODUCT_FILTERS, PRODUCT_SORTS, resolveProductFilter } from '#worker/backend/catalogue/product-filter.ts'
import { api, busiestLeafColourBrand, seedCatalogue } from './catalogue-helpers.ts'

// Inside a category, a search or a list of ids, the facet groups of a listing with chosen values (a colour, a size,
// a brand, a price range) are counted by one statement over one pass (product-facets.ts, mergedFacetStatement).
// What it must give is what one statement per group gives: the same counts, totals and price buckets.

async function facets(query: string, merge: boolean, setsFrom = PROPERTY_SETS_FROM) {
  const params = readListParams(new URL(`https://store.test/api/v2/storefront/products?${query}`), { includes: [], sorts: PRODUCT_SORTS, filters: PRODUCT_FILTERS })
  const facetQuery = facetStatements(env.DB, await resolveProductFilter(env.DB, params), setsFrom, merge)
  return { statements: facetQuery.statements.length, ...facetQuery.read(await env.DB.batch<Record<string, unknown>>(facetQuery.statements)) }
}

let leaf = 0
let top = 0
let red = 0
let blue = 0
let size = 0
let brand = ''
let otherBrand = ''
let material = ''
let ids = ''
beforeAll(async () => {
  await seedCatalogue(120)
  ;({ leaf, red, brand } = await busiestLeafColourBrand())
  top = (await env.DB.prepare('SELECT t.id FROM taxons t JOIN taxons l ON l.taxonomy_id = t.taxonomy_id AND l.lft BETWEEN t.lft AND t.rgt WHERE l.id = ? AND t.parent_id IS NULL').bind(leaf).first<{ id: number }>())!.id
  blue = (await env.DB.prepare('SELECT ov.id FROM option_values ov WHERE ov.option_type_id = (SELECT option_type_id FROM option_values WHERE id = ?) AND ov.id <> ? ORDER BY ov.id LIMIT 1').bind(red, red).first<{ id: number }>())!.id
  size = (await env.DB.prepare("SELECT pov.option_value_id AS id FROM product_option_values pov JOIN option_values ov ON ov.id = pov.option_value_id JOIN option_types ot ON ot.id = ov.option_type_id AND ot.name = 'size' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1").first<{ id: number }>())!.id
  otherBrand = (await env.DB.prepare("SELECT filter_param FROM product_properties WHERE property_id = (SELECT id FROM properties WHERE name = 'brand') AND filter_param <> ? GROUP BY 1 ORDER BY count(*) DESC LIMIT 1").bind(brand).first<{ filter_param: string }>())!.filter_param
  material = (await env.DB.prepare("SELECT filter_param FROM product_properties WHERE property_id = (SELECT id FROM properties WHERE name = 'material') GROUP BY 1 ORDER BY count(*) DESC LIMIT 1").first<{ filter_param: string }>())!.filter_param
  ids = (await env.DB.prepare('SELECT group_concat(id) AS ids FROM (SELECT id FROM products ORDER BY id LIMIT 40)').first<{ ids: string }>())!.ids
})

const cases = () => [
  `filter[taxons]=${leaf}&filter[option_value_ids]=${red}`,
  `filter[taxons]=${leaf}&filter[option_value_ids]=${red}&filter[properties][brand]=${brand}`,
  `filter[taxons]=${leaf}&filter[option_value_ids]=${red},${blue},${size}&filter[properties][brand]=${brand},${otherBrand}&filter[properties][material]=${material}`,
  `filter[taxons]=${top}&filter[option_value_ids]=${red}&filter[price]=20,150`,
  `filter[taxons]=${top}&filter[price]=50,100&filter[properties][brand]=${brand}`,
  `filter[taxons]=${top}&filter[options][color]=no-such-colour`,
  `filter[name]=jack&filter[option_value_ids]=${red}`,
  `filter[name]=trail&filter[price]=0,120&filter[properties][brand]=${brand}&currency=USD`,
  `filter[ids]=${ids}&filter[properties][brand]=${brand}&filter[option_value_ids]=${size}`,
  `filter[taxons]=${leaf}&filter[option_value_ids]=${red}&filter[show_discontinued]=true&filter[in_stock]=true`,
]

describe('facet groups counted in one statement', () => {
  it('count what one statement per group counts: categories, searches and ids with colours, sizes, brands and prices, en and de, AUD and USD', async () => {
    let nonEmpty = 0
    for (const query of cases()) {
      for (const extra of ['', '&locale=de', '&currency=USD']) {
        const q = query + extra
        const apart = await facets(q, false)
        const merged = await facets(q, true)
        expect(merged.statements, q).toBe(3) // the two label statements and one for every group
        expect(apart.statements, q).toBeGreaterThan(3)
        expect({ ...merged, statements: 0 }, q).toEqual({ ...apart, statements: 0 })
        // Both property branches (row by row, per property set) agree merged too.
        expect({ ...(await facets(q, true, 0)), statements: 0 }, q).toEqual({ ...apart, statements: 0 })
        if (apart.totalCount > 0 && apart.facets.option_types.length > 0) nonEmpty++
      }
    }
    // The cases are not all empty (a comparison of nothing with nothing would pass).
    expect(nonEmpty).toBeGreaterThan(15)
  })

  it('are what the listing answers, counted and then remembered', async () => {
    const query = `filter[taxons]=${leaf}&filter[option_value_ids]=${red}&filter[properties][brand]=${brand}`
    const apart = await facets(query, false)
    for (let i = 0; i < 2; i++) {
      const res = await api(`/products?${query}&per_page=4`)
      expect(res.status).toBe(200)
      expect(res.body.meta.total_count).toBe(apart.totalCount)
      expect(res.body.meta.filters).toEqual(apart.facets)
    }
  })
})

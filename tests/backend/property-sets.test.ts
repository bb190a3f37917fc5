import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { readListParams } from '#worker/backend/catalogue/params.ts'
import { facetStatements } from '#worker/backend/catalogue/product-facets.ts'
import { PRODUCT_FILTERS, PRODUCT_SORTS, resolveProductFilter } from '#worker/backend/catalogue/product-filter.ts'
import { api, busiestLeafColourBrand, matchingIds, seedCatalogue } from './catalogue-helpers.ts'

// The property facets of live-counted listings (searches, filtered categories, price ranges) are counted per
// property set (migration 0191). What they must show is what grouping the matching products' own property rows
// gives: per filterable property and filter value, the number of matching products, the smallest matching value,
// and the translation of the lowest-numbered matching row. This file computes that from the rows themselves.

interface Row { id: number; product_id: number; property: string; filter_param: string; value: string; de: string | null }
type Facet = { name: string; values: Array<{ value: string; filter_param: string; count: number }> }

async function propertyRows(): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    `SELECT x.id, x.product_id, pr.name AS property, x.filter_param, x.value, t.value AS de FROM product_properties x
     JOIN properties pr ON pr.id = x.property_id AND pr.filterable = 1
     LEFT JOIN product_property_translations t ON t.product_property_id = x.id AND t.locale = 'de'`,
  ).all<Row>()
  return results
}

/** The facets grouping the rows would give, for the products a listing (with `exclude`'s filter left out) matches. */
async function expectedFacets(query: string, locale: string, selected: string[]): Promise<Record<string, Facet['values']>> {
  const rows = await propertyRows()
  const out: Record<string, Facet['values']> = {}
  const groups = async (q: string, only?: string) => {
    const ids = new Set(await matchingIds(q))
    const byValue = new Map<string, Row[]>()
    for (const row of rows) {
      if (!ids.has(row.product_id) || (only && row.property !== only) || (!only && selected.includes(row.property))) continue
      const key = `${row.property}\u0000${row.filter_param}`
      byValue.set(key, [...(byValue.get(key) ?? []), row])
    }
    for (const list of byValue.values()) {
      const rep = list.reduce((a, b) => (b.id < a.id ? b : a))
      const smallest = list.map((r) => r.value).reduce((a, b) => (b < a ? b : a))
      const value = (locale === 'de' ? rep.de : null) ?? smallest
      ;(out[rep.property] ??= []).push({ value, filter_param: rep.filter_param, count: list.length })
    }
  }
  await groups(query)
  for (const name of selected) await groups(query.split('&').filter((p) => !p.startsWith(`filter[properties][${name}]`)).join('&'), name)
  for (const values of Object.values(out)) values.sort((a, b) => a.value.localeCompare(b.value))
  return out
}

async function shownFacets(query: string): Promise<Record<string, Facet['values']>> {
  const res = await api(`/products?${query}&per_page=4`)
  expect(res.status).toBe(200)
  return Object.fromEntries((res.body.meta.filters.product_properties as Facet[]).map((f) => [f.name, f.values]))
}

/** The facets counted with the property-set branch forced on (0) or off (never), straight from the statements. */
async function facetsWith(query: string, setsFrom: number) {
  const params = readListParams(new URL(`https://store.test/api/v2/storefront/products?${query}`), { includes: [], sorts: PRODUCT_SORTS, filters: PRODUCT_FILTERS })
  const facetQuery = facetStatements(env.DB, await resolveProductFilter(env.DB, params), setsFrom)
  return facetQuery.read(await env.DB.batch<Record<string, unknown>>(facetQuery.statements))
}

async function compare(query: string, selected: string[] = []) {
  for (const locale of ['en', 'de']) {
    const q = `${query}&locale=${locale}`
    const expected = await expectedFacets(q, locale, selected)
    expect(Object.keys(expected).length).toBeGreaterThan(0)
    // The seed is small, so the API counts row by row (under PROPERTY_SETS_FROM matches); both branches must agree.
    expect(await shownFacets(q)).toEqual(expected)
    const [byRow, bySet] = [await facetsWith(q, Number.MAX_SAFE_INTEGER), await facetsWith(q, 0)]
    expect(bySet).toEqual(byRow)
    expect(Object.fromEntries(bySet.facets.product_properties.map((f) => [f.name, f.values]))).toEqual(expected)
  }
}

let leaf = 0
let red = 0
let brand = ''
beforeAll(async () => {
  await seedCatalogue(120)
  ;({ leaf, red, brand } = await busiestLeafColourBrand())
})

const cases = () => [
  ['filter[name]=jack', []],
  ['filter[name]=trail&currency=USD', []],
  [`filter[taxons]=${leaf}&filter[option_value_ids]=${red}&filter[properties][brand]=${brand}`, ['brand']],
  ['filter[price]=50,100', []],
] as Array<[string, string[]]>

describe('property facets counted per property set', () => {
  it('are what grouping the matching products’ property rows gives: searches, a filtered category, a price range, en and de', async () => {
    for (const [query, selected] of cases()) await compare(query, selected)
  })

  it('pick the smallest matching value and the lowest-numbered matching row’s translation when texts differ', async () => {
    // Two spellings and two German texts of one brand value: which one shows depends on which products match.
    const rows = (await env.DB.prepare("SELECT x.id FROM product_properties x WHERE x.filter_param = ? ORDER BY x.id").bind(brand).all<{ id: number }>()).results
    expect(rows.length).toBeGreaterThan(3)
    await env.DB.batch([
      env.DB.prepare('UPDATE product_properties SET value = upper(value) WHERE id = ?').bind(rows[0]!.id),
      env.DB.prepare("INSERT OR REPLACE INTO product_property_translations (product_property_id, locale, value) VALUES (?, 'de', 'Erste Marke')").bind(rows[0]!.id),
      env.DB.prepare("INSERT OR REPLACE INTO product_property_translations (product_property_id, locale, value) VALUES (?, 'de', 'Zweite Marke')").bind(rows[2]!.id),
    ])
    for (const [query, selected] of cases()) await compare(query, selected)
  })

  it('follow every change of a product’s properties and of which properties are facets', async () => {
    const [first, second] = (await env.DB.prepare("SELECT product_id AS id FROM product_properties WHERE filter_param = ? ORDER BY id LIMIT 2").bind(brand).all<{ id: number }>()).results
    const brandId = (await env.DB.prepare("SELECT id FROM properties WHERE name = 'brand'").first<{ id: number }>())!.id
    // The console's upsert (worker/admin/catalogue-actions.ts), a removed value, a new value never seen before.
    await env.DB.batch([
      env.DB.prepare('INSERT INTO product_properties (product_id, property_id, value, filter_param) VALUES (?, ?, ?, ?) ON CONFLICT (product_id, property_id) DO UPDATE SET value = excluded.value, filter_param = excluded.filter_param')
        .bind(first!.id, brandId, 'Brand New Co', 'brand-new-co'),
      env.DB.prepare('DELETE FROM product_properties WHERE product_id = ? AND property_id = ?').bind(second!.id, brandId),
    ])
    const shown = await shownFacets(`filter[ids]=${first!.id}&locale=en`)
    expect(shown.brand!.find((v) => v.filter_param === 'brand-new-co')?.count).toBe(1)
    for (const [query, selected] of cases()) await compare(query, selected)
    await env.DB.exec("UPDATE properties SET filterable = 0 WHERE name = 'material'")
    expect(Object.keys(await shownFacets('filter[price]=50,100'))).not.toContain('material')
    await compare('filter[price]=50,100')
    await env.DB.exec("UPDATE properties SET filterable = 1 WHERE name = 'material'")
    expect(Object.keys(await shownFacets('filter[price]=50,100'))).toContain('material')
    await compare('filter[price]=50,100')
  })
})

describe('chosen colours and brands', () => {
  const having = async (sql: string, ...binds: unknown[]) => new Set((await env.DB.prepare(sql).bind(...binds).all<{ id: number }>()).results.map((r) => r.id))
  it('narrow a category, a search and the whole catalogue to exactly the products that have them', async () => {
    const reds = await having('SELECT product_id AS id FROM product_option_values WHERE option_value_id = ?', red)
    const brands = await having("SELECT product_id AS id FROM product_properties WHERE filter_param = ? AND property_id = (SELECT id FROM properties WHERE name = 'brand')", brand)
    const chosen = `filter[option_value_ids]=${red}&filter[properties][brand]=${brand}`
    for (const scope of [`filter[taxons]=${leaf}`, 'filter[name]=jack', 'filter[price]=0,100000']) {
      const expected = (await matchingIds(scope)).filter((id) => reds.has(id) && brands.has(id))
      expect(expected.length).toBeGreaterThan(0)
      const ids = await matchingIds(`${scope}&${chosen}`)
      expect(scope.startsWith('filter[name]') ? [...ids].sort((a, b) => a - b) : ids).toEqual(scope.startsWith('filter[name]') ? [...expected].sort((a, b) => a - b) : expected)
    }
  })
})

describe('filter names kept per isolate', () => {
  const trips = (res: { headers: Headers }) => Number(/(?:^|,\s*)d1;desc=(\d+)/.exec(res.headers.get('server-timing') ?? '')?.[1])
  it('cost no round trip of their own once read, and a renamed or new name counts at once', async () => {
    const listing = (q: string) => api(`/products?filter[taxons]=${leaf}&${q}&per_page=4&facets=false`)
    const first = await listing(`filter[properties][brand]=${brand}`)
    expect(first.status).toBe(200)
    const again = await listing(`filter[properties][brand]=${brand}&filter[option_value_ids]=${red}`)
    expect(again.status).toBe(200)
    expect(trips(again)).toBe(1)
    // The console renames the property: the old name is refused at once, the new one answers what the old did.
    await env.DB.exec("UPDATE properties SET name = 'label' WHERE name = 'brand'")
    const old = await listing(`filter[properties][brand]=${brand}`)
    expect(old.status).toBe(400)
    expect(old.body.errors?.[0]?.detail ?? JSON.stringify(old.body)).toContain("There is no property 'brand'")
    const renamed = await listing(`filter[properties][label]=${brand}`)
    expect(renamed.status).toBe(200)
    expect(renamed.body.meta.total_count).toBe(first.body.meta.total_count)
    await env.DB.exec("UPDATE properties SET name = 'brand' WHERE name = 'label'")
    // An option value renamed while this isolate holds the old names: the listing reads them again in its batch and answers
    // with the new ones (two round trips, once).
    const { colour, type } = (await env.DB.prepare('SELECT ov.name AS colour, ot.name AS type FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id WHERE ov.id = ?').bind(red).first<{ colour: string; type: string }>())!
    const byName = await listing(`filter[options][${type}]=${encodeURIComponent(colour)}`)
    expect(byName.body.meta.total_count).toBeGreaterThan(0)
    await env.DB.prepare("UPDATE option_values SET name = 'renamed-colour' WHERE id = ?").bind(red).run()
    const stale = await listing(`filter[options][${type}]=${encodeURIComponent(colour)}`)
    expect(stale.status).toBe(200)
    expect(stale.body.meta.total_count).toBe(0)
    expect(trips(stale)).toBe(2)
    const fresh = await listing(`filter[options][${type}]=renamed-colour`)
    expect(fresh.body.meta.total_count).toBe(byName.body.meta.total_count)
    expect(trips(fresh)).toBe(1)
  })
})

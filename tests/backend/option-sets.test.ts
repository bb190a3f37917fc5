import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, busiestLeafColourBrand, matchingIds, seedCatalogue } from './catalogue-helpers.ts'

// The option facets of live-counted listings (searches, filtered categories, price ranges) are counted per option
// value set (migration 0276). What they must show is what the old counting gave, grouping the matching products' own
// product_option_values rows: per option value, the number of matching products. This file computes that from the
// rows themselves, and checks that the sets follow every change of a product's option values.

type Counts = Record<number, number>

/** What grouping the matching products' option value rows gives; a chosen type counts without its own choice. */
async function expectedCounts(query: string, chosenTypes: number[]): Promise<Counts> {
  const rows = (await env.DB.prepare('SELECT pov.product_id, pov.option_value_id, ov.option_type_id AS type FROM product_option_values pov JOIN option_values ov ON ov.id = pov.option_value_id').all<{ product_id: number; option_value_id: number; type: number }>()).results
  const out: Counts = {}
  const count = async (q: string, only?: number) => {
    const ids = new Set(await matchingIds(q))
    for (const row of rows) {
      if (!ids.has(row.product_id) || (only !== undefined ? row.type !== only : chosenTypes.includes(row.type))) continue
      out[row.option_value_id] = (out[row.option_value_id] ?? 0) + 1
    }
  }
  await count(query)
  // The seed's option filter is by value ids: without it, the chosen type's group sees every product of the rest.
  for (const type of chosenTypes) await count(query.split('&').filter((p) => !p.startsWith('filter[option_value_ids]')).join('&'), type)
  return out
}

async function shownCounts(query: string): Promise<Counts> {
  const res = await api(`/products?${query}&per_page=4`)
  expect(res.status).toBe(200)
  const out: Counts = {}
  for (const type of res.body.meta.filters.option_types as Array<{ option_values: Array<{ id: number; count: number }> }>) {
    for (const value of type.option_values) if (value.count > 0) out[value.id] = value.count
  }
  return out
}

async function compare(query: string, chosenTypes: number[] = []) {
  for (const locale of ['en', 'de']) {
    const q = `${query}&locale=${locale}`
    const expected = await expectedCounts(q, chosenTypes)
    expect(Object.keys(expected).length).toBeGreaterThan(0)
    expect(await shownCounts(q)).toEqual(expected)
  }
}

/** Every product's set, recomputed from its rows, against the one the triggers keep. */
async function expectSetsInStep() {
  const { results } = await env.DB.prepare(
    `SELECT p.id, (SELECT s.signature FROM product_option_sets ps JOIN option_sets s ON s.id = ps.set_id WHERE ps.product_id = p.id) AS kept,
            (SELECT json_group_array(option_value_id) FROM (SELECT option_value_id FROM product_option_values WHERE product_id = p.id ORDER BY option_value_id)) AS actual
     FROM products p`,
  ).all<{ id: number; kept: string | null; actual: string }>()
  expect(results.length).toBeGreaterThan(0)
  for (const row of results) expect([row.id, row.kept ?? '[]']).toEqual([row.id, row.actual])
}

let leaf = 0
let red = 0
let brand = ''
let colourType = 0
beforeAll(async () => {
  await seedCatalogue(120)
  ;({ leaf, red, brand } = await busiestLeafColourBrand())
  colourType = (await env.DB.prepare('SELECT option_type_id AS t FROM option_values WHERE id = ?').bind(red).first<{ t: number }>())!.t
})

const cases = () => [
  ['filter[name]=jack', []],
  ['filter[name]=trail&currency=USD', []],
  [`filter[name]=jack&filter[option_value_ids]=${red}`, [colourType]],
  [`filter[taxons]=${leaf}&filter[option_value_ids]=${red}&filter[properties][brand]=${brand}`, [colourType]],
  [`filter[taxons]=${leaf}&filter[properties][brand]=${brand}`, []],
  ['filter[price]=50,100', []],
  [`filter[price]=50,100&filter[option_value_ids]=${red}`, [colourType]],
] as Array<[string, number[]]>

describe('option facets counted per option value set', () => {
  it('are what grouping the matching products’ option value rows gives: searches, filtered categories, price ranges, a chosen colour, en and de', async () => {
    await expectSetsInStep()
    for (const [query, chosen] of cases()) await compare(query, chosen)
  })

  it('follow every change of a product’s option values', async () => {
    const [first, second] = (await env.DB.prepare('SELECT DISTINCT product_id AS id FROM product_option_values WHERE option_value_id = ? ORDER BY product_id LIMIT 2').bind(red).all<{ id: number }>()).results
    const other = (await env.DB.prepare('SELECT id FROM option_values WHERE option_type_id = ? AND id <> ? AND id NOT IN (SELECT option_value_id FROM product_option_values WHERE product_id = ?) LIMIT 1').bind(colourType, red, first!.id).first<{ id: number }>())!.id
    await env.DB.batch([
      // A value added, a value removed, a value moved to another product, and every value of a product removed.
      env.DB.prepare('INSERT INTO product_option_values (option_value_id, product_id) VALUES (?, ?)').bind(other, first!.id),
      env.DB.prepare('DELETE FROM product_option_values WHERE product_id = ? AND option_value_id = ?').bind(first!.id, red),
      env.DB.prepare('UPDATE product_option_values SET product_id = ? WHERE product_id = ? AND option_value_id NOT IN (SELECT option_value_id FROM product_option_values WHERE product_id = ?) AND option_value_id = (SELECT max(option_value_id) FROM product_option_values WHERE product_id = ?)').bind(first!.id, second!.id, first!.id, second!.id),
    ])
    const emptied = (await env.DB.prepare('SELECT max(product_id) AS id FROM product_option_values').first<{ id: number }>())!.id
    await env.DB.prepare('DELETE FROM product_option_values WHERE product_id = ?').bind(emptied).run()
    await expectSetsInStep()
    const shown = await shownCounts(`filter[ids]=${first!.id}&locale=en`)
    expect(shown[other]).toBe(1)
    expect(shown[red]).toBeUndefined()
    for (const [query, chosen] of cases()) await compare(query, chosen)
  })
})

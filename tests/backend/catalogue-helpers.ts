import { env } from 'cloudflare:workers'
import { SELF } from 'cloudflare:test'
import { expect } from 'vitest'
import { defaultSeedStatements, generateSeed, type Seed } from '#kv-seed/sql.mjs'

/** Loads the sample store (the same generator as `node kv-seed/generate.mjs`) into this test file's D1. */
export async function seedCatalogue(products?: number): Promise<void> {
  const statements = defaultSeedStatements({ products })
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)))
}

let cachedSeed: Seed | null = null
/** The rows the seed wrote, to compute what the API should answer instead of hard-coding it. */
export function seedRows(): Seed {
  return (cachedSeed ??= generateSeed())
}

/** Rows of one seeded table as objects keyed by column. */
export function seedTable<T = Record<string, unknown>>(name: string): T[] {
  const table = seedRows()[name]!
  return table.rows.map((row) => Object.fromEntries(table.columns.map((c, i) => [c, row[i]])) as T)
}

export const API = 'https://store.test/api/v2/storefront'

/** GETs the Storefront API through the whole worker; returns status, headers and parsed JSON. */
export async function api<T = any>(path: string): Promise<{ status: number; headers: Headers; body: T }> {
  const response = await SELF.fetch(API + path)
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T }
}

/**
 * The leaf category, colour (option value) and brand that the most seeded products share: a filtered listing that
 * is sure to have matches in every facet group.
 */
export async function busiestLeafColourBrand(): Promise<{ leaf: number; red: number; brand: string }> {
  const pick = await env.DB.prepare(
    `SELECT c.taxon_id AS leaf, pov.option_value_id AS red, x.filter_param AS brand FROM classifications c
     JOIN product_option_values pov ON pov.product_id = c.product_id
     JOIN product_properties x ON x.product_id = c.product_id AND x.property_id = (SELECT id FROM properties WHERE name = 'brand')
     GROUP BY 1, 2, 3 ORDER BY count(*) DESC LIMIT 1`,
  ).first<{ leaf: number; red: number; brand: string }>()
  return pick!
}

/** The ids of every product a listing query matches, page by page (100 a page, no facets). */
export async function matchingIds(query: string): Promise<number[]> {
  const ids: number[] = []
  for (let page = 1; ; page++) {
    const res = await api(`/products?${query}&facets=false&per_page=100&page=${page}`)
    expect(res.status).toBe(200)
    ids.push(...res.body.data.map((p: { id: string }) => Number(p.id)))
    if (page >= res.body.meta.total_pages) return ids
  }
}

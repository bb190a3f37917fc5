import { env } from 'cloudflare:workers'
import { SELF } from 'cloudflare:test'
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

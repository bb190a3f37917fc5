import type { StoredRow } from './import-check.ts'
import type { CreateRow, PartRow } from './import-variants.ts'
import { recordQuery, sizeQuery, toRecord, toSize, type CurrentProduct, type CurrentSize, type ProductRecord, type SizeRecord } from './product-csv.ts'

/**
 * The dry run's verdict checked again when it is applied (and again per chunk): a row is written only while the
 * catalogue still looks as the dry run saw it. A product or size edited, deleted or given sizes since, a slug or SKU
 * taken by another product since, a category removed since: the row is not applied and says why, instead of
 * overwriting the newer change or failing its chunk again and again on a UNIQUE key.
 */

const LOOKUP = 200
const AGAIN = 'Upload the file again to check it against the catalogue as it is now.'

/** Columns compared between the dry run's `before` and now (prices only for a product without sizes: see below). */
const PRODUCT_COLUMNS = ['name', 'name_de', 'description', 'description_de', 'available_on', 'discontinue_on', 'sku', 'stock', 'backorderable', 'categories'] as const
const PRICE_COLUMNS = ['price_aud', 'rrp_aud', 'club_aud', 'price_usd', 'rrp_usd', 'club_usd'] as const
const SIZE_COLUMNS = ['sku', ...PRICE_COLUMNS, 'stock', 'backorderable'] as const

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '(empty)' : Array.isArray(v) ? v.join(' | ') || '(empty)' : String(v))
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

function moved<T extends object>(before: T, now: T, columns: readonly (keyof T & string)[]): string[] {
  return columns.filter((c) => !same(before[c], now[c])).map((c) => `${c}: ${shown(before[c])} → ${shown(now[c])}`)
}

export type PendingRow = Exclude<StoredRow, PartRow> & { line: number }

/**
 * The rows to write of import_rows' lines: a line of a product with options that the store has may change the product
 * and its variant (a list), the first line of a new one carries the whole product, and its following lines nothing
 * (they are marked applied with it).
 */
export const pendingOf = (rows: Array<{ line: number; data_json: string }>): PendingRow[] =>
  rows.flatMap((r) => [JSON.parse(r.data_json) as StoredRow | StoredRow[]].flat().flatMap((d) => (d.kind === 'part' ? [] : [{ line: r.line, ...d }])))

/** Each row that no longer holds, by line, with why. */
export async function recheckRows(db: D1Database, rows: PendingRow[]): Promise<Map<number, string>> {
  const stale = new Map<number, string>()
  if (rows.length === 0) return stale
  const creates = rows.filter((r) => r.kind === 'create') as Array<CreateRow & { line: number }>
  const products = rows.filter((r) => r.kind !== 'size' && r.kind !== 'create') as Array<Extract<StoredRow, { kind?: 'product' }> & { line: number }>
  const sizes = rows.filter((r) => r.kind === 'size') as Array<Extract<StoredRow, { kind: 'size' }> & { line: number }>
  const slugs = [...new Set([...products, ...creates].map((r) => r.after.slug))]
  const skus = [...new Set([...products.map((r) => r.after.sku), ...creates.flatMap((r) => r.input.rows.map((v) => v.sku))])]
  const variantIds = [...new Set(sizes.map((r) => r.variantId))]
  const lookups: D1PreparedStatement[] = [db.prepare('SELECT id, permalink FROM taxons')]
  const kinds: Array<'slug' | 'record' | 'sku' | 'size'> = []
  for (let i = 0; i < slugs.length; i += LOOKUP) {
    lookups.push(db.prepare(`SELECT p.slug, p.id, p.deleted_at IS NOT NULL AS gone FROM products p WHERE p.slug IN (SELECT value FROM json_each(?1))`).bind(JSON.stringify(slugs.slice(i, i + LOOKUP))))
    kinds.push('slug')
    lookups.push(db.prepare(recordQuery('p.slug IN (SELECT value FROM json_each(?1))')).bind(JSON.stringify(slugs.slice(i, i + LOOKUP))))
    kinds.push('record')
  }
  for (let i = 0; i < skus.length; i += LOOKUP) {
    lookups.push(db.prepare('SELECT sku, product_id FROM variants WHERE sku IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(skus.slice(i, i + LOOKUP))))
    kinds.push('sku')
  }
  for (let i = 0; i < variantIds.length; i += LOOKUP) {
    lookups.push(db.prepare(sizeQuery('v.id IN (SELECT value FROM json_each(?1))')).bind(JSON.stringify(variantIds.slice(i, i + LOOKUP))))
    kinds.push('size')
  }
  const results = await db.batch(lookups)
  const taxons = new Set((results[0]!.results as Array<{ permalink: string }>).map((t) => t.permalink))
  const taxonIds = new Set((results[0]!.results as Array<{ id: number }>).map((t) => t.id))
  const existing = new Map<string, { id: number; gone: number }>()
  const current = new Map<number, CurrentProduct>()
  const skuOwner = new Map<string, number>()
  const currentSize = new Map<number, CurrentSize>()
  results.slice(1).forEach((result, i) => {
    const kind = kinds[i]
    if (kind === 'sku') for (const r of result.results as Array<{ sku: string; product_id: number }>) skuOwner.set(r.sku, r.product_id)
    else if (kind === 'size') for (const r of result.results as Parameters<typeof toSize>[0][]) currentSize.set(r.id, toSize(r))
    else if (kind === 'slug') for (const r of result.results as Array<{ slug: string; id: number; gone: number }>) existing.set(r.slug, r)
    else for (const r of result.results as Parameters<typeof toRecord>[0][]) current.set(r.id, toRecord(r))
  })

  for (const row of products) {
    const { after } = row
    const why: string[] = []
    if (row.productId === null) {
      const taken = existing.get(after.slug)
      if (taken?.gone) why.push(`The slug ${after.slug} belongs to a deleted product; give the new product another slug.`)
      // a product row with no master variant is this import's own, left by a chunk that failed after creating it
      else if (taken && current.has(taken.id)) why.push(`A product with the slug ${after.slug} was added since the dry run.`)
    } else {
      const now = current.get(row.productId)
      if (!now) why.push(`${after.slug} was deleted since the dry run.`)
      else if (row.before) {
        const before = row.before as ProductRecord
        const columns = now.sized ? PRODUCT_COLUMNS : ([...PRODUCT_COLUMNS, ...PRICE_COLUMNS] as const)
        const changes = moved<ProductRecord>(before, now, columns as readonly (keyof ProductRecord & string)[])
        if (changes.length) why.push(`${after.slug} was changed since the dry run (${changes.join('; ')}).`)
      }
    }
    const owner = skuOwner.get(after.sku)
    if (owner !== undefined && owner !== row.productId) why.push(`The sku ${after.sku} was given to another product since the dry run.`)
    const unknown = after.categories.filter((p) => !taxons.has(p))
    if (unknown.length) why.push(`Unknown categories: ${unknown.join(', ')} (removed since the dry run).`)
    if (why.length) stale.set(row.line, `${why.join(' ')} ${AGAIN}`)
  }
  for (const row of creates) {
    // a new product with options: its slug and every SKU still free (else all its lines are refused, as in the dry run)
    const why: string[] = []
    const taken = existing.get(row.after.slug)
    if (taken && (taken.gone || current.has(taken.id))) why.push(`A product with the slug ${row.after.slug} was added since the dry run.`)
    const skusTaken = row.input.rows.filter((v) => skuOwner.has(v.sku)).map((v) => v.sku)
    if (skusTaken.length) why.push(`The SKU ${skusTaken.join(', ')} was given to another product since the dry run.`)
    if (row.input.taxonIds.some((id) => !taxonIds.has(id))) why.push('One of its categories was removed since the dry run.')
    for (const line of why.length ? row.lines : []) stale.set(line, `${why.join(' ')} ${AGAIN}`)
  }
  for (const row of sizes) {
    const now = currentSize.get(row.variantId)
    if (!now || now.productId !== row.productId) {
      stale.set(row.line, `The size ${row.before.sku} was removed since the dry run. ${AGAIN}`)
      continue
    }
    const changes = moved<SizeRecord>(row.before, now, SIZE_COLUMNS as unknown as readonly (keyof SizeRecord & string)[])
    if (changes.length) stale.set(row.line, `The size ${row.before.sku} was changed since the dry run (${changes.join('; ')}). ${AGAIN}`)
  }
  return stale
}

/** Marks rows that no longer hold as errors with their reason, and the job's counts follow (one statement each). */
export function staleStatements(db: D1Database, jobId: number, stale: Map<number, string>): D1PreparedStatement[] {
  if (stale.size === 0) return []
  return [
    db
      .prepare("UPDATE import_rows SET outcome = 'error', data_json = NULL, message = json_each.value ->> '$.m' FROM json_each(?2) WHERE import_rows.job_id = ?1 AND import_rows.line = json_each.value ->> '$.l' AND import_rows.applied = 0")
      .bind(jobId, JSON.stringify([...stale].map(([l, m]) => ({ l, m })))),
    db
      .prepare(
        `UPDATE import_jobs SET new_rows = (SELECT COUNT(*) FROM import_rows WHERE job_id = ?1 AND outcome = 'new'), changed_rows = (SELECT COUNT(*) FROM import_rows WHERE job_id = ?1 AND outcome = 'changed'),
         error_rows = (SELECT COUNT(*) FROM import_rows WHERE job_id = ?1 AND outcome = 'error'), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1`,
      )
      .bind(jobId),
  ]
}

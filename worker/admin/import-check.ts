import * as z from 'zod'
import type { Operator } from './context.ts'
import { field } from './forms.ts'
import { CSV_COLUMNS, cellValue, parseCsv, recordCells, recordQuery, toRecord, type CsvColumn, type ProductRecord, type RecordRow } from './product-csv.ts'
import { ActionRefused } from './order-actions.ts'

/**
 * The dry run of a product CSV import: every row is checked against the catalogue as it is now and stored with what
 * applying it would do (new, changed, unchanged, or the errors of that line). Nothing in the catalogue changes here.
 * Columns left out of the file are left as they are; an empty cell clears an optional value (but an empty stock or
 * backorderable cell leaves it as it is).
 */

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024
export const IMPORT_MAX_ROWS = 10_000
/** Slugs looked up per query (one json_each parameter). */
const LOOKUP = 200

type Present = Partial<ProductRecord>
export interface StoredRow {
  productId: number | null
  before: ProductRecord | null
  after: ProductRecord
}

const cellSchemas: Record<CsvColumn, z.ZodType> = {
  slug: z.string().trim().min(1, 'slug is required.').regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug: use lower-case letters, digits and single dashes.'),
  name: field.text('name', 200),
  name_de: field.optionalText(200),
  description: field.optionalText(20_000),
  description_de: field.optionalText(20_000),
  available_on: field.optionalDate('available_on'),
  discontinue_on: field.optionalDate('discontinue_on'),
  sku: field.text('sku', 64).regex(/^[A-Za-z0-9._-]+$/, 'sku: use letters, digits, dots, dashes and underscores only.'),
  price_aud: field.money('price_aud').refine((v) => v > 0, 'price_aud must be more than 0.'),
  rrp_aud: field.optionalMoney('rrp_aud'),
  club_aud: field.optionalMoney('club_aud'),
  price_usd: field.money('price_usd').refine((v) => v > 0, 'price_usd must be more than 0.'),
  rrp_usd: field.optionalMoney('rrp_usd'),
  club_usd: field.optionalMoney('club_usd'),
  stock: z.string().trim().regex(/^(-?\d{1,7})?$/, 'stock must be a whole number, or empty.').transform((v) => (v === '' ? null : Number(v))),
  backorderable: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['', 'yes', 'no', 'true', 'false', '1', '0'].includes(v), 'backorderable: write yes or no.')
    .transform((v) => (v === '' ? null : ['yes', 'true', '1'].includes(v))),
  categories: z.string().transform((v) => [...new Set(v.split('|').map((s) => s.trim()).filter(Boolean))].sort()),
}

/** The header's columns, or why the file cannot be read at all (the whole import is refused). */
function readHeader(cells: string[]): CsvColumn[] {
  const columns = cells.map((c) => c.trim().toLowerCase())
  const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c))
  if (unknown.length) throw new ActionRefused(`Line 1: unknown column ${unknown.map((c) => `"${c}"`).join(', ')}. The columns are: ${CSV_COLUMNS.join(', ')}.`)
  const twice = columns.find((c, i) => columns.indexOf(c) !== i)
  if (twice) throw new ActionRefused(`Line 1: the column "${twice}" appears twice.`)
  if (!columns.includes('slug')) throw new ActionRefused('Line 1: the slug column is missing; it says which product each row is.')
  return columns as CsvColumn[]
}

function ruleErrors(after: ProductRecord, present: Present, before: ProductRecord | null): string[] {
  const errors: string[] = []
  for (const currency of ['aud', 'usd'] as const) {
    const price = after[`price_${currency}`]
    const rrp = after[`rrp_${currency}`]
    const club = after[`club_${currency}`]
    if (rrp !== null && rrp < price) errors.push(`rrp_${currency} cannot be below price_${currency}.`)
    if (club !== null && club >= price) errors.push(`club_${currency} must be below price_${currency}.`)
  }
  if (after.available_on && after.discontinue_on && after.discontinue_on <= after.available_on) errors.push('discontinue_on must be after available_on.')
  if (before && before.stock === null && (present.stock != null || present.backorderable != null)) errors.push('This product has sizes: change their stock on its page in the console, and leave stock and backorderable empty.')
  if (after.stock !== null && after.stock < 0 && !after.backorderable) errors.push('stock can only be below 0 when backorderable is yes.')
  return errors
}

const changedColumns = (before: ProductRecord, after: ProductRecord) => {
  const a = recordCells(before)
  const b = recordCells(after)
  return CSV_COLUMNS.flatMap((column, i) => (a[i] === b[i] ? [] : [column === 'description' || column === 'description_de' ? column : `${column}: ${a[i] || '(empty)'} → ${b[i] || '(empty)'}`]))
}

export async function dryRun(db: D1Database, operator: Operator, filename: string, text: string): Promise<number> {
  const parsed = parseCsv(text)
  if (!parsed.ok) throw new ActionRefused(`Line ${parsed.line}: a quoted cell is never closed. Check the quotes on that line.`)
  const [header, ...rows] = parsed.rows
  if (!header) throw new ActionRefused('The file is empty: it needs a header line and one line per product.')
  if (rows.length === 0) throw new ActionRefused('The file has a header but no products.')
  if (rows.length > IMPORT_MAX_ROWS) throw new ActionRefused(`The file has ${rows.length} products; import at most ${IMPORT_MAX_ROWS} at a time (split the file).`)
  const columns = readHeader(header.cells)

  const slugs = [...new Set(rows.map((r) => cellValue(r.cells[columns.indexOf('slug')] ?? '').trim()))]
  const current = new Map<string, ProductRecord & { id: number }>()
  const skuOwners = new Map<string, number>()
  const skus = columns.includes('sku') ? [...new Set(rows.map((r) => cellValue(r.cells[columns.indexOf('sku')] ?? '').trim()))] : []
  const lookups: D1PreparedStatement[] = []
  for (let i = 0; i < slugs.length; i += LOOKUP) lookups.push(db.prepare(recordQuery('p.slug IN (SELECT value FROM json_each(?1))')).bind(JSON.stringify(slugs.slice(i, i + LOOKUP))))
  for (let i = 0; i < skus.length; i += LOOKUP) lookups.push(db.prepare('SELECT sku, product_id FROM variants WHERE sku IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(skus.slice(i, i + LOOKUP))))
  lookups.push(db.prepare('SELECT permalink FROM taxons'))
  const results = await db.batch(lookups)
  const taxons = new Set((results.pop()!.results as Array<{ permalink: string }>).map((t) => t.permalink))
  for (const result of results) {
    for (const row of result.results as Array<Record<string, unknown>>) {
      if ('slug' in row) current.set(row.slug as string, toRecord(row as unknown as RecordRow))
      else skuOwners.set(row.sku as string, row.product_id as number)
    }
  }

  const seenSlugs = new Map<string, number>()
  const seenSkus = new Map<string, number>()
  const stored: Array<{ line: number; slug: string | null; outcome: string; data: string | null; message: string | null }> = []
  for (const { line, cells } of rows) {
    const errors: string[] = []
    const present: Present = {}
    if (cells.length !== columns.length) errors.push(`This line has ${cells.length} cells; the header has ${columns.length}.`)
    columns.forEach((column, i) => {
      const result = cellSchemas[column].safeParse(cellValue(cells[i] ?? ''))
      if (result.success) (present as Record<string, unknown>)[column] = result.data
      else errors.push(result.error.issues[0]!.message)
    })
    const readable = errors.length === 0
    const slug = present.slug ?? null
    if (slug && seenSlugs.has(slug)) errors.push(`The slug ${slug} is already on line ${seenSlugs.get(slug)}.`)
    if (slug) seenSlugs.set(slug, line)
    const before = slug ? (current.get(slug) ?? null) : null
    if (!before && slug) {
      const missing = (['name', 'sku', 'price_aud', 'price_usd'] as const).filter((c) => present[c] === undefined && columns.indexOf(c) === -1)
      if (missing.length) errors.push(`${slug} is a new product: it needs ${missing.join(', ')}.`)
    }
    if (present.sku) {
      const owner = skuOwners.get(present.sku)
      if (owner !== undefined && owner !== before?.id) errors.push(`The sku ${present.sku} belongs to another product.`)
      if (seenSkus.has(present.sku)) errors.push(`The sku ${present.sku} is already on line ${seenSkus.get(present.sku)}.`)
      seenSkus.set(present.sku, line)
    }
    const unknown = (present.categories ?? []).filter((p) => !taxons.has(p))
    if (unknown.length) errors.push(`Unknown categories: ${unknown.join(', ')} (use the permalinks shown on the Categories page).`)
    // the rules between cells are checked whenever every cell could be read, so a line shows all its problems at once
    if (readable && slug) {
      const base: ProductRecord = before ?? { slug, name: '', name_de: null, description: null, description_de: null, available_on: null, discontinue_on: null, sku: '', price_aud: 0, rrp_aud: null, club_aud: null, price_usd: 0, rrp_usd: null, club_usd: null, stock: 0, backorderable: false, categories: [] }
      const after: ProductRecord = { ...plainOf(base), ...Object.fromEntries(Object.entries(present).filter(([k, v]) => !((k === 'stock' || k === 'backorderable') && v === null))) }
      errors.push(...ruleErrors(after, present, before))
      if (errors.length === 0) {
        const changes = before ? changedColumns(before, after) : []
        const outcome = !before ? 'new' : changes.length ? 'changed' : 'unchanged'
        const data: StoredRow = { productId: before?.id ?? null, before: before ? plainOf(before) : null, after }
        stored.push({ line, slug, outcome, data: outcome === 'unchanged' ? null : JSON.stringify(data), message: changes.length ? changes.join('; ') : null })
        continue
      }
    }
    stored.push({ line, slug, outcome: 'error', data: null, message: errors.join(' ') })
  }
  return saveJob(db, operator, filename, stored)
}

const plainOf = (r: ProductRecord & { id?: number }): ProductRecord => {
  const { id: _id, ...plain } = r
  return plain
}

async function saveJob(db: D1Database, operator: Operator, filename: string, rows: Array<{ line: number; slug: string | null; outcome: string; data: string | null; message: string | null }>) {
  const count = (outcome: string) => rows.filter((r) => r.outcome === outcome).length
  const job = await db
    .prepare('INSERT INTO import_jobs (admin_user_id, admin_email, filename, total_rows, new_rows, changed_rows, unchanged_rows, error_rows) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .bind(operator.id, operator.email, filename.slice(0, 200), rows.length, count('new'), count('changed'), count('unchanged'), count('error'))
    .first<{ id: number }>()
  // rows go in groups of at most ~500 KB of JSON (D1 takes up to 2 MB in one value)
  const inserts: D1PreparedStatement[] = []
  let group: typeof rows = []
  let bytes = 0
  const flush = () => {
    if (group.length === 0) return
    inserts.push(
      db
        .prepare(
          `INSERT INTO import_rows (job_id, line, slug, outcome, data_json, message)
           SELECT ?1, value ->> 'line', value ->> 'slug', value ->> 'outcome', value ->> 'data', value ->> 'message' FROM json_each(?2)`,
        )
        .bind(job!.id, JSON.stringify(group)),
    )
    group = []
    bytes = 0
  }
  for (const row of rows) {
    group.push(row)
    bytes += (row.data?.length ?? 0) + (row.message?.length ?? 0) + 100
    if (bytes > 500_000) flush()
  }
  flush()
  await db.batch(inserts)
  return job!.id
}

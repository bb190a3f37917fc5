import { CHARGE_MAX_CENTS } from '#kernel/config.ts'
import { formatMoney } from '#kernel/format.ts'
import type { Currency } from '#kernel/models.ts'
import * as z from 'zod/mini'
import type { Operator } from './context.ts'
import { field } from './forms.ts'
import { changedColumns, CSV_COLUMNS, CURRENCIES, cellValue, plainOf, parseCsv, recordCells, recordQuery, sizeQuery, toRecord, toSize, type CsvColumn, type CurrentProduct, type CurrentSize, type ProductRecord, type RecordRow, type SizeRecord, type SizeRow } from './product-csv.ts'
import { checkSizeLine, PRODUCT_ONLY, priceRuleErrors, productLevelPrices } from './import-sizes.ts'
import { ActionRefused } from './action-refused.ts'
import { VARIANT_COLUMNS, type CheckedLine, type FileLine, type ImportColumn, type VariantColumn, type VariantContext } from './import-lines.ts'
import { checkVariantGroups, usesVariantColumns, type CreateRow, type PartRow } from './import-variants.ts'
import { readStore } from './product-input.ts'
import { stockAllowed } from './catalogue-rules.ts'

/**
 * The dry run of a product CSV import: every row is checked against the catalogue as it is now and stored with what
 * applying it would do (new, changed, unchanged, or the errors of that line). Nothing in the catalogue changes here.
 * Columns left out of the file are left as they are; an empty cell clears an optional value (but an empty stock or
 * backorderable cell leaves it as it is). A line whose SKU is one of its product's sizes is that size's line
 * (import-sizes.ts); any other line is the product's.
 */

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024
export const IMPORT_MAX_ROWS = 10_000
/** Slugs looked up per query (one json_each parameter). */
const LOOKUP = 200

type Present = Partial<ProductRecord>
export type StoredRow =
  | { kind?: 'product'; productId: number | null; before: ProductRecord | null; after: ProductRecord }
  | { kind: 'size'; productId: number; variantId: number; before: SizeRecord; after: SizeRecord }
  | CreateRow
  | PartRow

/** A price: empty only on the line of a product with sizes (their prices are on their own lines). */
const price = (column: string, currency: Currency) =>
  z.pipe(z
    .string().check(z.trim(), z.regex(/^(\d{1,7}(\.\d{1,2})?)?$/, `${column}: enter an amount like 129.95.`)), z.transform((v) => (v ? Math.round(Number(v) * 100) : null))).check(z.refine((v) => v === null || v <= CHARGE_MAX_CENTS, `${column}: at most ${formatMoney(CHARGE_MAX_CENTS / 100, currency, 'en')} (the most a card can be charged at once).`))

const cellSchemas: Record<ImportColumn, z.ZodMiniType> = {
  // read on the lines of a product with options only (import-variants.ts); a line here has them empty
  ...(Object.fromEntries(VARIANT_COLUMNS.map((c) => [c, z.pipe(z.string(), z.transform(() => undefined))])) as unknown as Record<VariantColumn, z.ZodMiniType>),
  slug: z.string().check(z.trim(), z.minLength(1, 'slug is required.'), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug: use lower-case letters, digits and single dashes.')),
  name: field.text('name', 200),
  name_de: field.optionalText(200),
  description: field.optionalText(20_000),
  description_de: field.optionalText(20_000),
  available_on: field.optionalDate('available_on'),
  discontinue_on: field.optionalDate('discontinue_on'),
  sku: field.text('sku', 64).check(z.regex(/^[A-Za-z0-9._-]+$/, 'sku: use letters, digits, dots, dashes and underscores only.')),
  price_aud: price('price_aud', 'AUD'),
  rrp_aud: field.optionalMoney('rrp_aud', 'AUD'),
  club_aud: field.optionalMoney('club_aud', 'AUD'),
  price_usd: price('price_usd', 'USD'),
  rrp_usd: field.optionalMoney('rrp_usd', 'USD'),
  club_usd: field.optionalMoney('club_usd', 'USD'),
  stock: z.pipe(z.string().check(z.trim(), z.regex(/^(-?\d{1,7})?$/, 'stock must be a whole number, or empty.')), z.transform((v) => (v === '' ? null : Number(v)))),
  backorderable: z.pipe(z
    .string().check(z.trim(), z.toLowerCase(), z.refine((v) => ['', 'yes', 'no', 'true', 'false', '1', '0'].includes(v), 'backorderable: write yes or no.')), z.transform((v) => (v === '' ? null : ['yes', 'true', '1'].includes(v)))),
  // written by the export for the reader; sizes are added in the console
  size: z.pipe(z.string(), z.transform(() => undefined)),
  categories: z.pipe(z.string(), z.transform((v) => [...new Set(v.split('|').map((s) => s.trim()).filter(Boolean))].sort())),
}

/** The header's columns, or why the file cannot be read at all (the whole import is refused). */
function readHeader(cells: string[]): ImportColumn[] {
  const columns = cells.map((c) => c.trim().toLowerCase())
  const known: readonly string[] = [...CSV_COLUMNS, ...VARIANT_COLUMNS]
  const unknown = columns.filter((c) => !known.includes(c))
  if (unknown.length) throw new ActionRefused(`Line 1: unknown column ${unknown.map((c) => `"${c}"`).join(', ')}. The columns are: ${known.join(', ')}.`)
  const twice = columns.find((c, i) => columns.indexOf(c) !== i)
  if (twice) throw new ActionRefused(`Line 1: the column "${twice}" appears twice.`)
  if (!columns.includes('slug')) throw new ActionRefused('Line 1: the slug column is missing; it says which product each row is.')
  return columns as ImportColumn[]
}

function ruleErrors(after: ProductRecord, present: Present, before: CurrentProduct | null): string[] {
  const errors: string[] = []
  // a product without sizes keeps a price in each currency it had one in (a new product needs both)
  if (!before?.sized) for (const c of CURRENCIES) if (after[`price_${c}`] === null && (!before || before[`price_${c}`] !== null)) errors.push(`price_${c} is required.`)
  errors.push(...priceRuleErrors(after))
  if (after.available_on && after.discontinue_on && after.discontinue_on <= after.available_on) errors.push('discontinue_on must be after available_on.')
  if (before?.sized && (present.stock != null || present.backorderable != null)) errors.push("This product has sizes: give their stock and backorderable on the sizes' own lines (keyed by SKU), and leave them empty on the product's line.")
  if (after.stock !== null && !stockAllowed(after.stock, after.backorderable ?? false)) errors.push('stock can only be below 0 when backorderable is yes.')
  return errors
}


export async function dryRun(db: D1Database, operator: Operator, filename: string, text: string): Promise<number> {
  const parsed = parseCsv(text)
  if (!parsed.ok) throw new ActionRefused(`Line ${parsed.line}: a quoted cell is never closed. Check the quotes on that line.`)
  const [header, ...rows] = parsed.rows
  if (!header) throw new ActionRefused('The file is empty: it needs a header line and one line per product.')
  if (rows.length === 0) throw new ActionRefused('The file has a header but no products.')
  if (rows.length > IMPORT_MAX_ROWS) throw new ActionRefused(`The file has ${rows.length} lines; import at most ${IMPORT_MAX_ROWS} at a time (split the file).`)
  const columns = readHeader(header.cells)
  const cellOf = (cells: string[], column: ImportColumn) => (columns.includes(column) ? cellValue(cells[columns.indexOf(column)] ?? '').trim() : '')

  const slugs = [...new Set(rows.map((r) => cellOf(r.cells, 'slug')))]
  const skus = columns.includes('sku') ? [...new Set(rows.map((r) => cellOf(r.cells, 'sku')))] : []
  // the slugs whose lines use the columns of a product with options (import-variants.ts), and what those need
  const grouped = new Set(rows.filter((r) => usesVariantColumns({ cellOf }, r.cells)).map((r) => cellOf(r.cells, 'slug')))
  const groupSkus = rows.filter((r) => grouped.has(cellOf(r.cells, 'slug'))).map((r) => cellOf(r.cells, 'sku'))
  const lookups: D1PreparedStatement[] = [db.prepare('SELECT id, permalink FROM taxons'), db.prepare('SELECT slug FROM products WHERE deleted_at IS NOT NULL AND slug IN (SELECT value FROM json_each(?))').bind(JSON.stringify([...grouped]))]
  for (let i = 0; i < slugs.length; i += LOOKUP) {
    const some = JSON.stringify(slugs.slice(i, i + LOOKUP))
    lookups.push(db.prepare(recordQuery('p.slug IN (SELECT value FROM json_each(?1))')).bind(some), db.prepare(sizeQuery('p.slug IN (SELECT value FROM json_each(?1))')).bind(some))
  }
  const skuLookups = lookups.length
  for (let i = 0; i < skus.length; i += LOOKUP) lookups.push(db.prepare('SELECT sku, product_id FROM variants WHERE sku IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(skus.slice(i, i + LOOKUP))))
  const results = await db.batch(lookups)
  const taxonIds = new Map((results[0]!.results as Array<{ id: number; permalink: string }>).map((t) => [t.permalink, t.id]))
  const taxons = new Set(taxonIds.keys())
  const archived = new Set((results[1]!.results as Array<{ slug: string }>).map((r) => r.slug))
  const current = new Map<string, CurrentProduct>()
  const sizesOf = new Map<number, CurrentSize[]>()
  const sizeBySku = new Map<string, CurrentSize>()
  const skuOwners = new Map<string, number>()
  results.forEach((result, i) => {
    if (i <= 1) return
    if (i >= skuLookups) for (const row of result.results as Array<{ sku: string; product_id: number }>) skuOwners.set(row.sku, row.product_id)
    else if (i % 2 === 0) for (const row of result.results as RecordRow[]) current.set(row.slug, toRecord(row))
    else
      for (const row of result.results as SizeRow[]) {
        const size = toSize(row)
        sizeBySku.set(size.sku, size)
        sizesOf.set(size.productId, [...(sizesOf.get(size.productId) ?? []), size])
      }
  })
  /** The size a line is about: its SKU is one of the sizes of the product its slug names. */
  const sizeOfLine = (cells: string[]) => {
    const size = sizeBySku.get(cellOf(cells, 'sku'))
    return size && size.productId === current.get(cellOf(cells, 'slug'))?.id ? size : undefined
  }
  const withSizeLines = new Set(rows.filter((r) => sizeOfLine(r.cells)).map((r) => cellOf(r.cells, 'slug')))

  const seenSlugs = new Map<string, number>()
  const seenSkus = new Map<string, number>()
  const stored: CheckedLine[] = []
  const add = (line: number, slug: string | null, outcome: CheckedLine['outcome'], data: string | null, message: string | null) => stored.push({ line, slug, outcome, data, message, messageDe: null })
  if (grouped.size) {
    const store = await readStore(db, groupSkus)
    const ctx: VariantContext = { columns, cellOf, current, sizeBySku, archived, taxonIds, store }
    const groups = new Map<string, FileLine[]>([...grouped].map((slug) => [slug, rows.filter((r) => cellOf(r.cells, 'slug') === slug)]))
    // a SKU on another line of the file is taken for a new product too
    for (const r of rows) if (!grouped.has(cellOf(r.cells, 'slug')) && cellOf(r.cells, 'sku')) store.takenSkus.add(cellOf(r.cells, 'sku').toUpperCase())
    stored.push(...checkVariantGroups(groups, ctx, store.takenSkus))
  }
  for (const { line, cells } of rows) {
    if (grouped.has(cellOf(cells, 'slug'))) continue
    const errors: string[] = []
    const present: Present = {}
    if (cells.length !== columns.length) errors.push(`This line has ${cells.length} cells; the header has ${columns.length}.`)
    const size = sizeOfLine(cells)
    columns.forEach((column, i) => {
      // a size's line leaves the product's columns empty (checkSizeLine says so when it does not)
      if (size && (PRODUCT_ONLY as ImportColumn[]).includes(column)) return
      const result = cellSchemas[column].safeParse(cellValue(cells[i] ?? ''))
      if (result.success) (present as Record<string, unknown>)[column] = result.data
      else errors.push(result.error.issues[0]!.message)
    })
    const readable = errors.length === 0
    const slug = present.slug ?? null
    if (present.sku) {
      const owner = skuOwners.get(present.sku)
      if (owner !== undefined && owner !== current.get(slug ?? '')?.id) errors.push(`The sku ${present.sku} belongs to another product.`)
      if (seenSkus.has(present.sku)) errors.push(`The sku ${present.sku} is already on line ${seenSkus.get(present.sku)}.`)
      seenSkus.set(present.sku, line)
    }

    if (size) {
      const filled = new Set(columns.filter((c, i) => cellValue(cells[i] ?? '').trim() !== '')) as Set<CsvColumn>
      const checked = checkSizeLine(size, present as Parameters<typeof checkSizeLine>[1], filled)
      errors.push(...checked.errors)
      if (readable && errors.length === 0) {
        const data: StoredRow = { kind: 'size', productId: size.productId, variantId: size.id, before: checked.before, after: checked.after }
        add(line, slug, checked.message ? 'changed' : 'unchanged', checked.message ? JSON.stringify(data) : null, checked.message)
      } else add(line, slug, 'error', null, errors.join(' '))
      continue
    }

    if (slug && seenSlugs.has(slug)) errors.push(`The slug ${slug} is already on line ${seenSlugs.get(slug)}.`)
    if (slug) seenSlugs.set(slug, line)
    const before = slug ? (current.get(slug) ?? null) : null
    if (!before && slug) {
      const missing = (['name', 'sku', 'price_aud', 'price_usd'] as const).filter((c) => present[c] === undefined && columns.indexOf(c) === -1)
      if (missing.length) errors.push(`${slug} is a new product: it needs ${missing.join(', ')}.`)
    }
    const unknown = (present.categories ?? []).filter((p) => !taxons.has(p))
    if (unknown.length) errors.push(`Unknown categories: ${unknown.join(', ')} (use the permalinks shown on the Categories page).`)
    // the rules between cells are checked whenever every cell could be read, so a line shows all its problems at once
    if (readable && slug) {
      const base: ProductRecord = before ?? { slug, name: '', name_de: null, description: null, description_de: null, available_on: null, discontinue_on: null, sku: '', price_aud: null, rrp_aud: null, club_aud: null, price_usd: null, rrp_usd: null, club_usd: null, stock: 0, backorderable: false, categories: [] }
      const given = Object.entries(present).filter(([k, v]) => v !== undefined && !((k === 'stock' || k === 'backorderable') && v === null))
      const after: ProductRecord = { ...plainOf(base), ...Object.fromEntries(given) }
      let was = before ? plainOf(before) : null
      if (before?.sized) {
        // prices of a product with sizes are on the sizes' lines; an older file's product-level prices never flatten them
        const level = productLevelPrices(before, present, sizesOf.get(before.id) ?? [], withSizeLines.has(slug))
        errors.push(...level.errors)
        Object.assign(after, level.after)
        was = { ...was!, ...level.before }
      }
      errors.push(...ruleErrors(after, present, before))
      if (errors.length === 0) {
        const changes = was ? changedColumns(was, after) : []
        if (before?.sized && CURRENCIES.some((c) => after[`price_${c}`] !== null)) changes.push('the prices apply to every size')
        const outcome = !before ? 'new' : changes.length ? 'changed' : 'unchanged'
        const data: StoredRow = { productId: before?.id ?? null, before: was, after }
        add(line, slug, outcome, outcome === 'unchanged' ? null : JSON.stringify(data), changes.length ? changes.join('; ') : null)
        continue
      }
    }
    add(line, slug, 'error', null, errors.join(' '))
  }
  return saveJob(db, operator, filename, stored.sort((a, b) => a.line - b.line))
}

async function saveJob(db: D1Database, operator: Operator, filename: string, rows: CheckedLine[]) {
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
          `INSERT INTO import_rows (job_id, line, slug, outcome, data_json, message, message_de)
           SELECT ?1, value ->> 'line', value ->> 'slug', value ->> 'outcome', value ->> 'data', value ->> 'message', value ->> 'messageDe' FROM json_each(?2)`,
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

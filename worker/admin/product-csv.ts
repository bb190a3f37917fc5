import { csvLine } from './orders-data.ts'
/**
 * The product CSV of the console (docs/console.md 'Product CSV'): one line per product, keyed by slug, and below a
 * product with sizes one line per size, keyed by its SKU, with that size's prices, stock and backorderable (the
 * product's own columns empty). Export and import use the same columns and the same reading of the catalogue, so an
 * exported file imports as all unchanged.
 */

export const CSV_COLUMNS = [
  'slug', 'name', 'name_de', 'description', 'description_de', 'available_on', 'discontinue_on', 'sku', 'size',
  'price_aud', 'rrp_aud', 'club_aud', 'price_usd', 'rrp_usd', 'club_usd', 'stock', 'backorderable', 'categories',
] as const
export type CsvColumn = (typeof CSV_COLUMNS)[number]

/** Price, RRP and Club Price per currency in cents; a null price: none given (left as it is). */
export interface PriceCells {
  price_aud: number | null
  rrp_aud: number | null
  club_aud: number | null
  price_usd: number | null
  rrp_usd: number | null
  club_usd: number | null
}
export const CURRENCIES = ['aud', 'usd'] as const
export type Currency = (typeof CURRENCIES)[number]

/**
 * A product as the CSV states it: money in cents, dates as YYYY-MM-DD, categories as taxon permalinks. A product with
 * sizes has no prices, stock or backorderable of its own here: they are on its sizes' lines.
 */
export interface ProductRecord extends PriceCells {
  slug: string
  name: string
  name_de: string | null
  description: string | null
  description_de: string | null
  available_on: string | null
  discontinue_on: string | null
  sku: string
  /** null for a product with sizes: their stock is kept per variant on the product page */
  stock: number | null
  backorderable: boolean | null
  categories: string[]
}

/** One size of a product as its CSV line states it. */
export interface SizeRecord extends PriceCells {
  slug: string
  sku: string
  /** the option values' names, 'Black / XXL': written for the reader, not read by the import */
  size: string
  stock: number
  backorderable: boolean
}

const HAS_SIZES = 'EXISTS (SELECT 1 FROM variants o WHERE o.product_id = p.id AND o.is_master = 0 AND o.deleted_at IS NULL)'

/** Every standard product's record, prices those of its master; `where` picks them (bound as ?1, ?2). */
export const recordQuery = (where: string) => `
  SELECT p.id, p.slug, p.name, pt.name AS name_de, p.description, pt.description AS description_de,
    substr(p.available_on, 1, 10) AS available_on, substr(p.discontinue_on, 1, 10) AS discontinue_on, m.sku,
    a.amount_cents AS price_aud, a.compare_at_cents AS rrp_aud, a.member_cents AS club_aud,
    u.amount_cents AS price_usd, u.compare_at_cents AS rrp_usd, u.member_cents AS club_usd,
    ${HAS_SIZES} AS sized, m.stock_on_hand AS stock, m.backorderable,
    (SELECT group_concat(permalink, ' | ') FROM (SELECT t.permalink FROM classifications c JOIN taxons t ON t.id = c.taxon_id WHERE c.product_id = p.id ORDER BY t.permalink)) AS categories
  FROM products p JOIN variants m ON m.product_id = p.id AND m.is_master = 1
  LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = 'de'
  LEFT JOIN prices a ON a.variant_id = m.id AND a.currency = 'AUD'
  LEFT JOIN prices u ON u.variant_id = m.id AND u.currency = 'USD'
  WHERE p.kind = 'standard' AND p.deleted_at IS NULL AND ${where}`

/** The sizes (variants but the master) of the products `where` picks (on p, bound as ?1), in the product page's order. */
export const sizeQuery = (where: string) => `
  SELECT v.id, v.product_id, p.slug, v.sku,
    COALESCE((SELECT group_concat(presentation, ' / ') FROM (SELECT ov.presentation FROM variant_option_values vov JOIN option_values ov ON ov.id = vov.option_value_id
      JOIN option_types ot ON ot.id = ov.option_type_id WHERE vov.variant_id = v.id ORDER BY ot.position, ot.id)), '') AS size,
    a.amount_cents AS price_aud, a.compare_at_cents AS rrp_aud, a.member_cents AS club_aud,
    u.amount_cents AS price_usd, u.compare_at_cents AS rrp_usd, u.member_cents AS club_usd,
    v.stock_on_hand AS stock, v.backorderable
  FROM variants v JOIN products p ON p.id = v.product_id
  LEFT JOIN prices a ON a.variant_id = v.id AND a.currency = 'AUD'
  LEFT JOIN prices u ON u.variant_id = v.id AND u.currency = 'USD'
  WHERE v.is_master = 0 AND v.deleted_at IS NULL AND p.kind = 'standard' AND p.deleted_at IS NULL AND ${where}
  ORDER BY v.product_id, v.position, v.id`

export type RecordRow = Omit<ProductRecord, 'categories' | 'backorderable'> & { id: number; sized: number; categories: string | null; backorderable: number }
export type SizeRow = Omit<SizeRecord, 'backorderable'> & { id: number; product_id: number; backorderable: number }
export type CurrentProduct = ProductRecord & { id: number; sized: boolean; master: PriceCells }
export type CurrentSize = SizeRecord & { id: number; productId: number }

export const pricesOf = (r: PriceCells): PriceCells => ({ price_aud: r.price_aud, rrp_aud: r.rrp_aud, club_aud: r.club_aud, price_usd: r.price_usd, rrp_usd: r.rrp_usd, club_usd: r.club_usd })
const NO_PRICES: PriceCells = { price_aud: null, rrp_aud: null, club_aud: null, price_usd: null, rrp_usd: null, club_usd: null }

/** A product as the CSV shows it: one with sizes without prices, stock or backorderable (its master's are kept aside). */
export const toRecord = ({ sized, ...row }: RecordRow): CurrentProduct => ({
  ...row,
  ...(sized ? NO_PRICES : {}),
  stock: sized ? null : row.stock,
  backorderable: sized ? null : row.backorderable === 1,
  categories: row.categories ? row.categories.split(' | ') : [],
  sized: sized === 1,
  master: pricesOf(row),
})

export const toSize = ({ id, product_id, ...row }: SizeRow): CurrentSize => ({ ...row, id, productId: product_id, backorderable: row.backorderable === 1 })

export const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2))
const priceCells = (r: PriceCells) => [money(r.price_aud), money(r.rrp_aud), money(r.club_aud), money(r.price_usd), money(r.rrp_usd), money(r.club_usd)]
const yesNo = (v: boolean | null) => (v === null ? '' : v ? 'yes' : 'no')

/** The record as CSV cells, in CSV_COLUMNS order. */
export function recordCells(r: ProductRecord): string[] {
  return [
    r.slug, r.name, r.name_de ?? '', r.description ?? '', r.description_de ?? '', r.available_on ?? '', r.discontinue_on ?? '', r.sku, '',
    ...priceCells(r), r.stock === null ? '' : String(r.stock), yesNo(r.backorderable), r.categories.join(' | '),
  ]
}

/** What a line changes on a product, column by column (descriptions named only: they are long). */
export const changedColumns = (before: ProductRecord, after: ProductRecord) => {
  const a = recordCells(before)
  const b = recordCells(after)
  return CSV_COLUMNS.flatMap((column, i) => (a[i] === b[i] ? [] : [column === 'description' || column === 'description_de' ? column : `${column}: ${a[i] || '(empty)'} → ${b[i] || '(empty)'}`]))
}

/** The record alone, without what the dry run keeps beside it. */
export const plainOf = (r: ProductRecord | CurrentProduct): ProductRecord => {
  const { id: _id, sized: _sized, master: _master, ...plain } = r as CurrentProduct
  return plain
}

/** A size's line: the product's slug, then only the size's own columns. */
export function sizeCells(s: SizeRecord): string[] {
  return [s.slug, '', '', '', '', '', '', s.sku, s.size, ...priceCells(s), String(s.stock), yesNo(s.backorderable), '']
}

/**
 * A cell as written by csvLine (orders-data.ts), which puts a ' before a leading = + - @ so a spreadsheet does not
 * run it as a formula: reading takes it off again, so a file exported and imported unchanged stays unchanged.
 */
export const cellValue = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)

/** The records of a CSV text with the line each starts on (the header is line 1), or where the quoting breaks. */
export function parseCsv(text: string): { ok: true; rows: Array<{ line: number; cells: string[] }> } | { ok: false; line: number } {
  const rows: Array<{ line: number; cells: string[] }> = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let start = 1
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (cell += '"'), i++
      else if (ch === '"') quoted = false
      else (cell += ch), ch === '\n' && line++
      continue
    }
    if (ch === '"' && cell === '') quoted = true
    else if (ch === ',') cells.push(cell), (cell = '')
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++
      cells.push(cell)
      if (cells.length > 1 || cells[0] !== '') rows.push({ line: start, cells })
      cells = []
      cell = ''
      start = ++line
    } else cell += ch
  }
  if (quoted) return { ok: false, line: start }
  cells.push(cell)
  if (cells.length > 1 || cells[0] !== '') rows.push({ line: start, cells })
  return { ok: true, rows }
}

const EXPORT_PAGE = 200

/** Every product as CSV, each followed by its sizes, streamed a page of products at a time (keyset on id), so a large catalogue never sits in memory. */
export function productsCsv(db: D1Database): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let after = -1
  return new ReadableStream({
    async pull(controller) {
      if (after === -1) {
        after = 0
        controller.enqueue(encoder.encode(csvLine([...CSV_COLUMNS])))
        return
      }
      const [products, sizes] = await db.batch([
        db.prepare(recordQuery(`p.id > ?1 ORDER BY p.id LIMIT ${EXPORT_PAGE}`)).bind(after),
        db.prepare(sizeQuery(`p.id IN (SELECT id FROM products WHERE kind = 'standard' AND deleted_at IS NULL AND id > ?1 ORDER BY id LIMIT ${EXPORT_PAGE})`)).bind(after),
      ])
      const results = products!.results as RecordRow[]
      const sizesOf = new Map<number, SizeRow[]>()
      for (const size of sizes!.results as SizeRow[]) sizesOf.set(size.product_id, [...(sizesOf.get(size.product_id) ?? []), size])
      const lines = results.flatMap((row) => [recordCells(toRecord(row)), ...(sizesOf.get(row.id) ?? []).map((s) => sizeCells(toSize(s)))])
      if (lines.length) controller.enqueue(encoder.encode(lines.map(csvLine).join('')))
      if (results.length < EXPORT_PAGE) controller.close()
      else after = results.at(-1)!.id
    },
  })
}

import { csvLine } from './orders-data.ts'
/**
 * The product CSV of the console (docs/operations.md 'Product CSV'): one row per product, keyed by slug. Export and
 * import use the same columns and the same reading of the catalogue, so an exported file imports as all unchanged.
 */

export const CSV_COLUMNS = [
  'slug', 'name', 'name_de', 'description', 'description_de', 'available_on', 'discontinue_on', 'sku',
  'price_aud', 'rrp_aud', 'club_aud', 'price_usd', 'rrp_usd', 'club_usd', 'stock', 'backorderable', 'categories',
] as const
export type CsvColumn = (typeof CSV_COLUMNS)[number]

/** A product as the CSV states it: money in cents, dates as YYYY-MM-DD, categories as taxon permalinks. */
export interface ProductRecord {
  slug: string
  name: string
  name_de: string | null
  description: string | null
  description_de: string | null
  available_on: string | null
  discontinue_on: string | null
  sku: string
  price_aud: number
  rrp_aud: number | null
  club_aud: number | null
  price_usd: number
  rrp_usd: number | null
  club_usd: number | null
  /** null for a product with sizes: their stock is kept per variant on the product page */
  stock: number | null
  backorderable: boolean | null
  categories: string[]
}

/** Every standard product's record; `where` picks them (bound as ?1, ?2). */
export const recordQuery = (where: string) => `
  SELECT p.id, p.slug, p.name, pt.name AS name_de, p.description, pt.description AS description_de,
    substr(p.available_on, 1, 10) AS available_on, substr(p.discontinue_on, 1, 10) AS discontinue_on, m.sku,
    a.amount_cents AS price_aud, a.compare_at_cents AS rrp_aud, a.member_cents AS club_aud,
    u.amount_cents AS price_usd, u.compare_at_cents AS rrp_usd, u.member_cents AS club_usd,
    CASE WHEN EXISTS (SELECT 1 FROM variants o WHERE o.product_id = p.id AND o.is_master = 0 AND o.deleted_at IS NULL) THEN NULL ELSE m.stock_on_hand END AS stock,
    CASE WHEN EXISTS (SELECT 1 FROM variants o WHERE o.product_id = p.id AND o.is_master = 0 AND o.deleted_at IS NULL) THEN NULL ELSE m.backorderable END AS backorderable,
    (SELECT group_concat(permalink, ' | ') FROM (SELECT t.permalink FROM classifications c JOIN taxons t ON t.id = c.taxon_id WHERE c.product_id = p.id ORDER BY t.permalink)) AS categories
  FROM products p JOIN variants m ON m.product_id = p.id AND m.is_master = 1
  LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = 'de'
  LEFT JOIN prices a ON a.variant_id = m.id AND a.currency = 'AUD'
  LEFT JOIN prices u ON u.variant_id = m.id AND u.currency = 'USD'
  WHERE p.kind = 'standard' AND p.deleted_at IS NULL AND ${where}`

export type RecordRow = Omit<ProductRecord, 'categories' | 'backorderable'> & { id: number; categories: string | null; backorderable: number | null }

export const toRecord = (row: RecordRow): ProductRecord & { id: number } => ({
  ...row,
  backorderable: row.backorderable === null ? null : row.backorderable === 1,
  categories: row.categories ? row.categories.split(' | ') : [],
})

const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2))

/** The record as CSV cells, in CSV_COLUMNS order. */
export function recordCells(r: ProductRecord): string[] {
  return [
    r.slug, r.name, r.name_de ?? '', r.description ?? '', r.description_de ?? '', r.available_on ?? '', r.discontinue_on ?? '', r.sku,
    money(r.price_aud), money(r.rrp_aud), money(r.club_aud), money(r.price_usd), money(r.rrp_usd), money(r.club_usd),
    r.stock === null ? '' : String(r.stock), r.backorderable === null ? '' : r.backorderable ? 'yes' : 'no', r.categories.join(' | '),
  ]
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

/** Every product as CSV, streamed a page at a time (keyset on id), so a large catalogue never sits in memory. */
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
      const { results } = await db.prepare(recordQuery(`p.id > ?1 ORDER BY p.id LIMIT ${EXPORT_PAGE}`)).bind(after).all<RecordRow>()
      if (results.length) controller.enqueue(encoder.encode(results.map((row) => csvLine(recordCells(toRecord(row)))).join('')))
      if (results.length < EXPORT_PAGE) controller.close()
      else after = results.at(-1)!.id
    },
  })
}

import { CHARGE_MAX_CENTS } from '#kernel/config.ts'
import { formatMoney } from '#kernel/format.ts'
import type { CsvColumn, CurrentProduct, CurrentSize } from './product-csv.ts'
import type { NewProduct, ProductStore } from './product-input.ts'
import { sayProductRefusal, type ProductRefusalCode, type RefusalParams } from './product-refusals.ts'

/**
 * What the lines of a product with options have in common (docs/console.md 'Product CSV: products with options'):
 * the import's extra columns, a sentence in English and German, and the money and stock cells as the 'New product'
 * form reads them. The dry run of new products is import-variants.ts, of products the store has import-variant-updates.ts.
 */

/** Columns read only by the import (the export's are product-csv.ts CSV_COLUMNS), in the order of docs/console.md. */
export const VARIANT_COLUMNS = ['status', 'option1_name', 'option1_value', 'option2_name', 'option2_value', 'option3_name', 'option3_value', 'sale_aud', 'sale_usd'] as const
export type VariantColumn = (typeof VARIANT_COLUMNS)[number]
export type ImportColumn = CsvColumn | VariantColumn
export const OPTION_INDEXES = [1, 2, 3] as const

/** A sentence in both languages: the import page shows the German one below the English one. */
export interface Said {
  en: string
  de: string
}
export const said = (en: string, de: string): Said => ({ en, de })
/** A refusal of the 'New product' form, in its words (product-refusals.ts). */
export const refusal = (code: ProductRefusalCode, params: RefusalParams): Said => ({ en: sayProductRefusal(code, params, 'en'), de: sayProductRefusal(code, params, 'de') })

/** One line as the dry run stores it (import_rows), with its German sentence. */
export interface CheckedLine {
  line: number
  slug: string | null
  outcome: 'new' | 'changed' | 'unchanged' | 'error'
  data: string | null
  message: string | null
  messageDe: string | null
}
export const lineOf = (line: number, slug: string | null, outcome: CheckedLine['outcome'], data: unknown, says: Said[]): CheckedLine => ({
  line,
  slug,
  outcome,
  data: data === null ? null : JSON.stringify(data),
  message: says.length ? says.map((s) => s.en).join(' ') : null,
  messageDe: says.length ? says.map((s) => s.de).join(' ') : null,
})

export interface FileLine {
  line: number
  cells: string[]
}
/** What the dry run knows of the store, read once for the whole file. */
export interface VariantContext {
  columns: ImportColumn[]
  cellOf: (cells: string[], column: ImportColumn) => string
  current: Map<string, CurrentProduct>
  sizeBySku: Map<string, CurrentSize>
  /** slugs of archived products */
  archived: Set<string>
  /** taxon permalink → id */
  taxonIds: Map<string, number>
  store: ProductStore
}

/** '129.95' → 12995; '' → null; anything else NaN (the form's reading, so its rules say what is wrong). */
export const cents = (text: string) => (text === '' ? null : /^\d{1,7}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN)
/** A stock cell: empty is 0 for a new variant; a whole number, else NaN. */
export const stockOf = (text: string) => (text === '' ? 0 : /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN)

/** A variant's money cells in one currency, as the form's grid row has them (price NaN when missing). */
export function moneyOf(cellOf: (column: ImportColumn) => string, currency: 'aud' | 'usd'): NewProduct['rows'][number]['prices']['AUD'] {
  return { price: cents(cellOf(`price_${currency}`)) ?? Number.NaN, sale: cents(cellOf(`sale_${currency}`)), rrp: cents(cellOf(`rrp_${currency}`)), club: cents(cellOf(`club_${currency}`)) }
}

export const capOf = (currency: 'AUD' | 'USD') => formatMoney(CHARGE_MAX_CENTS / 100, currency, 'en')

export const STATUS_DE = { draft: 'Entwurf', active: 'aktiv', archived: 'archiviert' } as const

export const PRODUCT_CELLS = ['name', 'name_de', 'description', 'description_de', 'categories'] as const

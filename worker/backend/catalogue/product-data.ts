import type { Currency, Locale } from '#kernel/models.ts'
import { sqlLiteral as literal } from './jsonapi.ts'
import { readTaxonRows, taxonRowsPart, type TaxonJson, type TaxonRow } from './taxon-data.ts'

export interface ProductRow {
  id: number
  slug: string
  name: string
  description: string | null
  available_on: string | null
  discontinue_on: string | null
  meta_title: string | null
  meta_description: string | null
  meta_keywords: string | null
  kind: string
  updated_at: string
  amount_cents: number | null
  /** the dearest size's price; above amount_cents, the sizes differ in price ('from') */
  max_cents: number | null
  compare_at_cents: number | null
  member_cents: number | null
}
export interface VariantRow {
  id: number
  product_id: number
  sku: string
  is_master: number
  position: number
  stock_on_hand: number
  backorderable: number
  weight: number | null
  height: number | null
  width: number | null
  depth: number | null
  amount_cents: number | null
  compare_at_cents: number | null
  member_cents: number | null
}
export interface OptionValueRow {
  id: number
  option_type_id: number
  name: string
  presentation: string
  position: number
  image_preview: string | null
  type_name: string
  type_presentation: string
  type_position: number
}
/** product_images with the alt text in the locale bound as ?1, English where there is no translation. */
export const IMAGE_SELECT = `SELECT pi.id, pi.product_id, pi.option_value_id, pi.position, COALESCE(pit.alt, pi.alt) AS alt,
  pi.mobile_url, pi.mobile_width, pi.mobile_height, pi.desktop_url, pi.desktop_width, pi.desktop_height, pi.large_url, pi.large_width, pi.large_height
  FROM product_images pi LEFT JOIN product_image_translations pit ON pit.product_image_id = pi.id AND pit.locale = ?1`

export interface ImageRow {
  id: number
  product_id: number
  option_value_id: number | null
  position: number
  alt: string | null
  mobile_url: string
  mobile_width: number
  mobile_height: number
  desktop_url: string
  desktop_width: number
  desktop_height: number
  large_url: string
  large_width: number
  large_height: number
}
export interface PropertyRow {
  id: number
  product_id: number
  value: string
  filter_param: string
  position: number
  name: string
  presentation: string
}

/** Everything needed to serialise a page of products, loaded in one D1 round trip. */
export interface ProductData {
  products: ProductRow[]
  variants: Map<number, VariantRow[]>
  variantValues: Map<number, number[]>
  productOptionTypes: Map<number, number[]>
  optionValues: Map<number, OptionValueRow>
  images: Map<number, ImageRow[]>
  properties: Map<number, PropertyRow[]>
  productTaxons: Map<number, number[]>
  taxons: Map<number, TaxonRow>
}

function group<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = map.get(k)
    if (list) list.push(row)
    else map.set(k, [row])
  }
  return map
}

/**
 * The columns of each part of the statement below, in order. A part is one JSON array of rows and each row an array of
 * these values (positional, not `json_object`: the keys repeated on every row were about half the bytes of a listing,
 * which D1 builds, carries and the worker parses; docs/performance-d1.md). `readProductData` names them again.
 */
const COLUMNS = {
  products: {
    id: 'p.id', slug: 'p.slug', name: 'COALESCE(pt.name, p.name)', description: 'COALESCE(pt.description, p.description)', available_on: 'p.available_on',
    discontinue_on: 'p.discontinue_on', meta_title: 'COALESCE(pt.meta_title, p.meta_title)', meta_description: 'COALESCE(pt.meta_description, p.meta_description)',
    meta_keywords: 'p.meta_keywords', kind: 'p.kind', updated_at: 'p.updated_at', amount_cents: 'pp.amount_cents', compare_at_cents: 'pp.compare_at_cents', member_cents: 'pp.member_cents', max_cents: 'pp.max_cents',
  },
  variants: {
    id: 'v.id', product_id: 'v.product_id', sku: 'v.sku', is_master: 'v.is_master', position: 'v.position', stock_on_hand: 'v.stock_on_hand', backorderable: 'v.backorderable',
    weight: 'v.weight', height: 'v.height', width: 'v.width', depth: 'v.depth', amount_cents: 'pr.amount_cents', compare_at_cents: 'pr.compare_at_cents', member_cents: 'pr.member_cents',
  },
  variant_values: { variant_id: 'vov.variant_id', option_value_id: 'vov.option_value_id', position: 'ot.position' },
  option_types: { product_id: 'pot.product_id', option_type_id: 'pot.option_type_id', position: 'pot.position' },
  option_values: {
    id: 'ov.id', option_type_id: 'ov.option_type_id', name: 'ov.name', presentation: 'COALESCE(ovt.presentation, ov.presentation)', position: 'ov.position', image_preview: 'ov.image_preview',
    type_name: 'ot.name', type_presentation: 'COALESCE(ott.presentation, ot.presentation)', type_position: 'ot.position',
  },
  images: {
    ...Object.fromEntries(
      ['id', 'product_id', 'option_value_id', 'position', 'mobile_url', 'mobile_width', 'mobile_height', 'desktop_url', 'desktop_width', 'desktop_height', 'large_url', 'large_width', 'large_height'].map((c) => [c, `i.${c}`]),
    ),
    // the picture described in the page's language (product_image_translations), English where there is none
    alt: 'COALESCE(it.alt, i.alt)',
  },
  properties: { id: 'pp.id', product_id: 'pp.product_id', value: 'COALESCE(ppt.value, pp.value)', filter_param: 'pp.filter_param', position: 'pp.position', name: 'pr.name', presentation: 'COALESCE(prt.presentation, pr.presentation)' },
  classifications: { product_id: 'c.product_id', taxon_id: 'c.taxon_id' },
} satisfies Record<string, Record<string, string>>
type Part = keyof typeof COLUMNS
const KEYS = Object.fromEntries(Object.entries(COLUMNS).map(([name, columns]) => [name, Object.keys(columns)])) as Record<Part, string[]>

/** `(SELECT json_group_array(json_array(<columns>)) <from>) AS <name>` */
const part = (name: Part, from: string) => `(SELECT json_group_array(json_array(${Object.values(COLUMNS[name]).join(', ')})) ${from}) AS ${name}`

const LOCALES: readonly Locale[] = ['en', 'de']
const CURRENCIES: readonly Currency[] = ['AUD', 'USD']

/** The page's product ids as the statement below needs them: SQL selecting `id`, in page order, and its binds. */
export interface PageSql {
  sql: string
  binds: unknown[]
}

/**
 * One statement that loads everything needed to serialise the products `page` selects: the page is computed once
 * (a materialised CTE) and each part (products, variants, images …) is a JSON array built from it. It can share a
 * `DB.batch` with the listing's counts, so a listing page is a single D1 round trip (docs/performance-d1.md).
 */
export function productDataStatement(db: D1Database, page: PageSql, locale: Locale, currency: Currency, options: { taxons?: boolean } = {}): D1PreparedStatement {
  return db.prepare(`WITH page AS MATERIALIZED (${page.sql}) SELECT ${productDataParts(locale, currency, options).join(', ')}`).bind(...page.binds)
}

/**
 * The result columns of `productDataStatement` over a CTE named `page` (id, in page order), for a statement that
 * defines `page` itself (search-listing.ts). They bind nothing: the locale and currency are inlined literals.
 */
export function productDataParts(locale: Locale, currency: Currency, options: { taxons?: boolean } = {}): string[] {
  const loc = literal(locale, LOCALES)
  const cur = literal(currency, CURRENCIES)
  const parts = [
    '(SELECT json_group_array(id) FROM page) AS ids',
    part(
      'products',
      `FROM page CROSS JOIN products p ON p.id = page.id AND p.deleted_at IS NULL
       LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ${loc}
       LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.currency = ${cur}`,
    ),
    part('variants', `FROM page CROSS JOIN variants v ON v.product_id = page.id AND v.deleted_at IS NULL LEFT JOIN prices pr ON pr.variant_id = v.id AND pr.currency = ${cur}`),
    part(
      'variant_values',
      `FROM page CROSS JOIN variants v ON v.product_id = page.id JOIN variant_option_values vov ON vov.variant_id = v.id
       JOIN option_values ov ON ov.id = vov.option_value_id JOIN option_types ot ON ot.id = ov.option_type_id`,
    ),
    part('option_types', 'FROM page CROSS JOIN product_option_types pot ON pot.product_id = page.id'),
    part(
      'option_values',
      `FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id
       LEFT JOIN option_value_translations ovt ON ovt.option_value_id = ov.id AND ovt.locale = ${loc}
       LEFT JOIN option_type_translations ott ON ott.option_type_id = ot.id AND ott.locale = ${loc}`,
    ),
    part('images', `FROM page CROSS JOIN product_images i ON i.product_id = page.id LEFT JOIN product_image_translations it ON it.product_image_id = i.id AND it.locale = ${loc}`),
    part(
      'properties',
      `FROM page CROSS JOIN product_properties pp ON pp.product_id = page.id JOIN properties pr ON pr.id = pp.property_id
       LEFT JOIN product_property_translations ppt ON ppt.product_property_id = pp.id AND ppt.locale = ${loc}
       LEFT JOIN property_translations prt ON prt.property_id = pr.id AND prt.locale = ${loc}`,
    ),
    part('classifications', 'FROM page CROSS JOIN classifications c ON c.product_id = page.id'),
    ...(options.taxons ? [taxonRowsPart(loc, 't.id IN (SELECT c.taxon_id FROM page CROSS JOIN classifications c ON c.product_id = page.id)')] : []),
  ]
  return parts
}

const byNumbers = <T>(...keys: Array<(row: T) => number>) => (a: T, b: T) => {
  for (const key of keys) {
    const d = key(a) - key(b)
    if (d !== 0) return d
  }
  return 0
}

/** The answer of productDataStatement as ProductData, products in page order. */
export function readProductData(result: D1Result<Record<string, unknown>>): ProductData {
  const row = result.results[0] ?? {}
  const raw = (name: string) => (typeof row[name] === 'string' ? JSON.parse(row[name]) : []) as unknown[]
  const list = <T>(name: Part) => {
    const keys = KEYS[name]
    return (raw(name) as unknown[][]).map((values) => {
      const object: Record<string, unknown> = {}
      for (let i = 0; i < keys.length; i++) object[keys[i]!] = values[i]
      return object as T
    })
  }
  const ids = raw('ids') as number[]
  const byId = new Map(list<ProductRow>('products').map((p) => [p.id, p]))
  const variants = list<VariantRow>('variants').sort(byNumbers((v) => v.product_id, (v) => -v.is_master, (v) => v.position, (v) => v.id))
  const variantValues = list<{ variant_id: number; option_value_id: number; position: number }>('variant_values').sort(byNumbers((r) => r.variant_id, (r) => r.position, (r) => r.option_value_id))
  const productTypes = list<{ product_id: number; option_type_id: number; position: number }>('option_types').sort(byNumbers((r) => r.product_id, (r) => r.position, (r) => r.option_type_id))
  const images = list<ImageRow>('images').sort(byNumbers((i) => i.product_id, (i) => i.position, (i) => i.id))
  const properties = list<PropertyRow>('properties').sort(byNumbers((p) => p.product_id, (p) => p.position, (p) => p.id))
  const classifications = list<{ product_id: number; taxon_id: number }>('classifications').sort(byNumbers((c) => c.product_id, (c) => c.taxon_id))
  return {
    products: ids.map((id) => byId.get(id)).filter((p): p is ProductRow => p !== undefined),
    variants: group(variants, (v) => v.product_id),
    variantValues: new Map([...group(variantValues, (r) => r.variant_id)].map(([k, rows]) => [k, rows.map((r) => r.option_value_id)])),
    productOptionTypes: new Map([...group(productTypes, (r) => r.product_id)].map(([k, rows]) => [k, rows.map((r) => r.option_type_id)])),
    optionValues: new Map(list<OptionValueRow>('option_values').map((v) => [v.id, v])),
    images: group(images, (i) => i.product_id),
    properties: group(properties, (p) => p.product_id),
    productTaxons: new Map([...group(classifications, (r) => r.product_id)].map(([k, rows]) => [k, rows.map((r) => r.taxon_id)])),
    taxons: new Map(readTaxonRows(raw('taxons') as TaxonJson[]).map((t) => [t.id, t])),
  }
}

/** A page given by its product ids, in their order. */
export function pageOfIds(ids: ArrayLike<number>): PageSql {
  return { sql: `SELECT value AS id FROM json_each(?)`, binds: [JSON.stringify(Array.from(ids, (id) => Math.trunc(id)))] }
}

/** Loads products by id, in the order of `ids`, with texts in `locale` and prices in `currency`: one round trip. */
export async function loadProducts(db: D1Database, ids: number[], locale: Locale, currency: Currency, options: { taxons?: boolean } = {}): Promise<ProductData> {
  return readProductData(await productDataStatement(db, pageOfIds(ids), locale, currency, options).all())
}

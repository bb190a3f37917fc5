import type { Currency, Locale } from '#web/api/models.ts'
import { inList } from './jsonapi.ts'
import { loadTaxonRows, type TaxonRow } from './taxon-data.ts'

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

/** Loads products by id, in the order of `ids`, with texts in `locale` and prices in `currency`. */
export async function loadProducts(db: D1Database, ids: number[], locale: Locale, currency: Currency, options: { taxons?: boolean } = {}): Promise<ProductData> {
  const list = inList(ids)
  const [products, variants, variantValues, productTypes, optionValues, images, properties, classifications] = await db.batch<Record<string, unknown>>([
    db.prepare(
      `SELECT p.id, p.slug, COALESCE(pt.name, p.name) AS name, COALESCE(pt.description, p.description) AS description, p.available_on,
              p.discontinue_on, COALESCE(pt.meta_title, p.meta_title) AS meta_title, COALESCE(pt.meta_description, p.meta_description) AS meta_description,
              p.meta_keywords, p.kind, p.updated_at, pp.amount_cents, pp.compare_at_cents, pp.member_cents
       FROM products p LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ?1
       LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.currency = ?2
       WHERE p.id IN (${list}) AND p.deleted_at IS NULL`,
    ).bind(locale, currency),
    db.prepare(
      `SELECT v.id, v.product_id, v.sku, v.is_master, v.position, v.stock_on_hand, v.backorderable, v.weight, v.height, v.width, v.depth,
              pr.amount_cents, pr.compare_at_cents, pr.member_cents
       FROM variants v LEFT JOIN prices pr ON pr.variant_id = v.id AND pr.currency = ?
       WHERE v.product_id IN (${list}) AND v.deleted_at IS NULL ORDER BY v.product_id, v.is_master DESC, v.position`,
    ).bind(currency),
    db.prepare(
      `SELECT vov.variant_id, vov.option_value_id FROM variant_option_values vov JOIN variants v ON v.id = vov.variant_id
       JOIN option_values ov ON ov.id = vov.option_value_id JOIN option_types ot ON ot.id = ov.option_type_id
       WHERE v.product_id IN (${list}) ORDER BY vov.variant_id, ot.position`,
    ),
    db.prepare(`SELECT product_id, option_type_id FROM product_option_types WHERE product_id IN (${list}) ORDER BY product_id, position`),
    db.prepare(
      `SELECT ov.id, ov.option_type_id, ov.name, COALESCE(ovt.presentation, ov.presentation) AS presentation, ov.position, ov.image_preview,
              ot.name AS type_name, COALESCE(ott.presentation, ot.presentation) AS type_presentation, ot.position AS type_position
       FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id
       LEFT JOIN option_value_translations ovt ON ovt.option_value_id = ov.id AND ovt.locale = ?1
       LEFT JOIN option_type_translations ott ON ott.option_type_id = ot.id AND ott.locale = ?1`,
    ).bind(locale),
    db.prepare(`SELECT * FROM product_images WHERE product_id IN (${list}) ORDER BY product_id, position, id`),
    db.prepare(
      `SELECT pp.id, pp.product_id, COALESCE(ppt.value, pp.value) AS value, pp.filter_param, pp.position, pr.name,
              COALESCE(prt.presentation, pr.presentation) AS presentation
       FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id
       LEFT JOIN product_property_translations ppt ON ppt.product_property_id = pp.id AND ppt.locale = ?1
       LEFT JOIN property_translations prt ON prt.property_id = pr.id AND prt.locale = ?1
       WHERE pp.product_id IN (${list}) ORDER BY pp.product_id, pp.position`,
    ).bind(locale),
    db.prepare(`SELECT product_id, taxon_id FROM classifications WHERE product_id IN (${list}) ORDER BY product_id, taxon_id`),
  ])
  const byId = new Map((products!.results as unknown as ProductRow[]).map((p) => [p.id, p]))
  const taxonIds = [...new Set((classifications!.results as Array<{ taxon_id: number }>).map((c) => c.taxon_id))]
  // Taxon resources only when they are included; the relationship needs the ids alone.
  const taxons = options.taxons ? await loadTaxonRows(db, locale, `t.id IN (${inList(taxonIds)})`) : []
  return {
    products: ids.map((id) => byId.get(id)).filter((p): p is ProductRow => p !== undefined),
    variants: group(variants!.results as unknown as VariantRow[], (v) => v.product_id),
    variantValues: new Map(
      [...group(variantValues!.results as Array<{ variant_id: number; option_value_id: number }>, (r) => r.variant_id)].map(([k, rows]) => [k, rows.map((r) => r.option_value_id)]),
    ),
    productOptionTypes: new Map(
      [...group(productTypes!.results as Array<{ product_id: number; option_type_id: number }>, (r) => r.product_id)].map(([k, rows]) => [k, rows.map((r) => r.option_type_id)]),
    ),
    optionValues: new Map((optionValues!.results as unknown as OptionValueRow[]).map((v) => [v.id, v])),
    images: group(images!.results as unknown as ImageRow[], (i) => i.product_id),
    properties: group(properties!.results as unknown as PropertyRow[], (p) => p.product_id),
    productTaxons: new Map(
      [...group(classifications!.results as Array<{ product_id: number; taxon_id: number }>, (r) => r.product_id)].map(([k, rows]) => [k, rows.map((r) => r.taxon_id)]),
    ),
    taxons: new Map(taxons.map((t) => [t.id, t])),
  }
}

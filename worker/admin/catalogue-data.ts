import type { ProductListItem } from '#worker/admin/pages/products-page.tsx'
export { derivedStatements } from '#worker/backend/catalogue/product-write.ts'
/** The catalogue as the console reads it: the products list and one product with its variants and prices. */

export const PRODUCTS_PAGE_SIZE = 25

export type ProductListRow = ProductListItem

export async function listProducts(db: D1Database, q: string | undefined, page: number) {
  const like = q ? `%${q.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%` : null
  const where = like ? "WHERE p.kind = 'standard' AND (p.name LIKE ?1 ESCAPE '\\' OR p.slug LIKE ?1 ESCAPE '\\' OR EXISTS (SELECT 1 FROM variants s WHERE s.product_id = p.id AND s.sku LIKE ?1 ESCAPE '\\'))" : "WHERE p.kind = 'standard'"
  const binds = like ? [like] : []
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT p.id, p.name, p.slug, m.sku, pp.amount_cents AS aud_cents, pp.max_cents AS aud_max_cents, p.discontinue_on, p.deleted_at,
           (SELECT COALESCE(SUM(v.stock_on_hand), 0) FROM variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL AND (v.is_master = 0 OR NOT EXISTS (SELECT 1 FROM variants o WHERE o.product_id = p.id AND o.is_master = 0))) AS stock,
           (SELECT COUNT(*) FROM variants v WHERE v.product_id = p.id AND v.is_master = 0 AND v.deleted_at IS NULL) AS variants
         FROM products p JOIN variants m ON m.product_id = p.id AND m.is_master = 1
         LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.currency = 'AUD'
         ${where} ORDER BY p.name COLLATE NOCASE, p.id LIMIT ${PRODUCTS_PAGE_SIZE} OFFSET ${(page - 1) * PRODUCTS_PAGE_SIZE}`,
      )
      .bind(...binds),
    db.prepare(`SELECT COUNT(*) AS n FROM products p ${where}`).bind(...binds),
  ])
  return { products: rows!.results as unknown as ProductListRow[], total: (count!.results[0] as { n: number }).n }
}

export interface PriceRow {
  currency: 'AUD' | 'USD'
  amount_cents: number
  compare_at_cents: number | null
  member_cents: number | null
}

export interface VariantRow {
  id: number
  /** back-in-stock requests waiting for this size: confirmed, and guests' not yet confirmed (decision 0073) */
  alerts_confirmed: number
  alerts_unconfirmed: number
  /** this size's own prices (a size can cost more or less than the others) */
  prices: PriceRow[]
  sku: string
  is_master: number
  stock_on_hand: number
  backorderable: number
  /** 1: a deal, its stock held by a Durable Object (decision 0081) */
  deal?: number
  options: string | null
  /** set: archived (hidden from shoppers, kept on past orders) */
  deleted_at: string | null
}

export interface ProductDetail {
  product: { id: number; slug: string; name: string; description: string | null; available_on: string | null; discontinue_on: string | null; deleted_at: string | null; kind: string; name_de: string | null; description_de: string | null }
  prices: PriceRow[]
  variants: VariantRow[]
  taxons: Array<{ id: number; pretty_name: string; checked: number }>
  images: Array<{ id: number; alt: string | null; alt_de: string | null; option_value_id: number | null; mobile_url: string; desktop_url: string; large_url: string }>
  /** the colours of the product's variants: a picture can belong to one (the store shows a colour's own pictures) */
  colours: Array<{ id: number; presentation: string }>
  /** every property of the store, with this product's value (null when it has none) */
  properties: Array<{ id: number; name: string; presentation: string; value: string | null; value_de: string | null }>
  /** the product's option types (a size is one value of each), each with every value the store has of it */
  optionTypes: OptionTypeRow[]
}

export interface OptionTypeRow {
  id: number
  name: string
  presentation: string
  values: Array<{ id: number; name: string; presentation: string }>
}

export async function loadProduct(db: D1Database, id: number): Promise<ProductDetail | null> {
  const product = await db
    .prepare(
      `SELECT p.id, p.slug, p.name, p.description, p.available_on, p.discontinue_on, p.deleted_at, p.kind, t.name AS name_de, t.description AS description_de
       FROM products p LEFT JOIN product_translations t ON t.product_id = p.id AND t.locale = 'de' WHERE p.id = ? AND p.kind = 'standard'`,
    )
    .bind(id)
    .first<ProductDetail['product']>()
  if (!product) return null
  const [prices, variants, taxons, images, properties, colours, optionValues] = await db.batch([
    db.prepare("SELECT pr.currency, pr.amount_cents, pr.compare_at_cents, pr.member_cents FROM prices pr JOIN variants v ON v.id = pr.variant_id WHERE v.product_id = ? AND v.is_master = 1 ORDER BY pr.currency").bind(id),
    db
      .prepare(
        `SELECT v.id, v.sku, v.is_master, v.stock_on_hand, v.backorderable, v.deal, v.deleted_at,
           (SELECT COUNT(*) FROM stock_alerts a WHERE a.variant_id = v.id AND a.sent_at IS NULL AND a.unsubscribed_at IS NULL AND a.confirmed_at IS NOT NULL) AS alerts_confirmed,
           (SELECT COUNT(*) FROM stock_alerts a WHERE a.variant_id = v.id AND a.sent_at IS NULL AND a.unsubscribed_at IS NULL AND a.confirmed_at IS NULL) AS alerts_unconfirmed,
           (SELECT group_concat(ov.presentation, ' / ') FROM variant_option_values vov JOIN option_values ov ON ov.id = vov.option_value_id WHERE vov.variant_id = v.id) AS options,
           (SELECT json_group_array(json_object('currency', pr.currency, 'amount_cents', pr.amount_cents, 'compare_at_cents', pr.compare_at_cents, 'member_cents', pr.member_cents))
            FROM (SELECT * FROM prices pr WHERE pr.variant_id = v.id ORDER BY pr.currency) pr) AS prices
         FROM variants v WHERE v.product_id = ? ORDER BY v.is_master DESC, v.position, v.id`,
      )
      .bind(id),
    db
      .prepare(
        `SELECT t.id, (SELECT group_concat(a.name, ' › ') FROM (SELECT a.name FROM taxons a WHERE a.taxonomy_id = t.taxonomy_id AND a.lft <= t.lft AND a.rgt >= t.rgt ORDER BY a.lft) a) AS pretty_name,
           EXISTS (SELECT 1 FROM classifications c WHERE c.taxon_id = t.id AND c.product_id = ?) AS checked
         FROM taxons t ORDER BY t.taxonomy_id, t.lft`,
      )
      .bind(id),
    db
      .prepare(
        `SELECT i.id, i.alt, t.alt AS alt_de, i.option_value_id, i.mobile_url, i.desktop_url, i.large_url FROM product_images i
         LEFT JOIN product_image_translations t ON t.product_image_id = i.id AND t.locale = 'de' WHERE i.product_id = ? ORDER BY i.position, i.id`,
      )
      .bind(id),
    db
      .prepare(
        `SELECT pr.id, pr.name, pr.presentation, pp.value, ppt.value AS value_de FROM properties pr
         LEFT JOIN product_properties pp ON pp.property_id = pr.id AND pp.product_id = ?
         LEFT JOIN product_property_translations ppt ON ppt.product_property_id = pp.id AND ppt.locale = 'de' ORDER BY pr.position, pr.id`,
      )
      .bind(id),
    db
      .prepare(
        `SELECT DISTINCT ov.id, ov.presentation, ov.position FROM variants v JOIN variant_option_values vov ON vov.variant_id = v.id
         JOIN option_values ov ON ov.id = vov.option_value_id JOIN option_types ot ON ot.id = ov.option_type_id
         WHERE v.product_id = ? AND v.deleted_at IS NULL AND ot.name IN ('color', 'colour') ORDER BY ov.position, ov.id`,
      )
      .bind(id),
    db
      .prepare(
        `SELECT ot.id AS type_id, ot.name AS type_name, ot.presentation AS type_presentation, ov.id, ov.name, ov.presentation
         FROM product_option_types pot JOIN option_types ot ON ot.id = pot.option_type_id LEFT JOIN option_values ov ON ov.option_type_id = ot.id
         WHERE pot.product_id = ? ORDER BY pot.position, ot.position, ot.id, ov.position, ov.id`,
      )
      .bind(id),
  ])
  const optionTypes = new Map<number, OptionTypeRow>()
  for (const row of optionValues!.results as Array<{ type_id: number; type_name: string; type_presentation: string; id: number | null; name: string | null; presentation: string | null }>) {
    const type = optionTypes.get(row.type_id) ?? { id: row.type_id, name: row.type_name, presentation: row.type_presentation, values: [] }
    optionTypes.set(row.type_id, type)
    if (row.id !== null) type.values.push({ id: row.id, name: row.name!, presentation: row.presentation! })
  }
  return {
    product,
    prices: prices!.results as unknown as PriceRow[],
    variants: (variants!.results as unknown as Array<Omit<VariantRow, 'prices'> & { prices: string }>).map((v) => ({ ...v, prices: JSON.parse(v.prices) as PriceRow[] })),
    taxons: taxons!.results as ProductDetail['taxons'],
    images: images!.results as ProductDetail['images'],
    properties: properties!.results as ProductDetail['properties'],
    colours: colours!.results as ProductDetail['colours'],
    optionTypes: [...optionTypes.values()],
  }
}


import { productPricesInsert } from './product-prices-sql.mjs'

/**
 * The one writer of the catalogue's products, variants, prices and stock (decision 0074): the console's forms
 * (worker/admin/catalogue-actions.ts, product-lifecycle.ts), 'New product' and the CSV import, the refunds and
 * cancellations that put units back on the shelf each put these statements into their own batch with their audit
 * entry, so they cannot drift apart and nothing outside writes these tables with SQL of its own. Each statement is
 * built, not run: the caller's batch makes a change and its audit one atomic write.
 */

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

/** The product's last change is now (the storefront's caches and feeds read it). */
export const touchProduct = (db: D1Database, id: number) => db.prepare(`UPDATE products SET updated_at = ${NOW} WHERE id = ?`).bind(id)

/** The derived tables of one product (listing prices, search), rebuilt after its prices, names or categories change. */
export function derivedStatements(db: D1Database, productId: number): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM product_prices WHERE product_id = ?').bind(productId),
    db.prepare(productPricesInsert(productId)),
    db.prepare('DELETE FROM products_fts WHERE rowid IN (?1 * 2, ?1 * 2 + 1)').bind(productId),
    db
      .prepare(
        `INSERT INTO products_fts (rowid, name, description, keywords)
         SELECT p.id * 2, p.name, COALESCE(p.description, ''),
           COALESCE((SELECT group_concat(pp.value, ' ') FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id WHERE pp.product_id = p.id AND pr.name IN ('brand', 'material')), '') || ' ' ||
           COALESCE((SELECT group_concat(t.name, ' ') FROM classifications c JOIN taxons t ON t.id = c.taxon_id WHERE c.product_id = p.id), '')
         FROM products p WHERE p.id = ?1 AND p.deleted_at IS NULL`,
      )
      .bind(productId),
    db
      .prepare(
        `INSERT INTO products_fts (rowid, name, description, keywords)
         SELECT p.id * 2 + 1, COALESCE(pt.name, p.name), COALESCE(pt.description, p.description, ''),
           COALESCE((SELECT group_concat(COALESCE(ppt.value, pp.value), ' ') FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id
                     LEFT JOIN product_property_translations ppt ON ppt.product_property_id = pp.id AND ppt.locale = 'de' WHERE pp.product_id = p.id AND pr.name IN ('brand', 'material')), '') || ' ' ||
           COALESCE((SELECT group_concat(COALESCE(tt.name, t.name), ' ') FROM classifications c JOIN taxons t ON t.id = c.taxon_id
                     LEFT JOIN taxon_translations tt ON tt.taxon_id = t.id AND tt.locale = 'de' WHERE c.product_id = p.id), '')
         FROM products p LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = 'de' WHERE p.id = ?1 AND p.deleted_at IS NULL`,
      )
      .bind(productId),
  ]
}

// ——— details ———

export interface ProductDetails {
  name: string
  nameDe: string | null
  description: string | null
  descriptionDe: string | null
  /** ISO timestamps as stored ('2026-12-07T00:00:00Z'); null: not on sale (a draft) / never discontinued */
  availableOn: string | null
  discontinueOn: string | null
}

/** Names and descriptions in both languages, on-sale and discontinue dates: the edit form, 'New product' and the import. */
export function productDetailsStatements(db: D1Database, productId: number, d: ProductDetails): D1PreparedStatement[] {
  return [
    db
      .prepare("UPDATE products SET name = ?, description = ?, available_on = ?, discontinue_on = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?")
      .bind(d.name, d.description, d.availableOn, d.discontinueOn, productId),
    // no German name: German shoppers see the English one (a German description alone is not kept)
    d.nameDe
      ? db
          .prepare("INSERT INTO product_translations (product_id, locale, name, description) VALUES (?, 'de', ?, ?) ON CONFLICT (product_id, locale) DO UPDATE SET name = excluded.name, description = excluded.description")
          .bind(productId, d.nameDe, d.descriptionDe)
      : db.prepare("DELETE FROM product_translations WHERE product_id = ? AND locale = 'de'").bind(productId),
  ]
}

/** The product's status: active keeps an on-sale day already past; draft takes it away; archived keeps it (restoring brings it back). */
export function statusStatement(db: D1Database, id: number, status: 'draft' | 'active' | 'archived'): D1PreparedStatement {
  return status === 'active'
    ? db.prepare(`UPDATE products SET deleted_at = NULL, available_on = CASE WHEN available_on IS NOT NULL AND available_on <= ${NOW} THEN available_on ELSE ${NOW} END, updated_at = ${NOW} WHERE id = ?`).bind(id)
    : status === 'draft'
      ? db.prepare(`UPDATE products SET deleted_at = NULL, available_on = NULL, updated_at = ${NOW} WHERE id = ?`).bind(id)
      : db.prepare(`UPDATE products SET deleted_at = ${NOW}, updated_at = ${NOW} WHERE id = ?`).bind(id)
}

// ——— prices ———

export interface PriceCents {
  amount: number
  rrp: number | null
  member: number | null
}

/** A currency's price for every size of the product, or (variantId) for one size only. */
export function priceStatement(db: D1Database, productId: number, currency: 'AUD' | 'USD', price: PriceCents, variantId: number | null): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO prices (variant_id, currency, amount_cents, compare_at_cents, member_cents)
       SELECT id, ?2, ?3, ?4, ?5 FROM variants WHERE product_id = ?1 AND (?6 IS NULL OR id = ?6)
       ON CONFLICT (variant_id, currency) DO UPDATE SET amount_cents = excluded.amount_cents, compare_at_cents = excluded.compare_at_cents, member_cents = excluded.member_cents`,
    )
    .bind(productId, currency, price.amount, price.rrp, price.member, variantId)
}

// ——— variants and stock ———

/**
 * SKU and backorderable of one variant, and its stock when `stock` is given: written only while the variant still
 * holds `stock.seen` (a count typed over the one the page showed never overwrites a sale meanwhile).
 */
export function variantStatement(db: D1Database, variantId: number, sku: string, backorderable: boolean, stock: { to: number; seen: number } | null): D1PreparedStatement {
  return stock
    ? db.prepare('UPDATE variants SET sku = ?, stock_on_hand = ?, backorderable = ? WHERE id = ? AND stock_on_hand = ?').bind(sku, stock.to, backorderable ? 1 : 0, variantId, stock.seen)
    : db.prepare('UPDATE variants SET sku = ?, backorderable = ? WHERE id = ?').bind(sku, backorderable ? 1 : 0, variantId)
}

/** The condition (SQL, binds variant id and count) that the variant still holds the count seen. */
export const STOCK_UNCHANGED = 'EXISTS (SELECT 1 FROM variants WHERE id = ? AND stock_on_hand = ?)'

/** A variant archived (hidden from shoppers, kept on orders) or brought back. */
export const archiveVariantStatement = (db: D1Database, variantId: number, archived: boolean) => db.prepare(`UPDATE variants SET deleted_at = ${archived ? NOW : 'NULL'} WHERE id = ?`).bind(variantId)

/**
 * Units going back on the shelf (a refund or return restocked, an order cancelled): one statement for any number of
 * variants, to join the batch of the change that puts them back.
 */
export function restockStatement(db: D1Database, units: ReadonlyArray<{ v: number; q: number }>): D1PreparedStatement {
  return db.prepare(`UPDATE variants SET stock_on_hand = stock_on_hand + json_extract(j.value, '$.q') FROM json_each(?1) AS j WHERE variants.id = json_extract(j.value, '$.v')`).bind(JSON.stringify(units))
}

/** The product's option values for the filters: those of its variants shoppers can still choose. */
export function optionValueStatements(db: D1Database, productId: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `DELETE FROM product_option_values WHERE product_id = ?1 AND option_value_id NOT IN (
           SELECT vov.option_value_id FROM variants v JOIN variant_option_values vov ON vov.variant_id = v.id WHERE v.product_id = ?1 AND v.deleted_at IS NULL)`,
      )
      .bind(productId),
    db
      .prepare('INSERT OR IGNORE INTO product_option_values (option_value_id, product_id) SELECT vov.option_value_id, ?1 FROM variants v JOIN variant_option_values vov ON vov.variant_id = v.id WHERE v.product_id = ?1 AND v.deleted_at IS NULL')
      .bind(productId),
  ]
}

// ——— deleting what was never ordered ———

/** How many order or cart lines name any of the variants (a product's all, or one). */
export async function timesOrdered(db: D1Database, where: { productId: number } | { variantId: number }): Promise<number> {
  const sql = 'productId' in where ? 'SELECT COUNT(*) AS n FROM line_items WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)' : 'SELECT COUNT(*) AS n FROM line_items WHERE variant_id = ?'
  return (await db.prepare(sql).bind('productId' in where ? where.productId : where.variantId).first<{ n: number }>())!.n
}

/** A product deleted for good, each statement under the same condition: an order placed since the count deletes nothing. */
export function deleteProductStatements(db: D1Database, id: number): D1PreparedStatement[] {
  const unsold = `NOT EXISTS (SELECT 1 FROM line_items WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ${id}))`
  return [
    db.prepare(`DELETE FROM wished_items WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?) AND ${unsold}`).bind(id),
    db.prepare(`DELETE FROM products_fts WHERE rowid IN (?1 * 2, ?1 * 2 + 1) AND ${unsold}`).bind(id),
    db.prepare(`DELETE FROM variants WHERE product_id = ? AND ${unsold}`).bind(id),
    db.prepare(`DELETE FROM product_properties WHERE product_id = ? AND NOT EXISTS (SELECT 1 FROM variants WHERE product_id = ?)`).bind(id, id),
    db.prepare('DELETE FROM products WHERE id = ? AND NOT EXISTS (SELECT 1 FROM variants WHERE product_id = ?)').bind(id, id),
  ]
}

/** A variant deleted for good, unless a line names it by the time the batch runs. */
export function deleteVariantStatements(db: D1Database, variantId: number): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM wished_items WHERE variant_id = ? AND NOT EXISTS (SELECT 1 FROM line_items WHERE variant_id = ?)').bind(variantId, variantId),
    db.prepare('DELETE FROM variants WHERE id = ? AND NOT EXISTS (SELECT 1 FROM line_items WHERE variant_id = ?)').bind(variantId, variantId),
  ]
}

// ——— categories and properties ———

/** The product's categories become exactly `taxonIds`. */
export function classificationStatements(db: D1Database, productId: number, taxonIds: number[]): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM classifications WHERE product_id = ? AND taxon_id NOT IN (SELECT value FROM json_each(?))').bind(productId, JSON.stringify(taxonIds)),
    db.prepare('INSERT OR IGNORE INTO classifications (taxon_id, product_id) SELECT value, ? FROM json_each(?)').bind(productId, JSON.stringify(taxonIds)),
  ]
}

/** 'Müller Outdoor & Co' → 'muller-outdoor-and-co' (diacritics folded, ß → ss), as the seed makes slugs and filter values. */
export const slugOf = (text: string) =>
  text.replace(/ß/g, 'ss').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')

/** One property's value in en and de; no English value removes the property from the product (a German value goes with it). */
export function propertyStatements(db: D1Database, productId: number, propertyId: number, value: string | null, valueDe: string | null): D1PreparedStatement[] {
  if (!value) return [db.prepare('DELETE FROM product_properties WHERE product_id = ? AND property_id = ?').bind(productId, propertyId)]
  const row = `(SELECT id FROM product_properties WHERE product_id = ${productId} AND property_id = ${propertyId})`
  return [
    db
      .prepare('INSERT INTO product_properties (product_id, property_id, value, filter_param) VALUES (?, ?, ?, ?) ON CONFLICT (product_id, property_id) DO UPDATE SET value = excluded.value, filter_param = excluded.filter_param')
      .bind(productId, propertyId, value, slugOf(value) || 'value'),
    valueDe
      ? db.prepare(`INSERT INTO product_property_translations (product_property_id, locale, value) VALUES (${row}, 'de', ?) ON CONFLICT (product_property_id, locale) DO UPDATE SET value = excluded.value`).bind(valueDe)
      : db.prepare(`DELETE FROM product_property_translations WHERE product_property_id = ${row} AND locale = 'de'`),
  ]
}

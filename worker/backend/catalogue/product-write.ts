import { auditStatement, type AuditActor } from '../services/audit-log.ts'
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
          .prepare(
            "INSERT INTO product_translations (product_id, locale, name, description) VALUES (?, 'de', ?, ?) ON CONFLICT (product_id, locale) DO UPDATE SET name = excluded.name, description = excluded.description",
          )
          .bind(productId, d.nameDe, d.descriptionDe)
      : db.prepare("DELETE FROM product_translations WHERE product_id = ? AND locale = 'de'").bind(productId),
  ]
}

/** The product's status: active keeps an on-sale day already past; draft takes it away; archived keeps it (restoring brings it back). */
export function statusStatement(db: D1Database, id: number, status: 'draft' | 'active' | 'archived'): D1PreparedStatement {
  return status === 'active'
    ? db
        .prepare(
          `UPDATE products SET deleted_at = NULL, available_on = CASE WHEN available_on IS NOT NULL AND available_on <= ${NOW} THEN available_on ELSE ${NOW} END, updated_at = ${NOW} WHERE id = ?`,
        )
        .bind(id)
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
/** A size made a deal or not: its stock is then held by its Durable Object (commerce/deal-stock.ts, decision 0081). */
export const dealStatement = (db: D1Database, variantId: number, deal: boolean) => db.prepare('UPDATE variants SET deal = ? WHERE id = ?').bind(deal ? 1 : 0, variantId)

export const archiveVariantStatement = (db: D1Database, variantId: number, archived: boolean) => db.prepare(`UPDATE variants SET deleted_at = ${archived ? NOW : 'NULL'} WHERE id = ?`).bind(variantId)

/**
 * Units going back on the shelf (a refund or return restocked, an order cancelled): one statement for any number of
 * variants, to join the batch of the change that puts them back.
 */
export function restockStatement(db: D1Database, units: ReadonlyArray<{ v: number; q: number }>): D1PreparedStatement {
  return db
    .prepare(`UPDATE variants SET stock_on_hand = stock_on_hand + json_extract(j.value, '$.q') FROM json_each(?1) AS j WHERE variants.id = json_extract(j.value, '$.v')`)
    .bind(JSON.stringify(units))
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
      .prepare(
        'INSERT OR IGNORE INTO product_option_values (option_value_id, product_id) SELECT vov.option_value_id, ?1 FROM variants v JOIN variant_option_values vov ON vov.variant_id = v.id WHERE v.product_id = ?1 AND v.deleted_at IS NULL',
      )
      .bind(productId),
  ]
}

// ——— deleting what was never ordered ———

/** How many order or cart lines name any of the variants (a product's all, or one). */
export async function timesOrdered(db: D1Database, where: { productId: number } | { variantId: number }): Promise<number> {
  const sql =
    'productId' in where ? 'SELECT COUNT(*) AS n FROM line_items WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)' : 'SELECT COUNT(*) AS n FROM line_items WHERE variant_id = ?'
  return (await db
    .prepare(sql)
    .bind('productId' in where ? where.productId : where.variantId)
    .first<{ n: number }>())!.n
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
  text
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/** One property's value in en and de; no English value removes the property from the product (a German value goes with it). */
export function propertyStatements(db: D1Database, productId: number, propertyId: number, value: string | null, valueDe: string | null): D1PreparedStatement[] {
  if (!value) return [db.prepare('DELETE FROM product_properties WHERE product_id = ? AND property_id = ?').bind(productId, propertyId)]
  const row = `(SELECT id FROM product_properties WHERE product_id = ${productId} AND property_id = ${propertyId})`
  return [
    db
      .prepare(
        'INSERT INTO product_properties (product_id, property_id, value, filter_param) VALUES (?, ?, ?, ?) ON CONFLICT (product_id, property_id) DO UPDATE SET value = excluded.value, filter_param = excluded.filter_param',
      )
      .bind(productId, propertyId, value, slugOf(value) || 'value'),
    valueDe
      ? db
          .prepare(
            `INSERT INTO product_property_translations (product_property_id, locale, value) VALUES (${row}, 'de', ?) ON CONFLICT (product_property_id, locale) DO UPDATE SET value = excluded.value`,
          )
          .bind(valueDe)
      : db.prepare(`DELETE FROM product_property_translations WHERE product_property_id = ${row} AND locale = 'de'`),
  ]
}

// ——— a size added to a product ———

/** An option value of a new size: one the store has (id), or a new one under its type (written in the same batch). */
export interface SizeValue {
  id: number | null
  typeId: number
  name: string
  presentation: string
  swatch: string | null
}

/** The values as SQL: an existing one by id, a new one by its type and name. */
function valueList(values: readonly SizeValue[]) {
  const refs = values.map((v) =>
    v.id !== null ? { sql: '?', binds: [v.id] as unknown[] } : { sql: '(SELECT id FROM option_values WHERE option_type_id = ? AND name = ?)', binds: [v.typeId, v.name] as unknown[] },
  )
  return { sql: refs.map((r) => r.sql).join(', '), binds: refs.flatMap((r) => r.binds) }
}

/** SQL (binds the product id, then the values') true when the product has a live size of exactly these values. */
function sameCombination(values: readonly SizeValue[]) {
  const list = valueList(values)
  return {
    sql: `EXISTS (SELECT 1 FROM variants o WHERE o.product_id = ? AND o.is_master = 0 AND o.deleted_at IS NULL
      AND (SELECT COUNT(*) FROM variant_option_values x WHERE x.variant_id = o.id AND x.option_value_id IN (${list.sql})) = ${values.length}
      AND (SELECT COUNT(*) FROM variant_option_values x WHERE x.variant_id = o.id) = ${values.length})`,
    binds: list.binds,
  }
}

/** Whether the product has a live size of exactly these values already. */
export async function hasCombination(db: D1Database, productId: number, values: readonly SizeValue[]): Promise<boolean> {
  const same = sameCombination(values)
  return (
    (await db
      .prepare(`SELECT ${same.sql} AS taken`)
      .bind(productId, ...same.binds)
      .first<{ taken: number }>())!.taken === 1
  )
}

/** The product that has a variant with this SKU, or null. */
export const skuOwner = (db: D1Database, sku: string) => db.prepare('SELECT p.name FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = ?').bind(sku).first<{ name: string }>()

/**
 * A size added to a product: new option values first, the variant (unless the product got the same combination a
 * moment ago: then nothing after it writes), its option values, prices, the listing filters, the product touched and
 * its derived rows. `made` is the SQL condition (with binds) that the size was written, for the caller's audit and
 * form key; `variantAt` the index of the variant's statement (its changes say whether it was written).
 */
export function newSizeStatements(db: D1Database, productId: number, size: { sku: string; stock: number; prices: Record<'AUD' | 'USD', PriceCents>; values: readonly SizeValue[] }) {
  const list = valueList(size.values)
  const same = sameCombination(size.values)
  const made = { sql: 'EXISTS (SELECT 1 FROM variants WHERE sku = ? AND product_id = ?)', binds: [size.sku, productId] }
  const fresh = size.values.filter((v) => v.id === null)
  const statements = [
    // a value the store does not have yet, under its option type, after the type's others
    ...fresh.map((v) =>
      db
        .prepare(
          'INSERT OR IGNORE INTO option_values (option_type_id, name, presentation, position, image_preview) SELECT ?1, ?2, ?3, COALESCE(MAX(position), -1) + 1, ?4 FROM option_values WHERE option_type_id = ?1',
        )
        .bind(v.typeId, v.name, v.presentation, v.swatch),
    ),
    db
      .prepare(
        `INSERT INTO variants (product_id, sku, is_master, position, stock_on_hand, backorderable)
         SELECT ?, ?, 0, (SELECT COALESCE(MAX(position), 0) + 1 FROM variants WHERE product_id = ?), ?, 0 WHERE NOT ${same.sql}`,
      )
      .bind(productId, size.sku, productId, size.stock, productId, ...same.binds),
    db
      .prepare(`INSERT INTO variant_option_values (variant_id, option_value_id) SELECT v.id, ov.id FROM variants v, option_values ov WHERE v.sku = ? AND v.product_id = ? AND ov.id IN (${list.sql})`)
      .bind(size.sku, productId, ...list.binds),
    ...(['AUD', 'USD'] as const).map((currency) =>
      db
        .prepare('INSERT INTO prices (variant_id, currency, amount_cents, compare_at_cents, member_cents) SELECT id, ?, ?, ?, ? FROM variants WHERE sku = ? AND product_id = ?')
        .bind(currency, size.prices[currency].amount, size.prices[currency].rrp, size.prices[currency].member, size.sku, productId),
    ),
    // the option filters of the listings (the facet scopes go stale by trigger, migration 0121)
    db
      .prepare(`INSERT OR IGNORE INTO product_option_values (option_value_id, product_id) SELECT ov.id, ? FROM option_values ov WHERE ov.id IN (${list.sql}) AND ${made.sql}`)
      .bind(productId, ...list.binds, ...made.binds),
    db.prepare(`UPDATE products SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND ${made.sql}`).bind(productId, ...made.binds),
    ...derivedStatements(db, productId),
  ]
  return { statements, made, variantAt: fresh.length }
}

// ——— a new product ———

/** A grid row's price in one currency as typed: the price, a sale price, the RRP, the club price (cents). */
export interface GridPrice {
  price: number
  sale: number | null
  rrp: number | null
  club: number | null
}

/** A whole new product as 'New product' and the CSV import give it (worker/admin/product-input.ts NewProduct is one). */
export interface ProductToWrite {
  name: string
  nameDe: string | null
  description: string | null
  descriptionDe: string | null
  status: 'draft' | 'active' | 'archived'
  taxonIds: number[]
  properties: Array<{ id: number; value: string | null; valueDe: string | null }>
  options: Array<{
    typeId: number | null
    name: string
    presentation: string
    presentationDe: string | null
    values: Array<{ key: string; id: number | null; name: string; presentation: string; presentationDe: string | null; swatch: string | null }>
  }>
  rows: Array<{ key: string; label: string; sku: string; stock: number; prices: Record<'AUD' | 'USD', GridPrice> }>
}

/**
 * A variant's price as the store keeps it: the price shoppers pay, and the price struck through beside it. A sale
 * price is paid, with the regular price (or the RRP, when higher) struck through; without one the RRP is.
 */
export function stored(p: GridPrice): { amount: number; rrp: number | null } {
  if (p.sale === null) return { amount: p.price, rrp: p.rrp }
  return { amount: p.sale, rrp: Math.max(p.price, p.rrp ?? 0) }
}

/** 'trail-jacket', or 'trail-jacket-2' … when a product has that address already. */
async function freeSlug(db: D1Database, base: string): Promise<string> {
  const { results } = await db.prepare("SELECT slug FROM products WHERE slug = ?1 OR slug LIKE ?1 || '-%'").bind(base).all<{ slug: string }>()
  const taken = new Set(results.map((r) => r.slug))
  let slug = base
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
  return slug
}

/** A new product's row, as a draft nobody sees, at a free address made of its name. */
export async function newProductRow(db: D1Database, name: string): Promise<{ id: number; slug: string }> {
  const slug = await freeSlug(db, slugOf(name) || 'product')
  const id = (await db
    .prepare("INSERT INTO products (slug, name, created_at, updated_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id")
    .bind(slug, name)
    .first<number>('id'))!
  return { id, slug }
}

/** Removes a new product's row whose batch failed, unless something else made it a product meanwhile. */
export async function dropEmptyProduct(db: D1Database, id: number): Promise<void> {
  await db.prepare('DELETE FROM products WHERE id = ? AND NOT EXISTS (SELECT 1 FROM variants WHERE product_id = ?)').bind(id, id).run()
}

/**
 * Every statement of a new product whose row (id, slug) exists, audited as `action`: the form adds its one-time token
 * to the batch, the CSV import (import-apply.ts) marks its lines applied in it.
 */
export function productStatements(db: D1Database, operator: AuditActor, id: number, slug: string, input: ProductToWrite, action = 'product.create'): D1PreparedStatement[] {
  const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
  const s: D1PreparedStatement[] = []
  // new option types and values, each once (a second product naming the same new value finds it made)
  for (const [position, o] of input.options.entries()) {
    if (o.typeId === null) {
      s.push(db.prepare('INSERT OR IGNORE INTO option_types (name, presentation, position) SELECT ?1, ?2, COALESCE(MAX(position), 0) + 1 FROM option_types').bind(o.name, o.presentation))
      if (o.presentationDe)
        s.push(db.prepare("INSERT OR IGNORE INTO option_type_translations (option_type_id, locale, presentation) SELECT id, 'de', ? FROM option_types WHERE name = ?").bind(o.presentationDe, o.name))
    }
    const typeSql = '(SELECT id FROM option_types WHERE name = ?)'
    for (const v of o.values.filter((x) => x.id === null)) {
      s.push(
        db
          .prepare(
            `INSERT OR IGNORE INTO option_values (option_type_id, name, presentation, position, image_preview) SELECT t.id, ?2, ?3, COALESCE((SELECT MAX(position) FROM option_values WHERE option_type_id = t.id), -1) + 1, ?4 FROM option_types t WHERE t.name = ?1`,
          )
          .bind(o.name, v.name, v.presentation, v.swatch),
      )
      if (v.presentationDe)
        s.push(
          db
            .prepare(`INSERT OR IGNORE INTO option_value_translations (option_value_id, locale, presentation) SELECT id, 'de', ? FROM option_values WHERE option_type_id = ${typeSql} AND name = ?`)
            .bind(v.presentationDe, o.name, v.name),
        )
    }
    s.push(db.prepare(`INSERT INTO product_option_types (product_id, option_type_id, position) SELECT ?, id, ? FROM option_types WHERE name = ?`).bind(id, position, o.name))
  }
  const valueSql = '(SELECT ov.id FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id WHERE ot.name = ? AND ov.name = ?)'
  const byKey = new Map(input.options.flatMap((o) => o.values.map((v) => [v.key, { type: o.name, name: v.name }] as const)))
  const sized = input.options.length > 0
  const first = input.rows[0]!
  // the master: the one thing to buy of a product without options, else the product's own prices (the first variant's)
  const variants = sized ? [{ ...first, sku: `MASTER-${id}`, master: true, stock: 0 }, ...input.rows.map((r) => ({ ...r, master: false }))] : [{ ...first, master: true }]
  for (const [position, row] of variants.entries()) {
    const variantSql = '(SELECT id FROM variants WHERE sku = ? AND product_id = ?)'
    s.push(db.prepare('INSERT INTO variants (product_id, sku, is_master, position, stock_on_hand, backorderable) VALUES (?, ?, ?, ?, ?, 0)').bind(id, row.sku, row.master ? 1 : 0, position, row.stock))
    for (const currency of ['AUD', 'USD'] as const) {
      const { amount, rrp } = stored(row.prices[currency])
      s.push(
        db
          .prepare(`INSERT INTO prices (variant_id, currency, amount_cents, compare_at_cents, member_cents) SELECT ${variantSql}, ?, ?, ?, ?`)
          .bind(row.sku, id, currency, amount, rrp, row.prices[currency].club),
      )
    }
    if (!row.master) {
      for (const key of row.key.split('_')) {
        const v = byKey.get(key)!
        s.push(db.prepare(`INSERT INTO variant_option_values (variant_id, option_value_id) SELECT ${variantSql}, ${valueSql}`).bind(row.sku, id, v.type, v.name))
      }
    }
  }
  for (const v of byKey.values()) s.push(db.prepare(`INSERT OR IGNORE INTO product_option_values (option_value_id, product_id) SELECT ${valueSql}, ?`).bind(v.type, v.name, id))
  if (input.taxonIds.length) s.push(db.prepare('INSERT OR IGNORE INTO classifications (taxon_id, product_id) SELECT value, ? FROM json_each(?)').bind(id, JSON.stringify(input.taxonIds)))
  for (const p of input.properties.filter((x) => x.value)) {
    s.push(db.prepare('INSERT INTO product_properties (product_id, property_id, value, filter_param) VALUES (?, ?, ?, ?)').bind(id, p.id, p.value, slugOf(p.value!) || 'value'))
    if (p.valueDe)
      s.push(
        db
          .prepare(`INSERT INTO product_property_translations (product_property_id, locale, value) SELECT id, 'de', ? FROM product_properties WHERE product_id = ? AND property_id = ?`)
          .bind(p.valueDe, id, p.id),
      )
  }
  const availableOn = input.status === 'active' ? new Date().toISOString() : null
  s.push(...productDetailsStatements(db, id, { name: input.name, nameDe: input.nameDe, description: input.description, descriptionDe: input.descriptionDe, availableOn, discontinueOn: null }))
  if (input.status === 'archived') s.push(db.prepare(`UPDATE products SET deleted_at = ${now} WHERE id = ?`).bind(id))
  s.push(...derivedStatements(db, id))
  const after = {
    slug,
    name: input.name,
    name_de: input.nameDe,
    status: input.status,
    taxons: input.taxonIds,
    options: input.options.map((o) => ({
      type: o.name,
      created: o.typeId === null,
      values: o.values.map((v) => ({ value: v.name, created: v.id === null, ...(v.swatch ? { swatch: v.swatch } : {}) })),
    })),
    variants: input.rows.map((r) => ({
      sku: r.sku,
      options: r.label,
      stock_on_hand: r.stock,
      prices: (['AUD', 'USD'] as const).map((currency) => ({ currency, ...stored(r.prices[currency]), club: r.prices[currency].club })),
    })),
  }
  s.push(auditStatement(db, operator, action, { type: 'product', id }, null, after))
  return s
}

// ——— the CSV import's writes ———

/** New products' rows (by slug and name, not on sale), made before the batch that fills them; a slug taken stays as it is. */
export async function newProductRows(db: D1Database, products: ReadonlyArray<{ slug: string; name: string }>): Promise<void> {
  await db
    .prepare(
      `INSERT INTO products (slug, name, created_at, updated_at) SELECT value ->> 'slug', value ->> 'name', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       FROM json_each(?1) WHERE true ON CONFLICT (slug) DO NOTHING`,
    )
    .bind(JSON.stringify(products))
    .run()
}

/** Removes new products' rows whose batch failed: only those still off sale and without a variant. */
export function dropUnmadeProducts(db: D1Database, slugs: readonly string[]): Promise<unknown> {
  return db
    .prepare('DELETE FROM products WHERE slug IN (SELECT value FROM json_each(?)) AND available_on IS NULL AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id)')
    .bind(JSON.stringify(slugs))
    .run()
}

/** One variant's price in a currency. */
export function variantPriceStatement(db: D1Database, variantId: number, currency: string, price: PriceCents): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO prices (variant_id, currency, amount_cents, compare_at_cents, member_cents) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (variant_id, currency) DO UPDATE SET amount_cents = excluded.amount_cents, compare_at_cents = excluded.compare_at_cents, member_cents = excluded.member_cents`,
    )
    .bind(variantId, currency, price.amount, price.rrp, price.member)
}

/** A variant's stock and backorderable set as a count (the import's lines: the file is the count). */
export const variantStockStatement = (db: D1Database, variantId: number, stock: number, backorderable: boolean) =>
  db.prepare('UPDATE variants SET stock_on_hand = ?, backorderable = ? WHERE id = ?').bind(stock, backorderable ? 1 : 0, variantId)

/** A currency's price for every live variant of the product. */
export function liveVariantsPriceStatement(db: D1Database, productId: number, currency: 'AUD' | 'USD', price: PriceCents): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO prices (variant_id, currency, amount_cents, compare_at_cents, member_cents) SELECT id, ?2, ?3, ?4, ?5 FROM variants WHERE product_id = ?1 AND deleted_at IS NULL
       ON CONFLICT (variant_id, currency) DO UPDATE SET amount_cents = excluded.amount_cents, compare_at_cents = excluded.compare_at_cents, member_cents = excluded.member_cents`,
    )
    .bind(productId, currency, price.amount, price.rrp, price.member)
}

/** The product's master variant with this SKU (made when it has none), and its stock when given (null: left as it is). */
export function masterStatements(db: D1Database, productId: number, sku: string, stock: { count: number; backorderable: boolean } | null): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'INSERT INTO variants (product_id, sku, is_master, stock_on_hand, backorderable) SELECT ?1, ?2, 1, 0, 0 WHERE NOT EXISTS (SELECT 1 FROM variants WHERE product_id = ?1 AND is_master = 1)',
      )
      .bind(productId, sku),
    db.prepare('UPDATE variants SET sku = ? WHERE product_id = ? AND is_master = 1').bind(sku, productId),
    ...(stock === null
      ? []
      : [db.prepare('UPDATE variants SET stock_on_hand = ?, backorderable = ? WHERE product_id = ? AND is_master = 1').bind(stock.count, stock.backorderable ? 1 : 0, productId)]),
  ]
}

/** The product's categories become exactly those with these permalinks. */
export function classificationByPermalinkStatements(db: D1Database, productId: number, permalinks: readonly string[]): D1PreparedStatement[] {
  return [
    db
      .prepare('DELETE FROM classifications WHERE product_id = ? AND taxon_id NOT IN (SELECT id FROM taxons WHERE permalink IN (SELECT value FROM json_each(?)))')
      .bind(productId, JSON.stringify(permalinks)),
    db.prepare('INSERT OR IGNORE INTO classifications (taxon_id, product_id) SELECT id, ? FROM taxons WHERE permalink IN (SELECT value FROM json_each(?))').bind(productId, JSON.stringify(permalinks)),
  ]
}

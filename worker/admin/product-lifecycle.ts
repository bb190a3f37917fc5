import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { derivedStatements, type ProductDetail } from './catalogue-data.ts'
import { ProductRefused } from './product-refusals.ts'
import type { Status } from './product-input.ts'

/**
 * A product's status and its end (docs/console.md 'Draft, active, archived'): draft is not on sale (no on-sale day),
 * active is on sale, archived is hidden everywhere shoppers look but kept, so past orders, returns and refunds still
 * show it (Spree's soft delete, `deleted_at`). A product or variant nobody ever ordered (no line of any order or
 * cart names it) can be deleted for good; one that was is refused with 'archive it instead'.
 */

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

export const statusOf = (p: { available_on: string | null; deleted_at?: string | null }): Status => (p.deleted_at ? 'archived' : p.available_on ? 'active' : 'draft')

export async function setStatus(db: D1Database, operator: Operator, detail: ProductDetail & { product: { deleted_at?: string | null } }, status: Status) {
  const id = detail.product.id
  const before = statusOf(detail.product)
  if (before === status) return false
  await db.batch([
    // active keeps an on-sale day already past; draft takes it away; archived keeps it (restoring brings it back)
    status === 'active'
      ? db.prepare(`UPDATE products SET deleted_at = NULL, available_on = CASE WHEN available_on IS NOT NULL AND available_on <= ${NOW} THEN available_on ELSE ${NOW} END, updated_at = ${NOW} WHERE id = ?`).bind(id)
      : status === 'draft'
        ? db.prepare(`UPDATE products SET deleted_at = NULL, available_on = NULL, updated_at = ${NOW} WHERE id = ?`).bind(id)
        : db.prepare(`UPDATE products SET deleted_at = ${NOW}, updated_at = ${NOW} WHERE id = ?`).bind(id),
    ...derivedStatements(db, id),
    auditStatement(db, operator, 'product.status', { type: 'product', id }, { status: before }, { status }),
  ])
  return true
}

/** How many order or cart lines name any of the variants (a product's all, or one). */
async function timesOrdered(db: D1Database, where: { productId: number } | { variantId: number }) {
  const sql = 'productId' in where ? 'SELECT COUNT(*) AS n FROM line_items WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)' : 'SELECT COUNT(*) AS n FROM line_items WHERE variant_id = ?'
  return (await db.prepare(sql).bind('productId' in where ? where.productId : where.variantId).first<{ n: number }>())!.n
}

export async function deleteProduct(db: D1Database, operator: Operator, detail: ProductDetail) {
  const id = detail.product.id
  const count = await timesOrdered(db, { productId: id })
  if (count > 0) throw new ProductRefused([{ code: 'product_sold', params: { name: detail.product.name, count }, field: 'form' }])
  const unsold = `NOT EXISTS (SELECT 1 FROM line_items WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ${id}))`
  // each under the same condition, in one batch: an order placed since the count above deletes nothing
  await db.batch([
    db.prepare(`DELETE FROM wished_items WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?) AND ${unsold}`).bind(id),
    db.prepare(`DELETE FROM products_fts WHERE rowid IN (?1 * 2, ?1 * 2 + 1) AND ${unsold}`).bind(id),
    db.prepare(`DELETE FROM variants WHERE product_id = ? AND ${unsold}`).bind(id),
    db.prepare(`DELETE FROM product_properties WHERE product_id = ? AND NOT EXISTS (SELECT 1 FROM variants WHERE product_id = ?)`).bind(id, id),
    db.prepare('DELETE FROM products WHERE id = ? AND NOT EXISTS (SELECT 1 FROM variants WHERE product_id = ?)').bind(id, id),
    auditStatement(db, operator, 'product.delete', { type: 'product', id }, { slug: detail.product.slug, name: detail.product.name, skus: detail.variants.map((v) => v.sku) }, null),
  ])
}

/** A variant archived (hidden from shoppers, kept on orders) or brought back. */
export async function setVariantArchived(db: D1Database, operator: Operator, detail: ProductDetail, variantId: number, archived: boolean) {
  const variant = detail.variants.find((v) => v.id === variantId && v.is_master === 0)
  if (!variant) return false
  await db.batch([
    db.prepare(`UPDATE variants SET deleted_at = ${archived ? NOW : 'NULL'} WHERE id = ?`).bind(variantId),
    ...optionValueStatements(db, detail.product.id),
    ...derivedStatements(db, detail.product.id),
    auditStatement(db, operator, archived ? 'variant.archive' : 'variant.restore', { type: 'variant', id: variantId }, { sku: variant.sku }, { sku: variant.sku, archived }),
  ])
  return true
}

export async function deleteVariant(db: D1Database, operator: Operator, detail: ProductDetail, variantId: number) {
  const variant = detail.variants.find((v) => v.id === variantId && v.is_master === 0)
  if (!variant) return false
  const count = await timesOrdered(db, { variantId })
  if (count > 0) throw new ProductRefused([{ code: 'variant_sold', params: { label: variant.options ?? variant.sku, count }, field: 'form' }])
  await db.batch([
    db.prepare('DELETE FROM wished_items WHERE variant_id = ? AND NOT EXISTS (SELECT 1 FROM line_items WHERE variant_id = ?)').bind(variantId, variantId),
    db.prepare('DELETE FROM variants WHERE id = ? AND NOT EXISTS (SELECT 1 FROM line_items WHERE variant_id = ?)').bind(variantId, variantId),
    ...optionValueStatements(db, detail.product.id),
    ...derivedStatements(db, detail.product.id),
    auditStatement(db, operator, 'variant.delete', { type: 'variant', id: variantId }, { sku: variant.sku, options: variant.options }, null),
  ])
  return true
}

/** The product's option values for the filters: those of its variants shoppers can still choose. */
function optionValueStatements(db: D1Database, productId: number) {
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

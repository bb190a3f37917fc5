import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import type { ProductDetail } from './catalogue-data.ts'
import { archiveVariantStatement, deleteProductStatements, deleteVariantStatements, derivedStatements, optionValueStatements, statusStatement, timesOrdered } from '#worker/backend/catalogue/product-write.ts'
import { ProductRefused } from './product-refusals.ts'
import type { Status } from './product-input.ts'

/**
 * A product's status and its end (docs/console.md 'Draft, active, archived'): draft is not on sale (no on-sale day),
 * active is on sale, archived is hidden everywhere shoppers look but kept, so past orders, returns and refunds still
 * show it (Spree's soft delete, `deleted_at`). A product or variant nobody ever ordered (no line of any order or
 * cart names it) can be deleted for good; one that was is refused with 'archive it instead'.
 */

export const statusOf = (p: { available_on: string | null; deleted_at?: string | null }): Status => (p.deleted_at ? 'archived' : p.available_on ? 'active' : 'draft')

export async function setStatus(db: D1Database, operator: Operator, detail: ProductDetail & { product: { deleted_at?: string | null } }, status: Status) {
  const id = detail.product.id
  const before = statusOf(detail.product)
  if (before === status) return false
  await db.batch([
    // active keeps an on-sale day already past; draft takes it away; archived keeps it (restoring brings it back)
    statusStatement(db, id, status),
    ...derivedStatements(db, id),
    auditStatement(db, operator, 'product.status', { type: 'product', id }, { status: before }, { status }),
  ])
  return true
}

export async function deleteProduct(db: D1Database, operator: Operator, detail: ProductDetail) {
  const id = detail.product.id
  const count = await timesOrdered(db, { productId: id })
  if (count > 0) throw new ProductRefused([{ code: 'product_sold', params: { name: detail.product.name, count }, field: 'form' }])
  // each under the same condition, in one batch: an order placed since the count above deletes nothing
  await db.batch([
    ...deleteProductStatements(db, id),
    auditStatement(db, operator, 'product.delete', { type: 'product', id }, { slug: detail.product.slug, name: detail.product.name, skus: detail.variants.map((v) => v.sku) }, null),
  ])
}

/** A variant archived (hidden from shoppers, kept on orders) or brought back. */
export async function setVariantArchived(db: D1Database, operator: Operator, detail: ProductDetail, variantId: number, archived: boolean) {
  const variant = detail.variants.find((v) => v.id === variantId && v.is_master === 0)
  if (!variant) return false
  await db.batch([
    archiveVariantStatement(db, variantId, archived),
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
    ...deleteVariantStatements(db, variantId),
    ...optionValueStatements(db, detail.product.id),
    ...derivedStatements(db, detail.product.id),
    auditStatement(db, operator, 'variant.delete', { type: 'variant', id: variantId }, { sku: variant.sku, options: variant.options }, null),
  ])
  return true
}

import type { Operator } from './context.ts'
import { auditStatement, auditStatementWhen } from './audit.ts'
import type { ProductDetail } from './catalogue-data.ts'
import { ActionRefused, unlessTaken } from './action-refused.ts'
import { isoDay } from './product-details.ts'
import {
  classificationStatements,
  derivedStatements,
  priceStatement,
  productDetailsStatements,
  propertyStatements,
  STOCK_UNCHANGED,
  touchProduct as touch,
  variantStatement,
  type PriceCents,
  type ProductDetails,
} from '#worker/backend/catalogue/product-write.ts'

export { slugOf } from '#worker/backend/catalogue/product-write.ts'

/**
 * Catalogue changes from the console. Each is one batch: the change, the derived tables, the audit entry; the writes
 * are the product-write module's (worker/backend/catalogue/product-write.ts, decision 0074).
 */

/** The edit form's details: the same fields the product-write module stores (its dates as typed, made ISO here). */
export type DetailsInput = ProductDetails

export async function saveDetails(db: D1Database, operator: Operator, detail: ProductDetail, input: DetailsInput) {
  const { product } = detail
  const after = { name: input.name, name_de: input.nameDe, description: input.description, description_de: input.descriptionDe, available_on: isoDay(input.availableOn), discontinue_on: isoDay(input.discontinueOn) }
  await db.batch([
    ...productDetailsStatements(db, product.id, { name: input.name, nameDe: input.nameDe, description: input.description, descriptionDe: input.descriptionDe, availableOn: after.available_on, discontinueOn: after.discontinue_on }),
    ...derivedStatements(db, product.id),
    auditStatement(db, operator, 'product.details', { type: 'product', id: product.id }, { name: product.name, name_de: product.name_de, description: product.description, description_de: product.description_de, available_on: product.available_on, discontinue_on: product.discontinue_on }, after),
  ])
}

export type PriceInput = PriceCents

/**
 * Prices per currency: for every size of the product, or (variantId) for one size only, which then costs its own
 * price; the listing price (the lowest size's) follows in the same batch.
 */
export async function savePrices(db: D1Database, operator: Operator, detail: ProductDetail, input: Record<'AUD' | 'USD', PriceInput>, variantId?: number) {
  const { product } = detail
  const variant = variantId === undefined ? null : detail.variants.find((v) => v.id === variantId)
  if (variant === undefined) throw new ActionRefused('That size is not part of this product.')
  const statements = (['AUD', 'USD'] as const).map((currency) => priceStatement(db, product.id, currency, input[currency], variant?.id ?? null))
  const after = (['AUD', 'USD'] as const).map((currency) => ({ currency, amount_cents: input[currency].amount, compare_at_cents: input[currency].rrp, member_cents: input[currency].member }))
  await db.batch([
    ...statements,
    touch(db, product.id),
    ...derivedStatements(db, product.id),
    variant
      ? auditStatement(db, operator, 'variant.prices', { type: 'product', id: product.id }, { variant_id: variant.id, sku: variant.sku, prices: variant.prices }, { variant_id: variant.id, sku: variant.sku, prices: after })
      : auditStatement(db, operator, 'product.prices', { type: 'product', id: product.id }, detail.prices, after),
  ])
}

export interface VariantInput {
  sku: string
  stock: number
  /** The count the form showed when it was loaded: the stock is set only if it is still that (see saveVariant). */
  stockSeen: number
  backorderable: boolean
}

/** The count was set to what this form sets already (the same form sent twice: a double click, a resend). */
export const STOCK_ALREADY = (now: number) => `The stock is already ${now}, the count this form sets: the form was sent twice (a double click, or the browser sending it again). Nothing more was changed.`

export const STOCK_MOVED = (now: number, seen: number) =>
  `The stock changed from ${seen} to ${now} since this page was loaded (an order or another operator moved it): nothing was saved. Reload the page, check the count and save again.`

/**
 * SKU, stock and backorderable of one size. The stock is a count the operator typed over the one the page showed, so
 * it is written only while the variant still holds that count (compared in the same statement): a page loaded before
 * a sale cannot overwrite the sale (409, reload). Saving without touching the count leaves the stock alone, so a
 * SKU or backorderable change is not refused because units sold meanwhile. (docs/console.md 'Stock counts')
 */
export async function saveVariant(db: D1Database, operator: Operator, detail: ProductDetail, variantId: number, input: VariantInput) {
  const variant = detail.variants.find((v) => v.id === variantId)
  if (!variant) throw new ActionRefused('That variant is not part of this product.')
  const clash = await db.prepare('SELECT id FROM variants WHERE sku = ? AND id != ?').bind(input.sku, variantId).first()
  if (clash) throw new ActionRefused(`Another variant already has the SKU ${input.sku}.`)
  const setsStock = input.stock !== input.stockSeen
  const before = { sku: variant.sku, stock_on_hand: setsStock ? input.stockSeen : variant.stock_on_hand, backorderable: variant.backorderable === 1 }
  const after = { sku: input.sku, stock_on_hand: setsStock ? input.stock : variant.stock_on_hand, backorderable: input.backorderable }
  const unchanged = setsStock ? STOCK_UNCHANGED : '1'
  // the same SKU given to another variant between the check above and this batch (variants.sku is UNIQUE)
  const [, updated] = await unlessTaken(
    db.batch([
      // first, while the stock is still the one seen
      auditStatementWhen(db, unchanged, operator, 'variant.stock', { type: 'variant', id: variantId }, before, after, setsStock ? [variantId, input.stockSeen] : []),
      variantStatement(db, variantId, input.sku, input.backorderable, setsStock ? { to: input.stock, seen: input.stockSeen } : null),
      touch(db, detail.product.id),
    ]),
    `Another variant already has the SKU ${input.sku}.`,
  )
  // none changed: the count moved. D1's changes also counts the rows its triggers wrote (a size that sells the product
  // out flips products.sold_out and its listing rows, migration 0212), so more than one is a save too.
  if ((updated!.meta.changes ?? 0) === 0) {
    const now = await db.prepare('SELECT stock_on_hand FROM variants WHERE id = ?').bind(variantId).first<number>('stock_on_hand')
    // a count is set, never added: the same form sent twice cannot double it, and is told so rather than 'changed'
    throw new ActionRefused(now === input.stock ? STOCK_ALREADY(now) : STOCK_MOVED(now ?? 0, input.stockSeen))
  }
}

export async function saveTaxons(db: D1Database, operator: Operator, detail: ProductDetail, taxonIds: number[]) {
  const known = new Set(detail.taxons.map((t) => t.id))
  const chosen = [...new Set(taxonIds)].filter((id) => known.has(id))
  const before = detail.taxons.filter((t) => t.checked).map((t) => t.id)
  await db.batch([
    ...classificationStatements(db, detail.product.id, chosen),
    touch(db, detail.product.id),
    ...derivedStatements(db, detail.product.id),
    auditStatement(db, operator, 'product.taxons', { type: 'product', id: detail.product.id }, before, chosen),
  ])
}

export type PropertyInput = Record<number, { value: string | null; valueDe: string | null }>

/**
 * The product's property values in en and de; an empty English value removes the property from the product, and a
 * property the input does not name is left as it is. A save that changes nothing writes nothing and is not audited.
 * Returns whether anything changed.
 */
export async function saveProperties(db: D1Database, operator: Operator, detail: ProductDetail, input: PropertyInput): Promise<boolean> {
  const productId = detail.product.id
  // what each property is after the save (a German value goes with the property: none without an English one)
  const next = (p: ProductDetail['properties'][number]) => {
    const sent = input[p.id] ?? { value: p.value, valueDe: p.value_de }
    return { value: sent.value || null, valueDe: sent.value ? sent.valueDe || null : null }
  }
  const changed = detail.properties.filter((p) => {
    const n = next(p)
    return n.value !== (p.value || null) || n.valueDe !== (p.value ? p.value_de || null : null)
  })
  if (changed.length === 0) return false
  const statements = changed.flatMap((p) => {
    const n = next(p)
    return propertyStatements(db, productId, p.id, n.value, n.valueDe)
  })
  const before = Object.fromEntries(detail.properties.filter((p) => p.value).map((p) => [p.name, { value: p.value, value_de: p.value_de }]))
  const after = Object.fromEntries(detail.properties.filter((p) => next(p).value).map((p) => [p.name, { value: next(p).value, value_de: next(p).valueDe }]))
  await db.batch([...statements, touch(db, productId), ...derivedStatements(db, productId), auditStatement(db, operator, 'product.properties', { type: 'product', id: productId }, before, after)])
  return true
}

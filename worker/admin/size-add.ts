import type { Operator } from './context.ts'
import { auditStatementWhen } from './audit.ts'
import type { ProductDetail } from './catalogue-data.ts'
import { hasCombination, newSizeStatements, skuOwner } from '#worker/backend/catalogue/product-write.ts'
import { slugOf, type PriceInput } from './catalogue-actions.ts'
import { formAlreadySent, once, spendFormStatement } from './form-tokens.ts'
import { ActionRefused } from './action-refused.ts'

/**
 * 'Add a size' on the console's product page (docs/console.md 'Adding a size'): a new variant of the product, one
 * value of each of its option types (size, colour …), with its SKU, prices and stock. One D1 batch writes it the way
 * the seed and the import shape a size (variants, variant_option_values, prices, product_option_values) and rebuilds
 * the product's derived rows (derivedStatements: listing price, search). The rest follows by triggers: the sold-out
 * flag and its listing rows (migration 0212, on the variants insert), the listing rows of a changed listing price
 * (0172) and the facet scopes marked stale (0121, on product_prices and product_option_values); the route then
 * recounts the stale scopes (refreshFacetCounts), as the console's other catalogue edits do.
 */

/** A refusal of what was typed or chosen (422); a plain ActionRefused is a clash with what the store holds (409). */
export class SizeInputRefused extends ActionRefused {}

/** One option type's choice: an existing value, or the name of a new one to create under the type. */
export type SizeChoice = { typeId: number; valueId: number; newName: null } | { typeId: number; valueId: null; newName: string; swatch: string | null }

export interface NewSizeInput {
  token: string
  choices: SizeChoice[]
  sku: string
  stock: number
  prices: Record<'AUD' | 'USD', PriceInput>
}

/** 'Size', 'Colour' … in a sentence ('a size', 'this product has no colours'). */
const lower = (presentation: string) => presentation.toLowerCase()

/** The new variant's option values, resolved against the product's option types; refuses what is not one of them. */
export function resolveChoices(detail: ProductDetail, choices: SizeChoice[]) {
  return detail.optionTypes.map((type) => {
    const choice = choices.find((c) => c.typeId === type.id)
    if (!choice) throw new SizeInputRefused(`Choose a ${lower(type.presentation)}, or type a new one.`)
    if (choice.valueId !== null) {
      const value = type.values.find((v) => v.id === choice.valueId)
      if (!value) throw new SizeInputRefused(`Choose a ${lower(type.presentation)} from the list: the one sent is not a ${lower(type.presentation)} of this store.`)
      return { type, id: value.id as number | null, name: value.name, presentation: value.presentation, swatch: null as string | null }
    }
    const name = slugOf(choice.newName)
    if (!name) throw new SizeInputRefused(`A new ${lower(type.presentation)} needs a name with letters or digits.`)
    // a name the store has already (XXL typed while 'XXL' is in the list) is that value, not a second one
    const same = type.values.find((v) => v.name === name || v.presentation.toLowerCase() === choice.newName.toLowerCase())
    if (same) return { type, id: same.id as number | null, name: same.name, presentation: same.presentation, swatch: null }
    return { type, id: null as number | null, name, presentation: choice.newName, swatch: choice.swatch }
  })
}

export const WHAT_ADDED = { done: 'the size was added.', label: 'See the product' }

/** Adds the size; refuses (ActionRefused, 409) a taken SKU or a combination the product has already. Answers its label. */
export async function addSize(db: D1Database, operator: Operator, detail: ProductDetail, input: NewSizeInput): Promise<string> {
  const productId = detail.product.id
  if (!detail.optionTypes.length) throw new ActionRefused('This product has no sizes or colours (no option types), so a size cannot be added to it here.')
  // a form sent again after it was done (a reload, the back button): said as such, before it reads as a taken SKU
  const sent = await formAlreadySent(db, input.token, WHAT_ADDED)
  if (sent) throw sent
  const values = resolveChoices(detail, input.choices)
  const label = values.map((v) => v.presentation).join(' / ')
  const clash = await skuOwner(db, input.sku)
  if (clash) throw new ActionRefused(`Another variant already has the SKU ${input.sku} (${clash.name}): give the new size its own SKU.`)
  const sizeValues = values.map((v) => ({ id: v.id, typeId: v.type.id, name: v.name, presentation: v.presentation, swatch: v.swatch }))
  if (await hasCombination(db, productId, sizeValues)) {
    throw new ActionRefused(`${detail.product.name} has a ${label} already: change its stock or prices in the lists above.`)
  }

  const after = {
    sku: input.sku,
    options: values.map((v) => ({ type: v.type.name, value: v.name, presentation: v.presentation, created: v.id === null, ...(v.swatch ? { swatch: v.swatch } : {}) })),
    stock_on_hand: input.stock,
    prices: (['AUD', 'USD'] as const).map((currency) => ({ currency, amount_cents: input.prices[currency].amount, compare_at_cents: input.prices[currency].rrp, member_cents: input.prices[currency].member })),
  }
  // the size's writes are the product-write module's (worker/backend/catalogue/product-write.ts); the audit and the
  // form key are written only when the size was (made)
  const { statements: writes, made, variantAt } = newSizeStatements(db, productId, { sku: input.sku, stock: input.stock, prices: input.prices, values: sizeValues })
  const statements = [
    ...writes,
    auditStatementWhen(db, made.sql, operator, 'variant.create', { type: 'product', id: productId }, null, after, made.binds),
    // the form is used up with the size (worker/admin/form-tokens.ts): sent twice, the second finds the key taken
    spendFormStatement(db, input.token, operator, { sql: '?', binds: [`/admin/products/${productId}`] }, made),
  ]
  const results = await once(db, input.token, WHAT_ADDED, () => db.batch(statements)).catch((error: unknown) => {
    // the same SKU given to another variant between the check above and the batch (variants.sku is UNIQUE)
    if (String(error).includes('UNIQUE') && !(error instanceof ActionRefused)) throw new ActionRefused(`Another variant already has the SKU ${input.sku}: give the new size its own SKU.`)
    throw error
  })
  if ((results[variantAt]!.meta.changes ?? 0) === 0) throw new ActionRefused(`${detail.product.name} has a ${label} already (added a moment ago): change its stock or prices in the lists above.`)
  return label
}

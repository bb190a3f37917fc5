import type { Operator } from './context.ts'
import { auditStatementWhen } from './audit.ts'
import { derivedStatements, type ProductDetail } from './catalogue-data.ts'
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
  const clash = await db.prepare('SELECT p.name FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = ?').bind(input.sku).first<{ name: string }>()
  if (clash) throw new ActionRefused(`Another variant already has the SKU ${input.sku} (${clash.name}): give the new size its own SKU.`)

  // each value as SQL: an existing one by id, a new one by its type and name (written earlier in the same batch)
  const ref = (v: (typeof values)[number]) => (v.id !== null ? { sql: '?', binds: [v.id] } : { sql: '(SELECT id FROM option_values WHERE option_type_id = ? AND name = ?)', binds: [v.type.id, v.name] })
  const refs = values.map(ref)
  const list = { sql: refs.map((r) => r.sql).join(', '), binds: refs.flatMap((r) => r.binds) }
  const sameCombination = `EXISTS (SELECT 1 FROM variants o WHERE o.product_id = ? AND o.is_master = 0 AND o.deleted_at IS NULL
      AND (SELECT COUNT(*) FROM variant_option_values x WHERE x.variant_id = o.id AND x.option_value_id IN (${list.sql})) = ${values.length}
      AND (SELECT COUNT(*) FROM variant_option_values x WHERE x.variant_id = o.id) = ${values.length})`
  if ((await db.prepare(`SELECT ${sameCombination} AS taken`).bind(productId, ...list.binds).first<{ taken: number }>())!.taken) {
    throw new ActionRefused(`${detail.product.name} has a ${label} already: change its stock or prices in the lists above.`)
  }

  const made = 'EXISTS (SELECT 1 FROM variants WHERE sku = ? AND product_id = ?)'
  const after = {
    sku: input.sku,
    options: values.map((v) => ({ type: v.type.name, value: v.name, presentation: v.presentation, created: v.id === null, ...(v.swatch ? { swatch: v.swatch } : {}) })),
    stock_on_hand: input.stock,
    prices: (['AUD', 'USD'] as const).map((currency) => ({ currency, amount_cents: input.prices[currency].amount, compare_at_cents: input.prices[currency].rrp, member_cents: input.prices[currency].member })),
  }
  const statements = [
    // a value the store does not have yet, under its option type, after the type's others
    ...values
      .filter((v) => v.id === null)
      .map((v) =>
        db
          .prepare('INSERT OR IGNORE INTO option_values (option_type_id, name, presentation, position, image_preview) SELECT ?1, ?2, ?3, COALESCE(MAX(position), -1) + 1, ?4 FROM option_values WHERE option_type_id = ?1')
          .bind(v.type.id, v.name, v.presentation, v.swatch),
      ),
    // the size itself, unless the product got the same combination a moment ago (another operator): then nothing below
    db
      .prepare(
        `INSERT INTO variants (product_id, sku, is_master, position, stock_on_hand, backorderable)
         SELECT ?, ?, 0, (SELECT COALESCE(MAX(position), 0) + 1 FROM variants WHERE product_id = ?), ?, 0 WHERE NOT ${sameCombination}`,
      )
      .bind(productId, input.sku, productId, input.stock, productId, ...list.binds),
    db.prepare(`INSERT INTO variant_option_values (variant_id, option_value_id) SELECT v.id, ov.id FROM variants v, option_values ov WHERE v.sku = ? AND v.product_id = ? AND ov.id IN (${list.sql})`).bind(input.sku, productId, ...list.binds),
    ...(['AUD', 'USD'] as const).map((currency) =>
      db
        .prepare('INSERT INTO prices (variant_id, currency, amount_cents, compare_at_cents, member_cents) SELECT id, ?, ?, ?, ? FROM variants WHERE sku = ? AND product_id = ?')
        .bind(currency, input.prices[currency].amount, input.prices[currency].rrp, input.prices[currency].member, input.sku, productId),
    ),
    // the option filters of the listings (the facet scopes go stale by trigger, migration 0121)
    db.prepare(`INSERT OR IGNORE INTO product_option_values (option_value_id, product_id) SELECT ov.id, ? FROM option_values ov WHERE ov.id IN (${list.sql}) AND ${made}`).bind(productId, ...list.binds, input.sku, productId),
    db.prepare(`UPDATE products SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND ${made}`).bind(productId, input.sku, productId),
    ...derivedStatements(db, productId),
    auditStatementWhen(db, made, operator, 'variant.create', { type: 'product', id: productId }, null, after, [input.sku, productId]),
    // the form is used up with the size (worker/admin/form-tokens.ts): sent twice, the second finds the key taken
    spendFormStatement(db, input.token, operator, { sql: '?', binds: [`/admin/products/${productId}`] }, { sql: made, binds: [input.sku, productId] }),
  ]
  const variantAt = values.filter((v) => v.id === null).length
  const results = await once(db, input.token, WHAT_ADDED, () => db.batch(statements)).catch((error: unknown) => {
    // the same SKU given to another variant between the check above and the batch (variants.sku is UNIQUE)
    if (String(error).includes('UNIQUE') && !(error instanceof ActionRefused)) throw new ActionRefused(`Another variant already has the SKU ${input.sku}: give the new size its own SKU.`)
    throw error
  })
  if ((results[variantAt]!.meta.changes ?? 0) === 0) throw new ActionRefused(`${detail.product.name} has a ${label} already (added a moment ago): change its stock or prices in the lists above.`)
  return label
}

import { CHARGE_MAX_CENTS } from '#kernel/config.ts'
import { formatMoney } from '#kernel/format.ts'
import type { Operator } from './context.ts'
import { priceRuleBreaks } from './catalogue-rules.ts'
import { formAlreadySent, once, spendFormStatement } from './form-tokens.ts'
import { ProductRefused, type ProductProblem } from './product-refusals.ts'
import { combinationKeys, gridField, type NewProduct, type ProductStore } from './product-input.ts'
import { dropEmptyProduct, newProductRow, productStatements, stored } from '#worker/backend/catalogue/product-write.ts'


/**
 * 'New product' (docs/console.md 'Creating a product'; decision 0031): the whole product in one D1 batch — details in
 * both languages and status, categories, properties, the option types and values (new ones created in the same
 * batch), every variant of the grid with its SKU, prices and stock, the product's option values, the derived listing
 * and search rows — with one audit entry and the form's one-time token. The rules are checked first (checkProduct),
 * each refusal with its code; the storefront's own tables then follow by their triggers (listing rows 0172, sold-out
 * flag 0212, option sets 0276, stale facet scopes 0121) and the search lexicon's stamp moves with the search index.
 * The statements are the product-write module's (worker/backend/catalogue/product-write.ts, decision 0074).
 */

export const MAX_VARIANTS = 200
const SKU = /^[A-Za-z0-9._-]{1,64}$/

/** Every rule a new product breaks, in the order of the form (empty: it can be written). */
export function checkProduct(input: NewProduct, store: ProductStore): ProductProblem[] {
  const problems: ProductProblem[] = []
  const add = (code: ProductProblem['code'], params: ProductProblem['params'], field: string) => problems.push({ code, params, field })
  if (!input.name) add('name_required', {}, 'name')
  if (input.unknownTaxons) add('category_unknown', {}, 'taxon')
  for (const p of input.properties) if (p.valueDe && !p.value) add('property_german_only', { property: p.presentation }, `property-${p.id}`)
  for (const bad of input.badValues) add('option_value_invalid', { value: bad.text }, bad.field)
  if (input.unknownOptions) add('option_unknown', {}, 'options')
  for (const o of input.options) if (o.values.length === 0) add('option_without_values', { type: o.presentation }, o.field)
  const combinations = input.options.reduce((n, o) => n * Math.max(o.values.length, 1), 1)
  if (input.options.length && combinations > MAX_VARIANTS) add('too_many_variants', { max: MAX_VARIANTS, count: combinations }, 'options')
  if (problems.length) return problems
  if (input.rows.length === 0) return [{ code: 'no_variants', params: {}, field: 'grid' }]
  // the grid must be the chosen options' combinations, each once (a grid from before the options changed is refused)
  const expected = new Set(combinationKeys(input))
  const seen = new Set<string>()
  for (const row of input.rows) {
    if (seen.has(row.key)) add('combination_repeated', { label: row.label }, gridField(row.key, 'sku'))
    seen.add(row.key)
  }
  if (seen.size !== expected.size || [...seen].some((k) => !expected.has(k))) return [...problems, { code: 'variant_not_generated', params: {}, field: 'grid' }]
  const skus = new Map<string, number>()
  for (const row of input.rows) skus.set(row.sku.toUpperCase(), (skus.get(row.sku.toUpperCase()) ?? 0) + 1)
  for (const row of input.rows) {
    const label = row.label || input.name || 'The variant'
    if (!SKU.test(row.sku)) add('sku_invalid', { label }, gridField(row.key, 'sku'))
    else if (skus.get(row.sku.toUpperCase())! > 1) add('sku_repeated', { sku: row.sku }, gridField(row.key, 'sku'))
    else if (store.takenSkus.has(row.sku.toUpperCase())) add('sku_taken', { sku: row.sku }, gridField(row.key, 'sku'))
    if (!Number.isInteger(row.stock) || row.stock < 0 || row.stock > 1_000_000) add('stock_invalid', { label }, gridField(row.key, 'stock'))
    for (const currency of ['AUD', 'USD'] as const) {
      const p = row.prices[currency]
      const col = currency.toLowerCase() as 'aud' | 'usd'
      if (!(p.price > 0)) {
        add('price_invalid', { label, currency }, gridField(row.key, col))
        continue
      }
      // the most a card can be charged at once (the console's price forms and the import's product lines refuse it too)
      const over = (['price', 'sale', 'rrp', 'club'] as const).find((what) => (p[what] ?? 0) > CHARGE_MAX_CENTS)
      if (over) {
        add('price_over_cap', { label, currency, max: formatMoney(CHARGE_MAX_CENTS / 100, currency, 'en') }, gridField(row.key, over === 'price' ? col : `${col}_${over}`))
        continue
      }
      const bad = (['sale', 'rrp', 'club'] as const).filter((what) => Number.isNaN(p[what]))
      for (const what of bad) add('money_invalid', { label, currency, what }, gridField(row.key, `${col}_${what}`))
      if (bad.length) continue
      if (p.sale !== null && !(p.sale < p.price)) add('sale_not_below_price', { label, currency }, gridField(row.key, `${col}_sale`))
      const { amount, rrp } = stored(p)
      const breaks = priceRuleBreaks(amount, rrp, p.club)
      if (breaks.includes('rrp')) add('rrp_below_price', { label, currency }, gridField(row.key, `${col}_rrp`))
      if (breaks.includes('club')) add('club_not_below_price', { label, currency }, gridField(row.key, `${col}_club`))
    }
  }
  return problems
}

/** Writes the product; answers its id and slug. Throws ProductRefused (the rules), FormAlreadySent (sent twice). */
export async function createProduct(db: D1Database, operator: Operator, input: NewProduct, store: ProductStore, token: string): Promise<{ id: number; slug: string }> {
  // a form sent again after it was done (a reload, a double click) is said as such, before its SKUs read as taken
  const what = { done: 'the product was created.', label: 'See the product' }
  const sent = await formAlreadySent(db, token, what)
  if (sent) throw sent
  const problems = checkProduct(input, store)
  if (problems.length) throw new ProductRefused(problems)
  // the product's row first, as a draft nobody sees, so every statement below can name its id; removed again below
  // when the batch fails, unless something else made it a product meanwhile
  const { id, slug } = await newProductRow(db, input.name)
  try {
    await once(db, token, what, () => db.batch([...productStatements(db, operator, id, slug, input), spendFormStatement(db, token, operator, { sql: '?', binds: [`/admin/products/${id}`] })]))
  } catch (error) {
    await dropEmptyProduct(db, id)
    if (String(error).includes('UNIQUE') && String(error).includes('sku')) throw new ProductRefused([{ code: 'sku_taken', params: { sku: input.rows[0]!.sku }, field: gridField(input.rows[0]!.key, 'sku') }])
    throw error
  }
  return { id, slug }
}

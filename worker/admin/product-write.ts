import { CHARGE_MAX_CENTS } from '#kernel/config.ts'
import { formatMoney } from '#kernel/format.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { derivedStatements } from './catalogue-data.ts'
import { priceRuleBreaks } from './catalogue-rules.ts'
import { formAlreadySent, once, spendFormStatement } from './form-tokens.ts'
import { productDetailsStatements } from './product-details.ts'
import { ProductRefused, type ProductProblem } from './product-refusals.ts'
import { combinationKeys, gridField, type NewProduct, type ProductStore, type GridRow } from './product-input.ts'
import { slugOf } from './catalogue-actions.ts'

/**
 * 'New product' (docs/console.md 'Creating a product'; decision 0031): the whole product in one D1 batch — details in
 * both languages and status, categories, properties, the option types and values (new ones created in the same
 * batch), every variant of the grid with its SKU, prices and stock, the product's option values, the derived listing
 * and search rows — with one audit entry and the form's one-time token. The rules are checked first (checkProduct),
 * each refusal with its code; the storefront's own tables then follow by their triggers (listing rows 0172, sold-out
 * flag 0212, option sets 0276, stale facet scopes 0121) and the search lexicon's stamp moves with the search index.
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

/**
 * A variant's price as the store keeps it: the price shoppers pay, and the price struck through beside it. A sale
 * price is paid, with the regular price (or the RRP, when higher) struck through; without one the RRP is.
 */
export function stored(p: GridRow['prices']['AUD']): { amount: number; rrp: number | null } {
  if (p.sale === null) return { amount: p.price, rrp: p.rrp }
  return { amount: p.sale, rrp: Math.max(p.price, p.rrp ?? 0) }
}

/** Writes the product; answers its id and slug. Throws ProductRefused (the rules), FormAlreadySent (sent twice). */
export async function createProduct(db: D1Database, operator: Operator, input: NewProduct, store: ProductStore, token: string): Promise<{ id: number; slug: string }> {
  // a form sent again after it was done (a reload, a double click) is said as such, before its SKUs read as taken
  const what = { done: 'the product was created.', label: 'See the product' }
  const sent = await formAlreadySent(db, token, what)
  if (sent) throw sent
  const problems = checkProduct(input, store)
  if (problems.length) throw new ProductRefused(problems)
  const slug = await freeSlug(db, slugOf(input.name) || 'product')
  // the product's row first, as a draft nobody sees, so every statement below can name its id; removed again below
  // when the batch fails, unless something else made it a product meanwhile
  const id = (await db
    .prepare("INSERT INTO products (slug, name, created_at, updated_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id")
    .bind(slug, input.name)
    .first<number>('id'))!
  try {
    await once(db, token, what, () => db.batch([...productStatements(db, operator, id, slug, input), spendFormStatement(db, token, operator, { sql: '?', binds: [`/admin/products/${id}`] })]))
  } catch (error) {
    await db.prepare('DELETE FROM products WHERE id = ? AND NOT EXISTS (SELECT 1 FROM variants WHERE product_id = ?)').bind(id, id).run()
    if (String(error).includes('UNIQUE') && String(error).includes('sku')) throw new ProductRefused([{ code: 'sku_taken', params: { sku: input.rows[0]!.sku }, field: gridField(input.rows[0]!.key, 'sku') }])
    throw error
  }
  return { id, slug }
}

/** 'trail-jacket', or 'trail-jacket-2' … when a product has that address already. */
async function freeSlug(db: D1Database, base: string): Promise<string> {
  const { results } = await db.prepare("SELECT slug FROM products WHERE slug = ?1 OR slug LIKE ?1 || '-%'").bind(base).all<{ slug: string }>()
  const taken = new Set(results.map((r) => r.slug))
  let slug = base
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
  return slug
}

/**
 * Every statement of a new product whose row (id, slug) exists, audited as `action`: the form adds its one-time token
 * to the batch, the CSV import (import-apply.ts) marks its lines applied in it.
 */
export function productStatements(db: D1Database, operator: Pick<Operator, 'id' | 'email'>, id: number, slug: string, input: NewProduct, action = 'product.create'): D1PreparedStatement[] {
  const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
  const s: D1PreparedStatement[] = []
  // new option types and values, each once (a second product naming the same new value finds it made)
  for (const [position, o] of input.options.entries()) {
    if (o.typeId === null) {
      s.push(db.prepare('INSERT OR IGNORE INTO option_types (name, presentation, position) SELECT ?1, ?2, COALESCE(MAX(position), 0) + 1 FROM option_types').bind(o.name, o.presentation))
      if (o.presentationDe) s.push(db.prepare("INSERT OR IGNORE INTO option_type_translations (option_type_id, locale, presentation) SELECT id, 'de', ? FROM option_types WHERE name = ?").bind(o.presentationDe, o.name))
    }
    const typeSql = '(SELECT id FROM option_types WHERE name = ?)'
    for (const v of o.values.filter((x) => x.id === null)) {
      s.push(
        db
          .prepare(`INSERT OR IGNORE INTO option_values (option_type_id, name, presentation, position, image_preview) SELECT t.id, ?2, ?3, COALESCE((SELECT MAX(position) FROM option_values WHERE option_type_id = t.id), -1) + 1, ?4 FROM option_types t WHERE t.name = ?1`)
          .bind(o.name, v.name, v.presentation, v.swatch),
      )
      if (v.presentationDe) s.push(db.prepare(`INSERT OR IGNORE INTO option_value_translations (option_value_id, locale, presentation) SELECT id, 'de', ? FROM option_values WHERE option_type_id = ${typeSql} AND name = ?`).bind(v.presentationDe, o.name, v.name))
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
      s.push(db.prepare(`INSERT INTO prices (variant_id, currency, amount_cents, compare_at_cents, member_cents) SELECT ${variantSql}, ?, ?, ?, ?`).bind(row.sku, id, currency, amount, rrp, row.prices[currency].club))
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
    if (p.valueDe) s.push(db.prepare(`INSERT INTO product_property_translations (product_property_id, locale, value) SELECT id, 'de', ? FROM product_properties WHERE product_id = ? AND property_id = ?`).bind(p.valueDe, id, p.id))
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
    options: input.options.map((o) => ({ type: o.name, created: o.typeId === null, values: o.values.map((v) => ({ value: v.name, created: v.id === null, ...(v.swatch ? { swatch: v.swatch } : {}) })) })),
    variants: input.rows.map((r) => ({ sku: r.sku, options: r.label, stock_on_hand: r.stock, prices: (['AUD', 'USD'] as const).map((currency) => ({ currency, ...stored(r.prices[currency]), club: r.prices[currency].club })) })),
  }
  s.push(auditStatement(db, operator, action, { type: 'product', id }, null, after))
  return s
}

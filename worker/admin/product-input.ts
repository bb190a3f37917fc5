import { slugOf } from './catalogue-actions.ts'

/**
 * 'New product' as the form sends it, read into what product-write.ts checks and writes. The form is plain HTML
 * (it works without JavaScript): the options are checkboxes of the store's option types and values plus text fields
 * for new ones ('Red / Rot #c0392b'), and the variant grid is one row of fields per combination, named
 * `<column>__<key>` where the key names the combination's values ('v12_v40', a new value 'n3-red', a value of a new
 * option type 'x2-red'). 'Generate variants' redraws the grid from the options; a column's 'Set all' fills it.
 */

export type Status = 'draft' | 'active' | 'archived'
export const STATUSES: Status[] = ['draft', 'active', 'archived']
export const GRID_COLUMNS = ['sku', 'stock', 'aud', 'aud_sale', 'aud_rrp', 'aud_club', 'usd', 'usd_sale', 'usd_rrp', 'usd_club'] as const
export type GridColumn = (typeof GRID_COLUMNS)[number]

/** The form field of one grid cell. */
export const gridField = (key: string, column: string) => `${column}__${key}`

export interface ValueChoice {
  key: string
  /** null: a value the store does not have yet (created with the product) */
  id: number | null
  name: string
  presentation: string
  presentationDe: string | null
  swatch: string | null
}
export interface OptionChoice {
  /** null: an option type the store does not have yet */
  typeId: number | null
  name: string
  presentation: string
  presentationDe: string | null
  /** the form field a refusal about it is shown beside */
  field: string
  values: ValueChoice[]
}
export interface Money {
  price: number
  sale: number | null
  rrp: number | null
  club: number | null
}
export interface GridRow {
  key: string
  label: string
  sku: string
  stock: number
  prices: Record<'AUD' | 'USD', Money>
}
export interface NewProduct {
  name: string
  nameDe: string | null
  description: string | null
  descriptionDe: string | null
  status: Status
  taxonIds: number[]
  unknownTaxons: boolean
  properties: Array<{ id: number; presentation: string; value: string | null; valueDe: string | null }>
  options: OptionChoice[]
  unknownOptions: boolean
  badValues: Array<{ text: string; field: string }>
  rows: GridRow[]
}

export interface StoreOptionType {
  id: number
  name: string
  presentation: string
  values: Array<{ id: number; name: string; presentation: string; swatch: string | null }>
}
/** What the store has that the form chooses from. */
export interface ProductStore {
  optionTypes: StoreOptionType[]
  taxons: Array<{ id: number; pretty_name: string }>
  properties: Array<{ id: number; name: string; presentation: string }>
  /** upper-cased SKUs of the grid that some variant has already */
  takenSkus: Set<string>
}

/** The form's fields: one string each, or several for checkboxes and the grid's rows. */
export type Body = Record<string, string | string[]>
const one = (body: Body, name: string) => {
  const v = body[name]
  return (Array.isArray(v) ? v[v.length - 1] : v)?.trim() ?? ''
}
export const many = (body: Body, name: string) => [body[name] ?? []].flat().map((v) => v.trim()).filter(Boolean)

export async function readStore(db: D1Database, skus: string[]): Promise<ProductStore> {
  const [types, values, taxons, properties, taken] = await db.batch([
    db.prepare('SELECT id, name, presentation FROM option_types ORDER BY position, id'),
    db.prepare('SELECT id, option_type_id, name, presentation, image_preview AS swatch FROM option_values ORDER BY position, id'),
    db.prepare(`SELECT t.id, (SELECT group_concat(a.name, ' › ') FROM (SELECT a.name FROM taxons a WHERE a.taxonomy_id = t.taxonomy_id AND a.lft <= t.lft AND a.rgt >= t.rgt ORDER BY a.lft) a) AS pretty_name FROM taxons t ORDER BY t.taxonomy_id, t.lft`),
    db.prepare('SELECT id, name, presentation FROM properties ORDER BY position, id'),
    db.prepare('SELECT upper(sku) AS sku FROM variants WHERE upper(sku) IN (SELECT upper(value) FROM json_each(?))').bind(JSON.stringify(skus)),
  ])
  const valueRows = values!.results as Array<{ id: number; option_type_id: number; name: string; presentation: string; swatch: string | null }>
  return {
    optionTypes: (types!.results as Array<Omit<StoreOptionType, 'values'>>).map((t) => ({ ...t, values: valueRows.filter((v) => v.option_type_id === t.id).map(({ option_type_id: _, ...v }) => v) })),
    taxons: taxons!.results as ProductStore['taxons'],
    properties: properties!.results as ProductStore['properties'],
    takenSkus: new Set((taken!.results as Array<{ sku: string }>).map((r) => r.sku)),
  }
}

/** 'Red / Rot #c0392b' → its names and swatch; null when it is not that shape. */
export function parseValueText(text: string): { presentation: string; presentationDe: string | null; swatch: string | null } | null {
  const m = /^([^/#]{1,40}?)\s*(?:\/\s*([^/#]{1,40}?))?\s*(#[0-9a-fA-F]{6})?$/.exec(text.trim())
  if (!m || !slugOf(m[1]!)) return null
  return { presentation: m[1]!.trim(), presentationDe: m[2]?.trim() || null, swatch: m[3]?.toLowerCase() ?? null }
}
const splitValues = (text: string) => text.split(/[,\n]/).map((v) => v.trim()).filter(Boolean)

/** How many new options one form can name; the form shows those named and one empty slot more. */
export const MAX_NEW_OPTIONS = 6
/** The field of the i-th new option's name ('newopt', 'newopt_1' …); its values are that name + '_values'. */
export const newOptionField = (i: number) => (i === 0 ? 'newopt' : `newopt_${i}`)

/** The chosen options (existing types with their ticked and typed values, and the new types), in the form's order. */
function readOptions(body: Body, store: ProductStore): Pick<NewProduct, 'options' | 'unknownOptions' | 'badValues'> {
  const badValues: NewProduct['badValues'] = []
  let unknownOptions = false
  const typed = (field: string, into: OptionChoice, keyOf: (name: string) => string, existing: StoreOptionType['values']) => {
    for (const text of splitValues(one(body, field))) {
      const parsed = parseValueText(text)
      if (!parsed) {
        badValues.push({ text, field })
        continue
      }
      const name = slugOf(parsed.presentation)
      const same = existing.find((v) => v.name === name || v.presentation.toLowerCase() === parsed.presentation.toLowerCase())
      const value: ValueChoice = same ? { key: `v${same.id}`, id: same.id, name: same.name, presentation: same.presentation, presentationDe: null, swatch: same.swatch } : { key: keyOf(name), id: null, name, ...parsed }
      if (!into.values.some((v) => v.key === value.key)) into.values.push(value)
    }
  }
  const options: OptionChoice[] = []
  for (const id of many(body, 'opt')) {
    const type = store.optionTypes.find((t) => String(t.id) === id)
    if (!type) {
      unknownOptions = true
      continue
    }
    const choice: OptionChoice = { typeId: type.id, name: type.name, presentation: type.presentation, presentationDe: null, field: `opt_${type.id}`, values: [] }
    for (const valueId of many(body, `opt_${type.id}`)) {
      const value = type.values.find((v) => String(v.id) === valueId)
      if (!value) unknownOptions = true
      else choice.values.push({ key: `v${value.id}`, id: value.id, name: value.name, presentation: value.presentation, presentationDe: null, swatch: value.swatch })
    }
    typed(`opt_${type.id}_new`, choice, (name) => `n${type.id}-${name}`, type.values)
    options.push(choice)
  }
  // the new options' slots, each a name and its values (an empty store's first product brings colours and sizes)
  for (let i = 0; i < MAX_NEW_OPTIONS; i++) {
    const field = newOptionField(i)
    const newType = one(body, field)
    if (!newType) continue
    const parsed = parseValueText(newType)
    if (!parsed || parsed.swatch) {
      badValues.push({ text: newType, field })
      continue
    }
    const name = slugOf(parsed.presentation)
    const existing = store.optionTypes.find((t) => t.name === name)
    // a type ticked above or typed in an earlier slot takes these values too; a new type named like one the store
    // has is that type (its values are offered to choose the next time)
    let choice = options.find((o) => o.name === name)
    if (!choice) {
      choice = existing
        ? { typeId: existing.id, name: existing.name, presentation: existing.presentation, presentationDe: null, field: `${field}_values`, values: [] }
        : { typeId: null, name, presentation: parsed.presentation, presentationDe: parsed.presentationDe, field: `${field}_values`, values: [] }
      options.push(choice)
    }
    const keyPrefix = choice.typeId === null ? `x${options.indexOf(choice)}` : `n${choice.typeId}`
    typed(`${field}_values`, choice, (v) => `${keyPrefix}-${v}`, existing?.values ?? [])
  }
  return { options, unknownOptions, badValues }
}

/** '129.95' → 12995; '' → null; anything else NaN (refused by the rules, with its field). */
const cents = (text: string) => (text === '' ? null : /^\d{1,7}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN)

/** The label of a combination ('Red / M'), from its key. */
export function labelOf(options: OptionChoice[], key: string) {
  const all = new Map(options.flatMap((o) => o.values.map((v) => [v.key, v.presentation] as const)))
  return key && key !== 'one' ? key.split('_').map((k) => all.get(k) ?? k).join(' / ') : ''
}

/** The whole form read; nothing is judged here but the shape (product-write.ts `checkProduct` says what is wrong). */
export function readProductForm(body: Body, store: ProductStore): NewProduct {
  const taxonIds = [...new Set(many(body, 'taxon').map(Number))]
  const known = new Set(store.taxons.map((t) => t.id))
  const status = one(body, 'status') as Status
  const options = readOptions(body, store)
  const rows = many(body, 'row').map((key) => {
    const cell = (column: GridColumn) => one(body, gridField(key, column))
    const stock = cell('stock')
    const money = (c: 'aud' | 'usd'): Money => ({ price: cents(cell(c)) ?? Number.NaN, sale: cents(cell(`${c}_sale`)), rrp: cents(cell(`${c}_rrp`)), club: cents(cell(`${c}_club`)) })
    return { key, label: labelOf(options.options, key), sku: cell('sku'), stock: /^\d{1,9}$/.test(stock) ? Number(stock) : Number.NaN, prices: { AUD: money('aud'), USD: money('usd') } }
  })
  return {
    name: one(body, 'name').slice(0, 200),
    nameDe: one(body, 'name_de').slice(0, 200) || null,
    description: one(body, 'description').slice(0, 20_000) || null,
    descriptionDe: one(body, 'description_de').slice(0, 20_000) || null,
    status: STATUSES.includes(status) ? status : 'draft',
    taxonIds: taxonIds.filter((id) => known.has(id)),
    unknownTaxons: taxonIds.some((id) => !known.has(id)),
    properties: store.properties.map((p) => ({ id: p.id, presentation: p.presentation, value: one(body, `property-${p.id}`).slice(0, 200) || null, valueDe: one(body, `property-${p.id}-de`).slice(0, 200) || null })),
    ...options,
    rows,
  }
}

/** The key of the one variant of a product without options. */
export const ONE = 'one'

/** The keys of every combination of the chosen options' values (ONE for a product without options). */
export function combinationKeys(input: Pick<NewProduct, 'options'>): string[] {
  if (input.options.length === 0) return [ONE]
  return input.options.reduce<string[]>((keys, o) => keys.flatMap((k) => o.values.map((v) => (k ? `${k}_${v.key}` : v.key))), [''])
}

/** A variant's SKU made from the SKU prefix and its values' names ('TRAIL-RED-M'). */
const skuFor = (prefix: string, options: OptionChoice[], key: string) => {
  const names = new Map(options.flatMap((o) => o.values.map((v) => [v.key, v.name.toUpperCase()] as const)))
  return [prefix, ...(key && key !== ONE ? key.split('_').map((k) => names.get(k) ?? k) : [])].join('-').slice(0, 64)
}

/**
 * The form drawn again with the grid made from the chosen options: a row the grid had keeps what was typed in it, a
 * new row starts from the 'Set all' fields (the SKU from the prefix). `column`: that column set to its 'Set all'
 * value in every row (the button beside it, without JavaScript).
 */
export function generateGrid(body: Body, input: NewProduct, column?: GridColumn): Body {
  const out: Body = Object.fromEntries(Object.entries(body).filter(([name]) => !name.includes('__') && name !== 'row'))
  const keys = combinationKeys(input)
  const had = new Set(many(body, 'row'))
  const prefix = one(body, 'bulk_sku') || slugOf(input.name).toUpperCase().slice(0, 20) || 'SKU'
  out.row = keys
  for (const key of keys) {
    for (const c of GRID_COLUMNS) {
      const fresh = c === 'sku' ? skuFor(prefix, input.options, key) : one(body, `bulk_${c}`) || (c === 'stock' ? '0' : '')
      out[gridField(key, c)] = c === column || !had.has(key) ? fresh : one(body, gridField(key, c))
    }
  }
  return out
}

import type { Currency, Locale } from '#kernel/models.ts'
import { inList } from './jsonapi.ts'
import { badParam, booleanFilter, idList, priceRange, stringList, type ListParams } from './params.ts'
import { searchLexicon, type Lexicon } from './search-lexicon.ts'
import { planSearch, type InferredKind, type SearchPlan } from './search-query.ts'
import { phrase, queryWords } from './search-words.ts'

export const PRODUCT_FILTERS = [
  'ids', 'skus', 'price', 'taxons', 'name', 'in_stock', 'backorderable', 'purchasable', 'show_discontinued', 'show_deleted',
  'option_value_ids', 'options.*', 'properties.*',
] as const
export const PRODUCT_SORTS = [
  'price', '-price', 'member_price', '-member_price', 'name', '-name',
  'updated_at', '-updated_at', 'created_at', '-created_at', 'available_on', '-available_on',
] as const

/** A product filter with every name resolved to ids, so the SQL below only inlines validated integers. */
export interface ProductFilter {
  currency: Currency
  locale: Locale
  now: string
  ids?: number[]
  skus?: string[]
  price?: { min: number | null; max: number | null }
  taxons?: number[]
  /** An FTS5 query built from the shopper's words, or '' when they typed nothing searchable. */
  match?: string
  /** Products whose name matches this FTS5 expression rank above the rest (SearchPlan.nameFirst). */
  nameFirst?: string
  /** Order by search relevance (a search without a sort). */
  rankBySearch: boolean
  inStock?: boolean
  backorderable?: boolean
  purchasable?: boolean
  showDiscontinued: boolean
  /** Option value ids grouped by option type id: any value within a type, every type. */
  options: Map<number, number[]>
  /** Property id → filter params: any value within a property, every property. */
  properties: Map<number, string[]>
  /** The facet filters the search's own words set ('red jacket'), told to the client in `meta.search`. */
  inferred?: InferredFilters
  /**
   * Those filters whose words are also in products' names ('glacier' is an operator's colour and a word of 'Müller
   * Outdoor Glacier Jacket'): each group also takes the products whose name matches `match` (an FTS5 expression on
   * the name), so a filter never hides a product named with the shopper's word. `words` are the words that set it.
   */
  alsoNamed?: Array<{ key: FacetGroupKey; match: string; words: string[] }>
}

/**
 * `meta.search` of a listing (extension): each facet the words of `filter[name]` chose, with the words, the values'
 * keys (`params`: option value ids as `filter[option_value_ids]` takes them, or the property's filter params), and
 * the text without them, which searches the same minus that filter (the client's way to remove it); the text
 * without every such word (`term_without_filters`) with the `params` as chosen filters searches the same again, so a
 * client can show them as ticked facets that unticking removes.
 */
export interface InferredFilters {
  filters: Array<{ filter: InferredFilterKey; words: string[]; values?: string[]; params: string[] }>
  term_without: Partial<Record<InferredFilterKey, string>>
  term_without_filters: string
}
export type InferredFilterKey = 'options.color' | 'options.size' | 'properties.gender' | 'properties.brand' | 'properties.material'

/**
 * The option types, properties and option values filters name, as the statements of `catalogueNameStatements` read
 * them (`lower` is SQLite's, as the filter compared before). Small tables, kept per isolate and checked in the
 * listing's own batch (see product-routes.ts), so a filter by name or option value id costs no round trip of its own.
 */
export interface CatalogueNames {
  types: Array<{ id: number; name: string }>
  properties: Array<{ id: number; name: string }>
  values: Array<{ id: number; option_type_id: number; lower: string }>
  /** The three results as read, to tell whether a later read is the same. */
  key: string
}

export function catalogueNameStatements(db: D1Database): D1PreparedStatement[] {
  return [
    db.prepare('SELECT id, name FROM option_types ORDER BY id'),
    db.prepare('SELECT id, name FROM properties ORDER BY id'),
    db.prepare('SELECT id, option_type_id, lower(name) AS lower FROM option_values ORDER BY id'),
  ]
}

export function readCatalogueNames([types, properties, values]: D1Result<Record<string, unknown>>[]): CatalogueNames {
  const names = {
    types: types!.results as CatalogueNames['types'],
    properties: properties!.results as CatalogueNames['properties'],
    values: values!.results as CatalogueNames['values'],
  }
  return { ...names, key: JSON.stringify(names) }
}

/** Whether the parameters name options or properties (or option value ids), which `resolveProductFilter` needs names for. */
export function filterNeedsNames(params: ListParams): boolean {
  return [...params.filters.keys()].some((key) => key === 'option_value_ids' || key.startsWith('options.') || key.startsWith('properties.'))
}

/**
 * Resolves `filter[...]` parameters against the catalogue (option and property names → ids), with `names` when
 * given (none are needed, or the caller read them), else reading them (one round trip); a search with `lexicon`
 * when given (the caller checks its stamp), else reading its stamp (search-lexicon.ts).
 */
export async function resolveProductFilter(db: D1Database, params: ListParams, names?: CatalogueNames | null, lexicon?: Lexicon, keep: ReadonlySet<string> = new Set()): Promise<ProductFilter> {
  const searched = params.filters.has('name') ? (lexicon ?? (await searchLexicon(db))) : undefined
  const filter = await resolveOnce(db, params, names, searched, keep)
  const failed = await inferredWithoutProducts(db, filter)
  // A filter the rest of the words find no products in is not inferred: its words are searched as words instead.
  return failed.length === 0 ? filter : resolveProductFilter(db, params, names, searched, new Set([...keep, ...failed]))
}

/**
 * The words of the inferred filters that are also in products' names (`alsoNamed`) whose value the rest of the
 * query finds no product in ('glacier boots' when no boots come in Glacier): one statement each, in one batch, only
 * for such words (a colour no name uses costs nothing).
 */
async function inferredWithoutProducts(db: D1Database, filter: ProductFilter): Promise<string[]> {
  const widened = filter.alsoNamed ?? []
  if (widened.length === 0) return []
  const statements = widened.map(({ key }) => {
    const only: ProductFilter = { currency: filter.currency, locale: filter.locale, now: filter.now, match: filter.match, rankBySearch: false, showDiscontinued: filter.showDiscontinued, options: new Map(), properties: new Map() }
    if ('option' in key) only.options.set(key.option, filter.options.get(key.option)!)
    if ('property' in key) only.properties.set(key.property, filter.properties.get(key.property)!)
    const q = productFrom(only)
    return db.prepare(`SELECT EXISTS (SELECT 1 ${q.from} ${q.where}) AS found`).bind(...q.fromBinds, ...q.whereBinds)
  })
  const results = await db.batch<{ found: number }>(statements)
  return widened.filter((_, i) => !results[i]!.results[0]?.found).flatMap((w) => w.words)
}

async function resolveOnce(db: D1Database, params: ListParams, names: CatalogueNames | null | undefined, lexicon: Lexicon | undefined, keep: ReadonlySet<string>): Promise<ProductFilter> {
  const f = params.filters
  const filter: ProductFilter = {
    currency: params.currency,
    locale: params.locale,
    now: new Date().toISOString(),
    rankBySearch: f.has('name') && params.sort.length === 0,
    showDiscontinued: f.has('show_discontinued') ? booleanFilter('filter[show_discontinued]', f.get('show_discontinued')!) : false,
    options: new Map(),
    properties: new Map(),
  }
  // The catalogue deletes nothing (a product leaves by discontinuation), so there is never a deleted product to
  // show: the filter is checked and accepted, as Spree accepts it.
  if (f.has('show_deleted')) booleanFilter('filter[show_deleted]', f.get('show_deleted')!)
  if (f.has('ids')) filter.ids = idList('filter[ids]', f.get('ids')!)
  if (f.has('skus')) filter.skus = stringList('filter[skus]', f.get('skus')!)
  if (f.has('price')) filter.price = priceRange('filter[price]', f.get('price')!)
  if (f.has('taxons')) filter.taxons = idList('filter[taxons]', f.get('taxons')!)
  const plan = lexicon ? planSearch(f.get('name')!, params.locale, lexicon, keep) : null
  // Nothing searchable typed ('!!!'): no products; only a colour or who it is for ('red'): those products.
  if (plan) filter.match = plan.match ?? (plan.colours || plan.genders || plan.attributes ? undefined : '')
  if (plan?.nameFirst && filter.rankBySearch) filter.nameFirst = plan.nameFirst
  if (f.has('in_stock')) filter.inStock = booleanFilter('filter[in_stock]', f.get('in_stock')!)
  if (f.has('backorderable')) filter.backorderable = booleanFilter('filter[backorderable]', f.get('backorderable')!)
  if (f.has('purchasable')) filter.purchasable = booleanFilter('filter[purchasable]', f.get('purchasable')!)

  const optionFilters = [...f].filter(([key]) => key.startsWith('options.'))
  const propertyFilters = [...f].filter(([key]) => key.startsWith('properties.'))
  const valueIds = f.has('option_value_ids') ? idList('filter[option_value_ids]', f.get('option_value_ids')!) : []
  if (valueIds.length === 0 && optionFilters.length === 0 && propertyFilters.length === 0) return withSearchAttributes(filter, plan, f.get('name'), lexicon)
  const named = optionFilters.map(([key, raw]) => {
    const typeName = key.slice('options.'.length)
    return { typeName, names: stringList(`filter[options][${typeName}]`, raw).map((n) => n.toLowerCase()) }
  })
  const { types, properties, values } = names ?? readCatalogueNames(await db.batch(catalogueNameStatements(db)))
  for (const value of values) if (valueIds.includes(value.id)) add(filter.options, value.option_type_id, value.id)
  for (const { typeName, names: wanted } of named) {
    const type = types.find((t) => t.name === typeName)
    if (!type) throw badParam(`filter[options][${typeName}]`, `There is no option type '${typeName}'`)
    const rows = values.filter((v) => v.option_type_id === type.id && wanted.includes(v.lower))
    // A value that does not exist matches nothing rather than everything.
    if (rows.length === 0) add(filter.options, type.id, 0)
    for (const row of rows) add(filter.options, type.id, row.id)
  }
  for (const [key, raw] of propertyFilters) {
    const name = key.slice('properties.'.length)
    const property = properties.find((p) => p.name === name)
    if (!property) throw badParam(`filter[properties][${name}]`, `There is no property '${name}'`)
    filter.properties.set(property.id, stringList(`filter[properties][${name}]`, raw).map((v) => v.toLowerCase()))
  }
  return withSearchAttributes(filter, plan, f.get('name'), lexicon)
}

/**
 * The colour and gender a search's words named, as the facet filters they are ('red jacket' = jackets in red), unless
 * the shopper chose that facet themselves (their choice stands).
 */
function withSearchAttributes(filter: ProductFilter, plan: SearchPlan | null, text = '', lexicon?: Lexicon): ProductFilter {
  const inferred: InferredFilters = { filters: [], term_without: {}, term_without_filters: '' }
  // The phrases of a kind that the index also holds (every word a term) widen its group to the names with them.
  const widen = (kind: InferredKind, key: FacetGroupKey) => {
    const typed = (plan?.phrases ?? []).filter((p) => p.kind === kind)
    const named = typed.filter((p) => p.words.every((w) => lexicon?.terms.has(w)))
    if (named.length === 0) return
    const match = `name : (${named.map((p) => phrase(p.words.join(' '), false)).join(' OR ')})`
    ;(filter.alsoNamed ??= []).push({ key, match, words: typed.flatMap((p) => p.words) })
  }
  if (plan?.colours && !filter.options.has(plan.colours.typeId)) {
    filter.options.set(plan.colours.typeId, plan.colours.ids)
    widen('colour', { option: plan.colours.typeId })
    inferred.filters.push({ filter: 'options.color', words: plan.colourWords ?? [], params: plan.colours.ids.map(String) })
    inferred.term_without['options.color'] = textWithout(text, plan.colourWords ?? [])
  }
  if (plan?.genders && !filter.properties.has(plan.genders.propertyId)) {
    filter.properties.set(plan.genders.propertyId, plan.genders.params)
    widen('gender', { property: plan.genders.propertyId })
    inferred.filters.push({ filter: 'properties.gender', words: plan.genderWords ?? [], params: plan.genders.params })
    inferred.term_without['properties.gender'] = textWithout(text, plan.genderWords ?? [])
  }
  for (const attribute of plan?.attributes ?? []) {
    const key: InferredFilterKey = attribute.kind === 'size' ? 'options.size' : `properties.${attribute.kind}`
    if ('typeId' in attribute.on) {
      if (filter.options.has(attribute.on.typeId)) continue
      filter.options.set(attribute.on.typeId, attribute.values.map((v) => Number(v.value)))
      widen(attribute.kind, { option: attribute.on.typeId })
    } else {
      if (filter.properties.has(attribute.on.propertyId)) continue
      filter.properties.set(attribute.on.propertyId, attribute.values.map((v) => String(v.value)))
      widen(attribute.kind, { property: attribute.on.propertyId })
    }
    inferred.filters.push({ filter: key, words: attribute.words, values: attribute.values.map((v) => v.label[filter.locale]), params: attribute.values.map((v) => String(v.value)) })
    inferred.term_without[key] = textWithout(text, attribute.words)
  }
  inferred.term_without_filters = textWithout(text, inferred.filters.flatMap((f) => f.words))
  if (inferred.filters.length > 0) filter.inferred = inferred
  return filter
}

/** The shopper's text without the tokens that are only the given (folded) words, spaced as typed otherwise. */
function textWithout(text: string, words: string[]): string {
  return text
    .split(/\s+/)
    .filter((token) => {
      const parts = queryWords(token)
      return parts.length === 0 || !parts.every((w) => words.includes(w))
    })
    .join(' ')
    .trim()
}

function add(map: Map<number, number[]>, key: number, value: number) {
  const list = map.get(key) ?? []
  list.push(value)
  map.set(key, list)
}

export interface ProductSql {
  from: string
  fromBinds: unknown[]
  where: string
  whereBinds: unknown[]
}

/** What a facet leaves out of the filter when it counts (a colour facet counts as if no colour were chosen). */
export type FacetExclusion = { option?: number; property?: number; price?: boolean }

/**
 * `FROM … WHERE …` over products `p` with their price `pp` in the filter's currency (and the search match `s` when
 * there is a search). Only validated integers are inlined; text is bound.
 */
export function productFrom(filter: ProductFilter, exclude: FacetExclusion = {}): ProductSql {
  const parts = productParts(filter)
  const groups = parts.groups.filter((group) => !isExcluded(group.key, exclude))
  return {
    from: parts.from,
    fromBinds: parts.fromBinds,
    where: `WHERE ${[...parts.before, ...groups.map((g) => g.sql), ...parts.after].join(' AND ')}`,
    whereBinds: [...parts.beforeBinds, ...groups.flatMap((g) => g.binds)],
  }
}

/** A chosen price range, option type or property: one facet group, which its own facet counts leave out. */
export interface FilterGroup {
  key: FacetGroupKey
  /** The condition on `p` (and `pp`) a product must meet for the group. */
  sql: string
  binds: unknown[]
}
export type FacetGroupKey = { price: true } | { option: number } | { property: number }

/** Whether `exclude` leaves the group `key` out. */
export const isExcluded = (key: FacetGroupKey, exclude: FacetExclusion): boolean =>
  ('price' in key && exclude.price === true) || ('option' in key && key.option === exclude.option) || ('property' in key && key.property === exclude.property)

/**
 * The filter's conditions in their order, with the facet groups apart: `productFrom` joins them all (less an
 * excluded group); the merged facet statement (product-facets.ts) keeps the groups as one flag column each, so a
 * single pass over the products the other conditions leave tells every group's set apart.
 */
export function productParts(filter: ProductFilter): { from: string; fromBinds: unknown[]; before: string[]; beforeBinds: unknown[]; groups: FilterGroup[]; after: string[] } {
  const fromBinds: unknown[] = [filter.currency]
  let from = 'FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.currency = ?'
  if (filter.match !== undefined) {
    // One FTS row per product and locale, its rowid product_id * 2 (+ 1 for German): the match needs no stored
    // column, and the ranking is computed only when results are ordered by it.
    const localeBit = filter.locale === 'de' ? 1 : 0
    // (a name holding the word itself is a tier above the rest: bm25 is negative and small, lower is better)
    const first = filter.rankBySearch && filter.nameFirst ? `CASE WHEN rowid IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ? AND (rowid & 1) = ${localeBit}) THEN -1000000.0 ELSE 0 END + ` : ''
    const rank = filter.rankBySearch ? `, ${first}bm25(products_fts, 10.0, 1.0, 4.0) AS rank` : ''
    from += ` JOIN (SELECT rowid >> 1 AS product_id${rank} FROM products_fts
              WHERE products_fts MATCH ? AND (rowid & 1) = ${localeBit}) s ON s.product_id = p.id`
    if (first) fromBinds.push(filter.nameFirst)
    fromBinds.push(filter.match || '""')
  }
  const where = ['p.deleted_at IS NULL', 'p.available_on IS NOT NULL', 'p.available_on <= ?']
  const binds: unknown[] = [filter.now]
  if (!filter.showDiscontinued) {
    where.push('(p.discontinue_on IS NULL OR p.discontinue_on > ?)')
    binds.push(filter.now)
  }
  if (filter.match === '') where.push('0')
  if (filter.ids) where.push(`p.id IN (${inList(filter.ids)})`)
  if (filter.skus) {
    where.push(`p.id IN (SELECT product_id FROM variants WHERE sku IN (${filter.skus.map(() => '?').join(',')}))`)
    binds.push(...filter.skus)
  }
  if (filter.taxons) {
    where.push(`p.id IN (SELECT c.product_id FROM classifications c WHERE c.taxon_id IN (
      SELECT d.id FROM taxons t JOIN taxons d ON d.taxonomy_id = t.taxonomy_id AND d.lft BETWEEN t.lft AND t.rgt
      WHERE t.id IN (${inList(filter.taxons)})))`)
  }
  const groups: FilterGroup[] = []
  if (filter.price) {
    const bounds = [
      ...(filter.price.min !== null ? [`pp.amount_cents >= ${filter.price.min}`] : []),
      ...(filter.price.max !== null ? [`pp.amount_cents <= ${filter.price.max}`] : []),
    ]
    if (bounds.length > 0) groups.push({ key: { price: true }, sql: bounds.join(' AND '), binds: [] })
  }
  // Within a category or a search, each candidate looks its chosen colours and sizes up (a few index probes); the
  // whole catalogue instead starts from the products that have them (the list drives the loop). Both are the same
  // set; a list built of every product in 'red' for a leaf's 1,900 products was half of the page's work (SQLite VM
  // steps). Chosen property values (a brand) are a list everywhere but for a few given ids: the list is one range of
  // `product_properties_filter`, while a probe per candidate reads the table row besides, and through workerd's D1
  // the leaf's 1,850 brand probes took 10-12 ms against 4-5 for the brand's list (docs/performance-d1.md).
  const narrowed = filter.taxons !== undefined || filter.match !== undefined || filter.ids !== undefined
  const has = (table: string, condition: string, probe: boolean) =>
    probe ? `EXISTS (SELECT 1 FROM ${table} x WHERE x.product_id = p.id AND ${condition})` : `p.id IN (SELECT x.product_id FROM ${table} x WHERE ${condition})`
  // An inferred filter whose words also name products takes those products too (ProductFilter.alsoNamed).
  const group = (key: FacetGroupKey, sql: string, binds: unknown[]): FilterGroup => {
    const named = filter.alsoNamed?.find((a) => JSON.stringify(a.key) === JSON.stringify(key))
    if (!named) return { key, sql, binds }
    const names = `p.id IN (SELECT rowid >> 1 FROM products_fts WHERE products_fts MATCH ? AND (rowid & 1) = ${filter.locale === 'de' ? 1 : 0})`
    return { key, sql: `(${sql} OR ${names})`, binds: [...binds, named.match] }
  }
  for (const [typeId, valueIds] of filter.options) {
    groups.push(group({ option: typeId }, has('product_option_values', `x.option_value_id IN (${inList(valueIds)})`, narrowed), []))
  }
  for (const [propertyId, params] of filter.properties) {
    groups.push(group({ property: propertyId }, has('product_properties', `x.property_id = ${Math.trunc(propertyId)} AND x.filter_param IN (${params.map(() => '?').join(',')})`, filter.ids !== undefined), [...params]))
  }
  const after: string[] = []
  const variantExists = (condition: string) => `EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL AND ${condition})`
  if (filter.inStock !== undefined) after.push(`${filter.inStock ? '' : 'NOT '}${variantExists('v.stock_on_hand > 0')}`)
  if (filter.backorderable !== undefined) after.push(`${filter.backorderable ? '' : 'NOT '}${variantExists('v.backorderable = 1')}`)
  if (filter.purchasable !== undefined) after.push(`${filter.purchasable ? '' : 'NOT '}${variantExists('(v.stock_on_hand > 0 OR v.backorderable = 1)')}`)
  return { from, fromBinds, before: where, beforeBinds: binds, groups, after }
}

/** ORDER BY for the sort keys (already validated), with the product id as the tie-breaker so pages never overlap. */
export function productOrder(sort: string[], filter: ProductFilter): { join: string; binds: unknown[]; orderBy: string } {
  let join = ''
  const binds: unknown[] = []
  const terms = sort.map((key) => {
    const desc = key.startsWith('-')
    const dir = desc ? 'DESC' : 'ASC'
    switch (key.replace(/^-/, '')) {
      case 'price':
        return `pp.amount_cents ${dir}`
      case 'member_price':
        return `COALESCE(pp.member_cents, pp.amount_cents) ${dir}`
      case 'name':
        if (filter.locale === 'en') return `p.name COLLATE NOCASE ${dir}`
        join = ' LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ?'
        binds.push(filter.locale)
        return `COALESCE(pt.name, p.name) COLLATE NOCASE ${dir}`
      case 'updated_at':
        return `p.updated_at ${dir}`
      case 'created_at':
        return `p.created_at ${dir}`
      default:
        return `p.available_on ${dir}`
    }
  })
  // 'Featured' (no sort): what can be bought first (products.sold_out, migration 0212), then by relevance or by id.
  if (terms.length === 0) {
    terms.push('p.sold_out ASC')
    if (filter.match && filter.rankBySearch) terms.push('s.rank ASC')
  }
  terms.push('p.id ASC')
  return { join, binds, orderBy: `ORDER BY ${terms.join(', ')}` }
}

/** Above this many matches a name-ordered walk finds a page sooner than sorting every match (measured on 50,000). */
export const NAME_WALK_MIN_MATCHES = 2000

/**
 * The page of an English search sorted by name: with many matches, walk `products_name_order` and stop after the
 * page; with few, sort them as any listing does. The match set is computed once and its size picks the plan inside
 * the statement (the other branch's constant condition is false, so SQLite never runs it). Same rows, same order.
 */
export function nameSearchPage(filter: ProductFilter, sort: string[], limit: number, offset: number, walkFrom = NAME_WALK_MIN_MATCHES): { sql: string; binds: unknown[] } | null {
  if (!filter.match || filter.locale !== 'en' || sort.length !== 1 || sort[0] !== 'name') return null
  const plain = productFrom({ ...filter, match: undefined })
  const sorted = productFrom(filter)
  const order = 'ORDER BY p.name COLLATE NOCASE ASC, p.id ASC'
  const s = `SELECT rowid >> 1 AS product_id FROM products_fts WHERE products_fts MATCH ? AND (rowid & 1) = 0`
  const walk = plain.from.replace('FROM products p', 'FROM products p INDEXED BY products_name_order')
  const sql = `WITH s AS MATERIALIZED (${s}), n AS (SELECT count(*) AS c FROM s)
    SELECT id FROM (SELECT p.id AS id ${walk} ${plain.where} AND (SELECT c FROM n) >= ${walkFrom} AND p.id IN (SELECT product_id FROM s) ${order} LIMIT ${limit} OFFSET ${offset})
    UNION ALL
    SELECT id FROM (SELECT p.id AS id ${sorted.from} ${sorted.where} AND (SELECT c FROM n) < ${walkFrom} ${order} LIMIT ${limit} OFFSET ${offset})`
  return { sql, binds: [filter.match, ...plain.fromBinds, ...plain.whereBinds, ...sorted.fromBinds, ...sorted.whereBinds] }
}

/**
 * The page of a listing in the default order ('Featured': buyable first, then by id) that is not a search and has
 * no price range (`priceRangePage`): the buyable matches by id, then the sold-out ones by id, each half stopping at
 * the page's end. Ordered by `p.sold_out, p.id` as one query, a category with a colour or brand chosen had to find
 * and sort every match; by id alone (before 'Featured' put buyable first) it walked its products in id order and
 * stopped after the page, and each half here does the same (UNION ALL hands out the first half's rows first, and the
 * second half runs only when the first ends before the page does). Same rows, same order as `productOrder`.
 */
export function featuredPage(filter: ProductFilter, sort: string[], limit: number, offset: number): { sql: string; binds: unknown[] } | null {
  if (sort.length !== 0 || filter.match !== undefined || filter.price !== undefined) return null
  const q = productFrom(filter)
  const [lim, off] = [Math.trunc(limit), Math.trunc(offset)]
  const half = (soldOut: 0 | 1) => `SELECT id FROM (SELECT p.id AS id ${q.from} ${q.where} AND p.sold_out = ${soldOut} ORDER BY p.id LIMIT ${lim + off})`
  return { sql: `${half(0)} UNION ALL ${half(1)} LIMIT ${lim} OFFSET ${off}`, binds: [...q.fromBinds, ...q.whereBinds, ...q.fromBinds, ...q.whereBinds] }
}

/** How many products, in 'Featured' order, a price range's walk looks at before it leaves the page to the sort. */
export const PRICE_WALK_PRODUCTS = 2000

/**
 * The page of a listing with a price range in the default order ('Featured': buyable first, then by id). The range
 * is read from `product_prices_amount` and every match joined and sorted, which for a wide range (the whole catalogue
 * from $50 to $100.99: 15,500 of 50,000 products) costs 5-10 ms in D1 for 48 ids. Instead the first
 * `PRICE_WALK_PRODUCTS` products are walked in that order (`products_featured`: sold_out, id) and stop at the page's
 * end; only when they hold fewer matches than the page needs (a narrow range, a deep page) is the range sorted as
 * before. Same rows, same order: the walk keeps the first matches in that order among products up to a bound (the
 * walk-th product, or the last when there are fewer), so when it holds the whole page no later product could be on
 * it. The walk's count picks the branch inside the statement (the other's constant condition is false, so SQLite
 * never runs it), as `nameSearchPage` does. Null when the listing is sorted or is a search.
 */
export function priceRangePage(filter: ProductFilter, sort: string[], limit: number, offset: number, walk = PRICE_WALK_PRODUCTS): { sql: string; binds: unknown[] } | null {
  if (filter.price === undefined || filter.match || sort.length !== 0) return null
  const q = productFrom(filter)
  const [lim, off] = [Math.trunc(limit), Math.trunc(offset)]
  const need = lim + off
  const walked = q.from.replace('FROM products p JOIN product_prices pp', 'FROM products p INDEXED BY products_featured CROSS JOIN product_prices pp')
  if (walked === q.from) return null
  const bound = `(SELECT sold_out, id FROM (SELECT sold_out, id FROM products INDEXED BY products_featured ORDER BY sold_out, id LIMIT ${Math.trunc(walk)}) ORDER BY sold_out DESC, id DESC LIMIT 1)`
  const order = 'ORDER BY p.sold_out ASC, p.id ASC'
  const sql = `WITH w AS MATERIALIZED (SELECT p.id AS id, p.sold_out AS sold_out ${walked} ${q.where} AND (p.sold_out, p.id) <= ${bound} ${order} LIMIT ${need}), n AS (SELECT count(*) AS c FROM w)
    SELECT id FROM (SELECT id FROM w WHERE (SELECT c FROM n) >= ${need} ORDER BY sold_out, id LIMIT ${lim} OFFSET ${off})
    UNION ALL
    SELECT id FROM (SELECT p.id AS id ${q.from} ${q.where} AND (SELECT c FROM n) < ${need} ${order} LIMIT ${lim} OFFSET ${off})`
  return { sql, binds: [...q.fromBinds, ...q.whereBinds, ...q.fromBinds, ...q.whereBinds] }
}

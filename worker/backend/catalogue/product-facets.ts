import { PRICE_FILTER_BUCKETS } from '#kernel/config.ts'
import { FACET_CURRENCIES } from './facet-counts-sql.mjs'
import { decimal, display, sqlLiteral } from './jsonapi.ts'
import { isExcluded, productFrom, productParts, type FacetExclusion, type ProductFilter } from './product-filter.ts'

/**
 * The facets of a listing (our extension of Spree's `meta.filters`): option values and property values with the
 * number of matching products, and the price range with counts per bucket of spec §9. Each facet counts as if its own
 * selection were not made, so choosing 'Red' still shows how many products come in 'Blue'.
 */
export interface Facets {
  option_types: Array<{
    id: number
    name: string
    presentation: string
    position: number
    option_values: Array<{ id: number; name: string; presentation: string; position: number; image_preview: string | null; count: number }>
  }>
  product_properties: Array<{ id: number; name: string; presentation: string; values: Array<{ value: string; filter_param: string; count: number }> }>
  price: { currency: string; min: string | null; max: string | null; display_min: string | null; display_max: string | null; buckets: Array<{ range: string; min: string; max: string; count: number }> }
}

/** '51-100' → 5100..10099 cents: a bucket includes every price up to its upper dollar's last cent. */
export function bucketCents(range: string): { min: number; max: number } {
  const [lo, hi] = range.split('-').map(Number)
  return { min: lo! * 100, max: hi! * 100 + 99 }
}
export const BUCKETS = PRICE_FILTER_BUCKETS.map((range) => ({ range, ...bucketCents(range) }))

/** One row of a facet statement: k is the kind ('count', 'o', 'p', 'price'). */
export interface FacetRow {
  k: string
  a: number | null
  b: string | number | null
  n: number
  v: string | null
}

/**
 * The parts below read a matching set by name: `m` (id, cents) and its size `mc` (one row, c). A statement of one set
 * calls them m and mc; the merged statement (facetStatements) names each group's set apart.
 */
interface SetNames {
  m: string
  mc: string
}
const ONE_SET: SetNames = { m: 'm', mc: 'mc' }

/**
 * Option value counts, read as sets (migration 0276: one integer per product): the statement gives the number of
 * matching products per option value set (`k` 'os', the set's option value ids as JSON in `v`), and `countOptionSets`
 * adds each set's count to each of its values in the worker. Joining every match to its product_option_values rows
 * and grouping them read ~12 rows a match (72,000 of the 191,769 rows a cold 'jacket' search read); a set id is one
 * lookup a match, and expanding the sets in SQL (json_each, grouped) would read more than the lookups save. The same
 * counts as grouping the rows (tests/backend/option-sets.test.ts). CROSS JOIN keeps the matching set as the outer
 * loop (SQLite does not reorder it): each match looks up its own set instead of the table being scanned.
 */
const options = ({ m }: SetNames) => `SELECT 'os' AS k, NULL AS a, NULL AS b, c.n AS n, s.signature AS v
  FROM (SELECT os.set_id AS set_id, count(*) AS n FROM ${m} m CROSS JOIN product_option_sets os ON os.product_id = m.id GROUP BY os.set_id) c
  JOIN option_sets s ON s.id = c.set_id`

/**
 * A facet group's rows with its option value sets ('os') turned into the per-value counts ('o') readFacets reads;
 * `keep` says which values the group counts (a chosen option type's group: that type's only).
 */
export function countOptionSets(rows: FacetRow[], keep: (valueId: number) => boolean): FacetRow[] {
  const counts = new Map<number, number>()
  const out: FacetRow[] = []
  for (const row of rows) {
    if (row.k !== 'os') {
      out.push(row)
      continue
    }
    for (const id of JSON.parse(String(row.v)) as number[]) if (keep(id)) counts.set(id, (counts.get(id) ?? 0) + row.n)
  }
  for (const [id, n] of counts) out.push({ k: 'o', a: id, b: null, n, v: null })
  return out
}
/** From this many matching products on, property values are counted per property set (below), else row by row. */
export const PROPERTY_SETS_FROM = 600

/**
 * Property value counts: per filterable property and filter value, the matching products, with `v` the value's text
 * in the asked language (the translation of the lowest-numbered matching row, else the smallest matching value).
 * Few matches: group the matching products' property rows. Many (a broad search, a price range): count the matching
 * products per property set (migration 0191: one integer per product, ~300 sets on 50,000 products) and sum each
 * set's (property, value) pairs, then read each value's text as the first matching entry of an index walk; on 50,000
 * products that is about a quarter of the work for 14,000 matches, but twice the work for 300 (SQLite VM steps),
 * hence the switch. `mc` (the number of matches, see facetStatement) picks the branch: the other one reads nothing.
 * Row by row counts every property and leaves non-facets to readFacets (which lists filterable properties only): with
 * a condition on `x` itself and the seed's ANALYZE statistics, SQLite 3.40 (not workerd's, per its query plan) put a
 * Bloom filter on product_properties, built by reading all of it, for a leaf category's 25 matches.
 */
const properties = (loc: string, propertyId?: number, setsFrom = PROPERTY_SETS_FROM, { m, mc }: SetNames = ONE_SET) => {
  const only = propertyId === undefined ? '' : Math.trunc(propertyId)
  const rows = (index: string) => `FROM product_properties x INDEXED BY ${index} WHERE x.property_id = g.a AND x.filter_param = g.b AND x.product_id IN (SELECT id FROM ${m})`
  const byRow = `SELECT g.a AS a, g.b AS b, g.n AS n, COALESCE(ppt.value, g.v) AS v FROM (
      SELECT x.property_id AS a, x.filter_param AS b, count(*) AS n, min(x.value) AS v, min(x.id) AS rep
      FROM ${mc} gate CROSS JOIN ${m} m CROSS JOIN product_properties x ON x.product_id = m.id
      WHERE gate.c < ${setsFrom}${only === '' ? '' : ` AND x.property_id = ${only}`}
      GROUP BY x.property_id, x.filter_param) g
    LEFT JOIN product_property_translations ppt ON ppt.product_property_id = g.rep AND ppt.locale = ${loc}`
  const bySet = `SELECT g.a, g.b, g.n, COALESCE(
      (SELECT ppt.value FROM product_property_translations ppt WHERE ppt.locale = ${loc}
         AND ppt.product_property_id = (SELECT x.id ${rows('product_properties_first')} ORDER BY x.id LIMIT 1)),
      (SELECT x.value ${rows('product_properties_text')} ORDER BY x.value LIMIT 1))
    FROM (SELECT json_extract(j.value, '$[0]') AS a, json_extract(j.value, '$[1]') AS b, sum(c.n) AS n
      FROM (SELECT ps.set_id AS set_id, count(*) AS n FROM ${mc} gate CROSS JOIN ${m} m CROSS JOIN product_property_sets ps ON ps.product_id = m.id
            WHERE gate.c >= ${setsFrom} GROUP BY ps.set_id) c
      JOIN property_sets s ON s.id = c.set_id, json_each(s.signature) j${only === '' ? '' : ` WHERE json_extract(j.value, '$[0]') = ${only}`}
      GROUP BY 1, 2) g`
  return `SELECT 'p' AS k, a, b, n, v FROM (${byRow} UNION ALL ${bySet})`
}
/** The price range and the bucket counts in one row: the counts travel comma-separated in `v`. */
const prices = ({ m }: SetNames) => `SELECT 'price' AS k, min(m.cents) AS a, max(m.cents) AS b, count(*) AS n,
     ${BUCKETS.map((b) => `coalesce(sum(m.cents BETWEEN ${b.min} AND ${b.max}), 0)`).join(` || ',' || `)} AS v FROM ${m} m`

/**
 * A facet statement's SQL in two parts, so a statement of its own (`WITH ${ctes} ${select}`) or a larger one
 * (search-listing.ts: the page and the order read the same set) can hold it: `ctes` defines the matching sets, the
 * first of them (`whole`) every product the whole filter matches (id, cents and the `extra` columns), and `select` is
 * the facet rows (`merged`: each with its group's number `g` first). Only `ctes` binds, with `binds`.
 */
export interface FacetSql {
  ctes: string
  select: string
  binds: unknown[]
  whole: string
  merged: boolean
}

/** Columns a larger statement wants on the whole matching set besides id and cents (SQL over `p`, `pp`, `s`). */
export type ExtraColumns = Array<{ name: string; sql: string }>

/**
 * One statement over the products matching `filter` minus `exclude`: the set is computed once (a materialised CTE)
 * and every count reads it, so a listing costs one pass over its products per facet group, not per facet.
 */
function facetSql(filter: ProductFilter, exclude: FacetExclusion, parts: string[], extra: ExtraColumns = [], gate = ''): FacetSql {
  const q = productFrom(filter, exclude)
  const more = extra.map((c) => `, ${c.sql} AS ${c.name}`).join('')
  return {
    ctes: `m AS MATERIALIZED (SELECT p.id AS id, pp.amount_cents AS cents${more} ${q.from} ${q.where}${gate}), mc AS MATERIALIZED (SELECT count(*) AS c FROM m)`,
    select: parts.join(' UNION ALL '),
    binds: [...q.fromBinds, ...q.whereBinds],
    whole: 'm',
    merged: false,
  }
}

export interface FacetQuery {
  statements: D1PreparedStatement[]
  /**
   * The statements' results as one result per facet group, in the order `readFacets` reads them (the labels, the
   * whole set, the price range's, then each chosen option type's and property's): the merged statement's rows split
   * by their group, the separate statements' results as they are.
   */
  expand(results: D1Result<Record<string, unknown>>[]): D1Result<Record<string, unknown>>[]
  /** The facets and total count from the statements' results (in the same order). */
  read(results: D1Result<Record<string, unknown>>[]): { facets: Facets; totalCount: number }
}

/** What each facet group's statement counts: the whole set's, the price range's, each chosen type's and property's. */
function facetGroups(filter: ProductFilter, loc: string, setsFrom: number): Array<{ exclude: FacetExclusion; parts: (names: SetNames) => string[] }> {
  const priced = filter.price !== undefined
  return [
    {
      exclude: {},
      parts: (names) => [
        `SELECT 'count' AS k, NULL AS a, NULL AS b, c AS n, NULL AS v FROM ${names.mc}`,
        options(names),
        properties(loc, undefined, setsFrom, names),
        ...(priced ? [] : [prices(names)]),
      ],
    },
    ...(priced ? [{ exclude: { price: true }, parts: (names: SetNames) => [prices(names)] }] : []),
    ...[...filter.options.keys()].map((typeId) => ({
      exclude: { option: typeId },
      parts: (names: SetNames) => [options(names)],
    })),
    ...[...filter.properties.keys()].map((propertyId) => ({ exclude: { property: propertyId }, parts: (names: SetNames) => [properties(loc, propertyId, setsFrom, names)] })),
  ]
}

/**
 * One statement for every facet group of a listing inside a category, a search or a list of ids: a single pass over
 * the products the filter's other conditions leave (`base`) marks each with one flag per chosen group (price range,
 * option type, property); each group's set is then the products with every other group's flag, read from that pass.
 * Separate statements (`facetStatement` per group) each found their own set: a leaf category with a colour and a
 * brand chosen walked its ~1,900 products three times (docs/performance-d1.md, 'Facet groups in one pass'). Each row
 * carries its group's number `g`, so `expand` hands readFacets the same results the separate statements gave. Not for
 * the whole catalogue, whose chosen values drive the loop as lists instead of a pass over every product.
 */
function mergedFacetSql(filter: ProductFilter, groups: ReturnType<typeof facetGroups>, extra: ExtraColumns = []): FacetSql {
  const parts = productParts(filter)
  const flags = parts.groups.map((group, i) => ({ key: group.key, column: `f${i}`, sql: group.sql, binds: group.binds }))
  const flagged = flags.map((f) => `(${f.sql}) AS ${f.column}`).join(', ')
  const where = [...parts.before, ...parts.after]
  const more = extra.map((c) => `, ${c.sql} AS ${c.name}`).join('')
  const names = extra.map((c) => `, ${c.name}`).join('')
  const sets = groups.map((group, i) => {
    const wanted = flags.filter((f) => !isExcluded(f.key, group.exclude)).map((f) => f.column)
    // The first group excludes nothing: its set is every product the whole filter matches, with the extra columns.
    return `m${i} AS MATERIALIZED (SELECT id, cents${i === 0 ? names : ''} FROM base${wanted.length ? ` WHERE ${wanted.join(' AND ')}` : ''}), mc${i} AS MATERIALIZED (SELECT count(*) AS c FROM m${i})`
  })
  const selects = groups.map((group, i) => `SELECT ${i} AS g, k, a, b, n, v FROM (${group.parts({ m: `m${i}`, mc: `mc${i}` }).join(' UNION ALL ')})`)
  return {
    ctes: `base AS MATERIALIZED (SELECT p.id AS id, pp.amount_cents AS cents${more}${flagged ? `, ${flagged}` : ''} ${parts.from} WHERE ${where.join(' AND ')}),
      ${sets.join(',\n      ')}`,
    select: selects.join(' UNION ALL '),
    binds: [...flags.flatMap((f) => f.binds), ...parts.fromBinds, ...parts.beforeBinds],
    whole: 'm0',
    merged: true,
  }
}

/**
 * The statements that count a listing's facets and its total (the same pass counts both), to run in the listing's
 * own DB.batch: a page of products with its facets is one D1 round trip. `merge` (the default inside a category, a
 * search or a list of ids) counts every chosen group in one statement; false keeps one statement per group.
 */
export function facetStatements(db: D1Database, filter: ProductFilter, setsFrom = PROPERTY_SETS_FROM, merge = filter.taxons !== undefined || filter.match !== undefined || filter.ids !== undefined): FacetQuery {
  const plan = facetPlan(db, filter, { setsFrom, merge })
  const statements = [...plan.labels, ...plan.sql.map((sql) => db.prepare(`WITH ${sql.ctes} ${sql.select}`).bind(...sql.binds))]
  return { statements, expand: plan.expand, read: (results) => readFacets(filter, plan.expand(results)) }
}

/**
 * What `facetStatements` runs, as SQL: the label statements, one `FacetSql` per statement (one when merged or when
 * nothing is chosen), and `expand`, which takes the labels' results and then each statement's. `extra` adds columns
 * to the whole matching set (search-listing.ts orders it).
 */
export function facetPlan(
  db: D1Database,
  filter: ProductFilter,
  { setsFrom = PROPERTY_SETS_FROM, merge = filter.taxons !== undefined || filter.match !== undefined || filter.ids !== undefined, extra = [] as ExtraColumns } = {},
): { labels: D1PreparedStatement[]; sql: FacetSql[]; expand: FacetQuery['expand'] } {
  const loc = sqlLiteral(filter.locale, ['en', 'de'])
  const groups = facetGroups(filter, loc, setsFrom)
  const labels = facetLabelStatements(db, loc)
  // Each group's option value sets become per-value counts; a chosen option type's group counts that type's values.
  const withOptionCounts = (values: D1Result<Record<string, unknown>>, results: D1Result<Record<string, unknown>>[]) => {
    const typeOf = new Map((values.results as Array<{ id: number; type_id: number }>).map((v) => [v.id, v.type_id]))
    return results.map((result, i) => {
      const only = groups[i]!.exclude.option
      const keep = only === undefined ? () => true : (id: number) => typeOf.get(id) === only
      return { ...result, results: countOptionSets(result.results as unknown as FacetRow[], keep) as unknown as Record<string, unknown>[] }
    })
  }
  if (merge && groups.length > 1) {
    const expand = (results: D1Result<Record<string, unknown>>[]) => {
      const [values, props, merged] = results
      const byGroup = groups.map(() => [] as Record<string, unknown>[])
      for (const row of merged!.results) {
        const { g, ...rest } = row
        byGroup[Number(g)]!.push(rest)
      }
      return [values!, props!, ...withOptionCounts(values!, byGroup.map((rows) => ({ ...merged!, results: rows })))]
    }
    return { labels, sql: [mergedFacetSql(filter, groups, extra)], expand }
  }
  const sql = groups.map((group, i) => (i > 0 ? scopedFacetSql(filter, group.exclude, group.parts(ONE_SET), loc) : null) ?? facetSql(filter, group.exclude, group.parts(ONE_SET), i === 0 ? extra : []))
  const expand = ([values, props, ...rest]: D1Result<Record<string, unknown>>[]) => [values!, props!, ...withOptionCounts(values!, rest)]
  return { labels, sql, expand }
}

/** The scope whose precomputed counts (facet-counts.ts, migration 0121) answer this listing (0 = the whole catalogue), or null when they cannot. */
export function precomputedScope(filter: ProductFilter): number | null {
  const plain =
    filter.ids === undefined && filter.skus === undefined && filter.price === undefined && filter.match === undefined &&
    filter.inStock === undefined && filter.backorderable === undefined && filter.purchasable === undefined &&
    !filter.showDiscontinued && filter.options.size === 0 && filter.properties.size === 0
  if (!plain) return null
  if (filter.taxons === undefined) return 0
  return filter.taxons.length === 1 ? filter.taxons[0]! : null
}

/**
 * A chosen group's own facet (it counts as if its value were not chosen) when the listing without that group is a
 * precomputed scope: a brand's name alone as the query, or a colour alone, is the whole catalogue with one value
 * chosen, and its brand (colour) facet counted every product of the catalogue live (`tasman peak`: 525,280 rows on
 * 50,000 products). Here the scope's rows of that one facet answer while the scope is fresh; stale, the live count
 * runs. One statement either way: `fresh` gates both branches, and a constant false condition reads nothing.
 */
function scopedFacetSql(filter: ProductFilter, exclude: FacetExclusion, parts: string[], loc: string): FacetSql | null {
  // (an option type's or a property's facet only: the price facet's live part is one row even over no products)
  if (exclude.option === undefined && exclude.property === undefined) return null
  const rest: ProductFilter = {
    ...filter,
    options: new Map([...filter.options].filter(([id]) => id !== exclude.option)),
    properties: new Map([...filter.properties].filter(([id]) => id !== exclude.property)),
  }
  const scope = precomputedScope(rest)
  if (scope === null || !(FACET_CURRENCIES as readonly string[]).includes(filter.currency)) return null
  const cur = sqlLiteral(filter.currency, FACET_CURRENCIES as readonly string[])
  const rows =
    exclude.option !== undefined
      ? `f.k = 'o' AND f.a IN (SELECT id FROM option_values WHERE option_type_id = ${Math.trunc(exclude.option)})`
      : `f.k = 'p' AND f.a = ${Math.trunc(exclude.property!)}`
  const live = facetSql(filter, exclude, parts, [], ' AND (SELECT ok FROM fresh) = 0')
  return {
    ...live,
    ctes: `fresh AS MATERIALIZED (SELECT EXISTS (SELECT 1 FROM facet_scopes WHERE taxon_id = ${Math.trunc(scope)} AND currency = ${cur} AND stale = 0 AND valid_until > ?) AS ok), ${live.ctes}`,
    select: `${live.select} UNION ALL SELECT f.k, f.a, f.b, f.n, COALESCE(ppt.value, f.v) FROM facet_counts f
      LEFT JOIN product_property_translations ppt ON f.k = 'p' AND ppt.product_property_id = f.rep AND ppt.locale = ${loc}
      WHERE f.taxon_id = ${Math.trunc(scope)} AND f.currency = ${cur} AND ${rows} AND (SELECT ok FROM fresh) = 1`,
    binds: [filter.now, ...live.binds],
  }
}

/** The option values and filterable properties with their names in the asked language (`loc`, an SQL literal). */
export function facetLabelStatements(db: D1Database, loc: string): D1PreparedStatement[] {
  return [
    db.prepare(
      `SELECT ov.id, ov.option_type_id AS type_id, ov.name, COALESCE(ovt.presentation, ov.presentation) AS presentation, ov.position, ov.image_preview,
              ot.name AS type_name, COALESCE(ott.presentation, ot.presentation) AS type_presentation, ot.position AS type_position
       FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id
       LEFT JOIN option_value_translations ovt ON ovt.option_value_id = ov.id AND ovt.locale = ${loc}
       LEFT JOIN option_type_translations ott ON ott.option_type_id = ot.id AND ott.locale = ${loc}
       ORDER BY ot.position, ov.position`,
    ),
    db.prepare(`SELECT pr.id, pr.name, COALESCE(prt.presentation, pr.presentation) AS presentation FROM properties pr
                LEFT JOIN property_translations prt ON prt.property_id = pr.id AND prt.locale = ${loc} WHERE pr.filterable = 1 ORDER BY pr.position`),
  ]
}

export function readFacets(filter: ProductFilter, [valuesResult, propsResult, ...facetResults]: D1Result<Record<string, unknown>>[]): { facets: Facets; totalCount: number } {
  const locale = filter.locale
  const selectedTypes = [...filter.options.keys()]
  const selectedProps = [...filter.properties.keys()]
  const priced = filter.price !== undefined
  const values = valuesResult!.results as Array<{ id: number; type_id: number; name: string; presentation: string; position: number; image_preview: string | null; type_name: string; type_presentation: string; type_position: number }>
  const properties = propsResult!.results as Array<{ id: number; name: string; presentation: string }>
  const [main, ...rest] = facetResults.map((r) => r.results as unknown as FacetRow[])
  const priceRows = priced ? rest.shift()! : main!
  const typeOf = new Map(values.map((v) => [v.id, v.type_id]))

  // Base counts, then each selected group's counts from its own statement (which ignores that group's selection).
  const optionCounts = new Map<number, number>()
  for (const row of main!) if (row.k === 'o' && !selectedTypes.includes(typeOf.get(row.a!)!)) optionCounts.set(row.a!, row.n)
  let propRows = main!.filter((row) => row.k === 'p' && !selectedProps.includes(row.a!))
  selectedTypes.forEach((_, i) => rest[i]!.forEach((row) => optionCounts.set(row.a!, row.n)))
  selectedProps.forEach((_, i) => (propRows = propRows.concat(rest[selectedTypes.length + i]!)))
  const propValues = propRows.map((row) => ({ pid: row.a!, param: String(row.b), value: String(row.v), n: row.n }))

  const optionTypes = new Map<number, Facets['option_types'][number]>()
  for (const v of values) {
    const count = optionCounts.get(v.id) ?? 0
    const selected = filter.options.get(v.type_id)?.includes(v.id) ?? false
    if (count === 0 && !selected) continue
    let type = optionTypes.get(v.type_id)
    if (!type) optionTypes.set(v.type_id, (type = { id: v.type_id, name: v.type_name, presentation: v.type_presentation, position: v.type_position, option_values: [] }))
    type.option_values.push({ id: v.id, name: v.name, presentation: v.presentation, position: v.position, image_preview: v.image_preview, count })
  }
  const price = priceRows.find((row) => row.k === 'price')
  const lo = price && price.n > 0 ? Number(price.a) : null
  const hi = price && price.n > 0 ? Number(price.b) : null
  return {
    totalCount: main!.find((row) => row.k === 'count')?.n ?? 0,
    facets: {
      option_types: [...optionTypes.values()],
      product_properties: properties
        .map((p) => ({
          id: p.id,
          name: p.name,
          presentation: p.presentation,
          values: propValues
            .filter((r) => r.pid === p.id)
            .map((r) => ({ value: r.value, filter_param: r.param, count: r.n }))
            .sort((a, b) => a.value.localeCompare(b.value)),
        }))
        .filter((p) => p.values.length > 0),
      price: {
        currency: filter.currency,
        min: decimal(lo),
        max: decimal(hi),
        display_min: display(lo, filter.currency, locale),
        display_max: display(hi, filter.currency, locale),
        buckets: BUCKETS.map((b, i) => ({
          range: b.range,
          min: decimal(b.min)!,
          max: decimal(b.max)!,
          count: Number(String(price?.v ?? '').split(',')[i] ?? 0) || 0,
        })),
      },
    },
  }
}

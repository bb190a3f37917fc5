import { PRICE_FILTER_BUCKETS } from '#web/config.ts'
import { decimal, display } from './jsonapi.ts'
import { productFrom, type FacetExclusion, type ProductFilter } from './product-filter.ts'

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

function matched(filter: ProductFilter, exclude: FacetExclusion) {
  const q = productFrom(filter, exclude)
  return { sql: `SELECT p.id ${q.from} ${q.where}`, binds: [...q.fromBinds, ...q.whereBinds] }
}

export async function productFacets(db: D1Database, filter: ProductFilter): Promise<Facets> {
  const locale = filter.locale
  const base = matched(filter, {})
  const optionQuery = (exclude: FacetExclusion, typeId?: number) => {
    const m = exclude.option === undefined ? base : matched(filter, exclude)
    const onlyType = typeId === undefined ? '' : ` AND pov.option_value_id IN (SELECT id FROM option_values WHERE option_type_id = ${typeId})`
    return db
      .prepare(`SELECT pov.option_value_id AS id, count(*) AS n FROM product_option_values pov WHERE pov.product_id IN (${m.sql})${onlyType} GROUP BY pov.option_value_id`)
      .bind(...m.binds)
  }
  const propertyQuery = (exclude: FacetExclusion, propertyId?: number) => {
    const m = exclude.property === undefined ? base : matched(filter, exclude)
    const only = propertyId === undefined ? '' : ` AND pp.property_id = ${propertyId}`
    return db
      .prepare(
        `SELECT pp.property_id AS pid, pp.filter_param AS param, min(COALESCE(ppt.value, pp.value)) AS value, count(*) AS n
         FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id AND pr.filterable = 1
         LEFT JOIN product_property_translations ppt ON ppt.product_property_id = pp.id AND ppt.locale = ?
         WHERE pp.product_id IN (${m.sql})${only} GROUP BY pp.property_id, pp.filter_param`,
      )
      .bind(locale, ...m.binds)
  }
  const buckets = PRICE_FILTER_BUCKETS.map((range) => ({ range, ...bucketCents(range) }))
  const priceFilter = productFrom(filter, { price: true })
  const priceQuery = db
    .prepare(
      `SELECT min(pp.amount_cents) AS lo, max(pp.amount_cents) AS hi, ${buckets
        .map((b, i) => `sum(CASE WHEN pp.amount_cents BETWEEN ${b.min} AND ${b.max} THEN 1 ELSE 0 END) AS b${i}`)
        .join(', ')} ${priceFilter.from} ${priceFilter.where}`,
    )
    .bind(...priceFilter.fromBinds, ...priceFilter.whereBinds)
  const selectedTypes = [...filter.options.keys()]
  const selectedProps = [...filter.properties.keys()]
  const statements = [
    db
      .prepare(
        `SELECT ov.id, ov.option_type_id AS type_id, ov.name, COALESCE(ovt.presentation, ov.presentation) AS presentation, ov.position, ov.image_preview,
                ot.name AS type_name, COALESCE(ott.presentation, ot.presentation) AS type_presentation, ot.position AS type_position
         FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id
         LEFT JOIN option_value_translations ovt ON ovt.option_value_id = ov.id AND ovt.locale = ?1
         LEFT JOIN option_type_translations ott ON ott.option_type_id = ot.id AND ott.locale = ?1`,
      )
      .bind(locale),
    db
      .prepare(`SELECT pr.id, pr.name, COALESCE(prt.presentation, pr.presentation) AS presentation, pr.position FROM properties pr
                LEFT JOIN property_translations prt ON prt.property_id = pr.id AND prt.locale = ? WHERE pr.filterable = 1 ORDER BY pr.position`)
      .bind(locale),
    priceQuery,
    optionQuery({}),
    propertyQuery({}),
    ...selectedTypes.map((typeId) => optionQuery({ option: typeId }, typeId)),
    ...selectedProps.map((propertyId) => propertyQuery({ property: propertyId }, propertyId)),
  ]
  const results = (await db.batch<any>(statements)).map((r) => r.results)
  const [values, properties, priceRows, optionCounts, propertyCounts] = results
  const price = priceRows?.[0]
  const optionBy = new Map<number, number>(optionCounts!.map((r: { id: number; n: number }) => [r.id, r.n]))
  selectedTypes.forEach((typeId, i) => {
    for (const [id] of optionBy) if (values!.find((v: { id: number }) => v.id === id)?.type_id === typeId) optionBy.delete(id)
    for (const r of results[5 + i]!) optionBy.set(r.id, r.n)
  })
  let propRows: Array<{ pid: number; param: string; value: string; n: number }> = propertyCounts!.filter((r: { pid: number }) => !selectedProps.includes(r.pid))
  selectedProps.forEach((_, i) => (propRows = propRows.concat(results[5 + selectedTypes.length + i]!)))

  const optionTypes = new Map<number, Facets['option_types'][number]>()
  for (const v of values!.sort((a: { type_position: number; position: number }, b: { type_position: number; position: number }) => a.type_position - b.type_position || a.position - b.position)) {
    const count = optionBy.get(v.id) ?? 0
    const selected = filter.options.get(v.type_id)?.includes(v.id) ?? false
    if (count === 0 && !selected) continue
    let type = optionTypes.get(v.type_id)
    if (!type) optionTypes.set(v.type_id, (type = { id: v.type_id, name: v.type_name, presentation: v.type_presentation, position: v.type_position, option_values: [] }))
    type.option_values.push({ id: v.id, name: v.name, presentation: v.presentation, position: v.position, image_preview: v.image_preview, count })
  }
  const productProperties = properties!
    .map((p: { id: number; name: string; presentation: string }) => ({
      id: p.id,
      name: p.name,
      presentation: p.presentation,
      values: propRows
        .filter((r) => r.pid === p.id)
        .map((r) => ({ value: r.value, filter_param: r.param, count: r.n }))
        .sort((a, b) => a.value.localeCompare(b.value)),
    }))
    .filter((p: { values: unknown[] }) => p.values.length > 0)
  return {
    option_types: [...optionTypes.values()],
    product_properties: productProperties,
    price: {
      currency: filter.currency,
      min: decimal(price?.lo),
      max: decimal(price?.hi),
      display_min: display(price?.lo, filter.currency, locale),
      display_max: display(price?.hi, filter.currency, locale),
      buckets: buckets.map((b, i) => ({ range: b.range, min: decimal(b.min)!, max: decimal(b.max)!, count: Number(price?.[`b${i}`] ?? 0) })),
    },
  }
}

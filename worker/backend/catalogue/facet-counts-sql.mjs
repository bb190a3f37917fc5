// The SQL that refreshes the precomputed facet counts (migration 0121; docs/performance-d1.md). Plain JavaScript so
// the seed (kv-seed/sql.mjs), the catalogue benchmark and the worker (facet-counts.ts) run the same statements.

/** The store's clock in the format the app writes (`new Date().toISOString()`), read when the statement runs. */
const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`

/** The currencies listings are priced in; one facet scope per category and currency. */
export const FACET_CURRENCIES = ['AUD', 'USD']

/**
 * Statements that recount one scope (a category with its descendants, or 0 for the whole catalogue) in one
 * currency, exactly as a listing without filters counts it live, and mark it fresh until the next product goes on
 * sale or is discontinued. Run them in one DB.batch (one transaction), so a concurrent edit marks the scope stale
 * either before (and is counted) or after (and marks it stale again).
 * `buckets`: the price buckets of spec §9 as [minCents, maxCents] pairs, in their order.
 */
export function facetRefreshStatements(taxonId, currency, buckets) {
  const t = Math.trunc(Number(taxonId))
  if (!FACET_CURRENCIES.includes(currency)) throw new Error(`not a currency: ${currency}`)
  const inScope = t === 0 ? '' : `AND p.id IN (SELECT c.product_id FROM classifications c WHERE c.taxon_id IN (
      SELECT d.id FROM taxons s JOIN taxons d ON d.taxonomy_id = s.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE s.id = ${t}))`
  const visible = `FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.currency = '${currency}'
       WHERE p.deleted_at IS NULL AND p.available_on IS NOT NULL AND p.available_on <= ${NOW}
         AND (p.discontinue_on IS NULL OR p.discontinue_on > ${NOW})`
  const sums = buckets.map(([min, max]) => `coalesce(sum(m.cents BETWEEN ${Math.trunc(min)} AND ${Math.trunc(max)}), 0)`).join(` || ',' || `)
  return [
    `DELETE FROM facet_counts WHERE taxon_id = ${t} AND currency = '${currency}'`,
    `INSERT INTO facet_counts (taxon_id, currency, k, a, b, n, v, rep)
     WITH m AS MATERIALIZED (
       SELECT p.id AS id, pp.amount_cents AS cents ${visible} ${inScope})
     SELECT ${t}, '${currency}', k, a, b, n, v, rep FROM (
       SELECT 'count' AS k, NULL AS a, NULL AS b, count(*) AS n, NULL AS v, NULL AS rep FROM m
       UNION ALL SELECT 'o', pov.option_value_id, NULL, count(*), NULL, NULL
         FROM m CROSS JOIN product_option_values pov ON pov.product_id = m.id GROUP BY pov.option_value_id
       UNION ALL SELECT 'p', x.property_id, x.filter_param, count(*), min(x.value), min(x.id)
         FROM m CROSS JOIN product_properties x ON x.product_id = m.id
         WHERE x.property_id IN (SELECT id FROM properties WHERE filterable = 1) GROUP BY x.property_id, x.filter_param
       UNION ALL SELECT 'price', min(m.cents), max(m.cents), count(*), ${sums}, NULL FROM m)`,
    ...(t === 0 ? priceSliceStatements(currency, visible) : []),
    `INSERT OR REPLACE INTO facet_scopes (taxon_id, currency, stale, computed_at, valid_until)
     SELECT ${t}, '${currency}', 0, ${NOW}, COALESCE(min(x), '9999-12-31') FROM (
       SELECT min(available_on) AS x FROM products WHERE available_on > ${NOW}
       UNION ALL SELECT min(discontinue_on) FROM products WHERE discontinue_on > ${NOW})`,
  ]
}

/**
 * The whole catalogue's counts per whole dollar of the listing price (migration 0190): a listing in a dollar-aligned
 * price range sums its dollars' rows. Each row is what counting live gives for that dollar's products, so the sums
 * (and min(v), min(rep), the name and translation counting live would pick) are the live answer for the range.
 */
function priceSliceStatements(currency, visible) {
  return [
    `DELETE FROM facet_price_counts WHERE currency = '${currency}'`,
    `INSERT INTO facet_price_counts (currency, dollar, k, a, b, n, v, rep)
     WITH m AS MATERIALIZED (SELECT p.id AS id, pp.amount_cents / 100 AS d ${visible})
     SELECT '${currency}', d, k, a, b, n, v, rep FROM (
       SELECT m.d AS d, 'count' AS k, NULL AS a, NULL AS b, count(*) AS n, NULL AS v, NULL AS rep FROM m GROUP BY m.d
       UNION ALL SELECT m.d, 'o', pov.option_value_id, NULL, count(*), NULL, NULL
         FROM m CROSS JOIN product_option_values pov ON pov.product_id = m.id GROUP BY m.d, pov.option_value_id
       UNION ALL SELECT m.d, 'p', x.property_id, x.filter_param, count(*), min(x.value), min(x.id)
         FROM m CROSS JOIN product_properties x ON x.product_id = m.id
         WHERE x.property_id IN (SELECT id FROM properties WHERE filterable = 1) GROUP BY m.d, x.property_id, x.filter_param)`,
  ]
}

/** Every scope's refresh: the whole catalogue and each category, in each currency. */
export function allFacetRefreshStatements(taxonIds, buckets) {
  return [0, ...taxonIds].flatMap((t) => FACET_CURRENCIES.flatMap((currency) => facetRefreshStatements(t, currency, buckets)))
}

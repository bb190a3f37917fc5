// The SQL that derives a product's listing price (product_prices, migration 0198; docs/catalogue-api.md, "Prices per size"). Plain
// JavaScript so the seed (kv-seed/sql.mjs) and the worker (console, import) run one rule.
// Migration 0198's backfill repeats this statement on purpose: a migration is a snapshot of the rule when it ran
// and cannot import; a later change of the rule belongs here and, for existing rows, in a new migration.

/**
 * Per product and currency: the lowest guest price among the sizes a shopper can choose (variants not deleted; the
 * master only when the product has no sizes), with that size's RRP; the lowest Club Price (a size without one counts
 * at its price), NULL when no size has one; and the highest guest price, so cards can say 'from'. Stock does not
 * count: listings show sold-out products, and a sale must not move a product between price buckets.
 * `productId` null derives every product.
 */
export function productPricesInsert(productId) {
  const only = productId === null ? '' : `AND v.product_id = ${Number(productId)}`
  return `INSERT INTO product_prices (product_id, currency, amount_cents, compare_at_cents, member_cents, max_cents)
   SELECT product_id, currency, amount_cents, compare_at_cents, member_cents, max_cents FROM (
     SELECT v.product_id, p.currency, p.amount_cents, p.compare_at_cents,
       CASE WHEN COUNT(p.member_cents) OVER w > 0 THEN MIN(COALESCE(p.member_cents, p.amount_cents)) OVER w END AS member_cents,
       MAX(p.amount_cents) OVER w AS max_cents,
       ROW_NUMBER() OVER (PARTITION BY v.product_id, p.currency ORDER BY p.amount_cents, v.position, v.id) AS rank
     FROM variants v JOIN prices p ON p.variant_id = v.id
     WHERE v.deleted_at IS NULL ${only}
       AND (v.is_master = 0 OR NOT EXISTS (SELECT 1 FROM variants o WHERE o.product_id = v.product_id AND o.is_master = 0 AND o.deleted_at IS NULL))
     WINDOW w AS (PARTITION BY v.product_id, p.currency)
   ) WHERE rank = 1`
}

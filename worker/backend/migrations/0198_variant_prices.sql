-- Sizes have their own prices (issue 14 item 4; docs/catalogue.md). product_prices held the master's price; it now
-- holds the lowest price among a product's sizes (worker/backend/catalogue/product-prices-sql.mjs) and the highest,
-- so a card says 'from' when they differ. Listings, the price facet and price sort read it as before.
ALTER TABLE product_prices ADD COLUMN max_cents INTEGER;
DELETE FROM product_prices;
INSERT INTO product_prices (product_id, currency, amount_cents, compare_at_cents, member_cents, max_cents)
   SELECT product_id, currency, amount_cents, compare_at_cents, member_cents, max_cents FROM (
     SELECT v.product_id, p.currency, p.amount_cents, p.compare_at_cents,
       CASE WHEN COUNT(p.member_cents) OVER w > 0 THEN MIN(COALESCE(p.member_cents, p.amount_cents)) OVER w END AS member_cents,
       MAX(p.amount_cents) OVER w AS max_cents,
       ROW_NUMBER() OVER (PARTITION BY v.product_id, p.currency ORDER BY p.amount_cents, v.position, v.id) AS rank
     FROM variants v JOIN prices p ON p.variant_id = v.id
     WHERE v.deleted_at IS NULL
       AND (v.is_master = 0 OR NOT EXISTS (SELECT 1 FROM variants o WHERE o.product_id = v.product_id AND o.is_master = 0 AND o.deleted_at IS NULL))
     WINDOW w AS (PARTITION BY v.product_id, p.currency)
   ) WHERE rank = 1;

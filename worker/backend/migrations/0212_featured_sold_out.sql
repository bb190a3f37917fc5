-- 'Featured' (the default order of category, search and catalogue listings) shows what can be bought first: a
-- product is sold out when it has sizes or colours (variants other than the master, not deleted) and none of them is
-- in stock or backorderable, exactly when its card says 'Sold out' (worker/commerce/catalogue-mappers.ts: a product
-- sold through its master, such as the gift card, counts as in stock). `products.sold_out` holds it, kept by the
-- triggers on variants below, so every writer of stock (checkout, console stock edit, restock, a cancelled or
-- returned order, CSV import, seed, tests) keeps it without knowing of it; a flip is copied into listing_rows (so the
-- category walk orders by it) and counts `listing_order_version.n` up (the stamp of remembered listing orders,
-- worker/backend/catalogue/listing-memo.ts). docs/performance-d1.md, 'Featured: buyable first'.
ALTER TABLE products ADD COLUMN sold_out INTEGER NOT NULL DEFAULT 0 CHECK (sold_out IN (0, 1));
ALTER TABLE listing_rows ADD COLUMN sold_out INTEGER NOT NULL DEFAULT 0;

CREATE TABLE listing_order_version (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
INSERT INTO listing_order_version (id, n) VALUES (1, 0);

-- Whether the product `products.id` names is sold out (the triggers' statements read it for one product).
UPDATE products SET sold_out = 1
  WHERE EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id AND v.is_master = 0 AND v.deleted_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id AND v.is_master = 0 AND v.deleted_at IS NULL AND (v.stock_on_hand > 0 OR v.backorderable = 1));
UPDATE listing_rows SET sold_out = 1 WHERE product_id IN (SELECT id FROM products WHERE sold_out = 1);

-- The view every insert into listing_rows reads (0172), with the new column last, as ALTER TABLE added it.
DROP VIEW listing_row_source;
CREATE VIEW listing_row_source AS
  SELECT s.id AS taxon_id, pp.currency AS currency, p.id AS product_id,
    pp.amount_cents AS amount_cents, COALESCE(pp.member_cents, pp.amount_cents) AS member_sort, p.name AS name_en,
    COALESCE(pt.name, p.name) AS name_de, p.available_on AS available_on, p.discontinue_on AS discontinue_on,
    p.sold_out AS sold_out
  FROM taxons s JOIN taxons d ON d.taxonomy_id = s.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt
  JOIN classifications c ON c.taxon_id = d.id
  JOIN products p ON p.id = c.product_id AND p.deleted_at IS NULL AND p.available_on IS NOT NULL
  JOIN product_prices pp ON pp.product_id = p.id
  LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = 'de';

-- A category's 'Featured' page: buyable first, then by id (listing-page.ts); the whole catalogue's the same way.
CREATE INDEX listing_rows_featured ON listing_rows (taxon_id, currency, sold_out, product_id, available_on, discontinue_on);
CREATE INDEX products_featured ON products (sold_out, id);

-- Flips the product's mark only when it changed (one probe of variants_product per variant written).
CREATE TRIGGER sold_out_variant_insert AFTER INSERT ON variants BEGIN
  UPDATE products SET sold_out = 1 - sold_out WHERE id = NEW.product_id AND sold_out <> (
    EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id AND v.is_master = 0 AND v.deleted_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id AND v.is_master = 0 AND v.deleted_at IS NULL AND (v.stock_on_hand > 0 OR v.backorderable = 1)));
END;

CREATE TRIGGER sold_out_variant_update AFTER UPDATE OF stock_on_hand, backorderable, deleted_at, is_master, product_id ON variants BEGIN
  UPDATE products SET sold_out = 1 - sold_out WHERE id IN (OLD.product_id, NEW.product_id) AND sold_out <> (
    EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id AND v.is_master = 0 AND v.deleted_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id AND v.is_master = 0 AND v.deleted_at IS NULL AND (v.stock_on_hand > 0 OR v.backorderable = 1)));
END;

CREATE TRIGGER sold_out_variant_delete AFTER DELETE ON variants BEGIN
  UPDATE products SET sold_out = 1 - sold_out WHERE id = OLD.product_id AND sold_out <> (
    EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id AND v.is_master = 0 AND v.deleted_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id AND v.is_master = 0 AND v.deleted_at IS NULL AND (v.stock_on_hand > 0 OR v.backorderable = 1)));
END;

CREATE TRIGGER sold_out_product_flip AFTER UPDATE OF sold_out ON products WHEN NEW.sold_out IS NOT OLD.sold_out BEGIN
  UPDATE listing_rows SET sold_out = NEW.sold_out WHERE product_id = NEW.id;
  UPDATE listing_order_version SET n = n + 1 WHERE id = 1;
END;

-- Option value sets (issue 39 point 9; docs/performance-d1.md, 'Search by kind of query on 50,000 products'). A
-- broad live listing (a search, a price range) counted its option facets by joining every matching product to its
-- option value rows: ~12 rows read per match, 72,000 of the 191,769 rows a cold 'jacket' search (5,770 matches)
-- read. As migration 0191 did for properties, each product carries the id of its set of option values (the 50,000-
-- product bench catalogue has ~8,600 distinct sets): the facets count matching products per set (one integer lookup
-- each) and expand each set's values afterwards (product-facets.ts, `options`).
-- A set is a product's option_value_ids in order, as JSON; a product without option values has no set (and counts
-- nowhere, as before). Kept in step by triggers on product_option_values (every writer: console, CSV import, seed,
-- tests), each naming the product in `option_set_refresh`, whose own trigger recomputes that product's set and
-- removes the row again (as 0192 does for properties). Sets no product uses any more are harmless. NOT EXISTS rather
-- than INSERT OR IGNORE: an outer statement's conflict clause overrides a trigger's.
CREATE TABLE option_sets (
  id INTEGER PRIMARY KEY,
  signature TEXT NOT NULL UNIQUE
);
CREATE TABLE product_option_sets (
  product_id INTEGER PRIMARY KEY,
  set_id INTEGER NOT NULL
);

INSERT OR IGNORE INTO option_sets (signature)
  SELECT json_group_array(option_value_id) FROM (SELECT product_id, option_value_id FROM product_option_values ORDER BY product_id, option_value_id)
  GROUP BY product_id;
INSERT INTO product_option_sets (product_id, set_id)
  SELECT g.product_id, s.id FROM (
    SELECT product_id, json_group_array(option_value_id) AS signature
    FROM (SELECT product_id, option_value_id FROM product_option_values ORDER BY product_id, option_value_id) GROUP BY product_id) g
  JOIN option_sets s ON s.signature = g.signature;

CREATE TABLE option_set_refresh (product_id INTEGER NOT NULL);

CREATE TRIGGER option_set_refresh_run AFTER INSERT ON option_set_refresh BEGIN
  INSERT INTO option_sets (signature)
    SELECT sig FROM (SELECT json_group_array(option_value_id) AS sig, count(*) AS n FROM (
      SELECT option_value_id FROM product_option_values WHERE product_id = NEW.product_id ORDER BY option_value_id))
    WHERE n > 0 AND NOT EXISTS (SELECT 1 FROM option_sets WHERE signature = sig);
  DELETE FROM product_option_sets WHERE product_id = NEW.product_id;
  INSERT INTO product_option_sets (product_id, set_id)
    SELECT NEW.product_id, s.id FROM option_sets s WHERE s.signature = (
      SELECT json_group_array(option_value_id) FROM (
        SELECT option_value_id FROM product_option_values WHERE product_id = NEW.product_id ORDER BY option_value_id));
  DELETE FROM option_set_refresh WHERE rowid = NEW.rowid;
END;

CREATE TRIGGER option_set_insert AFTER INSERT ON product_option_values BEGIN
  INSERT INTO option_set_refresh (product_id) VALUES (NEW.product_id);
END;

CREATE TRIGGER option_set_update AFTER UPDATE OF product_id, option_value_id ON product_option_values BEGIN
  INSERT INTO option_set_refresh (product_id) VALUES (OLD.product_id);
  INSERT INTO option_set_refresh (product_id) SELECT NEW.product_id WHERE NEW.product_id <> OLD.product_id;
END;

CREATE TRIGGER option_set_delete AFTER DELETE ON product_option_values BEGIN
  INSERT INTO option_set_refresh (product_id) VALUES (OLD.product_id);
END;

CREATE TRIGGER option_set_product_delete AFTER DELETE ON products BEGIN
  DELETE FROM product_option_sets WHERE product_id = OLD.id;
END;

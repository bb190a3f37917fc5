-- Property sets (issue 11 point 2; docs/performance-d1.md, 'Property sets'). Counting the property facets of a
-- broad live listing (a search, a price range) joined every matching product to its property rows and grouped them
-- by text: a temp b-tree over ~40,000 rows for 'trail'. The 50,000-product catalogue has only ~288 distinct sets of
-- filterable (property, value) pairs, so each product carries the id of its set: the facets count matching products
-- per set (one integer lookup each) and expand each set's pairs afterwards (product-facets.ts, `properties`). The
-- values' text (the smallest value, the translation of the lowest-numbered row) is still read from the matching
-- products' own rows, as the first matching entry of a walk of one of the two indexes below.
-- A set is a product's (property_id, filter_param) pairs of filterable properties, in order, as JSON. Kept in step by
-- triggers on product_properties (every writer: console, CSV import, seed, tests) and on properties.filterable (every
-- product's set is recomputed); sets no product uses any more are harmless. NOT EXISTS rather than INSERT OR IGNORE:
-- an outer statement's conflict clause (the console's upsert) overrides a trigger's.
CREATE TABLE property_sets (
  id INTEGER PRIMARY KEY,
  signature TEXT NOT NULL UNIQUE
);
CREATE TABLE product_property_sets (
  product_id INTEGER PRIMARY KEY,
  set_id INTEGER NOT NULL
);
CREATE INDEX product_properties_text ON product_properties (property_id, filter_param, value, product_id);
CREATE INDEX product_properties_first ON product_properties (property_id, filter_param, id, product_id);

-- What a product's set is: its filterable (property_id, filter_param) pairs in order, as JSON. Used for the backfill
-- and the rebuild when a property's `filterable` changes; the per-product triggers repeat it narrowed to one product
-- (SQLite does not push a product id into this view's GROUP BY, so it would read every product).
CREATE VIEW product_property_signature AS
  SELECT product_id, json_group_array(json_array(property_id, filter_param)) AS signature FROM (
    SELECT x.product_id AS product_id, x.property_id AS property_id, x.filter_param AS filter_param
    FROM product_properties x JOIN properties pr ON pr.id = x.property_id AND pr.filterable = 1
    ORDER BY x.product_id, x.property_id)
  GROUP BY product_id;

INSERT OR IGNORE INTO property_sets (signature) SELECT signature FROM product_property_signature;
INSERT INTO product_property_sets (product_id, set_id)
  SELECT g.product_id, s.id FROM product_property_signature g JOIN property_sets s ON s.signature = g.signature;

-- The per-product triggers on product_properties are in migration 0192 (one recompute, written once).

CREATE TRIGGER property_set_product_delete AFTER DELETE ON products BEGIN
  DELETE FROM product_property_sets WHERE product_id = OLD.id;
END;

-- Whether a property is a facet changes every set: recompute them all (the console's rare edit; ~1 s on 50,000).
CREATE TRIGGER property_set_filterable AFTER UPDATE OF filterable ON properties BEGIN
  INSERT INTO property_sets (signature) SELECT DISTINCT g.signature FROM product_property_signature g
    WHERE NOT EXISTS (SELECT 1 FROM property_sets s WHERE s.signature = g.signature);
  DELETE FROM product_property_sets;
  INSERT INTO product_property_sets (product_id, set_id)
    SELECT g.product_id, s.id FROM product_property_signature g JOIN property_sets s ON s.signature = g.signature;
END;

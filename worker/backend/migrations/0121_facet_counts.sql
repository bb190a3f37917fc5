-- Precomputed facet counts (issue 11; docs/performance-d1.md): per category (0 = the whole catalogue) and currency,
-- the counts an unfiltered listing shows (total, option values, property values, price range and buckets), so a
-- category's facets are a read of a few hundred rows instead of a pass over thousands of products.
-- A scope is used only while it is fresh: stale = 0 and the clock before valid_until (the next time a product goes
-- on sale or is discontinued). The triggers below mark scopes stale when what they count changes; the refresh
-- (worker/backend/catalogue/facet-counts.ts) recounts stale scopes. A stale or missing scope is counted live.
CREATE TABLE facet_scopes (
  taxon_id INTEGER NOT NULL,
  currency TEXT NOT NULL,
  stale INTEGER NOT NULL DEFAULT 1,
  computed_at TEXT,
  valid_until TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (taxon_id, currency)
) WITHOUT ROWID;
-- k: 'count' | 'o' (a = option value id) | 'p' (a = property id, b = filter param, v = English value, rep = the
-- product_properties row whose translation names the value) | 'price' (a = min cents, b = max cents, v = bucket counts)
CREATE TABLE facet_counts (
  taxon_id INTEGER NOT NULL,
  currency TEXT NOT NULL,
  k TEXT NOT NULL,
  a,
  b,
  n INTEGER NOT NULL,
  v,
  rep INTEGER
);
CREATE INDEX facet_counts_scope ON facet_counts (taxon_id, currency);

-- A product's scopes: the whole catalogue and every category holding it or a descendant holding it. Stock is not
-- counted anywhere (listings show sold-out products), so checkout's stock updates never touch these tables.
CREATE TRIGGER facet_stale_price_insert AFTER INSERT ON product_prices BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0 AND (taxon_id = 0 OR taxon_id IN (SELECT s.id FROM classifications c JOIN taxons d ON d.id = c.taxon_id JOIN taxons s ON s.taxonomy_id = d.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE c.product_id = NEW.product_id));
END;
CREATE TRIGGER facet_stale_price_update AFTER UPDATE ON product_prices BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0 AND (taxon_id = 0 OR taxon_id IN (SELECT s.id FROM classifications c JOIN taxons d ON d.id = c.taxon_id JOIN taxons s ON s.taxonomy_id = d.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE c.product_id = NEW.product_id));
END;
CREATE TRIGGER facet_stale_price_delete AFTER DELETE ON product_prices BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0 AND (taxon_id = 0 OR taxon_id IN (SELECT s.id FROM classifications c JOIN taxons d ON d.id = c.taxon_id JOIN taxons s ON s.taxonomy_id = d.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE c.product_id = OLD.product_id));
END;
CREATE TRIGGER facet_stale_product_listed AFTER UPDATE OF available_on, discontinue_on, deleted_at ON products BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0 AND (taxon_id = 0 OR taxon_id IN (SELECT s.id FROM classifications c JOIN taxons d ON d.id = c.taxon_id JOIN taxons s ON s.taxonomy_id = d.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE c.product_id = NEW.id));
END;
CREATE TRIGGER facet_stale_option_insert AFTER INSERT ON product_option_values BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0 AND (taxon_id = 0 OR taxon_id IN (SELECT s.id FROM classifications c JOIN taxons d ON d.id = c.taxon_id JOIN taxons s ON s.taxonomy_id = d.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE c.product_id = NEW.product_id));
END;
CREATE TRIGGER facet_stale_option_delete AFTER DELETE ON product_option_values BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0 AND (taxon_id = 0 OR taxon_id IN (SELECT s.id FROM classifications c JOIN taxons d ON d.id = c.taxon_id JOIN taxons s ON s.taxonomy_id = d.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE c.product_id = OLD.product_id));
END;
CREATE TRIGGER facet_stale_property_insert AFTER INSERT ON product_properties BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0 AND (taxon_id = 0 OR taxon_id IN (SELECT s.id FROM classifications c JOIN taxons d ON d.id = c.taxon_id JOIN taxons s ON s.taxonomy_id = d.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE c.product_id = NEW.product_id));
END;
CREATE TRIGGER facet_stale_property_update AFTER UPDATE ON product_properties BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0 AND (taxon_id = 0 OR taxon_id IN (SELECT s.id FROM classifications c JOIN taxons d ON d.id = c.taxon_id JOIN taxons s ON s.taxonomy_id = d.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE c.product_id = NEW.product_id));
END;
CREATE TRIGGER facet_stale_property_delete AFTER DELETE ON product_properties BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0 AND (taxon_id = 0 OR taxon_id IN (SELECT s.id FROM classifications c JOIN taxons d ON d.id = c.taxon_id JOIN taxons s ON s.taxonomy_id = d.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE c.product_id = OLD.product_id));
END;
-- A product put in or taken out of a category changes that category and its ancestors.
CREATE TRIGGER facet_stale_classification_insert AFTER INSERT ON classifications BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0 AND taxon_id IN (SELECT s.id FROM taxons d JOIN taxons s ON s.taxonomy_id = d.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE d.id = NEW.taxon_id);
END;
CREATE TRIGGER facet_stale_classification_delete AFTER DELETE ON classifications BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0 AND taxon_id IN (SELECT s.id FROM taxons d JOIN taxons s ON s.taxonomy_id = d.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt WHERE d.id = OLD.taxon_id);
END;
-- The tree or which properties are facets: every scope.
CREATE TRIGGER facet_stale_taxon_moved AFTER UPDATE OF lft, rgt, taxonomy_id, parent_id ON taxons BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0;
END;
CREATE TRIGGER facet_stale_taxon_deleted AFTER DELETE ON taxons BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0;
END;
CREATE TRIGGER facet_stale_filterable AFTER UPDATE OF filterable ON properties BEGIN
  UPDATE facet_scopes SET stale = 1 WHERE stale = 0;
END;

-- Listing rows (issue 11 point 2; docs/performance-d1.md, 'Listing rows'). A category's page sorted by price, Club
-- Price or name had to find every product of the category and its descendants (8,000 for a top category) and sort
-- them all for 48. listing_rows holds one row per category (each ancestor of a product's categories too), currency
-- and product that is not deleted and has a date and a price, with the sort keys; its indexes make the page a walk
-- of 48 (+ offset) entries. Whether a product is on sale *now* (available_on, discontinue_on) is checked on the walk.
-- Kept in step by triggers, so every writer (console, CSV import, seed, tests) keeps it without knowing of it: any
-- change of a product's listing price, name, German name, dates, deletion or categories recomputes that product's
-- rows. A moved category tree marks its taxonomy in listing_stale (per row during a renumbering, whose later rows
-- are not yet moved); readers then use the live query until the console's renumbering batch rebuilds it
-- (listingRowsRebuild in worker/backend/catalogue/listing-rows-sql.mjs, which this backfill repeats).
CREATE TABLE listing_rows (
  taxon_id INTEGER NOT NULL,
  currency TEXT NOT NULL,
  product_id INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL,
  member_sort INTEGER NOT NULL,
  name_en TEXT NOT NULL,
  name_de TEXT NOT NULL,
  available_on TEXT NOT NULL,
  discontinue_on TEXT,
  PRIMARY KEY (taxon_id, currency, product_id)
) WITHOUT ROWID;
CREATE INDEX listing_rows_product ON listing_rows (product_id);
CREATE INDEX listing_rows_price ON listing_rows (taxon_id, currency, amount_cents, product_id, available_on, discontinue_on);
CREATE INDEX listing_rows_member ON listing_rows (taxon_id, currency, member_sort, product_id, available_on, discontinue_on);
CREATE INDEX listing_rows_name_en ON listing_rows (taxon_id, currency, name_en COLLATE NOCASE, product_id, available_on, discontinue_on);
CREATE INDEX listing_rows_name_de ON listing_rows (taxon_id, currency, name_de COLLATE NOCASE, product_id, available_on, discontinue_on);
CREATE TABLE listing_stale (taxonomy_id INTEGER PRIMARY KEY);

-- What listing_rows should hold, in one place and in its column order: the backfill below, every trigger and the
-- console's rebuild (listingRowsRebuild) insert from this view narrowed to a product or a taxonomy's categories.
-- SQLite flattens it into each statement, so a trigger's `WHERE product_id = NEW.id` starts from that product.
CREATE VIEW listing_row_source AS
  SELECT s.id AS taxon_id, pp.currency AS currency, p.id AS product_id,
    pp.amount_cents AS amount_cents, COALESCE(pp.member_cents, pp.amount_cents) AS member_sort, p.name AS name_en,
    COALESCE(pt.name, p.name) AS name_de, p.available_on AS available_on, p.discontinue_on AS discontinue_on
  FROM taxons s JOIN taxons d ON d.taxonomy_id = s.taxonomy_id AND d.lft BETWEEN s.lft AND s.rgt
  JOIN classifications c ON c.taxon_id = d.id
  JOIN products p ON p.id = c.product_id AND p.deleted_at IS NULL AND p.available_on IS NOT NULL
  JOIN product_prices pp ON pp.product_id = p.id
  LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = 'de';

INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source;

CREATE TRIGGER listing_product_insert AFTER INSERT ON products BEGIN
  DELETE FROM listing_rows WHERE product_id = NEW.id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = NEW.id;
END;

CREATE TRIGGER listing_product_update AFTER UPDATE OF name, available_on, discontinue_on, deleted_at ON products BEGIN
  DELETE FROM listing_rows WHERE product_id = NEW.id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = NEW.id;
END;

CREATE TRIGGER listing_price_insert AFTER INSERT ON product_prices BEGIN
  DELETE FROM listing_rows WHERE product_id = NEW.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = NEW.product_id;
END;

CREATE TRIGGER listing_price_update AFTER UPDATE ON product_prices BEGIN
  DELETE FROM listing_rows WHERE product_id = OLD.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = OLD.product_id;
  DELETE FROM listing_rows WHERE product_id = NEW.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = NEW.product_id;
END;

CREATE TRIGGER listing_price_delete AFTER DELETE ON product_prices BEGIN
  DELETE FROM listing_rows WHERE product_id = OLD.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = OLD.product_id;
END;

CREATE TRIGGER listing_classification_insert AFTER INSERT ON classifications BEGIN
  DELETE FROM listing_rows WHERE product_id = NEW.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = NEW.product_id;
END;

CREATE TRIGGER listing_classification_update AFTER UPDATE ON classifications BEGIN
  DELETE FROM listing_rows WHERE product_id = OLD.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = OLD.product_id;
  DELETE FROM listing_rows WHERE product_id = NEW.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = NEW.product_id;
END;

CREATE TRIGGER listing_classification_delete AFTER DELETE ON classifications BEGIN
  DELETE FROM listing_rows WHERE product_id = OLD.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = OLD.product_id;
END;

CREATE TRIGGER listing_translation_insert AFTER INSERT ON product_translations WHEN NEW.locale = 'de' BEGIN
  DELETE FROM listing_rows WHERE product_id = NEW.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = NEW.product_id;
END;

CREATE TRIGGER listing_translation_update AFTER UPDATE ON product_translations WHEN NEW.locale = 'de' OR OLD.locale = 'de' BEGIN
  DELETE FROM listing_rows WHERE product_id = OLD.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = OLD.product_id;
  DELETE FROM listing_rows WHERE product_id = NEW.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = NEW.product_id;
END;

CREATE TRIGGER listing_translation_delete AFTER DELETE ON product_translations WHEN OLD.locale = 'de' BEGIN
  DELETE FROM listing_rows WHERE product_id = OLD.product_id;
  INSERT OR IGNORE INTO listing_rows SELECT * FROM listing_row_source WHERE product_id = OLD.product_id;
END;

CREATE TRIGGER listing_product_delete AFTER DELETE ON products BEGIN
  DELETE FROM listing_rows WHERE product_id = OLD.id;
END;

CREATE TRIGGER listing_taxon_moved AFTER UPDATE OF lft, rgt, taxonomy_id, parent_id ON taxons BEGIN
  INSERT OR IGNORE INTO listing_stale (taxonomy_id) VALUES (OLD.taxonomy_id), (NEW.taxonomy_id);
END;

CREATE TRIGGER listing_taxon_deleted AFTER DELETE ON taxons BEGIN
  DELETE FROM listing_rows WHERE taxon_id = OLD.id;
  INSERT OR IGNORE INTO listing_stale (taxonomy_id) VALUES (OLD.taxonomy_id);
END;

-- Shipping zones edited in the console (issue 40 point 4, decision 0036, docs/checkout.md 'Zones, rates and GST'):
-- a zone is a name in English and German, its countries (each country in one zone at most; or 'every other country')
-- and the GST rule for deliveries into it, which was code (`isGstFree`: GST included in Australia, none elsewhere).
-- A rate belongs to one zone; a rate that past orders name is retired, never deleted.
CREATE TABLE shipping_zones (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  name_de TEXT NOT NULL CHECK (length(name_de) BETWEEN 1 AND 80),
  -- 1: prices include Australian GST (1/11 of a price); 0: a GST-free export (lines priced without their GST share)
  gst_included INTEGER NOT NULL DEFAULT 0 CHECK (gst_included IN (0, 1)),
  -- 1: the zone of every country no other zone lists ('the rest of the world'); at most one zone
  rest_of_world INTEGER NOT NULL DEFAULT 0 CHECK (rest_of_world IN (0, 1)),
  position INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX shipping_zones_one_rest_of_world ON shipping_zones(rest_of_world) WHERE rest_of_world = 1;

CREATE TABLE shipping_zone_countries (
  country_iso TEXT PRIMARY KEY CHECK (length(country_iso) = 2 AND country_iso = upper(country_iso)),
  zone_id INTEGER NOT NULL REFERENCES shipping_zones(id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX shipping_zone_countries_zone ON shipping_zone_countries(zone_id);

ALTER TABLE shipping_methods ADD COLUMN zone_id INTEGER REFERENCES shipping_zones(id);
ALTER TABLE shipping_methods ADD COLUMN name_de TEXT NOT NULL DEFAULT '';
-- set when the operator retires a rate: no longer offered; orders that used it still name it
ALTER TABLE shipping_methods ADD COLUMN retired_at TEXT;

-- The GST rule an order was placed under, kept beside it so a later change of the zone's rule leaves its invoice
-- alone. A table of its own, not a column of orders: migration 0220's test runs 0220 again over today's schema, and
-- 0220 rebuilds orders with the columns it knew (decision 0032).
CREATE TABLE order_gst_rules (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  gst_free INTEGER NOT NULL CHECK (gst_free IN (0, 1))
) WITHOUT ROWID;

-- Today's data moves into zones: one zone per distinct country list of the existing rates (migrations 0010, 0170),
-- named as the checkout names them; a list this migration does not know keeps its countries as its name. `position`
-- is the smallest rate id of the list, which links each rate to its zone below.
INSERT INTO shipping_zones (code, name, name_de, gst_included, position)
SELECT
  CASE countries WHEN 'AU' THEN 'au' WHEN 'NZ' THEN 'nz' WHEN 'US' THEN 'us' WHEN 'GB' THEN 'gb'
    WHEN 'AT,BE,BG,CY,CZ,DE,DK,EE,ES,FI,FR,GR,HR,HU,IE,IT,LT,LU,LV,MT,NL,PL,PT,RO,SE,SI,SK' THEN 'eu' ELSE 'zone-' || min(id) END,
  CASE countries WHEN 'AU' THEN 'Australia' WHEN 'NZ' THEN 'New Zealand' WHEN 'US' THEN 'United States' WHEN 'GB' THEN 'United Kingdom'
    WHEN 'AT,BE,BG,CY,CZ,DE,DK,EE,ES,FI,FR,GR,HR,HU,IE,IT,LT,LU,LV,MT,NL,PL,PT,RO,SE,SI,SK' THEN 'European Union' ELSE substr(countries, 1, 80) END,
  CASE countries WHEN 'AU' THEN 'Australien' WHEN 'NZ' THEN 'Neuseeland' WHEN 'US' THEN 'Vereinigte Staaten' WHEN 'GB' THEN 'Vereinigtes Königreich'
    WHEN 'AT,BE,BG,CY,CZ,DE,DK,EE,ES,FI,FR,GR,HR,HU,IE,IT,LT,LU,LV,MT,NL,PL,PT,RO,SE,SI,SK' THEN 'Europäische Union' ELSE substr(countries, 1, 80) END,
  -- the rule the code had: GST is charged on deliveries in Australia only
  countries = 'AU',
  min(id)
FROM shipping_methods WHERE countries IS NOT NULL GROUP BY countries ORDER BY min(id);
-- a rate for everywhere (countries NULL, none in the migrations' data) serves the countries no other zone lists
INSERT INTO shipping_zones (code, name, name_de, gst_included, rest_of_world, position)
SELECT 'world', 'Rest of the world', 'Übrige Welt', 0, 1, (SELECT min(id) FROM shipping_methods WHERE countries IS NULL)
WHERE EXISTS (SELECT 1 FROM shipping_methods WHERE countries IS NULL);

UPDATE shipping_methods SET zone_id = (
  SELECT z.id FROM shipping_zones z
  WHERE z.position = (SELECT min(m2.id) FROM shipping_methods m2 WHERE m2.countries IS shipping_methods.countries)
);

-- each zone's countries, split from its rates' comma lists (a country two lists named stays in the first zone)
WITH RECURSIVE split(zone_id, iso, rest) AS (
  SELECT zone_id, '', countries || ',' FROM shipping_methods WHERE countries IS NOT NULL AND zone_id IS NOT NULL
  UNION ALL
  SELECT zone_id, trim(substr(rest, 1, instr(rest, ',') - 1)), substr(rest, instr(rest, ',') + 1) FROM split WHERE rest != ''
)
INSERT OR IGNORE INTO shipping_zone_countries (country_iso, zone_id)
SELECT iso, zone_id FROM split WHERE length(iso) = 2 ORDER BY zone_id;

-- the German name of a rate is its English one until the console gives it another
UPDATE shipping_methods SET name_de = name WHERE name_de = '';

-- orders placed so far were placed under that rule
INSERT INTO order_gst_rules (order_id, gst_free)
SELECT id, CASE
    WHEN ship_address_id IS NULL THEN 0
    WHEN (SELECT country_iso FROM addresses a WHERE a.id = orders.ship_address_id) = 'AU' THEN 0 ELSE 1 END
FROM orders WHERE completed_at IS NOT NULL;

-- `shipping_methods.countries` is no longer read (the zone's countries are); it stays for the rows written before.

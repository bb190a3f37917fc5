-- Search that finds what shoppers mean (issue 39, docs/decisions/0008-search.md).

-- The search vocabulary: every token of the search index with the number of index rows (product × locale) that hold
-- it. FTS5 keeps it in step with products_fts itself, so every way the catalogue changes (the console's edits, the
-- CSV import, the seed) changes it too; typo tolerance, word forms and compound parts are looked up in it.
CREATE VIRTUAL TABLE IF NOT EXISTS products_fts_vocab USING fts5vocab('products_fts', 'row');

-- Shoppers' words for what the catalogue names otherwise, edited by operators without a deploy. `terms` is a
-- comma-separated list of words or phrases; two-way rows make every term find the others, one-way rows make the
-- first term also find the rest (not the other way round). `locale` NULL applies to every language.
CREATE TABLE search_synonyms (
  id INTEGER PRIMARY KEY,
  locale TEXT CHECK (locale IN ('en', 'de')),
  terms TEXT NOT NULL CHECK (length(terms) BETWEEN 3 AND 500),
  one_way INTEGER NOT NULL DEFAULT 0 CHECK (one_way IN (0, 1)),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

INSERT INTO search_synonyms (locale, terms, one_way) VALUES
  -- Australian, British and US English
  ('en', 'jumper, sweater, pullover, hoodie, hoody, sweatshirt', 0),
  ('en', 'sneakers, trainers, runners, trail runners, running shoes', 0),
  ('en', 'thongs, sandals', 1),
  ('en', 'flip flops, sandals', 1),
  ('en', 'jandals, sandals', 1),
  ('en', 'torch, head torch, headlamp, head lamp, headtorch', 0),
  ('en', 'rucksack, backpack', 0),
  ('en', 'backpack, travel pack, daypack', 1),
  ('en', 'raincoat, rain coat, rain jacket, rain shell, waterproof jacket', 0),
  ('en', 'puffer, puffer jacket, down jacket', 0),
  ('en', 'drink bottle, water bottle, drinks bottle, drink flask', 0),
  ('en', 'suitcase, wheeled bag, trolley bag, roller bag', 0),
  ('en', 'tee, t shirt', 0),
  ('en', 'trousers, pants', 0),
  ('en', 'walking poles, hiking poles, trekking poles', 0),
  ('en', 'camping chair, camp chair, folding chair', 0),
  ('en', 'camping table, camp table, folding table', 0),
  ('en', 'shoes, footwear', 1),
  ('en', 'boardies, board shorts', 1),
  ('en', 'swim shorts, board shorts', 1),
  ('en', 'beanie, toque, woolly hat, knit hat', 0),
  ('en', 'bicycle, bike', 1),
  ('en', 'voucher, gift card', 1),
  -- German
  ('de', 'Regenmantel, Regenjacke', 1),
  ('de', 'Koffer, Trolley', 1),
  ('de', 'Pullover, Kapuzenpullover, Hoodie, Sweatshirt', 0),
  ('de', 'Kopflampe, Stirnlampe', 0),
  ('de', 'Wasserflasche, Trinkflasche', 0),
  ('de', 'Turnschuhe, Trailschuhe', 1),
  ('de', 'Laufschuhe, Trailschuhe', 1),
  ('de', 'Sneaker, Trailschuhe', 1),
  ('de', 'Wanderstiefel, Wanderschuhe', 1),
  ('de', 'Daunenjacke, Steppjacke', 0),
  ('de', 'Gutschein, Geschenkkarte', 1);

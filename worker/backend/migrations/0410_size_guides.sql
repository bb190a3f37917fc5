-- Issue 44 point 5: size guides as data (docs/console.md 'Size guides', decision 0059). A guide is a table in cm
-- (rows = sizes, columns = measurements; column headings in English and German, the cells are the same in both) and
-- a 'how to measure' text per language. A category uses the guide linked to it or to its nearest parent category, so
-- linking 'Men' covers its jackets and tops, and 'Men › Footwear' can take the footwear guide instead.
CREATE TABLE size_guides (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 60),
  name_en TEXT NOT NULL CHECK (length(name_en) BETWEEN 1 AND 80),
  name_de TEXT NOT NULL CHECK (length(name_de) BETWEEN 1 AND 80),
  how_to_en TEXT NOT NULL DEFAULT '',
  how_to_de TEXT NOT NULL DEFAULT '',
  -- {"columns":{"en":[...],"de":[...]},"rows":[["S","88–92",...],...]}: every row has one cell per column
  size_table TEXT NOT NULL CHECK (json_valid(size_table)),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- each category takes one guide at most; a deleted category or guide takes its links with it
CREATE TABLE size_guide_taxons (
  taxon_id INTEGER PRIMARY KEY REFERENCES taxons(id) ON DELETE CASCADE,
  guide_id INTEGER NOT NULL REFERENCES size_guides(id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX size_guide_taxons_guide ON size_guide_taxons(guide_id);

-- The catalogue of the embedded Spree-compatible backend (issue 3).
--
-- Languages: English lives in the main tables (products.name, taxons.name …); every other locale (German, 'de')
-- lives in a *_translations table keyed by (row id, locale). Reads fall back to English when a translation is missing.
-- Money: integer cents per currency (AUD and USD), prices include GST.
-- Dates: ISO-8601 text in UTC ('2024-06-30T00:00:00Z'), so comparisons are plain string comparisons.

CREATE TABLE store (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT NOT NULL,
  url TEXT NOT NULL,
  meta_description TEXT,
  meta_keywords TEXT,
  seo_title TEXT,
  default_currency TEXT NOT NULL DEFAULT 'AUD',
  supported_currencies TEXT NOT NULL DEFAULT 'AUD,USD',
  default_country_iso TEXT NOT NULL DEFAULT 'AU',
  default_locale TEXT NOT NULL DEFAULT 'en',
  supported_locales TEXT NOT NULL DEFAULT 'en,de',
  customer_support_email TEXT,
  facebook TEXT,
  twitter TEXT,
  instagram TEXT,
  description TEXT,
  address TEXT,
  contact_phone TEXT
);

-- Taxonomies: each top-level category of the store is one taxonomy with one root taxon (permalink 'men'),
-- so navigation orders the categories by taxonomy position.
CREATE TABLE taxonomies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);

-- Taxons form a nested set per taxonomy (lft/rgt); permalink is the full path, e.g. 'men/jackets'.
CREATE TABLE taxons (
  id INTEGER PRIMARY KEY,
  taxonomy_id INTEGER NOT NULL REFERENCES taxonomies(id),
  parent_id INTEGER REFERENCES taxons(id),
  name TEXT NOT NULL,
  permalink TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL DEFAULT 0,
  lft INTEGER NOT NULL,
  rgt INTEGER NOT NULL,
  depth INTEGER NOT NULL DEFAULT 0,
  hide_from_nav INTEGER NOT NULL DEFAULT 0,
  description TEXT,
  meta_title TEXT,
  meta_description TEXT,
  meta_keywords TEXT,
  updated_at TEXT NOT NULL,
  CHECK (lft < rgt)
);
CREATE INDEX taxons_parent ON taxons (parent_id, position);
CREATE INDEX taxons_nested_set ON taxons (taxonomy_id, lft, rgt);

CREATE TABLE taxon_translations (
  taxon_id INTEGER NOT NULL REFERENCES taxons(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  meta_title TEXT,
  meta_description TEXT,
  PRIMARY KEY (taxon_id, locale)
) WITHOUT ROWID;

-- kind 'gift_card' marks the gift card product (slug 'gift-card'), which the checkout treats specially (issue 4).
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT,
  available_on TEXT,
  discontinue_on TEXT,
  deleted_at TEXT,
  meta_title TEXT,
  meta_description TEXT,
  meta_keywords TEXT,
  kind TEXT NOT NULL DEFAULT 'standard' CHECK (kind IN ('standard', 'gift_card')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX products_name ON products (name COLLATE NOCASE);
CREATE INDEX products_updated ON products (updated_at);

CREATE TABLE product_translations (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  meta_title TEXT,
  meta_description TEXT,
  PRIMARY KEY (product_id, locale)
) WITHOUT ROWID;

-- Every product has one master variant (is_master = 1). Products with options also have option variants, which
-- carry the stock; a product without option variants is sold through its master.
CREATE TABLE variants (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  sku TEXT NOT NULL UNIQUE,
  is_master INTEGER NOT NULL DEFAULT 0 CHECK (is_master IN (0, 1)),
  position INTEGER NOT NULL DEFAULT 0,
  stock_on_hand INTEGER NOT NULL DEFAULT 0,
  backorderable INTEGER NOT NULL DEFAULT 0 CHECK (backorderable IN (0, 1)),
  weight REAL,
  height REAL,
  width REAL,
  depth REAL,
  deleted_at TEXT,
  CHECK (stock_on_hand >= 0 OR backorderable = 1)
);
CREATE INDEX variants_product ON variants (product_id, is_master, position);

-- amount_cents is what a guest pays (the sale price when on sale, else the RRP); compare_at_cents is the RRP;
-- member_cents is the Club Price (NULL when the variant has none).
CREATE TABLE prices (
  variant_id INTEGER NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
  currency TEXT NOT NULL CHECK (currency IN ('AUD', 'USD')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  compare_at_cents INTEGER CHECK (compare_at_cents IS NULL OR compare_at_cents >= 0),
  member_cents INTEGER CHECK (member_cents IS NULL OR member_cents >= 0),
  PRIMARY KEY (variant_id, currency)
) WITHOUT ROWID;

-- The product's price per currency (its master variant's), kept beside the product so listings can filter and
-- sort 50,000 products by price without joining variants. Written by the seed from `prices`; see docs/seed-data.md.
CREATE TABLE product_prices (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  currency TEXT NOT NULL CHECK (currency IN ('AUD', 'USD')),
  amount_cents INTEGER NOT NULL,
  compare_at_cents INTEGER,
  member_cents INTEGER,
  PRIMARY KEY (product_id, currency)
) WITHOUT ROWID;
CREATE INDEX product_prices_amount ON product_prices (currency, amount_cents);
CREATE INDEX product_prices_member ON product_prices (currency, member_cents);

CREATE TABLE option_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  presentation TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE option_type_translations (
  option_type_id INTEGER NOT NULL REFERENCES option_types(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  presentation TEXT NOT NULL,
  PRIMARY KEY (option_type_id, locale)
) WITHOUT ROWID;

-- image_preview: the swatch of a colour value, as a CSS hex colour ('#1f3a5f'); NULL for sizes and styles.
CREATE TABLE option_values (
  id INTEGER PRIMARY KEY,
  option_type_id INTEGER NOT NULL REFERENCES option_types(id),
  name TEXT NOT NULL,
  presentation TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  image_preview TEXT,
  UNIQUE (option_type_id, name)
);
CREATE TABLE option_value_translations (
  option_value_id INTEGER NOT NULL REFERENCES option_values(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  presentation TEXT NOT NULL,
  PRIMARY KEY (option_value_id, locale)
) WITHOUT ROWID;

CREATE TABLE product_option_types (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  option_type_id INTEGER NOT NULL REFERENCES option_types(id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, option_type_id)
) WITHOUT ROWID;

CREATE TABLE variant_option_values (
  variant_id INTEGER NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
  option_value_id INTEGER NOT NULL REFERENCES option_values(id),
  PRIMARY KEY (variant_id, option_value_id)
) WITHOUT ROWID;
CREATE INDEX variant_option_values_value ON variant_option_values (option_value_id, variant_id);

-- The distinct option values of each product's variants, for option filters and facet counts on large catalogues.
-- Derived from variant_option_values by the seed.
CREATE TABLE product_option_values (
  option_value_id INTEGER NOT NULL REFERENCES option_values(id),
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  PRIMARY KEY (option_value_id, product_id)
) WITHOUT ROWID;
CREATE INDEX product_option_values_product ON product_option_values (product_id, option_value_id);

-- Images per product, optionally per colour (option_value_id); three pre-scaled styles of spec §9.
CREATE TABLE product_images (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  option_value_id INTEGER REFERENCES option_values(id),
  position INTEGER NOT NULL DEFAULT 0,
  alt TEXT,
  mobile_url TEXT NOT NULL,
  mobile_width INTEGER NOT NULL DEFAULT 240,
  mobile_height INTEGER NOT NULL DEFAULT 240,
  desktop_url TEXT NOT NULL,
  desktop_width INTEGER NOT NULL DEFAULT 350,
  desktop_height INTEGER NOT NULL DEFAULT 468,
  large_url TEXT NOT NULL,
  large_width INTEGER NOT NULL DEFAULT 650,
  large_height INTEGER NOT NULL DEFAULT 870
);
CREATE INDEX product_images_product ON product_images (product_id, position);

-- Properties (brand, gender, material, features …). filter_param is the value's URL form ('muller-outdoor').
CREATE TABLE properties (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  presentation TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  filterable INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE property_translations (
  property_id INTEGER NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  presentation TEXT NOT NULL,
  PRIMARY KEY (property_id, locale)
) WITHOUT ROWID;
CREATE TABLE product_properties (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  property_id INTEGER NOT NULL REFERENCES properties(id),
  value TEXT NOT NULL,
  filter_param TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  UNIQUE (product_id, property_id)
);
CREATE INDEX product_properties_filter ON product_properties (property_id, filter_param, product_id);
CREATE TABLE product_property_translations (
  product_property_id INTEGER NOT NULL REFERENCES product_properties(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (product_property_id, locale)
) WITHOUT ROWID;

CREATE TABLE classifications (
  taxon_id INTEGER NOT NULL REFERENCES taxons(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (taxon_id, product_id)
) WITHOUT ROWID;
CREATE INDEX classifications_product ON classifications (product_id, taxon_id);

-- Full-text search: one row per product and locale, diacritics folded ('muller' finds 'Müller').
CREATE VIRTUAL TABLE products_fts USING fts5(
  name,
  description,
  keywords,
  product_id UNINDEXED,
  locale UNINDEXED,
  tokenize = "unicode61 remove_diacritics 2"
);

CREATE TABLE countries (
  iso TEXT PRIMARY KEY CHECK (length(iso) = 2),
  iso3 TEXT NOT NULL UNIQUE,
  iso_name TEXT NOT NULL,
  name TEXT NOT NULL,
  numcode INTEGER,
  states_required INTEGER NOT NULL DEFAULT 0,
  zipcode_required INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE country_translations (
  country_iso TEXT NOT NULL REFERENCES countries(iso) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (country_iso, locale)
) WITHOUT ROWID;
CREATE TABLE states (
  id INTEGER PRIMARY KEY,
  country_iso TEXT NOT NULL REFERENCES countries(iso),
  abbr TEXT NOT NULL,
  name TEXT NOT NULL,
  UNIQUE (country_iso, abbr)
);

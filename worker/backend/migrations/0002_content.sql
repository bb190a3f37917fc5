-- Content of the embedded backend (issue 3): CMS pages with sections, menus, banners.
-- Unlike the catalogue, content rows are per locale (as in Spree): the German About us page is its own row.

-- type: 'homepage' | 'standard' | 'feature' (Spree::Cms::Pages::Homepage / StandardPage / FeaturePage).
CREATE TABLE cms_pages (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  locale TEXT NOT NULL,
  title TEXT NOT NULL,
  content TEXT,
  type TEXT NOT NULL CHECK (type IN ('homepage', 'standard', 'feature')),
  meta_title TEXT,
  meta_description TEXT,
  visible INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL,
  UNIQUE (slug, locale)
);

-- type: one of the six section types of spec §3. content/settings are JSON objects. Images are site paths without
-- a size suffix ('/images/cms/hero-home'); the API appends the size ('-sm.svg' …). A product carousel links a taxon.
CREATE TABLE cms_sections (
  id INTEGER PRIMARY KEY,
  cms_page_id INTEGER NOT NULL REFERENCES cms_pages(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('hero_image', 'featured_article', 'product_carousel', 'image_gallery', 'side_by_side_images', 'rich_text_content')),
  position INTEGER NOT NULL DEFAULT 0,
  content TEXT NOT NULL DEFAULT '{}',
  settings TEXT NOT NULL DEFAULT '{}',
  link TEXT,
  fit TEXT NOT NULL DEFAULT 'Screen',
  linked_resource_type TEXT CHECK (linked_resource_type IS NULL OR linked_resource_type IN ('taxon', 'product', 'cms_page')),
  linked_resource_id INTEGER,
  image_one TEXT,
  image_two TEXT,
  image_three TEXT
);
CREATE INDEX cms_sections_page ON cms_sections (cms_page_id, position);

CREATE TABLE menus (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  location TEXT NOT NULL CHECK (location IN ('header', 'footer')),
  locale TEXT NOT NULL,
  UNIQUE (location, locale)
);

-- A nested set per menu (lft/rgt/depth), as Spree's menu items; the root item (depth 0) is a container.
CREATE TABLE menu_items (
  id INTEGER PRIMARY KEY,
  menu_id INTEGER NOT NULL REFERENCES menus(id) ON DELETE CASCADE,
  parent_id INTEGER REFERENCES menu_items(id),
  name TEXT NOT NULL,
  subtitle TEXT,
  destination TEXT,
  new_window INTEGER NOT NULL DEFAULT 0,
  item_type TEXT NOT NULL DEFAULT 'Link' CHECK (item_type IN ('Link', 'Container')),
  code TEXT,
  lft INTEGER NOT NULL,
  rgt INTEGER NOT NULL,
  depth INTEGER NOT NULL DEFAULT 0,
  linked_resource_type TEXT,
  linked_resource_id INTEGER
);
CREATE INDEX menu_items_menu ON menu_items (menu_id, lft);

-- Banners (an extension, not in the Spree contract): kind 'home' for the home page strip, 'category' for the
-- banner of one taxon (taxon_id). Shown between starts_at and ends_at when those are set.
CREATE TABLE banners (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('home', 'category')),
  taxon_id INTEGER REFERENCES taxons(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  title TEXT NOT NULL,
  subtitle TEXT,
  image_url TEXT NOT NULL,
  link TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  starts_at TEXT,
  ends_at TEXT,
  CHECK (kind = 'home' OR taxon_id IS NOT NULL)
);
CREATE INDEX banners_kind ON banners (kind, locale, taxon_id, position);

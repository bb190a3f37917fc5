-- Issue 40 point 5: content with the shop's own pictures, Markdown and drafts (docs/console.md 'Content').

-- Pictures the console uploaded for CMS sections: their three sizes live in R2 (MEDIA) at cms/<uuid>-sm|-lg|-xl, and a
-- section's image_one…three holds '/media/cms/<uuid>' (the API appends the size, as it appends '-sm.svg' to a seeded
-- '/images/cms/…' path). The descriptions fill a section's empty picture descriptions.
CREATE TABLE cms_images (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  alt_en TEXT NOT NULL,
  alt_de TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The Markdown the page's text was written in (cms_pages.content keeps the sanitised HTML the store shows; a section's
-- Markdown sits beside its HTML in content JSON as rte_markdown). NULL: the page was written in HTML.
ALTER TABLE cms_pages ADD COLUMN content_markdown TEXT;

-- A page's unpublished draft (both languages and the sections, as the editor holds it), kept apart from the live rows
-- until 'Publish' writes it to cms_pages and cms_sections.
CREATE TABLE cms_drafts (
  slug TEXT PRIMARY KEY,
  draft TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

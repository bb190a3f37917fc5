-- Search sorted by name (the storefront's search page): a broad term's first page walks products in name order and
-- stops after a page of matches, instead of sorting every match (docs/performance-d1.md, catalogue search).
CREATE INDEX IF NOT EXISTS products_name_order ON products (name COLLATE NOCASE, id);

-- Facet counts of the whole catalogue per whole dollar of the listing price (issue 11; docs/performance-d1.md,
-- 'Price-range facets from dollar slices'): a whole-catalogue listing in a price range ('51,100.99') sums the rows of
-- its dollars (a few thousand) instead of counting every product in the range. Same rows as facet_counts
-- ('count', 'o', 'p'; no 'price'), one set per dollar. The scope-0 refresh rewrites them in the batch that marks
-- facet_scopes (0, currency) fresh, so they are used exactly while that scope is fresh; the same triggers mark it stale.
CREATE TABLE facet_price_counts (
  currency TEXT NOT NULL,
  dollar INTEGER NOT NULL,
  k TEXT NOT NULL,
  a,
  b,
  n INTEGER NOT NULL,
  v,
  rep INTEGER
);
CREATE INDEX facet_price_counts_range ON facet_price_counts (currency, dollar);

-- The slices start empty: the whole catalogue is counted live until its next refresh fills them.
UPDATE facet_scopes SET stale = 1 WHERE taxon_id = 0;

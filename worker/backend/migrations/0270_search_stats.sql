-- Search analytics for the console's Search page (issue 39 point 8, docs/decisions/0013-search-analytics.md).
-- One row per store day (Australia/Melbourne), language and normalised query: counts only. Nothing about who searched
-- is stored (no address, account, cookie or session; the day is the finest time kept). Rows older than 90 days are
-- deleted by the scheduled run (worker/search-stats/retention.ts).
CREATE TABLE search_queries (
  day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  locale TEXT NOT NULL CHECK (locale IN ('en', 'de')),
  query TEXT NOT NULL CHECK (length(query) BETWEEN 1 AND 100),
  -- how often it was searched, how many of those searches found nothing, how many products the latest one found
  searches INTEGER NOT NULL DEFAULT 0 CHECK (searches >= 0),
  empty_searches INTEGER NOT NULL DEFAULT 0 CHECK (empty_searches >= 0),
  results INTEGER NOT NULL DEFAULT 0 CHECK (results >= 0),
  -- products opened from its results page
  clicks INTEGER NOT NULL DEFAULT 0 CHECK (clicks >= 0),
  PRIMARY KEY (day, locale, query)
) WITHOUT ROWID;

-- Rate-limit counters with windows longer than the Workers rate-limit binding's 10 s / 60 s (docs/security.md).
-- One row per key and window length; a window starts at the first attempt and ends at expires_at (unix seconds).
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);

-- Back-in-stock alerts (issue 44 point 4; decision 0073). One row per request: a sold-out size and an address, in the
-- language it was asked in. A guest's request waits unconfirmed with its link's token (SHA-256) until the address's
-- owner confirms it (double opt-in); a member's is confirmed at once (their account's address). When the size's stock
-- goes from none to some, the trigger below marks every confirmed waiting request of it due; worker/backend/services/stock-alerts.ts
-- then writes one email per due request (outbox event key `stock-alert:<id>`) and marks it sent, so each is sent once.
CREATE TABLE stock_alerts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  variant_id INTEGER NOT NULL REFERENCES variants(id),
  -- stored lowercase, as users.email
  email TEXT NOT NULL CHECK (email = lower(email)),
  user_id INTEGER,
  locale TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'de')),
  token_hash TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  confirm_sent_at TEXT,
  confirmed_at TEXT,
  due_at TEXT,
  sent_at TEXT,
  unsubscribed_at TEXT
);
-- one open request per size and address: asking again answers the same and mails nothing new
CREATE UNIQUE INDEX stock_alerts_open ON stock_alerts (variant_id, email) WHERE sent_at IS NULL AND unsubscribed_at IS NULL;
CREATE UNIQUE INDEX stock_alerts_token ON stock_alerts (token_hash) WHERE token_hash IS NOT NULL;
CREATE INDEX stock_alerts_due ON stock_alerts (due_at) WHERE due_at IS NOT NULL AND sent_at IS NULL AND unsubscribed_at IS NULL;
CREATE INDEX stock_alerts_email ON stock_alerts (email);

-- Every writer of stock (the console's count, the CSV import, a return's or a cancellation's restock) goes through
-- this one trigger: the size is back when its count goes from 0 or less to more than 0.
CREATE TRIGGER stock_alerts_back AFTER UPDATE OF stock_on_hand ON variants
WHEN OLD.stock_on_hand <= 0 AND NEW.stock_on_hand > 0
BEGIN
  UPDATE stock_alerts SET due_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE variant_id = NEW.id AND confirmed_at IS NOT NULL AND due_at IS NULL AND sent_at IS NULL AND unsubscribed_at IS NULL;
END;

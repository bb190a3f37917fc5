-- The operator console (issue 14): who may enter, what they changed, and the order states the console moves.

-- 'admin' may enter /admin; everyone else is a shopper. blocked_at: a blocked account cannot log in.
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin'));
ALTER TABLE users ADD COLUMN blocked_at TEXT;

-- Console sessions, separate from shoppers' OAuth tokens. Only the SHA-256 of the cookie's token is stored.
CREATE TABLE admin_sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
CREATE INDEX admin_sessions_user ON admin_sessions (user_id);

-- `npm run admin:create -- --remote`: a one-time link to set the first admin's password on a deployed store,
-- whose pepper the command cannot read.
CREATE TABLE admin_setup_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
) WITHOUT ROWID;

-- Every change made in the console: who, what, when, the row before and after (JSON).
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  admin_user_id INTEGER,
  admin_email TEXT NOT NULL,
  action TEXT NOT NULL,
  subject_type TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  before_json TEXT,
  after_json TEXT
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_subject ON audit_log (subject_type, subject_id);

-- An order's life after it is placed. orders.state keeps Spree's checkout states ('complete'); cancelling is
-- Spree's 'canceled' state, kept here because the CHECK on orders.state cannot be widened in place.
ALTER TABLE orders ADD COLUMN canceled_at TEXT;
ALTER TABLE shipments ADD COLUMN carrier TEXT;
ALTER TABLE shipments ADD COLUMN shipped_at TEXT;
CREATE INDEX orders_completed ON orders (completed_at);

-- Money given back, per payment. A refund never exceeds what the payment took (checked in the same batch).
CREATE TABLE refunds (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  payment_id INTEGER NOT NULL REFERENCES payments(id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reason TEXT NOT NULL,
  provider_reference TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX refunds_order ON refunds (order_id);
-- A CHECK, so a refund batch that would give back more than was taken fails as a whole (two operators at once).
ALTER TABLE payments ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= COALESCE(amount_cents, 0));

-- One row per cancelled order: a second cancellation hits the primary key and its whole batch rolls back.
CREATE TABLE order_cancellations (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  reason TEXT NOT NULL
);

-- Declined card payments, for the console's dashboard (the declined attempt changes nothing else).
CREATE TABLE payment_failures (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX payment_failures_at ON payment_failures (created_at);

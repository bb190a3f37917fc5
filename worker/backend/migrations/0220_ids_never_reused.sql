-- Ids a client holds are never handed out again (docs/commerce-api.md 'Ids are never reused').
--
-- Without AUTOINCREMENT, SQLite gives a new row max(id) + 1: when the row with the highest id is deleted (a line
-- removed from a cart, a wished item, a gift card payment taken off, a saved card, a deleted cart), the next row gets
-- that id again, and a client still holding the old id (a second tab, a retried request) changes another row, maybe
-- another shopper's. These six tables get `INTEGER PRIMARY KEY AUTOINCREMENT`:
--   line_items, wished_items, credit_cards, addresses (their ids come back in paths and bodies), payments, orders (the
--   shipment id, Stripe's client_reference_id and metadata).
-- Left as they are: gift_cards, return_requests (never deleted from, so no id is freed) and wishlists (a client names
-- one by its token).
--
-- SQLite cannot add AUTOINCREMENT to a table, so each is rebuilt. D1 cannot switch foreign keys off in a migration, and
-- dropping a table that others reference runs their ON DELETE CASCADE / SET NULL actions (it would empty the order
-- lines, refunds and returns) or fails. So every table whose foreign keys lead to one of the six is rebuilt with it,
-- unchanged: each is copied, dropped once nothing references it, created again parents first with the same columns,
-- CHECKs, foreign keys and indexes, filled from its copy, and its triggers put back. One transaction: it all lands or
-- nothing does. This file was generated from the schema after 0211, and tests/backend/ids-not-reused.test.ts runs it again
-- over a filled store and compares every table, index and trigger.
PRAGMA defer_foreign_keys = true;

-- 1. A copy of every table rebuilt below.
CREATE TABLE _rebuild_wished_items AS SELECT * FROM wished_items;
CREATE TABLE _rebuild_addresses AS SELECT * FROM addresses;
CREATE TABLE _rebuild_orders AS SELECT * FROM orders;
CREATE TABLE _rebuild_shipments AS SELECT * FROM shipments;
CREATE TABLE _rebuild_return_requests AS SELECT * FROM return_requests;
CREATE TABLE _rebuild_line_items AS SELECT * FROM line_items;
CREATE TABLE _rebuild_return_items AS SELECT * FROM return_items;
CREATE TABLE _rebuild_gift_cards AS SELECT * FROM gift_cards;
CREATE TABLE _rebuild_credit_cards AS SELECT * FROM credit_cards;
CREATE TABLE _rebuild_payments AS SELECT * FROM payments;
CREATE TABLE _rebuild_refunds AS SELECT * FROM refunds;
CREATE TABLE _rebuild_promotion_redemptions AS SELECT * FROM promotion_redemptions;
CREATE TABLE _rebuild_payment_failures AS SELECT * FROM payment_failures;
CREATE TABLE _rebuild_order_promotions AS SELECT * FROM order_promotions;
CREATE TABLE _rebuild_order_completions AS SELECT * FROM order_completions;
CREATE TABLE _rebuild_order_cancellations AS SELECT * FROM order_cancellations;
CREATE TABLE _rebuild_line_refunds AS SELECT * FROM line_refunds;

-- 2. The tables, each once no other table's foreign key names it (so a drop runs no ON DELETE action).
DROP TABLE line_refunds;
DROP TABLE order_cancellations;
DROP TABLE order_completions;
DROP TABLE order_promotions;
DROP TABLE payment_failures;
DROP TABLE promotion_redemptions;
DROP TABLE refunds;
DROP TABLE payments;
DROP TABLE credit_cards;
DROP TABLE gift_cards;
DROP TABLE return_items;
DROP TABLE line_items;
DROP TABLE return_requests;
DROP TABLE shipments;
DROP TABLE orders;
DROP TABLE addresses;
DROP TABLE wished_items;

-- 3. The same tables, parents first, with AUTOINCREMENT on the six, and their indexes.
CREATE TABLE wished_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  wishlist_id INTEGER NOT NULL REFERENCES wishlists(id) ON DELETE CASCADE,
  variant_id INTEGER NOT NULL,
  quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1),
  UNIQUE (wishlist_id, variant_id)
);
CREATE TABLE addresses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  firstname TEXT NOT NULL,
  lastname TEXT NOT NULL,
  company TEXT,
  address1 TEXT NOT NULL,
  address2 TEXT,
  city TEXT NOT NULL,
  zipcode TEXT NOT NULL,
  phone TEXT NOT NULL,
  state_name TEXT NOT NULL,
  country_iso TEXT NOT NULL,
  email TEXT,
  tax_id TEXT,
  label TEXT,
  is_default INTEGER NOT NULL DEFAULT 0,
  deleted_at TEXT
);
CREATE UNIQUE INDEX addresses_one_default ON addresses(user_id) WHERE is_default = 1 AND deleted_at IS NULL;
CREATE INDEX addresses_user ON addresses(user_id);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  number TEXT UNIQUE,
  token TEXT NOT NULL UNIQUE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  state TEXT NOT NULL DEFAULT 'cart' CHECK (state IN ('cart', 'address', 'delivery', 'payment', 'confirm', 'complete')),
  currency TEXT NOT NULL CHECK (currency IN ('AUD', 'USD')),
  email TEXT,
  bill_address_id INTEGER REFERENCES addresses(id),
  ship_address_id INTEGER REFERENCES addresses(id),
  shipping_method_id INTEGER REFERENCES shipping_methods(id),
  -- the totals as charged, written by the completion batch (a cart's totals are always recomputed)
  item_total_cents INTEGER,
  promo_total_cents INTEGER,
  ship_total_cents INTEGER,
  tax_total_cents INTEGER,
  total_cents INTEGER,
  gift_card_total_cents INTEGER,
  store_credit_total_cents INTEGER,
  club_savings_cents INTEGER,
  member_pricing INTEGER,
  completed_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, canceled_at TEXT, customer_deleted_at TEXT);
CREATE INDEX orders_completed ON orders (completed_at);
CREATE INDEX orders_user_state ON orders(user_id, state);
CREATE TABLE shipments (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
  number TEXT NOT NULL,
  shipping_method_id INTEGER NOT NULL REFERENCES shipping_methods(id),
  cost_cents INTEGER NOT NULL,
  tracking_id TEXT,
  state TEXT NOT NULL DEFAULT 'pending'
, carrier TEXT, shipped_at TEXT);
CREATE TABLE return_requests (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  state TEXT NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'approved', 'declined')),
  reason TEXT NOT NULL,
  comment TEXT,
  -- the shopper's language when asking: every email about this return is written in it
  locale TEXT NOT NULL DEFAULT 'en',
  refund_cents INTEGER,
  decision_note TEXT,
  decided_by TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  decided_at TEXT
);
CREATE UNIQUE INDEX return_requests_open ON return_requests (order_id) WHERE state = 'requested';
CREATE INDEX return_requests_order ON return_requests (order_id);
CREATE INDEX return_requests_state ON return_requests (state, id);
CREATE TABLE line_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  variant_id INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity >= 1),
  -- a gift card line carries its own amount and recipient; other lines are priced from `prices`
  gift_card_cents INTEGER,
  recipient_name TEXT,
  recipient_email TEXT,
  gift_message TEXT,
  -- snapshots written at completion
  price_cents INTEGER,
  rrp_cents INTEGER,
  member_cents INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, gift_deliver_on TEXT);
CREATE UNIQUE INDEX line_items_one_per_variant ON line_items(order_id, variant_id) WHERE gift_card_cents IS NULL;
CREATE INDEX line_items_order ON line_items(order_id);
CREATE TABLE return_items (
  return_id INTEGER NOT NULL REFERENCES return_requests(id) ON DELETE CASCADE,
  line_item_id INTEGER NOT NULL REFERENCES line_items(id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (return_id, line_item_id)
) WITHOUT ROWID;
CREATE INDEX return_items_line ON return_items (line_item_id);
CREATE TABLE gift_cards (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  currency TEXT NOT NULL CHECK (currency IN ('AUD', 'USD')),
  original_cents INTEGER NOT NULL CHECK (original_cents > 0),
  balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0),
  recipient_name TEXT,
  recipient_email TEXT,
  message TEXT,
  line_item_id INTEGER REFERENCES line_items(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, deliver_on TEXT);
CREATE TABLE credit_cards (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  payment_method_id INTEGER NOT NULL,
  gateway_payment_profile_id TEXT NOT NULL,
  cc_type TEXT NOT NULL,
  last_digits TEXT NOT NULL,
  month INTEGER NOT NULL,
  year INTEGER NOT NULL,
  name TEXT,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (user_id, gateway_payment_profile_id)
);
CREATE UNIQUE INDEX credit_cards_one_default ON credit_cards(user_id) WHERE is_default = 1;
CREATE TABLE payments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  method TEXT NOT NULL CHECK (method IN ('card', 'gift_card', 'store_credit')),
  state TEXT NOT NULL DEFAULT 'checkout' CHECK (state IN ('checkout', 'completed', 'void')),
  amount_cents INTEGER,
  requested_cents INTEGER,
  last4 TEXT,
  cc_type TEXT,
  card_name TEXT,
  gift_card_id INTEGER REFERENCES gift_cards(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, seen_balance_cents INTEGER, gateway_payment_profile_id TEXT, credit_card_id INTEGER REFERENCES credit_cards(id) ON DELETE SET NULL, payment_intent_id TEXT, provider_state TEXT, failure_message TEXT, refunded_cents INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= COALESCE(amount_cents, 0)), save_card INTEGER NOT NULL DEFAULT 1 CHECK (save_card IN (0, 1)));
CREATE INDEX payments_intent ON payments(payment_intent_id) WHERE payment_intent_id IS NOT NULL;
CREATE INDEX payments_order ON payments(order_id);
CREATE TABLE refunds (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  payment_id INTEGER NOT NULL REFERENCES payments(id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reason TEXT NOT NULL,
  provider_reference TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, return_id INTEGER REFERENCES return_requests(id));
CREATE INDEX refunds_order ON refunds (order_id);
CREATE TABLE promotion_redemptions (
  promotion_id INTEGER NOT NULL REFERENCES promotions(id),
  customer_key TEXT NOT NULL,
  seq INTEGER NOT NULL,
  seq_limit INTEGER,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  PRIMARY KEY (promotion_id, customer_key, seq),
  CHECK (seq_limit IS NULL OR seq <= seq_limit)
);
CREATE TABLE payment_failures (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX payment_failures_at ON payment_failures (created_at);
CREATE TABLE order_promotions (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  promotion_id INTEGER NOT NULL REFERENCES promotions(id),
  amount_cents INTEGER,
  PRIMARY KEY (order_id, promotion_id)
);
CREATE TABLE order_completions (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE
);
CREATE TABLE order_cancellations (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  reason TEXT NOT NULL
);
CREATE TABLE line_refunds (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  line_item_id INTEGER NOT NULL UNIQUE REFERENCES line_items(id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  restocked INTEGER NOT NULL DEFAULT 0 CHECK (restocked IN (0, 1)),
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX line_refunds_order ON line_refunds (order_id);

-- 4. Every row back, parents first (same columns in the same order).
INSERT INTO wished_items SELECT * FROM _rebuild_wished_items;
INSERT INTO addresses SELECT * FROM _rebuild_addresses;
INSERT INTO orders SELECT * FROM _rebuild_orders;
INSERT INTO shipments SELECT * FROM _rebuild_shipments;
INSERT INTO return_requests SELECT * FROM _rebuild_return_requests;
INSERT INTO line_items SELECT * FROM _rebuild_line_items;
INSERT INTO return_items SELECT * FROM _rebuild_return_items;
INSERT INTO gift_cards SELECT * FROM _rebuild_gift_cards;
INSERT INTO credit_cards SELECT * FROM _rebuild_credit_cards;
INSERT INTO payments SELECT * FROM _rebuild_payments;
INSERT INTO refunds SELECT * FROM _rebuild_refunds;
INSERT INTO promotion_redemptions SELECT * FROM _rebuild_promotion_redemptions;
INSERT INTO payment_failures SELECT * FROM _rebuild_payment_failures;
INSERT INTO order_promotions SELECT * FROM _rebuild_order_promotions;
INSERT INTO order_completions SELECT * FROM _rebuild_order_completions;
INSERT INTO order_cancellations SELECT * FROM _rebuild_order_cancellations;
INSERT INTO line_refunds SELECT * FROM _rebuild_line_refunds;

-- 5. The triggers (after the rows, so none fires on them), and away with the copies.
CREATE TRIGGER return_requests_decided_once BEFORE UPDATE OF state ON return_requests
WHEN OLD.state != 'requested'
BEGIN
  SELECT RAISE(ABORT, 'return already decided');
END;
DROP TABLE _rebuild_wished_items;
DROP TABLE _rebuild_addresses;
DROP TABLE _rebuild_orders;
DROP TABLE _rebuild_shipments;
DROP TABLE _rebuild_return_requests;
DROP TABLE _rebuild_line_items;
DROP TABLE _rebuild_return_items;
DROP TABLE _rebuild_gift_cards;
DROP TABLE _rebuild_credit_cards;
DROP TABLE _rebuild_payments;
DROP TABLE _rebuild_refunds;
DROP TABLE _rebuild_promotion_redemptions;
DROP TABLE _rebuild_payment_failures;
DROP TABLE _rebuild_order_promotions;
DROP TABLE _rebuild_order_completions;
DROP TABLE _rebuild_order_cancellations;
DROP TABLE _rebuild_line_refunds;

PRAGMA defer_foreign_keys = false;

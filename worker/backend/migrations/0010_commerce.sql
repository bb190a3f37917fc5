-- The write side of the embedded backend (issue 4): customers, tokens, addresses, carts/orders, payments,
-- promotions, gift cards, store credit, wishlists, the outbox and the small extensions.
-- Money is integer cents in the row's currency. Guards that must hold under concurrency are CHECK constraints,
-- so a completion batch that would break one fails as a whole (D1 batches are transactions).

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  -- stored lowercase: emails are compared case-insensitively everywhere (login, duplicates, resets)
  email TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  selected_locale TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Only SHA-256 digests of tokens are stored: a copy of this table lets nobody log in.
CREATE TABLE oauth_tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  access_hash TEXT NOT NULL UNIQUE,
  refresh_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_in INTEGER NOT NULL,
  refresh_expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX oauth_tokens_user ON oauth_tokens(user_id);

CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

CREATE TABLE store_credits (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency TEXT NOT NULL CHECK (currency IN ('AUD', 'USD')),
  balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0),
  PRIMARY KEY (user_id, currency)
);

-- A customer's saved addresses (user_id set) and the addresses of a checkout (user_id NULL, owned by the order).
CREATE TABLE addresses (
  id INTEGER PRIMARY KEY,
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
CREATE INDEX addresses_user ON addresses(user_id);
CREATE UNIQUE INDEX addresses_one_default ON addresses(user_id) WHERE is_default = 1 AND deleted_at IS NULL;

CREATE TABLE shipping_methods (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  code TEXT NOT NULL UNIQUE,
  cost_aud_cents INTEGER NOT NULL,
  cost_usd_cents INTEGER NOT NULL,
  -- free when the item total (after promotions) reaches this amount; NULL = never free
  free_over_aud_cents INTEGER,
  free_over_usd_cents INTEGER,
  -- comma-separated country isos, NULL = everywhere
  countries TEXT
);
INSERT INTO shipping_methods (id, name, code, cost_aud_cents, cost_usd_cents, free_over_aud_cents, free_over_usd_cents, countries) VALUES
  (1, 'Standard', 'standard', 995, 695, 10000, 7000, NULL),
  (2, 'Express', 'express', 1995, 1395, NULL, NULL, NULL),
  (3, 'Click & Collect', 'click_collect', 0, 0, NULL, NULL, 'AU');

CREATE TABLE promotions (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  code TEXT NOT NULL UNIQUE CHECK (code = lower(code)),
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed', 'free_shipping')),
  -- percent: whole percent 1..100; fixed: cents in the order's currency
  amount INTEGER NOT NULL DEFAULT 0 CHECK (amount >= 0),
  min_item_total_cents INTEGER,
  starts_at TEXT,
  expires_at TEXT,
  usage_limit INTEGER,
  per_customer_limit INTEGER,
  used_count INTEGER NOT NULL DEFAULT 0,
  CHECK (usage_limit IS NULL OR used_count <= usage_limit),
  CHECK (kind != 'percent' OR amount BETWEEN 1 AND 100)
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
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
);
CREATE INDEX orders_user_state ON orders(user_id, state);

-- One row per order: the second completion of the same order hits the primary key and its whole batch rolls back.
CREATE TABLE order_completions (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE
);

CREATE TABLE line_items (
  id INTEGER PRIMARY KEY,
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
);
CREATE INDEX line_items_order ON line_items(order_id);
CREATE UNIQUE INDEX line_items_one_per_variant ON line_items(order_id, variant_id) WHERE gift_card_cents IS NULL;

CREATE TABLE order_promotions (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  promotion_id INTEGER NOT NULL REFERENCES promotions(id),
  amount_cents INTEGER,
  PRIMARY KEY (order_id, promotion_id)
);

-- seq counts a customer's redemptions of a promotion; seq_limit copies the promotion's per-customer limit so the
-- CHECK can refuse the redemption inside the completion batch.
CREATE TABLE promotion_redemptions (
  promotion_id INTEGER NOT NULL REFERENCES promotions(id),
  customer_key TEXT NOT NULL,
  seq INTEGER NOT NULL,
  seq_limit INTEGER,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  PRIMARY KEY (promotion_id, customer_key, seq),
  CHECK (seq_limit IS NULL OR seq <= seq_limit)
);

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
);

-- Payments of a checkout. A card payment keeps only the last four digits and the brand, never the number.
CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
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
);
CREATE INDEX payments_order ON payments(order_id);

CREATE TABLE shipments (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
  number TEXT NOT NULL,
  shipping_method_id INTEGER NOT NULL REFERENCES shipping_methods(id),
  cost_cents INTEGER NOT NULL,
  tracking_id TEXT,
  state TEXT NOT NULL DEFAULT 'pending'
);

CREATE TABLE wishlists (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  is_private INTEGER NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX wishlists_one_default ON wishlists(user_id) WHERE is_default = 1;

CREATE TABLE wished_items (
  id INTEGER PRIMARY KEY,
  wishlist_id INTEGER NOT NULL REFERENCES wishlists(id) ON DELETE CASCADE,
  variant_id INTEGER NOT NULL,
  quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1),
  UNIQUE (wishlist_id, variant_id)
);

-- Outgoing email. A sender delivers rows where one is configured; in development and tests they are read back.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  to_email TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at TEXT
);
CREATE INDEX outbox_to ON outbox(to_email);

CREATE TABLE newsletter_subscribers (
  email TEXT PRIMARY KEY CHECK (email = lower(email)),
  subscribed INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE affiliate_visits (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL,
  order_token TEXT,
  user_id INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Payments the contract's way (issue 12): a card is tokenised by the payment provider's client-side step, the store
-- pays with the provider's payment-method id (`gateway_payment_profile_id`), and a customer's cards are kept as
-- Spree's credit_cards. No card number is stored anywhere: only the brand, last four digits, expiry and holder.

-- The test gateway is the stand-in provider; this is its side of tokenisation (a real provider keeps this itself).
-- `approves`: the test card numbers that are approved; any other valid number tokenises and is declined on use.
CREATE TABLE test_gateway_tokens (
  id TEXT PRIMARY KEY,
  cc_type TEXT NOT NULL,
  last_digits TEXT NOT NULL CHECK (length(last_digits) = 4),
  month INTEGER NOT NULL CHECK (month BETWEEN 1 AND 12),
  year INTEGER NOT NULL,
  name TEXT,
  approves INTEGER NOT NULL CHECK (approves IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE credit_cards (
  id INTEGER PRIMARY KEY,
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

-- What a card payment was made with: the provider's payment-method id (captured at completion) and the saved card.
ALTER TABLE payments ADD COLUMN gateway_payment_profile_id TEXT;
ALTER TABLE payments ADD COLUMN credit_card_id INTEGER REFERENCES credit_cards(id) ON DELETE SET NULL;

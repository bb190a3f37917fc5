-- One row per refund the store asks a card provider for (docs/operations.md 'Stripe: refunds'): its id is the refund's
-- Idempotency-Key (`refund-<id>`). AUTOINCREMENT, so no two refunds ever share a key, even two of the same amount from
-- the same recorded figure (the key was the payment, the figure and the amount, which could repeat). `subject` is what
-- the refund is for (the console's form, line, return or cancellation: a refund_claims subject): trying the same one
-- again for the same payment and amount, after an answer that was lost, uses the same row and key, so Stripe does it
-- at most once; a definite refusal deletes the row, so trying again is a new request. No foreign key: payment ids are
-- never reused (0220), and a rebuild of payments would otherwise empty this table.
CREATE TABLE refund_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  payment_id INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  subject TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- a NULL subject (a refund asked without one) never matches another: always a row of its own
CREATE UNIQUE INDEX refund_attempts_subject ON refund_attempts (subject, payment_id, amount_cents);

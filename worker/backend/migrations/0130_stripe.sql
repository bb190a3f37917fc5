-- Stripe, the real card provider (issue 13), switched on by STRIPE_SECRET_KEY. The payment keeps the provider's
-- PaymentIntent and what the provider says of it (refunds are in `refunded_cents`, migration 0150); `state` keeps its three values (checkout, completed, void) so
-- every existing reader stays right. Still no card number anywhere: Stripe holds it, the store its ids.
ALTER TABLE payments ADD COLUMN payment_intent_id TEXT;
-- requires_action, authorized, captured, canceled, failed, refunded, partially_refunded
ALTER TABLE payments ADD COLUMN provider_state TEXT;
-- the provider's reason of a failed payment, shown to nobody but the operator
ALTER TABLE payments ADD COLUMN failure_message TEXT;
CREATE INDEX payments_intent ON payments(payment_intent_id) WHERE payment_intent_id IS NOT NULL;

-- One Stripe customer per member: their saved cards are that customer's payment methods.
CREATE TABLE stripe_customers (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  customer_id TEXT NOT NULL UNIQUE
);

-- Webhook events are processed once: the id is claimed before the work, a replay finds it taken.
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

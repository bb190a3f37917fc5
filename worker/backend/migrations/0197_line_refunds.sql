-- The console refunds one line of an order (issue 14 item 3; docs/operations.md 'Operator console'): what was paid
-- for its units not yet returned, split across the order's payments like a return. A line is refunded once: the
-- UNIQUE line_item_id makes a second refund of it (a double submit, two operators) fail as a whole batch, and its
-- units count as returned, so the shopper cannot ask money back for them again.
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

-- Shopper returns (issue 14 item 6; docs/operations.md 'Returns'). A member asks from their order details; the
-- console approves (restock + refund split across the order's payments) or declines.
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
CREATE INDEX return_requests_order ON return_requests (order_id);
CREATE INDEX return_requests_state ON return_requests (state, id);
-- One open request per order: a second one while the first waits fails as a whole (a double submit, two tabs).
CREATE UNIQUE INDEX return_requests_open ON return_requests (order_id) WHERE state = 'requested';
-- A decision is final: approving or declining twice (two operators, a replayed form) aborts the whole batch,
-- so nothing is refunded or restocked twice.
CREATE TRIGGER return_requests_decided_once BEFORE UPDATE OF state ON return_requests
WHEN OLD.state != 'requested'
BEGIN
  SELECT RAISE(ABORT, 'return already decided');
END;

CREATE TABLE return_items (
  return_id INTEGER NOT NULL REFERENCES return_requests(id) ON DELETE CASCADE,
  line_item_id INTEGER NOT NULL REFERENCES line_items(id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (return_id, line_item_id)
) WITHOUT ROWID;
CREATE INDEX return_items_line ON return_items (line_item_id);

-- A refund made for a return names it (NULL for the console's own refunds and cancellations).
ALTER TABLE refunds ADD COLUMN return_id INTEGER REFERENCES return_requests(id);

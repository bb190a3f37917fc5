-- Returns as a shop runs them, and refunds by quantity (issue 41 points 1 and 2; decision 0032).
--
-- A return's answer stays in return_requests.state (requested → approved or declined, once: its trigger). What
-- happens after an approval is kept beside it: the goods received line by line (return_receipts), then the refund that
-- closes it, or a decline before the refund (return_progress). New tables, not new columns: migration 0220 is run again
-- over the current schema by its own test, and rebuilds return_requests, return_items, refunds and line_refunds as they
-- were then.

-- One row per return that got past its approval: received, then refunded (closed) or declined. Each step once: the
-- triggers below refuse a second receipt, a refund before the receipt, a refund or decline after either.
CREATE TABLE return_progress (
  return_id INTEGER PRIMARY KEY REFERENCES return_requests(id),
  received_at TEXT,
  received_by TEXT,
  -- where the money went: the payments the order was paid with, the customer's store credit, or a new gift card
  refund_to TEXT CHECK (refund_to IN ('original', 'store_credit', 'gift_card')),
  goods_cents INTEGER CHECK (goods_cents >= 0),
  shipping_cents INTEGER CHECK (shipping_cents >= 0),
  -- the GST share of the refund, the same share of it as the order's GST is of the order's total
  gst_cents INTEGER CHECK (gst_cents >= 0),
  gift_card_id INTEGER REFERENCES gift_cards(id),
  refunded_at TEXT,
  refunded_by TEXT,
  declined_at TEXT,
  declined_by TEXT,
  decline_note TEXT
);

CREATE TRIGGER return_progress_approved_first BEFORE INSERT ON return_progress
WHEN (SELECT state FROM return_requests WHERE id = NEW.return_id) IS NOT 'approved'
BEGIN
  SELECT RAISE(ABORT, 'return not approved');
END;

CREATE TRIGGER return_progress_settled_once BEFORE UPDATE OF refunded_at, declined_at ON return_progress
WHEN OLD.refunded_at IS NOT NULL OR OLD.declined_at IS NOT NULL OR (NEW.refunded_at IS NOT NULL AND OLD.received_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'return already settled');
END;

CREATE TRIGGER return_progress_received_once BEFORE UPDATE OF received_at ON return_progress
WHEN OLD.received_at IS NOT NULL OR OLD.declined_at IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'return already received');
END;

-- What came back of each line of a return, and whether it goes back on the shelf (not when damaged). Stock moves when
-- the return is refunded: a return declined after its goods came in sends them back to the customer.
CREATE TABLE return_receipts (
  return_id INTEGER NOT NULL REFERENCES return_requests(id),
  line_item_id INTEGER NOT NULL REFERENCES line_items(id),
  quantity INTEGER NOT NULL CHECK (quantity >= 0),
  restock INTEGER NOT NULL CHECK (restock IN (0, 1)),
  PRIMARY KEY (return_id, line_item_id)
) WITHOUT ROWID;

-- Units of a line the console refunded from the order's refund dialog (line_refunds kept the whole-line refunds made
-- before it). A line is refunded in as many steps as the operator likes, never beyond what was bought: the trigger
-- counts this table, the whole-line refunds and the units asked back in returns not declined.
CREATE TABLE quantity_refunds (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  line_item_id INTEGER NOT NULL REFERENCES line_items(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  restocked INTEGER NOT NULL CHECK (restocked IN (0, 1)),
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX quantity_refunds_order ON quantity_refunds (order_id);
CREATE INDEX quantity_refunds_line ON quantity_refunds (line_item_id);

CREATE TRIGGER quantity_refunds_not_beyond BEFORE INSERT ON quantity_refunds
WHEN NEW.quantity
  + (SELECT COALESCE(SUM(quantity), 0) FROM quantity_refunds WHERE line_item_id = NEW.line_item_id)
  + (SELECT COALESCE(SUM(quantity), 0) FROM line_refunds WHERE line_item_id = NEW.line_item_id)
  -- units of returns not declined: those asked back, or once refunded, those that came back (as returnableLines counts)
  + (SELECT COALESCE(SUM(CASE WHEN p.refunded_at IS NOT NULL THEN COALESCE(rc.quantity, 0) ELSE ri.quantity END), 0)
     FROM return_items ri JOIN return_requests r ON r.id = ri.return_id
     LEFT JOIN return_progress p ON p.return_id = r.id
     LEFT JOIN return_receipts rc ON rc.return_id = ri.return_id AND rc.line_item_id = ri.line_item_id
     WHERE ri.line_item_id = NEW.line_item_id AND r.state != 'declined' AND p.declined_at IS NULL)
  > (SELECT quantity FROM line_items WHERE id = NEW.line_item_id)
BEGIN
  SELECT RAISE(ABORT, 'line refunded beyond its quantity');
END;

-- An order's shipping is refunded once (from the refund dialog or with a return): the primary key.
CREATE TABLE shipping_refunds (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  return_id INTEGER REFERENCES return_requests(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Returns approved before this migration were refunded and restocked on approval: they are received and closed.
INSERT INTO return_progress (return_id, received_at, received_by, refund_to, goods_cents, shipping_cents, refunded_at, refunded_by)
SELECT id, decided_at, decided_by, 'original', refund_cents, 0, decided_at, decided_by FROM return_requests WHERE state = 'approved';
INSERT INTO return_receipts (return_id, line_item_id, quantity, restock)
SELECT ri.return_id, ri.line_item_id, ri.quantity, 1 FROM return_items ri JOIN return_requests r ON r.id = ri.return_id WHERE r.state = 'approved';

-- The stage a return is at, as the shopper and the operator see it (the returns list filters on it).
CREATE VIEW return_stages AS
SELECT r.id AS return_id,
  CASE
    WHEN r.state = 'declined' OR p.declined_at IS NOT NULL THEN 'declined'
    WHEN p.refunded_at IS NOT NULL THEN 'refunded'
    WHEN p.received_at IS NOT NULL THEN 'received'
    WHEN r.state = 'approved' THEN 'approved'
    ELSE 'requested'
  END AS stage
FROM return_requests r LEFT JOIN return_progress p ON p.return_id = r.id;

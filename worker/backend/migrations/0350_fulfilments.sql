-- Fulfilment in parcels (issue 41 point 3; decision 0040): an order's lines leave in one or more parcels, each with
-- its carrier, tracking number and tracking page, and the units of each line it holds. The order's one shipment row
-- stays its summary for the Storefront API (Spree's shipment_state): 'partial' while units are still to go, 'shipped'
-- once none are, its carrier and tracking number those of the latest parcel.

CREATE TABLE fulfilments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- no ON DELETE actions towards orders and line_items: a placed order is never deleted, and migration 0220 (run again
  -- by its test) drops and rebuilds those tables, which would run them
  order_id INTEGER NOT NULL REFERENCES orders(id),
  -- carrier and tracking are both NULL for a parcel sent without tracking, or handed over in store
  carrier TEXT,
  tracking_id TEXT,
  tracking_url TEXT,
  admin_email TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX fulfilments_order ON fulfilments (order_id);

CREATE TABLE fulfilment_items (
  fulfilment_id INTEGER NOT NULL REFERENCES fulfilments(id) ON DELETE CASCADE,
  line_item_id INTEGER NOT NULL REFERENCES line_items(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (fulfilment_id, line_item_id)
);
CREATE INDEX fulfilment_items_line ON fulfilment_items (line_item_id);

-- a unit leaves once: more than the line holds is refused, whatever the console read before
CREATE TRIGGER fulfilment_items_within_line BEFORE INSERT ON fulfilment_items
WHEN NEW.quantity + COALESCE((SELECT SUM(quantity) FROM fulfilment_items WHERE line_item_id = NEW.line_item_id), 0) > (SELECT quantity FROM line_items WHERE id = NEW.line_item_id)
BEGIN
  SELECT RAISE(ABORT, 'fulfilment exceeds line');
END;

-- orders shipped or collected before this migration: one parcel of everything that was to be delivered
INSERT INTO fulfilments (order_id, carrier, tracking_id, created_at)
SELECT s.order_id, s.carrier, s.tracking_id, COALESCE(s.shipped_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) FROM shipments s WHERE s.state = 'shipped';
INSERT INTO fulfilment_items (fulfilment_id, line_item_id, quantity)
SELECT f.id, li.id, li.quantity FROM fulfilments f JOIN line_items li ON li.order_id = f.order_id WHERE li.gift_card_cents IS NULL;

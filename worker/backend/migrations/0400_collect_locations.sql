-- Click & Collect places (issue 40 point 4, issue 41 point 4, decision 0055): where a shopper can pick up an order
-- placed with a pickup rate (shipping_methods.pickup = 1). Edited in the console (/admin/shipping/locations); a place
-- that orders name is retired, never deleted, so their pages and emails still name it.
CREATE TABLE collect_locations (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  name_de TEXT NOT NULL CHECK (length(name_de) BETWEEN 1 AND 80),
  -- one line per line of the address, as printed on the confirmation
  address TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 300),
  hours TEXT NOT NULL CHECK (length(hours) BETWEEN 1 AND 300),
  hours_de TEXT NOT NULL CHECK (length(hours_de) BETWEEN 1 AND 300),
  retired_at TEXT
);

-- The place a cart or order is collected from, and when the shop said it is ready. A table beside orders, not a
-- column of it (decision 0032). Collected is the shipment's 'shipped' (worker/admin/order-actions.ts `collect`).
CREATE TABLE order_pickups (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  location_id INTEGER NOT NULL REFERENCES collect_locations(id),
  ready_at TEXT
) WITHOUT ROWID;
CREATE INDEX order_pickups_location ON order_pickups(location_id);

-- The store's dispatch (issue 44 point 3, decision 0061): the cut-off, the last minute of a business day an order is
-- still dispatched that day (minutes after midnight on the store's clock, Australia/Melbourne), and the state whose
-- public holidays stop dispatch and delivery (kernel/au-holidays.ts). One row, store-wide: the shop dispatches from one
-- warehouse; the rates keep their own transit days (shipping_methods.delivery_days_min/max). A table of its own, as
-- every addition since decision 0032, edited on the console's Shipping page.
CREATE TABLE dispatch_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  cutoff_minutes INTEGER NOT NULL CHECK (cutoff_minutes BETWEEN 0 AND 1439),
  state TEXT NOT NULL CHECK (state IN ('VIC', 'NSW', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'))
);
-- 14:00 in Victoria: the shop's warehouse is in Melbourne, and couriers collect mid-afternoon
INSERT INTO dispatch_settings (id, cutoff_minutes, state) VALUES (1, 840, 'VIC');

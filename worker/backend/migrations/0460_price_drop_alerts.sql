-- Price-drop emails for wished items (issue 44 point 4; decision 0080). A wishlist's owner is a member, so their
-- price is the lower of the price and the Club Price. When a wished size's AUD price for a member falls (a sale price,
-- a lower price or a new Club Price below it), the trigger below records the drop, whichever writer changed it (the
-- console's forms and the CSV import all write through worker/backend/catalogue/product-write.ts, which upserts
-- `prices`: an upsert's DO UPDATE fires UPDATE triggers). worker/backend/services/stock-alerts.ts mails each owner
-- once per drop and item (outbox event key `price-drop:<drop id>:<user id>`) and marks the drop sent.
CREATE TABLE price_drops (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  variant_id INTEGER NOT NULL REFERENCES variants(id),
  old_cents INTEGER NOT NULL,
  new_cents INTEGER NOT NULL,
  -- 1 when the new price is the Club Price (below the price a guest pays)
  club INTEGER NOT NULL CHECK (club IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at TEXT
);
CREATE INDEX price_drops_due ON price_drops (id) WHERE sent_at IS NULL;

-- The account's switch (account preferences, the emails' one-click unsubscribe); on unless switched off.
ALTER TABLE users ADD COLUMN price_drop_emails INTEGER NOT NULL DEFAULT 1 CHECK (price_drop_emails IN (0, 1));

-- Only sizes someone wished are recorded (an import of 50,000 prices writes nothing here otherwise).
CREATE TRIGGER price_drops_recorded AFTER UPDATE OF amount_cents, member_cents ON prices
WHEN NEW.currency = 'AUD'
  AND MIN(NEW.amount_cents, COALESCE(NEW.member_cents, NEW.amount_cents)) < MIN(OLD.amount_cents, COALESCE(OLD.member_cents, OLD.amount_cents))
  AND EXISTS (SELECT 1 FROM wished_items WHERE variant_id = NEW.variant_id)
BEGIN
  INSERT INTO price_drops (variant_id, old_cents, new_cents, club)
  VALUES (NEW.variant_id, MIN(OLD.amount_cents, COALESCE(OLD.member_cents, OLD.amount_cents)),
          MIN(NEW.amount_cents, COALESCE(NEW.member_cents, NEW.amount_cents)),
          COALESCE(NEW.member_cents, NEW.amount_cents) < NEW.amount_cents);
END;

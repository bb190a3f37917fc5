-- Issue 45 point 2 (decision 0081): a variant marked as a deal in the console has its stock held by a Durable Object
-- (worker/backend/commerce/deal-stock.ts) that reserves units for carts; D1's stock_on_hand stays the record.
ALTER TABLE variants ADD COLUMN deal INTEGER NOT NULL DEFAULT 0 CHECK (deal IN (0, 1));

-- A member's choice on the payment step to keep a new card for next time (docs/checkout.md 'Saving a card'). The
-- Storefront API's default stays Spree's (a member's new card is kept); the store's own form sends the choice.
ALTER TABLE payments ADD COLUMN save_card INTEGER NOT NULL DEFAULT 1 CHECK (save_card IN (0, 1));

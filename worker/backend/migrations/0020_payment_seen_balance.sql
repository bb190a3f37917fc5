-- A shopper is never charged more than they were shown (issue 7). A gift card or store credit payment remembers
-- the balance it had when it was attached to the checkout; if that balance has dropped by completion (another
-- order spent it), the completion is refused with 409 instead of letting the card pay the difference.
ALTER TABLE payments ADD COLUMN seen_balance_cents INTEGER;

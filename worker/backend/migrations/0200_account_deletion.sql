-- Account deletion (docs/account.md): completed orders are kept for the tax records with their personal data removed;
-- this says when, so an operator sees why an order has no customer, email or street address.
ALTER TABLE orders ADD COLUMN customer_deleted_at TEXT;

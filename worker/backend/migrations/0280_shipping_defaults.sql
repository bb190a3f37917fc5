-- Shipping defaults (issue 42, docs/checkout.md 'Which rate is chosen'): each method says whether it is a pickup (it
-- never delivers, so it is never chosen for the shopper) and how many business days it usually takes, which the
-- checkout shows beside the rate ('usually arrives in 2–5 business days').
ALTER TABLE shipping_methods ADD COLUMN pickup INTEGER NOT NULL DEFAULT 0 CHECK (pickup IN (0, 1));
ALTER TABLE shipping_methods ADD COLUMN delivery_days_min INTEGER CHECK (delivery_days_min IS NULL OR delivery_days_min >= 0);
ALTER TABLE shipping_methods ADD COLUMN delivery_days_max INTEGER CHECK (delivery_days_max IS NULL OR delivery_days_max >= delivery_days_min);
UPDATE shipping_methods SET pickup = 1, delivery_days_min = 1, delivery_days_max = 2 WHERE code = 'click_collect';
UPDATE shipping_methods SET delivery_days_min = 2, delivery_days_max = 6 WHERE code = 'standard';
UPDATE shipping_methods SET delivery_days_min = 1, delivery_days_max = 3 WHERE code = 'express';
UPDATE shipping_methods SET delivery_days_min = 5, delivery_days_max = 10 WHERE code = 'intl_standard_nz';
UPDATE shipping_methods SET delivery_days_min = 2, delivery_days_max = 5 WHERE code = 'intl_express_nz';
UPDATE shipping_methods SET delivery_days_min = 7, delivery_days_max = 14 WHERE code IN ('intl_standard_us', 'intl_standard_gb');
UPDATE shipping_methods SET delivery_days_min = 3, delivery_days_max = 6 WHERE code IN ('intl_express_us', 'intl_express_gb');
UPDATE shipping_methods SET delivery_days_min = 8, delivery_days_max = 15 WHERE code = 'intl_standard_eu';
UPDATE shipping_methods SET delivery_days_min = 4, delivery_days_max = 7 WHERE code = 'intl_express_eu';

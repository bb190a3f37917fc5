-- Delivery abroad (docs/checkout.md 'Delivery abroad'): Standard and Express become Australian methods, and each zone
-- abroad (New Zealand, United States, United Kingdom, the EU) gets its own two rates. Prices abroad are what the
-- shopper pays: an export carries no Australian GST, on the goods or on the shipping.
UPDATE shipping_methods SET countries = 'AU' WHERE id IN (1, 2) AND countries IS NULL;
INSERT OR IGNORE INTO shipping_methods (id, name, code, cost_aud_cents, cost_usd_cents, free_over_aud_cents, free_over_usd_cents, countries) VALUES
  (10, 'International Standard', 'intl_standard_nz', 1995, 1295, 25000, 16500, 'NZ'),
  (11, 'International Express', 'intl_express_nz', 3495, 2295, NULL, NULL, 'NZ'),
  (12, 'International Standard', 'intl_standard_us', 2995, 1995, 40000, 26500, 'US'),
  (13, 'International Express', 'intl_express_us', 5995, 3995, NULL, NULL, 'US'),
  (14, 'International Standard', 'intl_standard_gb', 3495, 2295, 40000, 26500, 'GB'),
  (15, 'International Express', 'intl_express_gb', 6495, 4295, NULL, NULL, 'GB'),
  (16, 'International Standard', 'intl_standard_eu', 3995, 2595, 40000, 26500, 'AT,BE,BG,CY,CZ,DE,DK,EE,ES,FI,FR,GR,HR,HU,IE,IT,LT,LU,LV,MT,NL,PL,PT,RO,SE,SI,SK'),
  (17, 'International Express', 'intl_express_eu', 6995, 4595, NULL, NULL, 'AT,BE,BG,CY,CZ,DE,DK,EE,ES,FI,FR,GR,HR,HU,IE,IT,LT,LU,LV,MT,NL,PL,PT,RO,SE,SI,SK');

-- Wallets and pay-later (issue 44 point 2; decision 0079). They are taken by the card provider like a card, so their
-- payment stays `method = 'card'` (refunds, webhooks and the console's figures treat it as one); `kind` says how the
-- shopper paid, and `kind_name` which one (Stripe's wallet or payment method type: apple_pay, google_pay,
-- afterpay_clearpay, zip; the test gateway's test_wallet, test_pay_later), for the order's pages, emails and console.
ALTER TABLE payments ADD COLUMN kind TEXT NOT NULL DEFAULT 'card' CHECK (kind IN ('card', 'wallet', 'pay_later'));
ALTER TABLE payments ADD COLUMN kind_name TEXT;

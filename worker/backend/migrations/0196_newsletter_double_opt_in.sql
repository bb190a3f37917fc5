-- Newsletter double opt-in (issue 13 item 3; docs/operations.md 'Newsletter'). `subscribed = 1` only once the
-- address's owner confirmed through the emailed link; until then the row waits with the link's token (SHA-256).
ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN token_hash TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
-- the rate limit of confirmation mails per address: when the last one went, and how many in the current day
ALTER TABLE newsletter_subscribers ADD COLUMN confirm_sent_at TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN confirm_sends INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX newsletter_subscribers_token ON newsletter_subscribers (token_hash) WHERE token_hash IS NOT NULL;
-- Addresses subscribed before double opt-in keep their subscription (they asked for it under the old form).
UPDATE newsletter_subscribers SET confirmed_at = updated_at WHERE subscribed = 1;

-- Mail delivery through Cloudflare Queues (issue 13; docs/operations.md "Mail"). The outbox row stays the one record
-- of a message: what it says (kind + payload, rendered when sent), when it is due, and what became of it.
ALTER TABLE outbox ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
-- what the template renders (JSON); subject and body (the plain-text part) are written with it
ALTER TABLE outbox ADD COLUMN payload TEXT;
-- what the message is about (an order number), so it can be found and sent again
ALTER TABLE outbox ADD COLUMN ref TEXT;
ALTER TABLE outbox ADD COLUMN reply_to TEXT;
-- not before this instant (a gift card's delivery date); NULL = at once
ALTER TABLE outbox ADD COLUMN due_at TEXT;
-- last put on the queue (or seen by its consumer): the sweep re-enqueues rows quiet for too long
ALTER TABLE outbox ADD COLUMN enqueued_at TEXT;
-- a consumer is sending it now (a second delivery of the same message waits rather than sends)
ALTER TABLE outbox ADD COLUMN claimed_at TEXT;
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
-- the mail API's id of the sent email ('outbox' when only written to the local outbox)
ALTER TABLE outbox ADD COLUMN provider_id TEXT;
ALTER TABLE outbox ADD COLUMN last_error TEXT;
-- given up on (dead-letter queue, or refused by the mail API as invalid)
ALTER TABLE outbox ADD COLUMN dead_at TEXT;
CREATE INDEX outbox_undelivered ON outbox(id) WHERE sent_at IS NULL AND dead_at IS NULL;
CREATE INDEX outbox_ref ON outbox(ref) WHERE ref IS NOT NULL;

-- A gift card line's delivery date (YYYY-MM-DD in the store's time zone); NULL = when the order is placed.
ALTER TABLE line_items ADD COLUMN gift_deliver_on TEXT;
ALTER TABLE gift_cards ADD COLUMN deliver_on TEXT;

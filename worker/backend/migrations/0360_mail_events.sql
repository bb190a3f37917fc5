-- Notifications (issue 41 point 5; docs/operations.md "Mail").
-- Each email about one event is written once: `event_key` names the event ('return:12:approved', 'gift_card:34:issued',
-- 'store_credit:<form>'), and a second row for the same event is not written (the change that caused it is guarded
-- on its own; this keeps its email single even if two paths write it).
ALTER TABLE outbox ADD COLUMN event_key TEXT;
CREATE UNIQUE INDEX outbox_event_key ON outbox(event_key) WHERE event_key IS NOT NULL;
-- A mail that failed for good (dead_at), sent again from the console's failed-mail page: the new row names the one it
-- replaces, at most once (a double click or a second operator resends nothing more).
ALTER TABLE outbox ADD COLUMN resent_from INTEGER;
CREATE UNIQUE INDEX outbox_resent_from ON outbox(resent_from) WHERE resent_from IS NOT NULL;
CREATE INDEX outbox_dead ON outbox(dead_at) WHERE dead_at IS NOT NULL;

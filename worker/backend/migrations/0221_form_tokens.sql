-- A console form that gives out money is used once (docs/operations.md 'Operator console: a form is sent once'):
-- sending it writes `form:<its one-time key>` into refund_claims (the primary key refuses a second sending) with the
-- console page that shows what it made, so the operator who sends the same form again is told where to look.
ALTER TABLE refund_claims ADD COLUMN done_path TEXT;

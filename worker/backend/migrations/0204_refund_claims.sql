-- A refund is claimed in D1 before the card provider is asked (issue 14; docs/operations.md 'Operator console'):
-- two operators refunding the same line, or deciding the same return, in the same second both reach the provider
-- otherwise. The primary key lets one INSERT win; the other is told someone else is on it. A provider refusal deletes
-- the claim (nothing moved); a claim whose refund went through stays, so the same thing is never refunded twice.
CREATE TABLE refund_claims (
  subject TEXT PRIMARY KEY,
  admin_email TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Issue 38: a lockout an attacker cannot cause (docs/decisions/0004-login-throttling.md, docs/security.md).
-- The addresses an account last logged in from (90 days): guesses from elsewhere are slowed after several wrong
-- passwords, these never. Stored as an HMAC of user and address under a key derived from the pepper, not the address.
CREATE TABLE login_addresses (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address_hash TEXT NOT NULL,
  last_login_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, address_hash)
) WITHOUT ROWID;

-- The console's re-confirmations have their own budget, per session: too many wrong ones end that session.
ALTER TABLE admin_sessions ADD COLUMN reconfirm_failures INTEGER NOT NULL DEFAULT 0;

-- The audit log is append-only (docs/security.md 'Audit log'): D1 refuses to change or delete an entry, whoever asks,
-- so the record of who changed what cannot be edited afterwards (a bug, or someone covering their tracks with SQL).
-- Nothing in the store updates or deletes it: account deletion leaves it as it is (docs/account.md). A table rebuild
-- (DROP TABLE) is not refused; a migration that rebuilds audit_log must put these triggers back.
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit log entries cannot be changed');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit log entries cannot be deleted');
END;

-- Product CSV imports from the console (issue 14 item 4; docs/operations.md 'Operator console: catalogue').
-- A dry run stores every parsed row with what it would do; applying works through the rows in chunks (a queue
-- message per chunk), marking each row applied in the same D1 batch as its change, so a chunk delivered twice or a
-- resumed import never applies a row twice.
CREATE TABLE import_jobs (
  id INTEGER PRIMARY KEY,
  admin_user_id INTEGER NOT NULL REFERENCES users(id),
  admin_email TEXT NOT NULL,
  filename TEXT NOT NULL,
  -- 'checked' (dry run done), 'applying', 'done'
  status TEXT NOT NULL DEFAULT 'checked' CHECK (status IN ('checked', 'applying', 'done')),
  total_rows INTEGER NOT NULL DEFAULT 0,
  new_rows INTEGER NOT NULL DEFAULT 0,
  changed_rows INTEGER NOT NULL DEFAULT 0,
  unchanged_rows INTEGER NOT NULL DEFAULT 0,
  error_rows INTEGER NOT NULL DEFAULT 0,
  applied_rows INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE import_rows (
  job_id INTEGER NOT NULL REFERENCES import_jobs(id) ON DELETE CASCADE,
  -- the line of the CSV file (the header is line 1)
  line INTEGER NOT NULL,
  slug TEXT,
  outcome TEXT NOT NULL CHECK (outcome IN ('new', 'changed', 'unchanged', 'error')),
  -- the validated row (JSON) for new and changed rows; what was wrong for errors; the changed columns
  data_json TEXT,
  message TEXT,
  applied INTEGER NOT NULL DEFAULT 0 CHECK (applied IN (0, 1)),
  PRIMARY KEY (job_id, line)
) WITHOUT ROWID;
CREATE INDEX import_rows_pending ON import_rows (job_id, applied, line);

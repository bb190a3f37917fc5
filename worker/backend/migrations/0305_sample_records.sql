-- The sample catalogue (issue 40 point 2, decision 0030): which rows the sample load wrote, so that one step can remove
-- them again and leave the shop's own rows and the reference data (countries, legal pages, menus) alone.
CREATE TABLE sample_records (
  table_name TEXT NOT NULL,
  row_id INTEGER NOT NULL,
  PRIMARY KEY (table_name, row_id)
) WITHOUT ROWID;

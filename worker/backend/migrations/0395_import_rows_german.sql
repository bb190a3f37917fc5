-- The product CSV dry run says each line's outcome in German too (issue 40 point 3; docs/console.md 'Products with
-- options'): the import page shows it below the English sentence. NULL for lines only said in English.
ALTER TABLE import_rows ADD COLUMN message_de TEXT;

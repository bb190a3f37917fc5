-- Why an import stopped (docs/operations.md 'Product CSV'): the last chunk that could not be applied and the error,
-- shown on the import's page while it is 'applying' so a stuck import says so; cleared when a chunk lands or on Resume.
ALTER TABLE import_jobs ADD COLUMN failure TEXT;

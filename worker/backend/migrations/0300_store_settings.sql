-- Store settings edited in the console (issue 40 item 1): the shop's facts that lived in code (kernel/brand.ts) join
-- the store row, so nothing about one shop is left in code. New columns default to empty (an empty store fills them
-- in on the Settings page); a store that has its row gets today's brand where the row has nothing yet.
ALTER TABLE store ADD COLUMN legal_name TEXT NOT NULL DEFAULT '';
ALTER TABLE store ADD COLUMN abn TEXT NOT NULL DEFAULT '';
ALTER TABLE store ADD COLUMN return_address TEXT NOT NULL DEFAULT '';
ALTER TABLE store ADD COLUMN logo_url TEXT NOT NULL DEFAULT '';
ALTER TABLE store ADD COLUMN description_de TEXT;

-- The brand's legal name and ABN (the ABN the code had, 12 345 678 901, fails the register's check digit: the sample
-- shop uses the ATO's published example number instead), and returns go to the shop's own address.
UPDATE store SET
  legal_name = CASE WHEN legal_name = '' THEN 'Basecamp Outfitters Pty Ltd' ELSE legal_name END,
  abn = CASE WHEN abn = '' THEN '51 824 753 556' ELSE abn END,
  return_address = CASE WHEN return_address = '' THEN COALESCE(address, '') ELSE return_address END
WHERE id = 1 AND name = 'Basecamp Outfitters';

-- The sample seed wrote the developer's own address ('localhost:8787') as the store's URL, and it won over the real
-- origin: every email of a seeded production store linked to localhost. A local address is no store's public URL.
UPDATE store SET url = ''
WHERE id = 1 AND (url LIKE 'localhost%' OR url LIKE '127.0.0.1%' OR url LIKE 'http://localhost%' OR url LIKE 'http://127.0.0.1%' OR url LIKE 'https://localhost%');

-- Issue 32, part 3: the filing receipt ("Accusé de dépôt de dossier"), a PDF made by a job once a case is submitted,
-- stored encrypted through the storage gateway. Its SHA-256 is kept so that a copy can be checked later. One per
-- case; it goes with its file when the file is deleted (account deletion sweep) and with the case (purge).
CREATE TABLE case_filing_receipts (
  case_id uuid PRIMARY KEY REFERENCES cases (id) ON DELETE CASCADE,
  file_id uuid NOT NULL UNIQUE REFERENCES stored_files (id) ON DELETE CASCADE,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  generated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- The confirmation e-mail of a submission now carries the receipt.
UPDATE email_templates
SET body = replace(
  body,
  E'dès qu''il lui sera confié.\n\n',
  E'dès qu''il lui sera confié.\n\nL''accusé de dépôt de votre dossier est joint à cet e-mail (PDF)\u202f: gardez-le, il prouve la date de votre dépôt et l''empreinte de chacune de vos preuves.\n\n'
)
WHERE key = 'dossier-soumis';

-- Cases submitted before this migration get their receipt too, without an e-mail (they were told at the time).
-- Closed cases are left alone (an account deleted since, say).
INSERT INTO jobs (kind, payload)
SELECT 'case-file.filing-receipt', jsonb_build_object('caseId', id::text, 'notify', false)
FROM cases
WHERE status NOT IN ('draft', 'closed');

-- Evidence files on a case (issue 15): each a stored (encrypted) file owned by the case's client, with the spec's
-- evidence category, a one-line description and the SHA-256 of the bytes as the client sent them (images are
-- re-encoded by the upload pipeline, so the stored copy of a photo differs from the original the client keeps).
CREATE TABLE case_evidence (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  stored_file_id uuid NOT NULL UNIQUE REFERENCES stored_files (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('payment_receipts', 'conversation_screenshots', 'email_exchanges',
    'bank_statements', 'recipient_iban', 'contracts_documents')),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 200 AND description !~ '[[:cntrl:]]'),
  original_sha256 bytea NOT NULL CHECK (length(original_sha256) = 32),
  uploaded_by text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_evidence_case_idx ON case_evidence (case_id, created_at, id);

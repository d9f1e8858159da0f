-- Identity documents are stored files (issue 11): each row points at the encrypted object of its upload. The legacy
-- file columns stay filled (name, size and type copied from stored_files, file_path = the stored file's id).
ALTER TABLE identity_verification_documents
  ADD COLUMN stored_file_id uuid UNIQUE REFERENCES stored_files (id) ON DELETE CASCADE,
  -- Which proof of address was sent (step 4 only).
  ADD COLUMN proof_type text CHECK (proof_type IN ('facture_eau', 'facture_electricite', 'facture_gaz', 'avis_imposition', 'releve_bancaire')),
  -- The form's one-time key: a double-click on submit stores one set.
  ADD COLUMN submission_id uuid,
  DROP CONSTRAINT identity_verification_documents_mime_type_check,
  ADD CONSTRAINT identity_verification_documents_mime_type_check
    CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/heic', 'image/heif', 'application/pdf')),
  ADD CHECK (proof_type IS NULL OR step_number = 4);
CREATE INDEX identity_documents_submission_idx ON identity_verification_documents (user_id, submission_id)
  WHERE submission_id IS NOT NULL;
CREATE INDEX identity_documents_group_idx ON identity_verification_documents (user_id, document_type, step_number)
  WHERE NOT obsolete;

-- Every review of identity documents by staff: who, whose documents, which, when, outcome and reason.
-- Append-only: no update or delete, even by the application. No foreign keys, so the record outlives the accounts.
CREATE TABLE identity_review_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reviewer_id text NOT NULL,
  reviewer_email text NOT NULL,
  subject_user_id text NOT NULL,
  step_number smallint NOT NULL CHECK (step_number IN (2, 3, 4)),
  document_type text NOT NULL,
  document_ids uuid[] NOT NULL CHECK (cardinality(document_ids) > 0),
  outcome text NOT NULL CHECK (outcome IN ('approved', 'rejected')),
  reason text CHECK (length(reason) <= 1000),
  -- Whether this approval completed the verification.
  identity_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (outcome = 'approved' OR reason IS NOT NULL)
);
CREATE INDEX identity_review_audit_subject_idx ON identity_review_audit (subject_user_id, created_at DESC);
CREATE INDEX identity_review_audit_reviewer_idx ON identity_review_audit (reviewer_id, created_at DESC);

CREATE FUNCTION identity_review_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'identity_review_audit est en ajout seul' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER identity_review_audit_no_change BEFORE UPDATE OR DELETE ON identity_review_audit
  FOR EACH ROW EXECUTE FUNCTION identity_review_audit_append_only();
CREATE TRIGGER identity_review_audit_no_truncate BEFORE TRUNCATE ON identity_review_audit
  FOR EACH STATEMENT EXECUTE FUNCTION identity_review_audit_append_only();

-- Retention jobs (issue 16, decision 0044).
-- A stored file due for deletion is first marked here, in the transaction that detaches it from its record; the
-- sweep then deletes its object and only after that its row. A run killed halfway leaves marked rows, swept by
-- the next run: never an object without a row, never a row deleted twice.
ALTER TABLE stored_files ADD COLUMN deletion_requested_at timestamptz;
CREATE INDEX stored_files_deletion_requested_idx ON stored_files (deletion_requested_at) WHERE deletion_requested_at IS NOT NULL;

-- The review outcome and reviewer of an identity document stay; its file goes once the retention period is over.
ALTER TABLE identity_verification_documents ADD COLUMN file_deleted_at timestamptz;
CREATE INDEX identity_documents_retention_idx ON identity_verification_documents (reviewed_at)
  WHERE stored_file_id IS NOT NULL;

-- An email's body is erased after a year; recipient, subject, date and status stay in the log.
ALTER TABLE email_logs ADD COLUMN body_deleted_at timestamptz;

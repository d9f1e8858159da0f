-- Upload quotas (decision 62): each file a person uploads names the quota bucket it counts in — 'identity' (the
-- identity documents) or 'case:<case id>' (that case's chat attachments and evidence together). Files the service
-- makes itself (data exports) have none and count in no quota.
ALTER TABLE stored_files ADD COLUMN upload_scope text
  CHECK (upload_scope = 'identity' OR upload_scope ~ '^case:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');

UPDATE stored_files f SET upload_scope = 'identity'
  FROM identity_verification_documents d WHERE d.stored_file_id = f.id;
UPDATE stored_files f SET upload_scope = 'case:' || e.case_id
  FROM case_evidence e WHERE e.stored_file_id = f.id;
UPDATE stored_files f SET upload_scope = 'case:' || m.case_id
  FROM case_chat_messages m WHERE m.file_id = f.id;

-- What one person holds in one bucket (the daily sum reads stored_files_owner_idx by time).
CREATE INDEX stored_files_upload_scope_idx ON stored_files (owner_id, upload_scope) WHERE upload_scope IS NOT NULL;

-- The review console lists groups of identity documents (same person, type, step and upload day in Paris time,
-- spec admin §2). Grouping 30 000 documents on every page view cost ~420 ms at 10 000 pending groups: the group
-- key is now stored on each document, and one row per group is kept up to date by the database, so the list is a
-- keyset scan of an index (pending first, newest upload, then the newest document's id).
ALTER TABLE identity_verification_documents
  ADD COLUMN group_day date GENERATED ALWAYS AS ((uploaded_at AT TIME ZONE 'Europe/Paris')::date) STORED;
CREATE INDEX identity_documents_group_key_idx ON identity_verification_documents (user_id, document_type, step_number, group_day)
  WHERE NOT obsolete;

CREATE TABLE identity_document_groups (
  user_id text NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  document_type text NOT NULL,
  step_number smallint NOT NULL,
  group_day date NOT NULL,
  -- pending if any document of the group is, else rejected if any is, else approved.
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  pending boolean NOT NULL,
  last_upload timestamptz NOT NULL,
  -- The newest document: identifies the group in links and forms.
  anchor_id uuid NOT NULL,
  -- The documents' file names, for the search.
  file_names text NOT NULL,
  PRIMARY KEY (user_id, document_type, step_number, group_day)
);
CREATE INDEX identity_document_groups_list_idx ON identity_document_groups (pending DESC, last_upload DESC, anchor_id DESC);
CREATE INDEX identity_document_groups_status_idx ON identity_document_groups (status, last_upload DESC, anchor_id DESC);

CREATE FUNCTION identity_document_group_refresh(p_user text, p_type text, p_step smallint, p_day date) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM identity_verification_documents d
    WHERE d.user_id = p_user AND d.document_type = p_type AND d.step_number = p_step AND d.group_day = p_day AND NOT d.obsolete
  ) THEN
    DELETE FROM identity_document_groups g
    WHERE g.user_id = p_user AND g.document_type = p_type AND g.step_number = p_step AND g.group_day = p_day;
    RETURN;
  END IF;
  INSERT INTO identity_document_groups AS g (user_id, document_type, step_number, group_day, status, pending, last_upload, anchor_id, file_names)
  SELECT p_user, p_type, p_step, p_day,
    CASE WHEN bool_or(d.status = 'pending') THEN 'pending' WHEN bool_or(d.status = 'rejected') THEN 'rejected' ELSE 'approved' END,
    bool_or(d.status = 'pending'),
    max(d.uploaded_at),
    (array_agg(d.id ORDER BY d.uploaded_at DESC, d.id))[1],
    string_agg(d.file_name, ' ' ORDER BY d.uploaded_at, d.id)
  FROM identity_verification_documents d
  WHERE d.user_id = p_user AND d.document_type = p_type AND d.step_number = p_step AND d.group_day = p_day AND NOT d.obsolete
  ON CONFLICT (user_id, document_type, step_number, group_day) DO UPDATE SET
    status = excluded.status, pending = excluded.pending, last_upload = excluded.last_upload,
    anchor_id = excluded.anchor_id, file_names = excluded.file_names;
END;
$$;

CREATE FUNCTION identity_document_groups_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM identity_document_group_refresh(OLD.user_id, OLD.document_type, OLD.step_number, OLD.group_day);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR (OLD.user_id, OLD.document_type, OLD.step_number, OLD.group_day)
      IS DISTINCT FROM (NEW.user_id, NEW.document_type, NEW.step_number, NEW.group_day)) THEN
    PERFORM identity_document_group_refresh(NEW.user_id, NEW.document_type, NEW.step_number, NEW.group_day);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER identity_document_groups_sync AFTER INSERT OR UPDATE OR DELETE ON identity_verification_documents
  FOR EACH ROW EXECUTE FUNCTION identity_document_groups_sync();

INSERT INTO identity_document_groups (user_id, document_type, step_number, group_day, status, pending, last_upload, anchor_id, file_names)
SELECT d.user_id, d.document_type, d.step_number, d.group_day,
  CASE WHEN bool_or(d.status = 'pending') THEN 'pending' WHEN bool_or(d.status = 'rejected') THEN 'rejected' ELSE 'approved' END,
  bool_or(d.status = 'pending'),
  max(d.uploaded_at),
  (array_agg(d.id ORDER BY d.uploaded_at DESC, d.id))[1],
  string_agg(d.file_name, ' ' ORDER BY d.uploaded_at, d.id)
FROM identity_verification_documents d
WHERE NOT d.obsolete
GROUP BY d.user_id, d.document_type, d.step_number, d.group_day;

-- The console's search: people by email, first name, last name or full name (trigram indexes), groups by file name.
CREATE INDEX profiles_full_name_trgm_idx ON profiles USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
CREATE INDEX identity_document_groups_file_names_trgm_idx ON identity_document_groups USING gin (file_names gin_trgm_ops);

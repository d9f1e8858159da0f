-- The back-office (issue 14): one journal for every staff action, lawyers' bar details, the indexes of the admin
-- lists' keyset pages, and system email templates that cannot be deleted.

-- The two journals that came before staff_audit_log, moved into it (they stay, append-only, for history).
INSERT INTO staff_audit_log (actor_id, actor_email, action, target_type, target_id, client_address, before, after, created_at)
SELECT a.actor_id,
       coalesce(p.email, ''),
       'user.' || a.action,
       'user',
       a.target_id,
       a.client_address,
       NULL,
       jsonb_build_object('source', 'account_security_actions'),
       a.created_at
FROM account_security_actions a
LEFT JOIN profiles p ON p.id = a.actor_id
ORDER BY a.id;

INSERT INTO staff_audit_log (actor_id, actor_email, action, target_type, target_id, client_address, before, after, created_at)
SELECT r.reviewer_id,
       r.reviewer_email,
       'document.' || r.outcome,
       'document-group',
       r.document_ids[1]::text,
       '',
       jsonb_build_object('status', 'pending'),
       jsonb_strip_nulls(jsonb_build_object(
         'status', r.outcome,
         'userId', r.subject_user_id,
         'step', r.step_number,
         'documentType', r.document_type,
         'documentIds', to_jsonb(r.document_ids),
         'reason', r.reason,
         'identityVerified', r.identity_verified,
         'source', 'identity_review_audit')),
       r.created_at
FROM identity_review_audit r
WHERE NOT EXISTS (
  SELECT 1 FROM staff_audit_log s
  WHERE s.actor_id = r.reviewer_id AND s.action = 'document.' || r.outcome AND s.created_at = r.created_at
)
ORDER BY r.id;

-- The journal's actor filter: a whole address (exact, newest first) or a part of one (trigram).
CREATE INDEX staff_audit_log_actor_email_idx ON staff_audit_log (lower(actor_email), created_at DESC, id DESC);
CREATE INDEX staff_audit_log_actor_email_trgm_idx ON staff_audit_log USING gin (actor_email gin_trgm_ops);

-- A lawyer's bar ('barreau') and registration number, shown to their clients so they can check them.
ALTER TABLE profiles
  ADD COLUMN bar_name text CHECK (length(btrim(bar_name)) BETWEEN 1 AND 100),
  ADD COLUMN bar_number text CHECK (bar_number ~ '^[A-Za-z0-9/ .-]{1,30}$');

-- Keyset pages: newest first, ties broken by id.
CREATE INDEX profiles_created_at_id_idx ON profiles (created_at DESC, id DESC);
CREATE INDEX profiles_role_created_at_id_idx ON profiles (role, created_at DESC, id DESC);
CREATE INDEX profiles_verified_created_at_id_idx ON profiles (identity_verified, created_at DESC, id DESC);
CREATE INDEX profiles_lawyers_name_idx ON profiles (last_name, first_name, id) WHERE role = 'lawyer';
-- A lawyer's active cases, counted from the index alone.
CREATE INDEX cases_active_by_lawyer_idx ON cases (assigned_lawyer_id) WHERE status <> 'closed';
CREATE INDEX email_logs_sent_at_id_idx ON email_logs (sent_at DESC, id DESC);
CREATE INDEX email_logs_failed_idx ON email_logs (sent_at DESC) WHERE status = 'failed';
-- "Envoyés aujourd'hui": counted from the index alone.
CREATE INDEX email_logs_sent_idx ON email_logs (sent_at) WHERE status = 'sent';

-- The templates the app sends (those with a key) can be edited, never deleted: the database refuses it too.
CREATE FUNCTION email_templates_keep_system() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.key IS NOT NULL THEN
    RAISE EXCEPTION 'le modèle système % ne peut pas être supprimé', OLD.key USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.key IS DISTINCT FROM OLD.key THEN
    RAISE EXCEPTION 'la clé d''un modèle ne change pas' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
CREATE TRIGGER email_templates_keep_system_delete BEFORE DELETE ON email_templates
  FOR EACH ROW EXECUTE FUNCTION email_templates_keep_system();
CREATE TRIGGER email_templates_keep_system_key BEFORE UPDATE OF key ON email_templates
  FOR EACH ROW EXECUTE FUNCTION email_templates_keep_system();

-- Issue 16, items 2 and 5 (decision 0045).
--
-- 'Télécharger mes données': one row per export a person asked for. The ZIP itself is a stored file (encrypted like
-- every upload, so key rotation, the janitor and the retention sweep know it); the emailed link's token is stored
-- only as its SHA-256, and opens the export once, for this person, until expires_at.
CREATE TABLE data_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'ready', 'failed')),
  requested_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  expires_at timestamptz,
  stored_file_id uuid UNIQUE REFERENCES stored_files (id) ON DELETE SET NULL,
  size_bytes bigint CHECK (size_bytes > 0),
  token_hash bytea UNIQUE CHECK (length(token_hash) = 32),
  downloaded_at timestamptz,
  CHECK (status <> 'ready' OR (ready_at IS NOT NULL AND expires_at IS NOT NULL))
);
-- The page's status, and the once-a-day limit, read the person's newest request.
CREATE INDEX data_exports_user_idx ON data_exports (user_id, requested_at DESC);

-- The ZIP is a stored file: allow its type, and its size above the 30 MB upload limit (an export holds every file).
ALTER TABLE stored_files DROP CONSTRAINT stored_files_media_type_check;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_media_type_check
  CHECK (media_type IN ('image/jpeg', 'image/png', 'image/heic', 'image/heif', 'application/pdf', 'application/zip'));
ALTER TABLE stored_files DROP CONSTRAINT stored_files_size_bytes_check;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_size_bytes_check
  CHECK (size_bytes > 0 AND (size_bytes <= 31457280 OR media_type = 'application/zip'));

-- 'Qui a consulté mes données': staff reads of a person's data name that person in after->>'subjectUserId'. One
-- partial expression index serves the person's list, newest first, in keyset pages.
CREATE INDEX staff_audit_log_subject_reads_idx ON staff_audit_log ((after ->> 'subjectUserId'), created_at DESC, id DESC)
  WHERE action IN ('document.viewed', 'evidence.viewed', 'case.pack-generated', 'case.viewed', 'profile.sensitive-viewed');

-- The email that brings the export's link (made by the email job at send time, decision 17).
INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'export-donnees-pret',
  'Export de vos données prêt',
  'Vos données Recours sont prêtes à télécharger',
  E'Bonjour {{prenom}},\n\nL''export de vos données que vous avez demandé est prêt. Ouvrez ce lien depuis votre compte Recours pour le télécharger :\n\n{{lien}}\n\nLe lien fonctionne une seule fois, jusqu''au {{date_expiration}}, et uniquement une fois connecté(e) à votre compte. Le fichier contient vos documents d''identité : enregistrez-le dans un endroit sûr.\n\nSi vous n''avez pas demandé cet export, changez votre mot de passe et écrivez-nous.',
  ARRAY['prenom', 'lien', 'date_expiration']
);

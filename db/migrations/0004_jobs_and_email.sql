-- The durable job queue: every side effect that leaves the process (email today) is a row here, inserted in the
-- same transaction as the change that causes it, and run by a worker that claims rows with FOR UPDATE SKIP LOCKED.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 100),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 8 CHECK (max_attempts BETWEEN 1 AND 100),
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_ready ON jobs (run_at, id) WHERE status = 'queued';
CREATE INDEX jobs_leased ON jobs (locked_until) WHERE status = 'running';
CREATE TRIGGER jobs_updated_at BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- One log row per email job: failed while retrying, then sent. Its unique job_id is what keeps a re-run of a job
-- from sending the same mail twice.
ALTER TABLE email_logs
  ADD COLUMN job_id bigint UNIQUE REFERENCES jobs (id) ON DELETE SET NULL,
  ADD COLUMN attempts integer NOT NULL DEFAULT 1,
  ADD COLUMN transport text NOT NULL DEFAULT 'smtp' CHECK (transport IN ('smtp', 'development'));
CREATE INDEX email_logs_sent_at ON email_logs (sent_at DESC);

-- Templates the platform sends itself carry a key; administrators may edit their subject and body.
ALTER TABLE email_templates ADD COLUMN key text UNIQUE CHECK (key ~ '^[a-z0-9-]+$');

INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'confirmation-email',
  'Confirmation de l''adresse email',
  'Confirmez votre adresse email',
  E'Bonjour {{prenom}},\n\nMerci de votre inscription sur Recours. Pour ouvrir votre espace, confirmez votre adresse email avec ce lien :\n\n{{lien}}\n\nCe lien est valable 24 heures. Si vous n''êtes pas à l''origine de cette inscription, ignorez ce message : aucun compte ne sera activé.',
  ARRAY['prenom', 'lien']
),
(
  'reinitialisation-mot-de-passe',
  'Réinitialisation du mot de passe',
  'Choisissez un nouveau mot de passe',
  E'Bonjour {{prenom}},\n\nVous avez demandé à changer le mot de passe de votre espace Recours. Choisissez-en un nouveau avec ce lien :\n\n{{lien}}\n\nCe lien est valable une heure et ne sert qu''une seule fois. Si vous n''avez rien demandé, ignorez ce message : votre mot de passe ne change pas.',
  ARRAY['prenom', 'lien']
),
(
  'identite-verifiee',
  'Identité vérifiée',
  'Votre identité est vérifiée',
  E'Bonjour {{prenom}},\n\nBonne nouvelle : notre équipe a vérifié vos documents d''identité. Vous pouvez maintenant soumettre votre dossier à un avocat partenaire depuis votre espace :\n\n{{lien}}',
  ARRAY['prenom', 'lien']
),
(
  'document-rejete',
  'Document refusé',
  'Un document est à renvoyer',
  E'Bonjour {{prenom}},\n\nNotre équipe n''a pas pu valider ce document : {{document}}.\n\nRaison : {{raisons}}\n\nVous pouvez envoyer un nouveau document depuis votre espace :\n\n{{lien}}',
  ARRAY['prenom', 'document', 'raisons', 'lien']
),
(
  'dossier-soumis',
  'Dossier soumis',
  'Votre dossier {{numero_dossier}} est bien reçu',
  E'Bonjour {{prenom}},\n\nVotre dossier {{numero_dossier}} a bien été soumis. Un avocat partenaire va l''étudier gratuitement, et vous serez prévenu par email dès qu''il lui sera confié.\n\nSuivre mon dossier :\n\n{{lien}}',
  ARRAY['prenom', 'numero_dossier', 'lien']
),
(
  'dossier-assigne',
  'Dossier confié à un avocat',
  'Un avocat s''occupe de votre dossier {{numero_dossier}}',
  E'Bonjour {{prenom}},\n\nVotre dossier {{numero_dossier}} est confié à {{avocat}}, avocat partenaire. Vous pouvez lui écrire depuis votre espace :\n\n{{lien}}',
  ARRAY['prenom', 'numero_dossier', 'avocat', 'lien']
),
(
  'nouveau-message',
  'Nouveau message dans un dossier',
  'Nouveau message dans votre dossier {{numero_dossier}}',
  E'Bonjour {{prenom}},\n\n{{expediteur}} vous a écrit dans votre dossier {{numero_dossier}}. Pour votre sécurité, le message n''est pas recopié dans cet email : lisez-le dans votre espace.\n\n{{lien}}',
  ARRAY['prenom', 'expediteur', 'numero_dossier', 'lien']
),
(
  'confirmation-nouvelle-adresse',
  'Confirmation d''une nouvelle adresse email',
  'Confirmez votre nouvelle adresse email',
  E'Bonjour {{prenom}},\n\nVous avez demandé à utiliser cette adresse pour votre espace Recours. Confirmez-la avec ce lien :\n\n{{lien}}\n\nCe lien est valable 24 heures. Tant qu''il n''est pas ouvert, votre ancienne adresse reste en place. Si vous n''avez rien demandé, ignorez ce message.',
  ARRAY['prenom', 'lien']
);

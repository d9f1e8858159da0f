-- Account deletion (issue 16 item 3, decision 0047).
-- A deleted account keeps a pseudonymised tombstone (profile and user rows with no name, contact or key) while the
-- legal file of its cases must be kept; the retention job removes the tombstone once no case names it any more.
ALTER TABLE profiles ADD COLUMN deleted_at timestamptz;
CREATE INDEX profiles_deleted_idx ON profiles (deleted_at) WHERE deleted_at IS NOT NULL;

-- Every deletion request, as the back-office lists it. No foreign key on user_id: the row outlives the account's
-- tombstone (it names a pseudonymous id only, never a name or an address).
CREATE TABLE account_deletion_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL,
  -- 'person': from /compte/suppression; 'inactivity': the retention job (3 years without sign-in).
  origin text NOT NULL CHECK (origin IN ('person', 'inactivity')),
  -- 'waiting': refused for now because a case is in progress with a lawyer; 'done': deleted.
  status text NOT NULL CHECK (status IN ('waiting', 'done')),
  -- Case numbers that kept a 'waiting' request from going through.
  blocking_cases text[] NOT NULL DEFAULT '{}',
  requested_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  files_deleted integer NOT NULL DEFAULT 0 CHECK (files_deleted >= 0),
  cases_kept integer NOT NULL DEFAULT 0 CHECK (cases_kept >= 0),
  -- When the last legal file kept was purged and the tombstone removed.
  purged_at timestamptz,
  CHECK ((status = 'done') = (completed_at IS NOT NULL))
);
CREATE UNIQUE INDEX account_deletion_requests_one_waiting ON account_deletion_requests (user_id) WHERE status = 'waiting';
CREATE INDEX account_deletion_requests_requested_idx ON account_deletion_requests (requested_at DESC, id DESC);

-- Closed-case purge: the closing date is the last history row moving the case to 'closed'.
CREATE INDEX cases_closed_idx ON cases (id) WHERE status = 'closed';

INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'suppression-compte-dossier-en-cours',
  'Suppression de compte demandée pendant un dossier en cours (avocat)',
  'Dossier {{dossier}} : votre client(e) demande la suppression de son compte',
  E'Bonjour {{prenom}},\n\n{{client}} a demandé la suppression de son compte Recours. Le dossier {{dossier}}, que vous suivez, est encore en cours : la suppression ne pourra avoir lieu qu''après sa clôture.\n\nMerci de faire le point avec votre client(e) dans la messagerie du dossier, puis de clôturer le dossier dès que possible. Une fois le dossier clos, votre client(e) pourra supprimer son compte ; le dossier juridique sera conservé, sous forme pseudonymisée, pendant la durée légale.\n\n{{lien}}',
  ARRAY['prenom', 'client', 'dossier', 'lien']
);

-- Automatic and manual assignment of cases to lawyers, and the lawyer's side of a case (decision 30).

-- The one lock of assignment: automatic assignments, admin assignments and allocation saves take this row
-- FOR UPDATE, so two submissions never read the same counts and a save never lands in the middle of a choice.
-- allocation_changed_at starts the period over which each lawyer's share is made to track their percentage: a
-- change of percentages starts a fresh period instead of flooding a newcomer until they "catch up".
CREATE TABLE case_assignment_state (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  allocation_changed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO case_assignment_state (id) VALUES (1);

-- When the assigned lawyer first opened the case ('Nouveaux dossiers' = assigned and not opened yet).
ALTER TABLE cases ADD COLUMN opened_at timestamptz;
CREATE INDEX cases_assigned_at_idx ON cases (assigned_at, assigned_lawyer_id) WHERE assigned_at IS NOT NULL;
-- The admin list: cases waiting for a lawyer first, then newest first (keyset on the three keys).
CREATE INDEX cases_admin_list_idx ON cases ((status = 'submitted'), created_at, id);
CREATE INDEX cases_lawyer_list_idx ON cases (assigned_lawyer_id, assigned_at DESC, id DESC) WHERE assigned_lawyer_id IS NOT NULL;

-- The history says who the case went to, the note a lawyer left with a status change, and why the system acted.
ALTER TABLE case_status_history
  ADD COLUMN lawyer_id text REFERENCES profiles (id) ON DELETE SET NULL,
  ADD COLUMN note text CHECK (length(note) <= 2000),
  ADD COLUMN system_reason text CHECK (system_reason ~ '^[a-z][a-z0-9-]{1,63}$');

-- A row for every change of status and for every change of lawyer (a reassignment keeps its status). The acting
-- profile comes from recours.actor_id, a lawyer's note from recours.status_note, and recours.system_reason marks
-- a change made by the platform itself (automatic assignment): all three are transaction settings.
CREATE OR REPLACE FUNCTION record_case_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status
     OR NEW.assigned_lawyer_id IS DISTINCT FROM OLD.assigned_lawyer_id THEN
    INSERT INTO case_status_history (case_id, from_status, to_status, changed_by, lawyer_id, note, system_reason)
    VALUES (NEW.id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END, NEW.status,
            nullif(current_setting('recours.actor_id', true), ''),
            CASE WHEN TG_OP = 'INSERT' OR NEW.assigned_lawyer_id IS DISTINCT FROM OLD.assigned_lawyer_id
                 THEN NEW.assigned_lawyer_id END,
            nullif(current_setting('recours.status_note', true), ''),
            nullif(current_setting('recours.system_reason', true), ''));
  END IF;
  RETURN NEW;
END;
$$;
DROP TRIGGER cases_status_history ON cases;
CREATE TRIGGER cases_status_history AFTER INSERT OR UPDATE OF status, assigned_lawyer_id ON cases
  FOR EACH ROW EXECUTE FUNCTION record_case_status_change();

-- Templates of this issue (the client's 'dossier-assigne' exists since 0004).
INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'dossier-confie-avocat',
  'Nouveau dossier confié à un avocat',
  'Nouveau dossier {{numero_dossier}} à examiner',
  E'Bonjour Maître {{nom}},\n\nLe dossier {{numero_dossier}} vous est confié. Pour la sécurité du client, son contenu n''est pas recopié dans cet email : ouvrez-le dans votre espace.\n\n{{lien}}',
  ARRAY['nom', 'numero_dossier', 'lien']
),
(
  'dossier-sans-avocat',
  'Dossier en attente d''un avocat',
  'Le dossier {{numero_dossier}} attend un avocat',
  E'Bonjour {{prenom}},\n\nLe dossier {{numero_dossier}} a été soumis, mais aucun avocat actif n''a de pourcentage de répartition : il n''a pas pu être confié automatiquement. Assignez-le depuis la liste des dossiers, ou revoyez la répartition.\n\n{{lien}}',
  ARRAY['prenom', 'numero_dossier', 'lien']
),
(
  'dossier-statut',
  'Changement de statut d''un dossier',
  'Votre dossier {{numero_dossier}} : {{statut}}',
  E'Bonjour {{prenom}},\n\nLe statut de votre dossier {{numero_dossier}} a changé : {{statut}}.\n\n{{explication}}\n\nLe détail, et le mot éventuel de votre avocat, sont dans votre espace :\n\n{{lien}}',
  ARRAY['prenom', 'numero_dossier', 'statut', 'explication', 'lien']
);

-- Inactive accounts (issue 16, decision 0044): the last sign-in of each account, recorded by the database whenever a
-- session opens, and where the retention job stands with it (warned, due, flagged for deletion). A new sign-in
-- clears the warning.
CREATE TABLE account_inactivity (
  user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
  last_active_at timestamptz NOT NULL,
  warned_at timestamptz,
  deletion_due_at timestamptz,
  flagged_at timestamptz,
  CHECK ((warned_at IS NULL) = (deletion_due_at IS NULL)),
  CHECK (flagged_at IS NULL OR warned_at IS NOT NULL)
);
CREATE INDEX account_inactivity_flagged_idx ON account_inactivity (flagged_at) WHERE flagged_at IS NOT NULL;

CREATE FUNCTION record_account_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_inactivity (user_id, last_active_at) VALUES (NEW."userId", NEW."createdAt")
  ON CONFLICT (user_id) DO UPDATE SET
    last_active_at = GREATEST(account_inactivity.last_active_at, EXCLUDED.last_active_at),
    warned_at = NULL, deletion_due_at = NULL, flagged_at = NULL;
  RETURN NEW;
END;
$$;
CREATE TRIGGER session_records_account_activity AFTER INSERT ON "session"
  FOR EACH ROW EXECUTE FUNCTION record_account_activity();

INSERT INTO account_inactivity (user_id, last_active_at)
  SELECT "userId", max("createdAt") FROM "session" GROUP BY "userId";

INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'compte-inactif',
  'Compte inactif : suppression prochaine',
  'Votre compte Recours sera supprimé le {{date_suppression}}',
  E'Bonjour {{prenom}},\n\nVous ne vous êtes pas connecté(e) à votre compte Recours depuis près de 3 ans et aucun dossier n''est en cours. Comme l''annonce notre politique de confidentialité, nous ne gardons pas vos données plus longtemps que nécessaire : votre compte sera supprimé le {{date_suppression}}.\n\nPour le garder, il suffit de vous connecter avant cette date :\n\n{{lien}}\n\nSi vous ne faites rien, vos données de compte seront supprimées ; les éléments que la loi nous oblige à garder (dossier juridique clos, pièces comptables) le restent jusqu''à la fin de leur durée de conservation.',
  ARRAY['prenom', 'date_suppression', 'lien']
);

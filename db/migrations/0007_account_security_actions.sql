-- What an administrator did to someone's account (reset link sent, sessions ended, second factor reset): who, what,
-- when, from which address (issue 9). The back-office journal reads it. Append-only: no foreign keys (a row
-- outlives the accounts it names) and a trigger refuses UPDATE and DELETE.
CREATE TABLE account_security_actions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id text NOT NULL,
  target_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('reset-link-sent', 'sessions-ended', 'second-factor-reset')),
  client_address text NOT NULL CHECK (length(client_address) <= 100),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_security_actions_target_idx ON account_security_actions (target_id, created_at DESC);
CREATE INDEX account_security_actions_created_at_idx ON account_security_actions (created_at DESC);

CREATE FUNCTION account_security_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'account_security_actions est un journal en ajout seul';
END
$$;
CREATE TRIGGER account_security_actions_append_only
  BEFORE UPDATE OR DELETE ON account_security_actions
  FOR EACH ROW EXECUTE FUNCTION account_security_actions_append_only();

INSERT INTO email_templates (key, name, subject, body, variables) VALUES (
  'action-sur-compte',
  'Action d''un administrateur sur un compte',
  'Une action a été effectuée sur votre compte',
  E'Bonjour {{prenom}},\n\nUne action a été effectuée sur votre compte Recours par un administrateur ({{auteur}}) le {{date}} :\n\n{{action}}\n\nSi vous n''en étiez pas informé, prévenez sans attendre un autre administrateur : quelqu''un pourrait utiliser ce compte administrateur à mauvais escient.',
  ARRAY['prenom', 'auteur', 'date', 'action']
);

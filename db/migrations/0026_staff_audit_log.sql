-- One journal of every staff action of the whole app (role and level changes, session ends, reset links,
-- second-factor resets, document reviews, case assignments, allocation saves, manual emails, template changes):
-- who, when, from which address, the target, and the values before and after. The back-office shows it at
-- /admin/journal. Append-only: no foreign keys (a row outlives the accounts it names), and triggers refuse
-- UPDATE, DELETE and TRUNCATE.
CREATE TABLE staff_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id text NOT NULL,
  actor_email text NOT NULL CHECK (length(actor_email) <= 320),
  action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9.-]{1,63}$'),
  target_type text NOT NULL CHECK (target_type ~ '^[a-z][a-z0-9_-]{1,31}$'),
  target_id text NOT NULL CHECK (length(target_id) <= 200),
  client_address text NOT NULL CHECK (length(client_address) <= 100),
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_log_created_idx ON staff_audit_log (created_at DESC, id DESC);
CREATE INDEX staff_audit_log_actor_idx ON staff_audit_log (actor_id, created_at DESC, id DESC);
CREATE INDEX staff_audit_log_action_idx ON staff_audit_log (action, created_at DESC, id DESC);
CREATE INDEX staff_audit_log_target_idx ON staff_audit_log (target_type, target_id, created_at DESC, id DESC);

CREATE FUNCTION staff_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit_log est un journal en ajout seul' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER staff_audit_log_no_change BEFORE UPDATE OR DELETE ON staff_audit_log
  FOR EACH ROW EXECUTE FUNCTION staff_audit_log_append_only();
CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON staff_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_log_append_only();

-- Issue 33 (decision 0092): figures of the admin pages kept by the database instead of counted on every view.

-- The review console's counts: its groups by status (the list's total without a search, and the pending groups of
-- its intro), and the cases waiting for a lawyer (the allocation alert: 20 000 index entries at scale), kept in
-- platform_counts (migration 0109) beside the dashboard's figures.
ALTER TABLE platform_counts DROP CONSTRAINT platform_counts_name_check;
ALTER TABLE platform_counts ADD CONSTRAINT platform_counts_name_check CHECK (name IN ('users', 'verified_users', 'lawyers', 'cases',
  'pending_documents', 'document_groups_pending', 'document_groups_approved', 'document_groups_rejected', 'waiting_cases'));

CREATE OR REPLACE FUNCTION refresh_platform_counts() RETURNS void LANGUAGE sql AS $$
  DELETE FROM platform_counts;
  INSERT INTO platform_counts (name, slot, n)
  SELECT 'users', 0, count(*) FILTER (WHERE role = 'user') FROM profiles
  UNION ALL SELECT 'verified_users', 0, count(*) FILTER (WHERE role = 'user' AND identity_verified) FROM profiles
  UNION ALL SELECT 'lawyers', 0, count(*) FILTER (WHERE role = 'lawyer') FROM profiles
  UNION ALL SELECT 'cases', 0, count(*) FROM cases
  UNION ALL SELECT 'pending_documents', 0, count(*) FROM identity_verification_documents WHERE status = 'pending' AND NOT obsolete
  UNION ALL SELECT 'document_groups_' || s.status, 0, count(g.status)
    FROM (VALUES ('pending'), ('approved'), ('rejected')) s (status) LEFT JOIN identity_document_groups g ON g.status = s.status
    GROUP BY s.status
  UNION ALL SELECT 'waiting_cases', 0, count(*) FROM cases WHERE status = 'submitted' AND assigned_lawyer_id IS NULL;
$$;

CREATE FUNCTION count_document_group_in_platform() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM add_to_platform_count('document_groups_' || OLD.status, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM add_to_platform_count('document_groups_' || NEW.status, 1); END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER identity_document_groups_platform_count AFTER INSERT OR DELETE ON identity_document_groups
  FOR EACH ROW EXECUTE FUNCTION count_document_group_in_platform();
CREATE TRIGGER identity_document_groups_platform_count_update AFTER UPDATE OF status ON identity_document_groups
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION count_document_group_in_platform();

-- A case waits while it is submitted and has no lawyer.
CREATE FUNCTION count_waiting_case_in_platform() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta int := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (OLD.status = 'submitted' AND OLD.assigned_lawyer_id IS NULL)::int;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    delta := delta + (NEW.status = 'submitted' AND NEW.assigned_lawyer_id IS NULL)::int;
  END IF;
  IF delta <> 0 THEN PERFORM add_to_platform_count('waiting_cases', delta); END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER cases_waiting_platform_count_insert AFTER INSERT ON cases
  FOR EACH ROW WHEN (NEW.status = 'submitted' AND NEW.assigned_lawyer_id IS NULL) EXECUTE FUNCTION count_waiting_case_in_platform();
CREATE TRIGGER cases_waiting_platform_count_delete AFTER DELETE ON cases
  FOR EACH ROW WHEN (OLD.status = 'submitted' AND OLD.assigned_lawyer_id IS NULL) EXECUTE FUNCTION count_waiting_case_in_platform();
CREATE TRIGGER cases_waiting_platform_count_update AFTER UPDATE OF status, assigned_lawyer_id ON cases
  FOR EACH ROW WHEN ((OLD.status = 'submitted' AND OLD.assigned_lawyer_id IS NULL) IS DISTINCT FROM (NEW.status = 'submitted' AND NEW.assigned_lawyer_id IS NULL))
  EXECUTE FUNCTION count_waiting_case_in_platform();

-- The e-mail history's "sent today": e-mails sent, by Paris day of sent_at, in daily_counts (migration 0110). A failed
-- e-mail sent again later moves from failed to sent: an update counts too.
CREATE FUNCTION count_email_in_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'sent' THEN
    PERFORM add_to_daily_count('emails_sent', (OLD.sent_at AT TIME ZONE 'Europe/Paris')::date, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'sent' THEN
    PERFORM add_to_daily_count('emails_sent', (NEW.sent_at AT TIME ZONE 'Europe/Paris')::date, 1);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER email_logs_daily_count AFTER INSERT OR DELETE ON email_logs
  FOR EACH ROW EXECUTE FUNCTION count_email_in_day();
CREATE TRIGGER email_logs_daily_count_update AFTER UPDATE OF status, sent_at ON email_logs
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.sent_at IS DISTINCT FROM NEW.sent_at)
  EXECUTE FUNCTION count_email_in_day();

-- Every daily figure counted from scratch (the backfill below; npm run seed:scale after its bulk load, triggers off).
CREATE FUNCTION refresh_daily_counts() RETURNS void LANGUAGE sql AS $$
  DELETE FROM daily_counts;
  INSERT INTO daily_counts (name, day, slot, n)
  SELECT 'assignments', day, 0, sum(assigned) FROM lawyer_assignment_days GROUP BY day
  UNION ALL
  SELECT 'emails_sent', (sent_at AT TIME ZONE 'Europe/Paris')::date, 0, count(*) FROM email_logs WHERE status = 'sent' GROUP BY 2;
$$;

SELECT refresh_platform_counts();
SELECT refresh_daily_counts();

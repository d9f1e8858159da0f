-- Per-lawyer case counts kept by the database (decision 0056): the allocation page reads one row per lawyer shown
-- instead of counting a million cases at every view.
-- lawyer_case_counts: cases assigned to the lawyer and not closed.
-- lawyer_assignment_days: cases assigned to the lawyer, by UTC day of assigned_at (the "last 30 days" share).
-- Both follow the case's current lawyer, status and assigned_at, as the counts over cases did.
-- No foreign key: a row left by a deleted lawyer is never read (the page joins profiles).
CREATE TABLE lawyer_case_counts (
  lawyer_id text PRIMARY KEY,
  active_cases integer NOT NULL DEFAULT 0
);
CREATE TABLE lawyer_assignment_days (
  lawyer_id text NOT NULL,
  day date NOT NULL,
  assigned integer NOT NULL DEFAULT 0,
  PRIMARY KEY (lawyer_id, day)
);
CREATE INDEX lawyer_assignment_days_day_idx ON lawyer_assignment_days (day) INCLUDE (assigned);

CREATE FUNCTION count_lawyer_cases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.assigned_lawyer_id IS NOT NULL THEN
    IF OLD.status <> 'closed' THEN
      UPDATE lawyer_case_counts SET active_cases = active_cases - 1 WHERE lawyer_id = OLD.assigned_lawyer_id;
    END IF;
    IF OLD.assigned_at IS NOT NULL THEN
      UPDATE lawyer_assignment_days SET assigned = assigned - 1
        WHERE lawyer_id = OLD.assigned_lawyer_id AND day = (OLD.assigned_at AT TIME ZONE 'UTC')::date;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.assigned_lawyer_id IS NOT NULL THEN
    IF NEW.status <> 'closed' THEN
      INSERT INTO lawyer_case_counts AS k (lawyer_id, active_cases) VALUES (NEW.assigned_lawyer_id, 1)
        ON CONFLICT (lawyer_id) DO UPDATE SET active_cases = k.active_cases + 1;
    END IF;
    IF NEW.assigned_at IS NOT NULL THEN
      INSERT INTO lawyer_assignment_days AS d (lawyer_id, day, assigned)
        VALUES (NEW.assigned_lawyer_id, (NEW.assigned_at AT TIME ZONE 'UTC')::date, 1)
        ON CONFLICT (lawyer_id, day) DO UPDATE SET assigned = d.assigned + 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER cases_lawyer_counts_insert_delete AFTER INSERT OR DELETE ON cases
  FOR EACH ROW EXECUTE FUNCTION count_lawyer_cases();
-- Only a change of lawyer, of closed-ness or of assignment time moves a count.
CREATE TRIGGER cases_lawyer_counts_update AFTER UPDATE OF assigned_lawyer_id, status, assigned_at ON cases
  FOR EACH ROW WHEN (OLD.assigned_lawyer_id IS DISTINCT FROM NEW.assigned_lawyer_id
    OR (OLD.status = 'closed') IS DISTINCT FROM (NEW.status = 'closed')
    OR OLD.assigned_at IS DISTINCT FROM NEW.assigned_at)
  EXECUTE FUNCTION count_lawyer_cases();

-- Recounts both tables from the cases, set-based: here, after a bulk load without triggers, or to repair.
CREATE FUNCTION recount_lawyer_cases() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lawyer_case_counts;
  DELETE FROM lawyer_assignment_days;
  INSERT INTO lawyer_case_counts (lawyer_id, active_cases)
    SELECT assigned_lawyer_id, count(*) FROM cases
    WHERE assigned_lawyer_id IS NOT NULL AND status <> 'closed' GROUP BY assigned_lawyer_id;
  INSERT INTO lawyer_assignment_days (lawyer_id, day, assigned)
    SELECT assigned_lawyer_id, (assigned_at AT TIME ZONE 'UTC')::date, count(*) FROM cases
    WHERE assigned_lawyer_id IS NOT NULL AND assigned_at IS NOT NULL GROUP BY 1, 2;
END;
$$;
SELECT recount_lawyer_cases();

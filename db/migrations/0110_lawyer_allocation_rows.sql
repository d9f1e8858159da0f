-- Issue 33 (decision 0092): every lawyer has an allocation row (spec: at 0 % and active until an admin sets it),
-- made by the database when the profile becomes a lawyer's, instead of by an upsert on every view of the allocation
-- page. The page only reads.
CREATE FUNCTION lawyer_allocation_for_new_lawyer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lawyer_allocation (lawyer_id, allocation_percentage, active) VALUES (NEW.id, 0, true)
  ON CONFLICT (lawyer_id) DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER profiles_lawyer_allocation_insert AFTER INSERT ON profiles
  FOR EACH ROW WHEN (NEW.role = 'lawyer') EXECUTE FUNCTION lawyer_allocation_for_new_lawyer();
CREATE TRIGGER profiles_lawyer_allocation_update AFTER UPDATE OF role ON profiles
  FOR EACH ROW WHEN (NEW.role = 'lawyer' AND OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION lawyer_allocation_for_new_lawyer();

INSERT INTO lawyer_allocation (lawyer_id, allocation_percentage, active)
SELECT p.id, 0, true FROM profiles p WHERE p.role = 'lawyer'
ON CONFLICT (lawyer_id) DO NOTHING;

-- Figures kept per day (like platform_counts, migration 0109: each the sum of its slots, a writer adding to its
-- connection's slot): 'assignments', cases assigned per UTC day over every lawyer (the allocation page's 30-day total,
-- the sum of lawyer_assignment_days of the day: 53 000 rows at 2 000 lawyers), and 'emails_sent' (migration 0111).
CREATE TABLE daily_counts (
  name text NOT NULL CHECK (name IN ('assignments', 'emails_sent')),
  day date NOT NULL,
  slot smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (name, day, slot)
);

CREATE FUNCTION add_to_daily_count(counter text, d date, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO daily_counts AS t (name, day, slot, n) VALUES (counter, d, pg_backend_pid() % 16, delta)
  ON CONFLICT (name, day, slot) DO UPDATE SET n = t.n + excluded.n
$$;

CREATE FUNCTION count_assignment_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM add_to_daily_count('assignments', OLD.day, -OLD.assigned); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM add_to_daily_count('assignments', NEW.day, NEW.assigned); END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER lawyer_assignment_days_daily_count AFTER INSERT OR DELETE ON lawyer_assignment_days
  FOR EACH ROW EXECUTE FUNCTION count_assignment_day();
CREATE TRIGGER lawyer_assignment_days_daily_count_update AFTER UPDATE ON lawyer_assignment_days
  FOR EACH ROW WHEN (OLD.day IS DISTINCT FROM NEW.day OR OLD.assigned IS DISTINCT FROM NEW.assigned)
  EXECUTE FUNCTION count_assignment_day();

INSERT INTO daily_counts (name, day, slot, n) SELECT 'assignments', day, 0, sum(assigned) FROM lawyer_assignment_days GROUP BY day;

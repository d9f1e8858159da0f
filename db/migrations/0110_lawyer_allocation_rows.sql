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

-- Cases assigned per UTC day over every lawyer (the page's "last 30 days" total): the sum of lawyer_assignment_days
-- of the day, kept from its rows (summing them was 53 000 rows at 2 000 lawyers). In slots like platform_counts.
CREATE TABLE assignment_day_totals (
  day date NOT NULL,
  slot smallint NOT NULL,
  assigned bigint NOT NULL,
  PRIMARY KEY (day, slot)
);

CREATE FUNCTION count_assignment_day_total() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO assignment_day_totals AS t (day, slot, assigned) VALUES (OLD.day, pg_backend_pid() % 16, -OLD.assigned)
    ON CONFLICT (day, slot) DO UPDATE SET assigned = t.assigned + excluded.assigned;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO assignment_day_totals AS t (day, slot, assigned) VALUES (NEW.day, pg_backend_pid() % 16, NEW.assigned)
    ON CONFLICT (day, slot) DO UPDATE SET assigned = t.assigned + excluded.assigned;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER lawyer_assignment_days_total AFTER INSERT OR DELETE ON lawyer_assignment_days
  FOR EACH ROW EXECUTE FUNCTION count_assignment_day_total();
CREATE TRIGGER lawyer_assignment_days_total_update AFTER UPDATE ON lawyer_assignment_days
  FOR EACH ROW WHEN (OLD.day IS DISTINCT FROM NEW.day OR OLD.assigned IS DISTINCT FROM NEW.assigned)
  EXECUTE FUNCTION count_assignment_day_total();

-- Counted from scratch (the backfill below; npm run seed:scale after its bulk load, triggers off).
CREATE FUNCTION refresh_assignment_day_totals() RETURNS void LANGUAGE sql AS $$
  DELETE FROM assignment_day_totals;
  INSERT INTO assignment_day_totals (day, slot, assigned) SELECT day, 0, sum(assigned) FROM lawyer_assignment_days GROUP BY day;
$$;

SELECT refresh_assignment_day_totals();

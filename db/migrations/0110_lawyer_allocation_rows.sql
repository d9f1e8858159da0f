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

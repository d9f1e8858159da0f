-- A lawyer without a bar and a registration number receives no case (issue 29, decision 74): the allocation keeps
-- their share at 0 until both are filled, and clearing either takes their share back to 0.

UPDATE lawyer_allocation a SET allocation_percentage = 0
  FROM profiles p
  WHERE p.id = a.lawyer_id AND a.allocation_percentage > 0 AND (p.bar_name IS NULL OR p.bar_number IS NULL);

CREATE FUNCTION lawyer_allocation_needs_bar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.allocation_percentage > 0 AND NOT EXISTS (
    SELECT 1 FROM profiles p WHERE p.id = NEW.lawyer_id AND p.bar_name IS NOT NULL AND p.bar_number IS NOT NULL
  ) THEN
    RAISE EXCEPTION 'lawyer % has no bar or bar number: no share above 0', NEW.lawyer_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER lawyer_allocation_needs_bar BEFORE INSERT OR UPDATE OF allocation_percentage, lawyer_id ON lawyer_allocation
  FOR EACH ROW EXECUTE FUNCTION lawyer_allocation_needs_bar();

CREATE FUNCTION profiles_bar_cleared_stops_allocation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lawyer_allocation SET allocation_percentage = 0 WHERE lawyer_id = NEW.id AND allocation_percentage > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER profiles_bar_cleared_stops_allocation AFTER UPDATE OF bar_name, bar_number ON profiles
  FOR EACH ROW WHEN (NEW.bar_name IS NULL OR NEW.bar_number IS NULL)
  EXECUTE FUNCTION profiles_bar_cleared_stops_allocation();

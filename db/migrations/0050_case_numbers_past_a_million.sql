-- lpad() truncates: from the millionth case on, the number was cut to six digits and collided with an earlier one.
-- The number is now padded to at least six digits, never cut.
CREATE FUNCTION next_case_number() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  n text := nextval('case_number_seq')::text;
BEGIN
  RETURN 'RC-' || to_char(now() AT TIME ZONE 'Europe/Paris', 'YYYY') || '-' || lpad(n, greatest(6, length(n)), '0');
END;
$$;
ALTER TABLE cases ALTER COLUMN case_number SET DEFAULT next_case_number();

-- Issue 16, item 1 finished (decision 0048): the plaintext NIF and birth date columns, empty since the application
-- sealed every row at start (decision 0043), are dropped, so no code can write them again.
-- Refused while any plaintext remains (a database upgraded from before 0070 straight to this version): start the
-- release that brought 0070 once, so it seals them, then upgrade. Nothing is ever dropped unsealed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM profiles WHERE nif IS NOT NULL OR birth_date IS NOT NULL) THEN
    RAISE EXCEPTION 'profiles contient encore des NIF ou dates de naissance en clair : démarrez d''abord la version qui les chiffre (migration 0070, décision 0043)';
  END IF;
END;
$$;
DROP INDEX IF EXISTS profiles_plaintext_fields_idx;
ALTER TABLE profiles DROP COLUMN nif, DROP COLUMN birth_date;

-- Issue 33 (decision 0089): the admin dashboard's headline figures (clients, verified clients, lawyers, cases,
-- identity documents awaiting review) are kept by the database instead of counted over 100 000 profiles, a million
-- cases and 400 000 documents on every view. Each figure is the sum of its rows here: a writer adds to the slot of
-- its own connection (backend pid modulo 16), so concurrent sign-ups or new cases do not queue on one row.
CREATE TABLE platform_counts (
  name text NOT NULL CHECK (name IN ('users', 'verified_users', 'lawyers', 'cases', 'pending_documents')),
  slot smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (name, slot)
);

CREATE FUNCTION add_to_platform_count(counter text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO platform_counts AS t (name, slot, n) VALUES (counter, pg_backend_pid() % 16, delta)
  ON CONFLICT (name, slot) DO UPDATE SET n = t.n + excluded.n
$$;

-- Every figure counted from scratch (the backfill below; npm run seed:scale after its bulk load, triggers off).
CREATE FUNCTION refresh_platform_counts() RETURNS void LANGUAGE sql AS $$
  DELETE FROM platform_counts;
  INSERT INTO platform_counts (name, slot, n)
  SELECT 'users', 0, count(*) FILTER (WHERE role = 'user') FROM profiles
  UNION ALL SELECT 'verified_users', 0, count(*) FILTER (WHERE role = 'user' AND identity_verified) FROM profiles
  UNION ALL SELECT 'lawyers', 0, count(*) FILTER (WHERE role = 'lawyer') FROM profiles
  UNION ALL SELECT 'cases', 0, count(*) FROM cases
  UNION ALL SELECT 'pending_documents', 0, count(*) FROM identity_verification_documents WHERE status = 'pending' AND NOT obsolete;
$$;

-- A profile counts as a client, a verified client or a lawyer by its role and identity_verified: an update takes its
-- old counts off and adds its new ones.
CREATE FUNCTION count_profile_in_platform() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  users bigint := 0;
  verified bigint := 0;
  lawyers bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    users := users - (OLD.role = 'user')::int;
    verified := verified - (OLD.role = 'user' AND OLD.identity_verified)::int;
    lawyers := lawyers - (OLD.role = 'lawyer')::int;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    users := users + (NEW.role = 'user')::int;
    verified := verified + (NEW.role = 'user' AND NEW.identity_verified)::int;
    lawyers := lawyers + (NEW.role = 'lawyer')::int;
  END IF;
  IF users <> 0 THEN PERFORM add_to_platform_count('users', users); END IF;
  IF verified <> 0 THEN PERFORM add_to_platform_count('verified_users', verified); END IF;
  IF lawyers <> 0 THEN PERFORM add_to_platform_count('lawyers', lawyers); END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER profiles_platform_count_insert AFTER INSERT ON profiles
  FOR EACH ROW EXECUTE FUNCTION count_profile_in_platform();
CREATE TRIGGER profiles_platform_count_delete AFTER DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION count_profile_in_platform();
CREATE TRIGGER profiles_platform_count_update AFTER UPDATE OF role, identity_verified ON profiles
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.identity_verified IS DISTINCT FROM NEW.identity_verified)
  EXECUTE FUNCTION count_profile_in_platform();

CREATE FUNCTION count_case_in_platform() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_platform_count('cases', CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END);
  RETURN NULL;
END;
$$;
CREATE TRIGGER cases_platform_count AFTER INSERT OR DELETE ON cases
  FOR EACH ROW EXECUTE FUNCTION count_case_in_platform();

-- A document awaits review while it is pending and not made obsolete by a newer upload.
CREATE FUNCTION count_document_in_platform() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta int := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (OLD.status = 'pending' AND NOT OLD.obsolete)::int;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    delta := delta + (NEW.status = 'pending' AND NOT NEW.obsolete)::int;
  END IF;
  IF delta <> 0 THEN PERFORM add_to_platform_count('pending_documents', delta); END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER identity_documents_platform_count AFTER INSERT OR DELETE ON identity_verification_documents
  FOR EACH ROW EXECUTE FUNCTION count_document_in_platform();
CREATE TRIGGER identity_documents_platform_count_update AFTER UPDATE OF status, obsolete ON identity_verification_documents
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.obsolete IS DISTINCT FROM NEW.obsolete)
  EXECUTE FUNCTION count_document_in_platform();

SELECT refresh_platform_counts();

import { sql } from "kysely";
import { db } from "~/platform/runtime.server";

/** In a draft's data, makes every other save of it (insert or update) fail as if the connection had been cut. */
export const OUTAGE_MARKER = "PANNE-SIMULEE";
/** In a draft's data, makes every other submission of it (its status leaving "draft") fail the same way. */
export const SUBMIT_OUTAGE_MARKER = "PANNE-A-LA-SOUMISSION";

/**
 * Installs, on the database the test server will open, a trigger that refuses with SQLSTATE 57P01 (what the server
 * sees when an administrator terminates its connection) every other save of a draft holding OUTAGE_MARKER, and every
 * other submission of a draft holding SUBMIT_OUTAGE_MARKER: the first fails, the next succeeds, and so on (sequences
 * count them: they are not rolled back with the refused write). Other cases are written normally.
 */
export async function installDraftSaveOutage(): Promise<void> {
  await sql`CREATE SEQUENCE test_outage_saves`.execute(db());
  await sql`CREATE SEQUENCE test_outage_submissions`.execute(db());
  await sql`
    CREATE FUNCTION test_outage_on_marked_draft() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD.status = 'draft' AND NEW.status <> 'draft' THEN
        IF OLD.draft_data::text LIKE '%' || TG_ARGV[1] || '%' AND nextval('test_outage_submissions') % 2 = 1 THEN
          RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01';
        END IF;
      ELSIF NEW.draft_data::text LIKE '%' || TG_ARGV[0] || '%' THEN
        IF nextval('test_outage_saves') % 2 = 1 THEN
          RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01';
        END IF;
      END IF;
      RETURN NEW;
    END $$`.execute(db());
  await sql`
    CREATE TRIGGER test_outage BEFORE INSERT OR UPDATE ON cases
    FOR EACH ROW EXECUTE FUNCTION test_outage_on_marked_draft(${sql.lit(OUTAGE_MARKER)}, ${sql.lit(SUBMIT_OUTAGE_MARKER)})`.execute(db());
}

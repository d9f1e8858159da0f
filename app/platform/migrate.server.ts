import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql, type Kysely } from "kysely";

// Any fixed 64-bit key: every instance that migrates takes the same lock.
const MIGRATION_LOCK_KEY = 7_310_221_964_117n;

export function migrationsDirectory(): string {
  return path.resolve(process.env.RECOURS_ROOT ?? process.cwd(), "db/migrations");
}

export interface MigrationFile {
  name: string;
  sql: string;
}

export function readMigrationFiles(directory = migrationsDirectory()): MigrationFile[] {
  return readdirSync(directory)
    .filter((file) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file, sql: readFileSync(path.join(directory, file), "utf8") }));
}

/**
 * Applies pending migrations in one transaction, under an advisory lock, so two instances
 * starting together neither run a migration twice nor see a half-migrated schema.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  files: MigrationFile[] = readMigrationFiles(),
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY.toString())}::bigint)`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    const applied = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(trx);
    const done = new Set(applied.rows.map((row) => row.name));
    const ran: string[] = [];
    for (const file of files) {
      if (done.has(file.name)) continue;
      await sql.raw(file.sql).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${file.name})`.execute(trx);
      ran.push(file.name);
    }
    return ran;
  });
}

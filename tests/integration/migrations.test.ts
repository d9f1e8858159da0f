import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/platform/database.server";
import { migrateToLatest, readMigrationFiles } from "~/platform/migrate.server";
import { freshDatabaseTarget, testEngines } from "../support/test-database";

describe.each(testEngines())("migrations on %s", (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("applies every file once, records it, and is a no-op the second time", async () => {
    const fresh = await freshDatabaseTarget(engine);
    const handle = await openDatabase(fresh.target);
    cleanups.push(fresh.drop, handle.close);
    const db = handle.db as Kysely<unknown>;
    const files = readMigrationFiles();
    expect(await migrateToLatest(db)).toEqual(files.map((file) => file.name));
    expect(await migrateToLatest(db)).toEqual([]);
    const recorded = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(db);
    expect(recorded.rows.map((row) => row.name)).toEqual(files.map((file) => file.name));
  });

  it.runIf(engine === "postgres")("two instances migrating at once apply each file exactly once", async () => {
    const fresh = await freshDatabaseTarget(engine);
    const first = await openDatabase(fresh.target);
    const second = await openDatabase(fresh.target);
    cleanups.push(fresh.drop, first.close, second.close);
    const [a, b] = await Promise.all([
      migrateToLatest(first.db as Kysely<unknown>),
      migrateToLatest(second.db as Kysely<unknown>),
    ]);
    expect([...a, ...b].sort()).toEqual(readMigrationFiles().map((file) => file.name));
    expect(a.length === 0 || b.length === 0).toBe(true);
  });
});

import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Kysely } from "kysely";
import pg from "pg";
import { openDatabase, type DatabaseTarget } from "~/platform/database.server";
import { migrateToLatest, readMigrationFiles } from "~/platform/migrate.server";
import { parseEnv, type Env } from "~/platform/env.server";
import { startRuntime, stopRuntime } from "~/platform/runtime.server";

export type TestEngine = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testEngines(): TestEngine[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

const PGLITE_VERSION = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string }).version;

/**
 * A PGlite cluster with every migration applied, dumped once per set of migrations (and PGlite version) into the
 * temporary folder and loaded by each PGlite test database: creating a cluster and migrating it costs 3–7 s on this
 * machine, loading the dump about 1 s. The runtime still runs its migrations on it (none left to apply).
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const files = readMigrationFiles();
  const key = createHash("sha256").update(PGLITE_VERSION);
  for (const file of files) key.update(file.name).update("\0").update(file.sql).update("\0");
  const imagePath = path.join(tmpdir(), `recours-pglite-image-${key.digest("hex").slice(0, 24)}.tar`);
  if (!existsSync(imagePath)) {
    // One process makes it; the others wait for it (vitest workers, Playwright workers).
    const lock = `${imagePath}.lock`;
    let locked = false;
    while (!locked) {
      try {
        mkdirSync(lock);
        locked = true;
      } catch {
        if (existsSync(imagePath)) break;
        if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    try {
      if (locked && !existsSync(imagePath)) {
        const handle = await openDatabase({ engine: "pglite", dataDir: "memory://" });
        try {
          await migrateToLatest(handle.db as Kysely<unknown>, files);
          const dump = await (handle.listenSource as { pglite: PGlite }).pglite.dumpDataDir("none");
          const partial = `${imagePath}.${process.pid}.part`;
          writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
          renameSync(partial, imagePath);
        } finally {
          await handle.close();
        }
      }
    } finally {
      if (locked) rmSync(lock, { recursive: true, force: true });
    }
  }
  return new Blob([readFileSync(imagePath)]);
}

/**
 * A fresh database: an in-memory PGlite, or a new schema on the test PostgreSQL. Empty, for tests of the migrations;
 * `{ migrated: true }` lets a PGlite one start from the migrated image (the runtime migrates the others).
 */
export async function freshDatabaseTarget(engine: TestEngine, options: { migrated?: boolean } = {}): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  if (engine === "pglite") {
    return { target: { engine: "pglite", dataDir: "memory://", ...(options.migrated ? { image: await migratedPgliteImage() } : {}) }, drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL manquant");
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Extensions are per database: keep pg_trgm in public, visible from every test schema.
  await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public").catch(() => undefined);
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    target: { engine: "postgres", url, searchPath: `${schema},public`, poolSize: 5 },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/**
 * The tests' storage master key: it seals profile fields too (decision 0043), so runtimes seeded in a test and the
 * servers they then start (tests/support/production-server.ts) must share it.
 */
export const TEST_STORAGE_MASTER_KEY = Buffer.alloc(32, 0x5a).toString("base64");

/** The tests' second-factor key: runtimes seeded in a test and the servers they then start share it. */
export const TEST_TWO_FACTOR_KEY = "test-two-factor-key-test-two-factor-key-0123";

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: "memory://",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    TWO_FACTOR_ENCRYPTION_KEY: TEST_TWO_FACTOR_KEY,
    STORAGE_MASTER_KEY: TEST_STORAGE_MASTER_KEY,
    ...overrides,
  });
}

/** Starts the application runtime (migrated database, auth) on a fresh database of that engine. */
export async function startTestRuntime(engine: TestEngine, envOverrides: Record<string, string> = {}) {
  const fresh = await freshDatabaseTarget(engine, { migrated: true });
  await startRuntime(testEnv(envOverrides), { target: fresh.target });
  return {
    async stop() {
      await stopRuntime();
      await fresh.drop();
    },
  };
}

/**
 * A database that outlives one runtime: an on-disk PGlite folder, or a new schema on the test PostgreSQL.
 * Start and stop runtimes on it as often as needed (never two processes on one PGlite folder at once),
 * then call drop() once. A runtime started on the PGlite folder first fills it from the migrated image; a server
 * started on it before any runtime creates and migrates it as in production.
 */
export async function persistentDatabaseTarget(engine: TestEngine): Promise<{
  target: DatabaseTarget;
  /** For a server started from the environment: DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL). */
  serverEnv: Record<string, string>;
  drop(): Promise<void>;
}> {
  if (engine === "pglite") {
    const dataDir = await mkdtemp(path.join(tmpdir(), "recours-test-"));
    // The server started on this folder loads its key from there: the one the seeding runtime sealed with.
    await writeFile(path.join(dataDir, "storage-master-key"), `${TEST_STORAGE_MASTER_KEY}\n`, { mode: 0o600 });
    return {
      target: { engine: "pglite", dataDir, image: await migratedPgliteImage() },
      serverEnv: { DATA_DIR: dataDir },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const fresh = await freshDatabaseTarget(engine);
  if (fresh.target.engine !== "postgres") throw new Error("cible PostgreSQL attendue");
  const url = new URL(fresh.target.url);
  // libpq startup options: the server finds its schema from DATABASE_URL alone.
  url.searchParams.set("options", `-c search_path=${fresh.target.searchPath}`);
  return { target: fresh.target, serverEnv: { DATABASE_URL: url.toString() }, drop: fresh.drop };
}

/** Starts the application runtime on an existing target (see persistentDatabaseTarget); stop with stopRuntime(). */
export async function startTestRuntimeOn(target: DatabaseTarget, envOverrides: Record<string, string> = {}) {
  return startRuntime(testEnv(envOverrides), { target });
}

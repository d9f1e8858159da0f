import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { databaseTarget, openDatabase, type DatabaseHandle, type DatabaseTarget } from "./database.server";
import type { Database } from "./database-schema";
import type { Env } from "./env.server";
import { logger } from "./logger.server";
import { migrateToLatest } from "./migrate.server";

export interface Runtime {
  env: Env;
  database: DatabaseHandle;
  authSecret: string;
}

let current: Runtime | undefined;

/** A secret kept beside the embedded database when none is configured, so sessions survive restarts. */
function loadOrCreateSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.DATABASE_URL) {
    throw new Error("Configuration invalide :\n  - AUTH_SECRET : requis avec DATABASE_URL (toutes les instances partagent le même secret)");
  }
  const file = path.resolve(env.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface StartOptions {
  /** Overrides the target derived from DATABASE_URL / DATA_DIR (tests use memory:// or a schema). */
  target?: DatabaseTarget;
  migrate?: boolean;
}

export async function startRuntime(env: Env, options: StartOptions = {}): Promise<Runtime> {
  if (current) return current;
  const target = options.target ?? databaseTarget({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const authSecret = options.target && !env.AUTH_SECRET ? randomBytes(48).toString("base64url") : loadOrCreateSecret(env);
  const database = await openDatabase(target);
  if (options.migrate !== false) {
    const applied = await migrateToLatest(database.db as Kysely<unknown>);
    if (applied.length > 0) logger.info({ applied }, "migrations appliquées");
  }
  current = { env, database, authSecret };
  logger.info({ engine: database.engine }, "base de données prête");
  return current;
}

export function runtime(): Runtime {
  if (!current) throw new Error("Le runtime n'est pas démarré (startRuntime).");
  return current;
}

export function db(): Kysely<Database> {
  return runtime().database.db;
}

export async function stopRuntime(): Promise<void> {
  const running = current;
  current = undefined;
  if (running) await running.database.close();
}

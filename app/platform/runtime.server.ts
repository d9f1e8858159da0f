import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { secureDataDir, restrictNewFiles } from "./data-dir.server";
import { databaseTarget, openDatabase, type DatabaseHandle, type DatabaseTarget } from "./database.server";
import type { Database } from "./database-schema";
import type { Env } from "./env.server";
import { loadKeyring, type Keyring } from "./keyring.server";
import { logger } from "./logger.server";
import { migrateToLatest } from "./migrate.server";

export interface Runtime {
  env: Env;
  database: DatabaseHandle;
  /** Signs session cookies and confirmation links. */
  authSecret: string;
  /** Encrypts second-factor secrets; never equal to authSecret (decision 17). */
  secondFactorKey: string;
  /** The storage master keys, also sealing personal fields in the database (decision 0043). */
  keyring: Keyring;
}

let current: Runtime | undefined;

interface KeySpec {
  name: "AUTH_SECRET" | "TWO_FACTOR_ENCRYPTION_KEY";
  file: string;
}

/**
 * A key from the environment; with PostgreSQL (DATABASE_URL) it must come from there, never from beside the data.
 * With the embedded database only, a missing key is made once and kept in DATA_DIR (mode 600): DATA_DIR is then as
 * sensitive as a password file.
 */
function loadOrCreateKey(env: Env, spec: KeySpec): string {
  const configured = env[spec.name];
  if (configured) return configured;
  if (env.DATABASE_URL) {
    throw new Error(`Configuration invalide :\n  - ${spec.name} : requis avec DATABASE_URL (toutes les instances partagent la même clé, hors de la base)`);
  }
  // An in-memory database keeps nothing: neither do its keys (and no "memory:/" folder is made in the working directory).
  if (env.DATA_DIR.startsWith("memory://")) return randomBytes(48).toString("base64url");
  const file = path.resolve(env.DATA_DIR, spec.file);
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
  /** The master keys (else from STORAGE_MASTER_KEY / DATA_DIR, as the storage gateway loads them). */
  keyring?: Keyring;
}

export async function startRuntime(env: Env, options: StartOptions = {}): Promise<Runtime> {
  if (current) return current;
  restrictNewFiles();
  if (!options.target && !env.DATABASE_URL) secureDataDir(env.DATA_DIR);
  const target = options.target ?? databaseTarget({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, slowQueryMs: env.SLOW_QUERY_MS, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS });
  const ephemeral = (name: KeySpec["name"]) => options.target && !env[name];
  const authSecret = ephemeral("AUTH_SECRET") ? randomBytes(48).toString("base64url") : loadOrCreateKey(env, { name: "AUTH_SECRET", file: "auth-secret" });
  const secondFactorKey = ephemeral("TWO_FACTOR_ENCRYPTION_KEY")
    ? randomBytes(48).toString("base64url")
    : loadOrCreateKey(env, { name: "TWO_FACTOR_ENCRYPTION_KEY", file: "two-factor-key" });
  if (secondFactorKey === authSecret) {
    throw new Error("Configuration invalide :\n  - TWO_FACTOR_ENCRYPTION_KEY : doit être différente d'AUTH_SECRET");
  }
  const keyring = options.keyring ?? loadKeyring(env);
  const database = await openDatabase(target);
  if (options.migrate !== false) {
    const applied = await migrateToLatest(database.db as Kysely<unknown>);
    if (applied.length > 0) logger.info({ applied }, "migrations appliquées");
  }
  current = { env, database, authSecret, secondFactorKey, keyring };
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

const stopHooks = new Set<() => Promise<void>>();

/** Runs before the database closes on stopRuntime (live-event listeners, say). Returns a way to unregister. */
export function onRuntimeStop(hook: () => Promise<void>): () => void {
  stopHooks.add(hook);
  return () => stopHooks.delete(hook);
}

export async function stopRuntime(): Promise<void> {
  const running = current;
  current = undefined;
  const hooks = [...stopHooks];
  stopHooks.clear();
  for (const hook of hooks) await hook().catch(() => undefined);
  if (running) await running.database.close();
}

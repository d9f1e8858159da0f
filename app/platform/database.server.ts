import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect, type LogEvent } from "kysely";
import pg from "pg";
import { makeTreePrivate, restrictNewFiles } from "./data-dir.server";
import type { Database } from "./database-schema";
import { logger } from "./logger.server";

export type DatabaseEngine = "pglite" | "postgres";

export type DatabaseTarget =
  | { engine: "postgres"; url: string; poolSize?: number; searchPath?: string; slowQueryMs?: number; connectTimeoutMs?: number }
  | {
      engine: "pglite";
      dataDir: string;
      connectionWaitMs?: number;
      /** A dumped data directory (PGlite's dumpDataDir) a new cluster starts from instead of an empty one (tests). */
      image?: Blob;
    };

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** What live events listen on: a connection string for a dedicated client, or the embedded instance itself. */
  listenSource: { engine: "postgres"; url: string } | { engine: "pglite"; pglite: PGlite };
  close(): Promise<void>;
}

// DATE values stay "yyyy-MM-dd" strings: no timezone shift between the database and the pages.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// bigint counts arrive as strings from pg; every count we read fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function databaseTarget(options: { databaseUrl?: string; dataDir: string; slowQueryMs?: number; connectTimeoutMs?: number }): DatabaseTarget {
  if (options.databaseUrl) return { engine: "postgres", url: options.databaseUrl, slowQueryMs: options.slowQueryMs, connectTimeoutMs: options.connectTimeoutMs };
  return { engine: "pglite", dataDir: options.dataDir };
}

/**
 * Every query this process ran (PostgreSQL or PGlite) and their total time: /metrics exposes them (recours_db_queries_total,
 * recours_db_query_seconds_total) and `npm run bench:scale` divides their growth by a row's requests.
 */
export const queryTally = { count: 0, seconds: 0 };

/** SLOW_QUERY_MS: each query over the threshold logged with its SQL and parameters (npm run bench:scale explains them). */
function queryLog(thresholdMs: number | undefined): { log: (event: LogEvent) => void } {
  return {
    log(event) {
      queryTally.count += 1;
      queryTally.seconds += event.queryDurationMillis / 1000;
      if (thresholdMs === undefined || event.queryDurationMillis < thresholdMs) return;
      logger.warn(
        { slowQuery: { ms: Math.round(event.queryDurationMillis * 10) / 10, sql: event.query.sql, parameters: event.query.parameters, failed: event.level === "error" } },
        "requête lente",
      );
    },
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.engine === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // A request waits this long for a connection, then fails (503) instead of hanging while PostgreSQL is away.
      connectionTimeoutMillis: target.connectTimeoutMs ?? 5000,
      keepAlive: true,
      ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
    });
    // An idle connection killed by PostgreSQL (restart, pg_terminate_backend, network cut) is reported here; without a
    // listener it would be an uncaught error ending the process. The pool drops it and opens a new one when needed.
    pool.on("error", (error) => logger.warn({ err: error }, "connexion à la base perdue ; elle sera rouverte"));
    // The pool listens to a connection only while it is idle: one checked out (inside a transaction, between two
    // queries) and cut meanwhile would emit an unheard 'error' and end the process too. Its next query fails instead,
    // and the pool discards it on release (it is no longer queryable).
    pool.on("connect", (client) => {
      client.on("error", (error) => logger.warn({ err: error }, "connexion à la base perdue pendant son usage"));
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...queryLog(target.slowQueryMs) });
    return { db, engine: "postgres", listenSource: { engine: "postgres", url: target.url }, close: () => db.destroy() };
  }

  const inMemory = target.dataDir.startsWith("memory://");
  const dataDir = inMemory ? target.dataDir : path.resolve(target.dataDir, "pglite");
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  restrictNewFiles();
  const loadDataDir = target.image && (inMemory || !existsSync(path.join(dataDir, "PG_VERSION"))) ? target.image : undefined;
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  // PGlite's file system sets 0666 on the files it unpacks at creation, whatever the umask (decision 65).
  if (!inMemory) makeTreePrivate(dataDir);
  // One connection: PGlite is single-session, so the pool serialises transactions. A query that waits for it longer
  // than any transaction lasts fails (503) instead of waiting for ever: code asking for the pool inside a transaction
  // of that pool would otherwise stall the whole process, and the failure rolls that transaction back.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, connectionTimeoutMillis: target.connectionWaitMs ?? 30_000 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...queryLog(undefined) });
  return {
    db,
    engine: "pglite",
    listenSource: { engine: "pglite", pglite },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/**
 * A production server of a spec's own, on a database seeded through the modules first: the runtime seeds it in the
 * test process, stops (an embedded database has one process at a time), then the server starts on it.
 */
import { test } from "@playwright/test";
import type { CaseStatus } from "~/platform/database-schema";
import { db, stopRuntime } from "~/platform/runtime.server";
import { startProductionServer, type RunningServer } from "../../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, type TestEngine } from "../../support/test-database";

/** The AUTH_SECRET of every seeded server: second factors seeded in the test process decrypt with it in the server. */
export const E2E_AUTH_SECRET = "seeded-server-e2e-secret-seeded-server-e2e-secret-0123";

/** The run's test mailbox (playwright.config.ts: SMTP on E2E_PORT + 1): emails of a seeded server go there. */
export const MAIL_SINK_ENV: Readonly<Record<string, string>> = {
  SMTP_URL: `smtp://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`,
  MAIL_FROM: "Recours <bonjour@recours.test>",
};

export type PersistentDatabase = Awaited<ReturnType<typeof persistentDatabaseTarget>>;

export interface SeededServerOptions {
  engine?: TestEngine;
  /**
   * More server environment (SMTP_URL, a provider, …), or a function giving it when the server starts (the address
   * of a stand-in started in an earlier hook); PORT picks the port, a free one otherwise.
   */
  env?: Record<string, string> | (() => Record<string, string>);
  secret?: string;
}

export interface SeededServer<T> {
  /** The running server; whileStopped() replaces it with one on the same port. */
  readonly server: RunningServer;
  readonly seeded: T;
  readonly database: PersistentDatabase;
  /** The environment the server runs with: a second server on the same PostgreSQL schema starts with it. */
  readonly serverEnv: Record<string, string>;
  /** Stops the server, runs `change` through the modules on its database, then starts it again on the same port. */
  whileStopped<R>(change: () => Promise<R>): Promise<R>;
  /** Stops the server and drops its database; safe to call twice. */
  stop(): Promise<void>;
}

/** Seeds a fresh database (PGlite unless told) with `seed`, then starts a production server on it. */
export async function startSeededServer<T>(
  seed: (database: PersistentDatabase) => Promise<T>,
  options: SeededServerOptions = {},
): Promise<SeededServer<T>> {
  const database = await persistentDatabaseTarget(options.engine ?? "pglite");
  const secret = options.secret ?? E2E_AUTH_SECRET;
  const serverEnv: Record<string, string> = {
    ...database.serverEnv,
    AUTH_SECRET: secret,
    LOG_LEVEL: "warn",
    // As the run's shared server (playwright.config.ts): background jobs (mail, SMS, seals) start within 200 ms.
    JOB_POLL_MILLISECONDS: "200",
    JOB_RETRY_BASE_SECONDS: "1",
    ...(typeof options.env === "function" ? options.env() : options.env),
  };
  let server: RunningServer | undefined;
  let runtimeUp = false;
  let dropped = false;

  const stop = async () => {
    if (runtimeUp) await stopRuntime().catch(() => undefined);
    runtimeUp = false;
    await server?.stop();
    server = undefined;
    if (!dropped) {
      dropped = true;
      await database.drop();
    }
  };
  const withRuntime = async <R>(work: () => Promise<R>): Promise<R> => {
    await startTestRuntimeOn(database.target, { AUTH_SECRET: secret });
    runtimeUp = true;
    const result = await work();
    await stopRuntime();
    runtimeUp = false;
    return result;
  };

  try {
    const seeded = await withRuntime(() => seed(database));
    server = await startProductionServer(serverEnv);
    // Restarts keep the address the browser contexts already use.
    serverEnv.PORT = new URL(server.baseUrl).port;
    return {
      get server() {
        if (!server) throw new Error("le serveur est arrêté");
        return server;
      },
      seeded,
      database,
      serverEnv,
      async whileStopped(change) {
        await server?.stop();
        server = undefined;
        const result = await withRuntime(change);
        server = await startProductionServer(serverEnv);
        return result;
      },
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/**
 * startSeededServer for the enclosing describe block (or file): started before its tests (within `timeout`, 180 s unless told),
 * stopped after them. Read `server` and `seeded` from the tests.
 */
export function seededServer<T>(
  seed: (database: PersistentDatabase) => Promise<T>,
  options: SeededServerOptions & { timeout?: number } = {},
): SeededServer<T> {
  let started: SeededServer<T> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(options.timeout ?? 180_000);
    started = await startSeededServer(seed, options);
  });
  test.afterAll(async () => {
    await started?.stop();
  });
  const running = () => {
    if (!started) throw new Error("le serveur de test n'a pas démarré");
    return started;
  };
  return {
    get server() {
      return running().server;
    },
    get seeded() {
      return running().seeded;
    },
    get database() {
      return running().database;
    },
    get serverEnv() {
      return running().serverEnv;
    },
    whileStopped: (change) => running().whileStopped(change),
    stop: () => running().stop(),
  };
}

/** Gives a case to a lawyer, as the allocation or an administrator would; `status` too when given. */
export async function assignLawyer(caseId: string, lawyerId: string, status?: CaseStatus): Promise<void> {
  await db()
    .updateTable("cases")
    .set({ assigned_lawyer_id: lawyerId, assigned_at: new Date(), ...(status ? { status } : {}) })
    .where("id", "=", caseId)
    .execute();
}

/**
 * Several production server processes on one PostgreSQL schema, as in production: a round-robin HTTP proxy in front,
 * optionally a TCP proxy between them and PostgreSQL (to cut the database off without touching the shared server),
 * an S3 server (s3rver) and an SMTP sink. Used by tests/cluster (npm run test:cluster).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom } from "../../support/accounts";
import { ensureProductionBuild, freePort, httpRequest, startProductionServer, type RunningServer } from "../../support/production-server";
import { startS3Server, type TestS3Server } from "../../support/s3-server";
import { startSmtpSinkOn, type SmtpSink } from "../../support/smtp-sink";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../../support/test-database";

export const CLUSTER_SECRET = "cluster-secret-cluster-secret-cluster-secret-01";
export const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** A TCP relay between the servers and PostgreSQL: `cut()` is PostgreSQL stopping (connections dropped, new ones refused). */
export interface DatabaseRelay {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startDatabaseRelay(target: { host: string; port: number }): Promise<DatabaseRelay> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream).pipe(client);
      });
      created.once("error", reject);
      created.listen(port, "127.0.0.1", () => {
        port = (created.address() as net.AddressInfo).port;
        server = created;
        resolve();
      });
    });
  const cut = async () => {
    const running = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}

/** A round-robin HTTP proxy of our own: request n goes to backend n mod N; the answer says which in X-Cluster-Instance. */
export interface RoundRobinProxy {
  url: string;
  /** Requests sent to each backend so far. */
  counts: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: () => string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const counts: number[] = [];
  // A connection per request: reusing one the server is closing (keep-alive timeout) would fail a request at random.
  const agent = new http.Agent({ keepAlive: false, maxSockets: 2000 });
  const server = http.createServer((req, res) => {
    const list = backends();
    const index = next++ % list.length;
    counts[index] = (counts[index] ?? 0) + 1;
    const target = new URL(list[index]!);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-cluster-instance": String(index) });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end("mandataire : instance injoignable");
      else res.destroy();
    });
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    async close() {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ClusterOptions {
  instances?: number;
  /** Servers reach PostgreSQL through a relay the test can cut. */
  relay?: boolean;
  /** Extra environment for every server. */
  env?: Record<string, string>;
}

export interface Cluster {
  servers: RunningServer[];
  proxy: RoundRobinProxy;
  s3: TestS3Server;
  /** Replaceable: a test may close it and start another on the same port. */
  smtp: SmtpSink;
  relay: DatabaseRelay | undefined;
  /** The application_name prefix of every connection the servers open (to find and kill only ours). */
  applicationName: string;
  /** The environment the servers were started with (to start another one). */
  serverEnv: Record<string, string>;
  /** A direct connection to the cluster's schema (not through the relay), for checks. */
  query<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** Terminates every connection the servers hold; returns how many. */
  killAppConnections(): Promise<number>;
  startServer(extra?: Record<string, string>): Promise<RunningServer>;
  stop(): Promise<void>;
}

/** The seeding runtime runs in the test process on the same schema; `seed` is called with it, then it stops. */
export async function startCluster(options: ClusterOptions & { seed?: () => Promise<void> } = {}): Promise<Cluster> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL manquant : npm run test:cluster a besoin de PostgreSQL");
  ensureProductionBuild();
  const persistent = await persistentDatabaseTarget("postgres");
  const [s3, smtp] = await Promise.all([startS3Server(), startSmtpSinkOn(0)]);
  const relay = options.relay ? await startDatabaseRelay({ host: new URL(url).hostname, port: Number(new URL(url).port || 5432) }) : undefined;
  const applicationName = `recours-cluster-${randomBytes(4).toString("hex")}`;
  const databaseUrl = new URL(persistent.serverEnv.DATABASE_URL!);
  databaseUrl.searchParams.set("application_name", applicationName);
  if (relay) databaseUrl.port = String(relay.port);
  const spool = await mkdtemp(path.join(tmpdir(), "recours-cluster-spool-"));
  const servers: RunningServer[] = [];
  // The proxy is the public address, as in production: posts carry its origin, even those sent to one instance.
  const proxy = await startRoundRobinProxy(() => servers.map((server) => server.baseUrl));
  const serverEnv: Record<string, string> = {
    DATABASE_URL: databaseUrl.toString(),
    AUTH_SECRET: CLUSTER_SECRET,
    ...s3.env,
    S3_SPOOL_DIRECTORY: spool,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Recours <bonjour@recours.test>",
    JOB_POLL_MILLISECONDS: "100",
    // Every connection from the proxy comes from 127.0.0.1: the per-address cap is the proxy's business.
    MAX_CONNECTIONS_PER_ADDRESS: "0",
    LOGIN_ATTEMPTS_PER_ADDRESS: "10000",
    PUBLIC_URL: proxy.url,
    TRUST_PROXY: "true",
    ...options.env,
  };
  // Every instance starts at once on the empty schema: their migrations race.
  const started = await Promise.allSettled(Array.from({ length: options.instances ?? 2 }, () => startProductionServer({ ...serverEnv })));
  for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
  const admin = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${persistent.target.engine === "postgres" ? persistent.target.searchPath : "public"}` });
  admin.on("error", () => undefined);
  const cluster: Cluster = {
    servers,
    proxy,
    s3,
    smtp,
    relay,
    applicationName,
    serverEnv,
    async query(text, values) {
      return (await admin.query(text, values)).rows;
    },
    async killAppConnections() {
      const rows = await cluster.query<{ killed: boolean }>(
        `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE application_name LIKE $1 AND pid <> pg_backend_pid()`,
        [`${applicationName}%`],
      );
      return rows.filter((row) => row.killed).length;
    },
    startServer: (extra = {}) => startProductionServer({ ...serverEnv, ...extra }),
    async stop() {
      // CLUSTER_LOGS=<folder> keeps what each server printed (for a failure's story).
      if (process.env.CLUSTER_LOGS) {
        const { writeFile } = await import("node:fs/promises");
        await Promise.all(servers.map((server, index) => writeFile(path.join(process.env.CLUSTER_LOGS!, `${applicationName}-${index}.log`), server.output())));
      }
      await Promise.allSettled(servers.map((server) => server.stop()));
      await proxy.close();
      await relay?.close();
      await admin.end().catch(() => undefined);
      await Promise.allSettled([s3.close(), cluster.smtp.close(), rm(spool, { recursive: true, force: true })]);
      await persistent.drop().catch(() => undefined);
    },
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await cluster.stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  if (options.seed) {
    await startTestRuntimeOn(persistent.target, { AUTH_SECRET: CLUSTER_SECRET });
    try {
      await options.seed();
    } finally {
      await stopRuntime();
    }
  }
  return cluster;
}

/** The case wizard's fields, complete, as a form body (lists repeated). */
export function caseSubmission(fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body.toString();
}

/** Signs in through `baseUrl` (the proxy or one server) and returns the session's Cookie header. */
export async function signInOver(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await httpRequest(baseUrl, "/connexion", {
    method: "POST",
    headers: FORM,
    body: new URLSearchParams({ email, password }).toString(),
  });
  if (response.status !== 302) throw new Error(`connexion refusée (${response.status}) pour ${email}`);
  return cookieHeaderFrom(response.setCookies, (name) => !name.startsWith("recours_flash"));
}

export function postForm(baseUrl: string, pathname: string, fields: Record<string, string>, cookie?: string) {
  return httpRequest(baseUrl, pathname, { method: "POST", headers: FORM, cookie, body: new URLSearchParams(fields).toString() });
}

export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`délai dépassé : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export { freePort };

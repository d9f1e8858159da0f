// `npm run bench`: throughput and p99 latency of the sign-in page and of a sign-in POST, on PGlite
// and (when reachable) on PostgreSQL. Each engine gets a fresh database and its own server process
// on a free loopback port; everything is removed afterwards. Loopback traffic only, bounded durations.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "../tests/support/production-server";

const ROOT = path.resolve(import.meta.dirname, "..");
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const BENCH_DATABASE = "recours_bench";
const CONNECTIONS = 10;
const DURATION_SECONDS = 10;
const WARMUP_SECONDS = 2;
const STARTUP_TIMEOUT_MS = 90_000;
const HIGH_LIMIT = "1000000000";

const user = {
  firstName: "Banc",
  lastName: "Essai",
  email: `bench-${randomBytes(4).toString("hex")}@exemple.fr`,
  password: "Tournesol-Velo-42!",
  phoneMobileCountry: "FR",
  phoneMobile: "612345678",
  country: "france",
};

interface Row {
  engine: string;
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  expected: number;
  errors: number;
}

interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
}

const cleanups: (() => Promise<void> | void)[] = [];

async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    try {
      await step?.();
    } catch (error) {
      console.error("nettoyage :", error);
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

function ensureBuild(): void {
  if (existsSync(path.join(ROOT, "build/server/index.js"))) return;
  console.log("build/ is missing: react-router build");
  const result = spawnSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("react-router build failed");
}


async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, dedicated database on the PostgreSQL server, dropped at the end. */
async function createBenchDatabase(): Promise<string> {
  await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${BENCH_DATABASE}`);
  cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

async function waitForHealth(server: RunningServer): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited (${server.child.exitCode}):\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /healthz within ${STARTUP_TIMEOUT_MS / 1000} s:\n${server.output()}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const forced = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(forced);
}

async function startServer(databaseEnv: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  Object.assign(env, {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOGIN_ATTEMPTS_PER_EMAIL: HIGH_LIMIT,
    LOGIN_ATTEMPTS_PER_ADDRESS: HIGH_LIMIT,
    SIGNUP_ATTEMPTS_PER_ADDRESS: HIGH_LIMIT,
    ...databaseEnv,
  });
  const child = spawn(process.execPath, ["server/main.mjs"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  cleanups.push(() => stopServer(child));
  const server = { baseUrl, child, output: () => output };
  await waitForHealth(server);
  return server;
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

async function signUp(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/inscription`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body: form(user),
    signal: AbortSignal.timeout(30_000),
  });
  const location = response.headers.get("location");
  if (response.status !== 302 || location !== "/dashboard") {
    throw new Error(`sign-up answered ${response.status} (location ${location ?? "none"}), expected 302 to /dashboard`);
  }
}

/** Checks the sign-in POST the benchmark repeats really signs in, before measuring it. */
async function checkSignIn(baseUrl: string, body: string): Promise<void> {
  const response = await fetch(`${baseUrl}/connexion`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status !== 302 || response.headers.get("location") !== "/dashboard") {
    throw new Error(`sign-in answered ${response.status}, expected 302 to /dashboard`);
  }
}

async function measure(
  engine: string,
  scenario: string,
  expectedStatus: number,
  options: autocannon.Options,
): Promise<Row> {
  await autocannon({ ...options, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_SECONDS });
  const expected = result.statusCodeStats?.[`${expectedStatus}`]?.count ?? 0;
  return {
    engine,
    scenario,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    expected,
    errors: result.errors + result.timeouts,
  };
}

async function benchEngine(engine: string, databaseEnv: Record<string, string>): Promise<Row[]> {
  console.log(`\n[${engine}] starting the server`);
  const server = await startServer(databaseEnv);
  await signUp(server.baseUrl);
  const body = form({ email: user.email, password: user.password });
  await checkSignIn(server.baseUrl, body);

  const rows: Row[] = [];
  console.log(`[${engine}] GET /connexion: ${CONNECTIONS} connections, ${DURATION_SECONDS} s`);
  rows.push(await measure(engine, "GET /connexion", 200, { url: `${server.baseUrl}/connexion` }));
  console.log(`[${engine}] POST /connexion (sign-in): ${CONNECTIONS} connections, ${DURATION_SECONDS} s`);
  rows.push(
    await measure(engine, "POST /connexion (302)", 302, {
      url: `${server.baseUrl}/connexion`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
      body,
    }),
  );
  await stopServer(server.child);
  return rows;
}

function printTable(rows: Row[]): void {
  const header = ["engine", "scenario", "req/s", "p50 ms", "p99 ms", "requests", "expected status", "errors"];
  const lines = rows.map((row) => [
    row.engine,
    row.scenario,
    row.reqPerSec.toFixed(1),
    String(row.p50),
    String(row.p99),
    String(row.requests),
    `${row.expected} (${row.requests > 0 ? ((100 * row.expected) / row.requests).toFixed(1) : "0"}%)`,
    String(row.errors),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)));
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
  console.log(`\n${format(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  ensureBuild();
  const rows: Row[] = [];

  const dataDir = mkdtempSync(path.join(tmpdir(), "recours-bench-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  rows.push(...(await benchEngine("pglite", { DATA_DIR: dataDir })));

  if (await postgresReachable()) {
    const databaseUrl = await createBenchDatabase();
    rows.push(
      ...(await benchEngine("postgres", {
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: randomBytes(32).toString("base64url"),
      })),
    );
  } else {
    console.log(`\nPostgreSQL is not reachable at ${POSTGRES_URL}: PGlite only.`);
  }

  printTable(rows);
  // Every answer must carry the expected status (a request still in flight at the end may be uncounted).
  const wrong = rows.filter((row) => row.requests === 0 || row.expected < row.requests - CONNECTIONS || row.errors > 0);
  if (wrong.length > 0) {
    console.error(`\nUnexpected answers in: ${wrong.map((row) => `${row.engine} ${row.scenario}`).join(", ")}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

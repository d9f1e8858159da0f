// `npm run bench:load`: a mixed workload against the production server on PostgreSQL, in database recours_load
// (created if missing; a throw-away schema inside, dropped at the end; never the test database):
// public pages 70 %, sign-ins 5 %, dashboards 15 %, chat 10 %, open loop at LOAD_RATE requests/s for LOAD_DURATION_S
// seconds (default 600) after LOAD_WARMUP_S (default 30). Prints p50/p95/p99 per kind and overall, errors, the
// server's RSS after warm-up and at the end (target: within 10 %), `uptime`; then runs `npm run bench:uploads`
// (10 parallel 30 MB uploads, RSS growth ≤ 64 MB) unless LOAD_SKIP_UPLOADS=1. Target: p95 ≤ 200 ms, no errors.
// LOAD_STEPS=20,40,60 first runs LOAD_STEP_S seconds (default 60) at each rate and soaks at the highest one that
// held (p95 ≤ 200 ms, no errors) instead of LOAD_RATE.
// To tell a leak from garbage V8 has not collected yet, it also opens the server's inspector (SIGUSR1, 127.0.0.1:9229)
// and reads the V8 heap and RSS right after a full collection, halfway through the warm-up and at the end (after the
// raw figures).
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { db, stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedAccount } from "../tests/support/accounts";
import { ensureProductionBuild, startProductionServer, type RunningServer } from "../tests/support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../tests/support/test-database";
import { ensureBenchDatabase } from "./support/bench-database";
import { openLoop } from "./support/open-loop";
import { PUBLIC_PAGES } from "./support/public-pages";
import { percentile } from "./timing";

const FIXED_RATE = Number(process.env.LOAD_RATE ?? 40);
const STEPS = (process.env.LOAD_STEPS ?? "").split(",").filter(Boolean).map(Number);
const STEP_S = Number(process.env.LOAD_STEP_S ?? 60);
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 600);
const WARMUP_S = Number(process.env.LOAD_WARMUP_S ?? 30);
const USERS = Number(process.env.LOAD_USERS ?? 300);
const SECRET = "load-bench-secret-load-bench-secret-load-bench";
const METRICS_TOKEN = randomBytes(24).toString("hex");
const base = process.env.LOAD_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/recours_load";

await ensureBenchDatabase(base, "bench:load");

function rssMegabytes(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/**
 * A full garbage collection in the server, then its V8 heap in use and RSS, through its inspector: SIGUSR1 makes Node
 * listen on 127.0.0.1:9229 (no change to how the server is started; nothing else of it is touched).
 */
async function afterFullCollection(pid: number): Promise<{ heapUsed: number; rss: number }> {
  process.kill(pid, "SIGUSR1");
  let targets: { webSocketDebuggerUrl: string }[] | undefined;
  for (let attempt = 0; targets === undefined; attempt += 1) {
    targets = await fetch("http://127.0.0.1:9229/json/list")
      .then((response) => response.json() as Promise<{ webSocketDebuggerUrl: string }[]>)
      .catch((error: unknown) => {
        if (attempt >= 50) throw error;
        return new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100));
      });
  }
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const mine = (id += 1);
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: { result?: { value?: string } } };
        if (message.id !== mine) return;
        socket.off("message", onMessage);
        resolve(message);
      };
      socket.on("message", onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const reply = await call("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true });
    const usage = JSON.parse(reply.result!.result!.value!) as { heapUsed: number; rss: number };
    return { heapUsed: usage.heapUsed / 1024 / 1024, rss: usage.rss / 1024 / 1024 };
  } finally {
    socket.close();
  }
}

ensureProductionBuild();
const database = await persistentDatabaseTarget("postgres");
let server: RunningServer | undefined;
try {
  const seedStart = performance.now();
  await startTestRuntimeOn(database.target, { AUTH_SECRET: SECRET });
  const people: { email: string; password: string; caseId?: string }[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const account = await seedAccount("user", { firstName: `Charge${i}`, lastName: "Client" });
    const row = await db()
      .insertInto("cases")
      .values({ user_id: account.userId, status: "submitted", scam_type: "phishing", submitted_at: new Date(), payment_methods: [], evidence_types: [] })
      .returning("id")
      .executeTakeFirstOrThrow();
    people.push({ ...account, caseId: row.id });
  }
  await stopRuntime();
  console.log(`données : ${USERS} clients et leurs dossiers — ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

  server = await startProductionServer({
    ...database.serverEnv,
    AUTH_SECRET: SECRET,
    MAX_CONNECTIONS_PER_ADDRESS: "0",
    LOGIN_ATTEMPTS_PER_ADDRESS: "1000000",
    LOGIN_ATTEMPTS_PER_EMAIL: "1000000",
    LOG_LEVEL: "error",
    METRICS_TOKEN,
  });
  const baseUrl = server.baseUrl;
  /** The server's V8 heap in use and its off-heap buffers, from /metrics: tells a leak from memory the allocator keeps. */
  const heap = async () => {
    const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1] ?? NaN) / 1024 / 1024;
    return { used: value("recours_nodejs_heap_size_used_bytes"), external: value("recours_nodejs_external_memory_bytes") };
  };
  const signIn = async (person: (typeof people)[number]) => {
    const response = await fetch(`${baseUrl}/connexion`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: new URLSearchParams({ email: person.email, password: person.password }),
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status !== 302 && response.status !== 303) throw new Error(`connexion refusée : ${response.status}`);
    return cookieHeaderFrom(response.headers.getSetCookie(), (cookie) => !cookie.startsWith("recours_flash"));
  };
  // One at a time: password checks are bounded (PASSWORD_HASHING_*), a burst would get 503s by design.
  const cookies: string[] = [];
  for (const person of people.slice(0, 100)) cookies.push(await signIn(person));

  type Kind = "public" | "sign-in" | "dashboard" | "chat";
  const pick = (i: number): Kind => {
    const slot = i % 20;
    return slot < 14 ? "public" : slot < 15 ? "sign-in" : slot < 18 ? "dashboard" : "chat";
  };
  const one = async (i: number): Promise<{ kind: Kind; ms: number; ok: boolean }> => {
    const kind = pick(i);
    const person = i % cookies.length;
    const started = performance.now();
    try {
      let status: number;
      if (kind === "sign-in") {
        await signIn(people[(i * 7) % people.length]!);
        status = 200;
      } else {
        const target = kind === "public" ? PUBLIC_PAGES[i % PUBLIC_PAGES.length]! : kind === "dashboard" ? "/dashboard" : `/case/${people[person]!.caseId}/chat`;
        const response = await fetch(`${baseUrl}${target}`, { headers: kind === "public" ? {} : { cookie: cookies[person]! }, redirect: "manual" });
        await response.arrayBuffer();
        status = response.status;
      }
      return { kind, ms: performance.now() - started, ok: status === 200 };
    } catch {
      return { kind, ms: performance.now() - started, ok: false };
    }
  };
  const run = (seconds: number, rate: number) => openLoop(seconds, rate, one);

  const p95Of = (list: { ms: number }[]) => percentile(list.map((r) => r.ms).sort((a, b) => a - b), 95);
  let RATE = FIXED_RATE;
  if (STEPS.length > 0) {
    await run(WARMUP_S, STEPS[0]!);
    let held: number | undefined;
    for (const rate of STEPS) {
      const step = await run(STEP_S, rate);
      const stepErrors = step.filter((r) => !r.ok).length;
      console.log(`palier ${String(rate).padStart(4)} req/s pendant ${STEP_S} s : p95 ${p95Of(step).toFixed(1)} ms, erreurs ${stepErrors}`);
      if (p95Of(step) > 200 || stepErrors > 0) break;
      held = rate;
    }
    if (held === undefined) throw new Error("aucun palier tenu (p95 ≤ 200 ms sans erreur)");
    RATE = held;
    console.log(`plus haut palier tenu : ${RATE} req/s`);
  }

  // The forced collection falls in the middle of the warm-up, so that the raw RSS the target compares is read after
  // the heap has grown back under load, as it would have without it.
  await run(WARMUP_S / 2, RATE);
  const collectedWarm = await afterFullCollection(server.pid!);
  await run(WARMUP_S / 2, RATE);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssWarm = rssMegabytes(server.pid);
  const heapWarm = await heap();
  const results = await run(DURATION_S, RATE);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssEnd = rssMegabytes(server.pid);
  const heapEnd = await heap();
  const collectedEnd = await afterFullCollection(server.pid!);

  const row = (label: string, list: { ms: number; ok: boolean }[]) => {
    const ms = list.map((r) => r.ms).sort((a, b) => a - b);
    console.log(
      `${label.padEnd(10)} ${String(list.length).padStart(7)}  p50 ${percentile(ms, 50).toFixed(1).padStart(7)}  p95 ${percentile(ms, 95).toFixed(1).padStart(7)}  p99 ${percentile(ms, 99).toFixed(1).padStart(7)} ms  erreurs ${list.filter((r) => !r.ok).length}`,
    );
  };
  console.log(`\ncharge : ${RATE} req/s pendant ${DURATION_S} s (après ${WARMUP_S} s d'échauffement)`);
  for (const kind of ["public", "sign-in", "dashboard", "chat"] as const) row(kind, results.filter((r) => r.kind === kind));
  row("total", results);
  const p95 = p95Of(results);
  const errors = results.filter((r) => !r.ok).length;
  console.log(`RSS après échauffement ${rssWarm.toFixed(1)} Mo, à la fin ${rssEnd.toFixed(1)} Mo (${(((rssEnd - rssWarm) / rssWarm) * 100).toFixed(1)} %, cible ≤ 10 %)`);
  console.log(
    `tas V8 utilisé ${heapWarm.used.toFixed(1)} → ${heapEnd.used.toFixed(1)} Mo, mémoire hors tas ${heapWarm.external.toFixed(1)} → ${heapEnd.external.toFixed(1)} Mo`,
  );
  console.log(
    `après un GC complet (mi-échauffement → fin) : tas V8 ${collectedWarm.heapUsed.toFixed(1)} → ${collectedEnd.heapUsed.toFixed(1)} Mo, RSS ${collectedWarm.rss.toFixed(1)} → ${collectedEnd.rss.toFixed(1)} Mo`,
  );
  console.log(`uptime : ${execSync("uptime").toString().trim()}`);
  if (p95 > 200 || errors > 0 || rssEnd > rssWarm * 1.1) process.exitCode = 1;
} finally {
  await server?.stop();
  await database.drop();
}

if (process.env.LOAD_SKIP_UPLOADS !== "1") {
  console.log("\nenvois parallèles (npm run bench:uploads) :");
  execSync("npm run --silent bench:uploads", { stdio: "inherit" });
}

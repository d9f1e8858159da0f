// npm run bench:load — a mixed workload against the production server on PostgreSQL (a fresh schema of
//   TEST_DATABASE_URL, default the local `test` database): public pages 70 %, sign-ins 5 %, dashboards 15 %, chat 10 %
//   (half reading the chat page, half posting a message). First steps the number of concurrent clients
//   (LOAD_STEPS, default 2,4,8,16,32, LOAD_STEP_S seconds each) and keeps the highest with p95 ≤ 200 ms and no error,
//   then soaks at it for LOAD_DURATION_S (default 600). Prints p50/p95/p99 per kind, errors, req/s, and RSS after
//   warm-up against RSS at the end (a leak shows as growth). Parallel 30 MB uploads are `npm run bench:uploads`.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom } from "../tests/support/accounts";
import { insertSubmittedCase, seedPerson } from "../tests/support/cases";
import { assignTo } from "../tests/support/chat";
import { ensureProductionBuild, startProductionServer, type RunningServer } from "../tests/support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../tests/support/test-database";
import { percentile } from "./timing";

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const SECRET = "bench-load-secret-bench-load-secret-0123456789";
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 40);
const STEPS = (process.env.LOAD_STEPS ?? "2,4,8,16,32").split(",").map(Number);
const STEP_SECONDS = Number(process.env.LOAD_STEP_S ?? 20);
const DURATION_SECONDS = Number(process.env.LOAD_DURATION_S ?? 600);
const WARM_UP_SECONDS = Number(process.env.LOAD_WARM_UP_S ?? 20);
const PUBLIC_PAGES = ["/", "/fonctionnement", "/arnaques/faux-conseiller-bancaire", "/a-propos", "/premiers-reflexes", "/temoignages"];

type Kind = "public" | "sign-in" | "dashboard" | "chat-read" | "chat-post";
interface Person {
  email: string;
  password: string;
  cookie: string;
  caseId: string;
}

function pickKind(): Kind {
  const roll = Math.random() * 100;
  if (roll < 70) return "public";
  if (roll < 75) return "sign-in";
  if (roll < 90) return "dashboard";
  return roll < 95 ? "chat-read" : "chat-post";
}

function rssMegabytes(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function signIn(baseUrl: string, person: Pick<Person, "email" | "password">): Promise<{ status: number; cookie: string }> {
  const response = await fetch(`${baseUrl}/connexion`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: person.email, password: person.password }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status, cookie: cookieHeaderFrom(response.headers.getSetCookie(), (name) => !name.startsWith("recours_flash")) };
}

async function one(baseUrl: string, kind: Kind, people: Person[]): Promise<boolean> {
  const person = people[Math.floor(Math.random() * people.length)]!;
  let response: Response;
  switch (kind) {
    case "public":
      response = await fetch(`${baseUrl}${PUBLIC_PAGES[Math.floor(Math.random() * PUBLIC_PAGES.length)]}`, { headers: { "accept-encoding": "gzip" } });
      break;
    case "sign-in": {
      const result = await signIn(baseUrl, person);
      return result.status === 302;
    }
    case "dashboard":
      response = await fetch(`${baseUrl}/dashboard`, { headers: { cookie: person.cookie }, redirect: "manual" });
      break;
    case "chat-read":
      response = await fetch(`${baseUrl}/case/${person.caseId}/chat`, { headers: { cookie: person.cookie }, redirect: "manual" });
      break;
    case "chat-post":
      response = await fetch(`${baseUrl}/case/${person.caseId}/chat/messages?intent=send`, {
        method: "POST",
        headers: { cookie: person.cookie, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ message: "Bonjour, où en est mon dossier ?", clientId: crypto.randomUUID() }),
      });
      break;
  }
  await response.arrayBuffer();
  return response.status === 200;
}

interface Run {
  seconds: number;
  concurrency: number;
  times: Record<Kind, number[]>;
  errors: number;
  total: number;
}

async function drive(baseUrl: string, people: Person[], concurrency: number, seconds: number): Promise<Run> {
  const times: Record<Kind, number[]> = { public: [], "sign-in": [], dashboard: [], "chat-read": [], "chat-post": [] };
  let errors = 0;
  let total = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const kind = pickKind();
        const start = performance.now();
        let ok = false;
        try {
          ok = await one(baseUrl, kind, people);
        } catch {
          ok = false;
        }
        times[kind].push(performance.now() - start);
        total += 1;
        if (!ok) errors += 1;
      }
    }),
  );
  return { seconds, concurrency, times, errors, total };
}

function all(run: Run): number[] {
  return Object.values(run.times).flat();
}

function report(run: Run, label: string): void {
  const rows: { type: string; requêtes: number; p50: number; p95: number; p99: number }[] = (Object.keys(run.times) as Kind[]).map((kind) => {
    const values = run.times[kind];
    return { type: kind, requêtes: values.length, p50: +percentile(values, 50).toFixed(1), p95: +percentile(values, 95).toFixed(1), p99: +percentile(values, 99).toFixed(1) };
  });
  const everything = all(run);
  rows.push({ type: "tout", requêtes: everything.length, p50: +percentile(everything, 50).toFixed(1), p95: +percentile(everything, 95).toFixed(1), p99: +percentile(everything, 99).toFixed(1) });
  console.log(`\n${label} — ${run.concurrency} clients simultanés, ${(run.total / run.seconds).toFixed(0)} req/s, ${run.errors} erreur(s), charge ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  console.table(rows);
}

ensureProductionBuild();
const database = await persistentDatabaseTarget("postgres");
let server: RunningServer | undefined;
try {
  await startTestRuntimeOn(database.target, { AUTH_SECRET: SECRET });
  const lawyer = await seedPerson("lawyer", "Avocate");
  const seeded: Omit<Person, "cookie">[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const client = await seedPerson("user", `Client${i}`, { verified: true });
    const created = await insertSubmittedCase(client.userId);
    await assignTo(created.id, lawyer.userId);
    seeded.push({ email: client.email, password: client.password, caseId: created.id });
  }
  await stopRuntime();
  server = await startProductionServer({
    ...database.serverEnv,
    AUTH_SECRET: SECRET,
    MAX_CONNECTIONS_PER_ADDRESS: "0",
    LOGIN_ATTEMPTS_PER_ADDRESS: "1000000",
    LOGIN_ATTEMPTS_PER_EMAIL: "1000000",
    LOG_LEVEL: "error",
  });
  const people: Person[] = [];
  for (const person of seeded) {
    const result = await signIn(server.baseUrl, person);
    if (result.status !== 302) throw new Error(`connexion refusée : ${result.status}`);
    people.push({ ...person, cookie: result.cookie });
  }
  console.log(`${people.length} clients connectés, chacun avec un dossier assigné ; échauffement ${WARM_UP_SECONDS} s`);
  await drive(server.baseUrl, people, 4, WARM_UP_SECONDS);

  let chosen = STEPS[0]!;
  for (const concurrency of STEPS) {
    const run = await drive(server.baseUrl, people, concurrency, STEP_SECONDS);
    report(run, `Palier`);
    if (run.errors === 0 && percentile(all(run), 95) <= 200) chosen = concurrency;
    else break;
  }
  const rssAfterWarmUp = rssMegabytes(server.pid);
  console.log(`\nEndurance : ${chosen} clients simultanés pendant ${DURATION_SECONDS} s ; RSS après échauffement ${rssAfterWarmUp.toFixed(1)} Mo`);
  const soak = await drive(server.baseUrl, people, chosen, DURATION_SECONDS);
  const rssAtEnd = rssMegabytes(server.pid);
  report(soak, "Endurance");
  const growth = ((rssAtEnd - rssAfterWarmUp) / rssAfterWarmUp) * 100;
  console.log(`RSS : ${rssAfterWarmUp.toFixed(1)} Mo après échauffement, ${rssAtEnd.toFixed(1)} Mo à la fin (${growth >= 0 ? "+" : ""}${growth.toFixed(1)} %, cible ≤ 10 %)`);
  console.log(`p95 global ${percentile(all(soak), 95).toFixed(1)} ms (cible ≤ 200 ms), ${soak.errors} erreur(s) (cible 0)`);
} finally {
  await server?.stop();
  await database.drop();
}

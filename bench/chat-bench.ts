// `npm run bench:chat`: the case chat on PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else TEST_DATABASE_URL):
// - two production server processes on one database, 1 000 Server-Sent Events subscribers spread over both
//   (100 cases, 5 streams per case on each server), messages posted on the first: delivery latency p50/p99 to the
//   second's subscribers (from the start of the POST to the event's arrival), and the servers' RSS per 1 000 streams;
// - the thread with 5 000 000 messages in the table (one case holds 1 000 000): first page and a deep keyset page
//   (500 000 messages back), p50/p95 of chatThreadFor.
// Seeds a throw-away schema, dropped at the end. BENCH_MESSAGES=500000 for a smaller table.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { chatThreadFor } from "~/modules/chat/chat.server";
import type { UserActor } from "~/platform/actor";
import { db, stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedAccount } from "../tests/support/accounts";
import { ensureProductionBuild, startProductionServer, type RunningServer } from "../tests/support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../tests/support/test-database";
import { percentile, timed } from "./timing";

const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
process.env.TEST_DATABASE_URL = url;
const CASES = 100;
const STREAMS_PER_CASE_PER_SERVER = 5;
const MESSAGES = Number(process.env.BENCH_CHAT_POSTS ?? 200);
const TABLE_MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5_000_000);
const BIG_CASE_MESSAGES = Math.min(1_000_000, Math.floor(TABLE_MESSAGES / 5));
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const SECRET = "chat-bench-secret-chat-bench-secret-chat-bench";

function rssMegabytes(pid: number | undefined): number {
  if (!pid) return NaN;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

ensureProductionBuild();
const database = await persistentDatabaseTarget("postgres");
const servers: RunningServer[] = [];
const aborts: AbortController[] = [];
try {
  await startTestRuntimeOn(database.target, { AUTH_SECRET: SECRET });
  const client = await seedAccount("user", { firstName: "Bench", lastName: "Client" });
  const caseIds: string[] = [];
  for (let i = 0; i < CASES; i += 1) {
    const row = await db()
      .insertInto("cases")
      .values({ user_id: client.userId, status: "submitted", scam_type: "phishing", submitted_at: new Date(), payment_methods: [], evidence_types: [] })
      .returning("id")
      .executeTakeFirstOrThrow();
    caseIds.push(row.id);
  }
  await stopRuntime();

  const env = { ...database.serverEnv, AUTH_SECRET: SECRET, MAX_CONNECTIONS_PER_ADDRESS: "0", LOGIN_ATTEMPTS_PER_ADDRESS: "1000", LOG_LEVEL: "error" };
  // One person posts every message here, faster than anyone types: the per-person limit (decision 62) is lifted.
  Object.assign(env, { CHAT_MESSAGES_PER_MINUTE: "100000" });
  servers.push(await startProductionServer(env), await startProductionServer(env));
  const signIn = await fetch(`${servers[0]!.baseUrl}/connexion`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: servers[0]!.baseUrl },
    body: new URLSearchParams({ email: client.email, password: client.password }),
    redirect: "manual",
  });
  const cookie = cookieHeaderFrom(signIn.headers.getSetCookie(), (name) => !name.startsWith("recours_flash"));
  await sleep(1000);
  const rssBefore = servers.map((server) => rssMegabytes(server.pid));

  // message id -> post start; arrivals on the second server's streams.
  const postedAt = new Map<string, number>();
  const arrivals: { id: string; at: number; server: number }[] = [];
  const roundTrips: number[] = [];
  let expectedPerMessage = 0;
  let opened = 0;
  const openStream = async (server: RunningServer, caseId: string, index: number) => {
    const controller = new AbortController();
    aborts.push(controller);
    const response = await fetch(`${server.baseUrl}/case/${caseId}/chat/events`, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal });
    if (response.status !== 200) throw new Error(`flux refusé : ${response.status}`);
    opened += 1;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          const now = performance.now();
          buffer += decoder.decode(value, { stream: true });
          let at: number;
          while ((at = buffer.indexOf("\n\n")) !== -1) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            if (!block.includes("event: message")) continue;
            const id = /"id":"([0-9a-f-]{36})"/.exec(block)?.[1];
            if (id) arrivals.push({ id, at: now, server: index });
          }
        }
      } catch {
        // aborted at the end
      }
    })();
  };
  const opening: Promise<void>[] = [];
  for (const caseId of caseIds) {
    for (let i = 0; i < STREAMS_PER_CASE_PER_SERVER; i += 1) {
      opening.push(openStream(servers[0]!, caseId, 0));
      opening.push(openStream(servers[1]!, caseId, 1));
    }
  }
  await Promise.all(opening);
  expectedPerMessage = STREAMS_PER_CASE_PER_SERVER;
  await sleep(3000);
  const rssAfter = servers.map((server) => rssMegabytes(server.pid));
  console.log(`${opened} flux ouverts (${opened / 2} par serveur)`);

  const posting: string[] = [];
  for (let i = 0; i < MESSAGES; i += 1) {
    const caseId = caseIds[i % CASES]!;
    const start = performance.now();
    const pending = fetch(`${servers[0]!.baseUrl}/case/${caseId}/chat/messages?intent=send`, {
      method: "POST",
      headers: { cookie, origin: servers[0]!.baseUrl, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ message: `Message de mesure ${i}`, clientId: crypto.randomUUID() }),
    });
    const response = await pending;
    const body = (await response.json()) as { message?: { id: string } };
    if (!body.message) throw new Error(`envoi refusé : ${response.status}`);
    // An event may arrive before the POST's answer: arrivals are matched to their post afterwards.
    postedAt.set(body.message.id, start);
    roundTrips.push(performance.now() - start);
    posting.push(body.message.id);
    await sleep(20);
  }
  await sleep(3000);
  const latencies: number[] = [];
  const sameInstance: number[] = [];
  const arrivalsOf = new Map<string, number>();
  for (const arrival of arrivals) {
    const start = postedAt.get(arrival.id);
    if (start === undefined) continue;
    if (arrival.server === 0) {
      sameInstance.push(arrival.at - start);
      continue;
    }
    latencies.push(arrival.at - start);
    arrivalsOf.set(arrival.id, (arrivalsOf.get(arrival.id) ?? 0) + 1);
  }
  const complete = posting.filter((id) => (arrivalsOf.get(id) ?? 0) >= expectedPerMessage).length;
  console.log(`messages postés sur le serveur 1 : ${MESSAGES}, reçus par les ${expectedPerMessage} abonnés du serveur 2 : ${complete}`);
  console.log(
    `latence de livraison vers l'autre instance (${latencies.length} livraisons) : p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  console.log(
    `pour comparaison : aller-retour du POST p50 ${percentile(roundTrips, 50).toFixed(1)} ms, p99 ${percentile(roundTrips, 99).toFixed(1)} ms ; livraison sur la même instance p50 ${percentile(sameInstance, 50).toFixed(1)} ms, p99 ${percentile(sameInstance, 99).toFixed(1)} ms ; charge ${loadavg()[0]!.toFixed(1)}`,
  );
  const grown = rssAfter.reduce((sum, value, index) => sum + value - rssBefore[index]!, 0);
  console.log(
    `RSS des serveurs : avant ${rssBefore.map((value) => value.toFixed(0)).join(" + ")} Mo, avec ${opened} flux ${rssAfter.map((value) => value.toFixed(0)).join(" + ")} Mo, soit ${((grown * 1000) / opened).toFixed(1)} Mo pour 1 000 flux`,
  );
  for (const controller of aborts) controller.abort();
  for (const server of servers) await server.stop();
  servers.length = 0;

  // The thread at scale.
  await startTestRuntimeOn({ ...database.target, poolSize: 4 } as typeof database.target, { AUTH_SECRET: SECRET });
  const started = performance.now();
  const owner = await db().selectFrom("profiles").select(["id", "email"]).where("id", "=", client.userId).executeTakeFirstOrThrow();
  const bigCase = caseIds[0]!;
  await sql`INSERT INTO case_chat_messages (case_id, sender_id, message, created_at)
    SELECT ${bigCase}::uuid, ${owner.id}, 'Message historique ' || g, timestamptz '2024-01-01' + g * interval '7 seconds'
    FROM generate_series(1, ${BIG_CASE_MESSAGES}) AS g`.execute(db());
  await sql`INSERT INTO case_chat_messages (case_id, sender_id, message, created_at)
    SELECT (${sql.val(caseIds.slice(1))}::uuid[])[1 + g % ${CASES - 1}], ${owner.id}, 'Autre message ' || g, timestamptz '2024-01-01' + g * interval '5 seconds'
    FROM generate_series(1, ${TABLE_MESSAGES - BIG_CASE_MESSAGES - MESSAGES}) AS g`.execute(db());
  await sql`ANALYZE case_chat_messages`.execute(db());
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM case_chat_messages`.execute(db());
  console.log(`${total.rows[0]!.n} messages en base (${BIG_CASE_MESSAGES} dans un dossier), semés en ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const actor: UserActor = {
    kind: "user",
    userId: owner.id,
    sessionId: "bench",
    email: owner.email,
    role: "user",
    firstName: "Bench",
    lastName: "Client",
    clientAddress: "127.0.0.1",
    secondFactor: "not-enrolled",
  };
  const first = await timed(RUNS, () => chatThreadFor(actor, bigCase), { warmUp: true });
  const deep = await sql<{ at: string; id: string }>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id FROM case_chat_messages
    WHERE case_id = ${bigCase}::uuid ORDER BY created_at DESC, id DESC OFFSET 500000 LIMIT 1`.execute(db());
  const cursor = `${deep.rows[0]!.at}_${deep.rows[0]!.id}`;
  const deepPage = await timed(RUNS, () => chatThreadFor(actor, bigCase, { before: cursor }), { warmUp: true });
  const page = await chatThreadFor(actor, bigCase, { before: cursor });
  if (page.messages.length !== 50) throw new Error("page profonde incomplète");
  console.log(`fil, première page (50 derniers) : p50 ${first.p50.toFixed(2)} ms, p95 ${first.p95.toFixed(2)} ms`);
  console.log(`fil, page profonde (500 000 messages en arrière, keyset) : p50 ${deepPage.p50.toFixed(2)} ms, p95 ${deepPage.p95.toFixed(2)} ms`);
  await stopRuntime();
} finally {
  for (const controller of aborts) controller.abort();
  for (const server of servers) await server.stop();
  await stopRuntime();
  await database.drop();
}

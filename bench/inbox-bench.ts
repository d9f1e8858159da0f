// `npm run bench:inbox`: the lawyer's inbox, the lawyer's unread count and the client dashboard on PostgreSQL
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL) with 5 000 000 chat messages: 100 000 cases of 50 messages, 100
// lawyers with 1 000 cases each, 50 000 clients; about 2 % of the messages unread. p50/p95 through the module
// functions, then the plans of the same queries. Seeds a throw-away schema (set-based SQL), dropped at the end.
// BENCH_SCALE=0.1 for a tenth of the messages.
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { lawyerInbox, lawyerUnreadCount } from "~/modules/chat/chat-inbox.server";
import { dashboardFor } from "~/modules/dashboard/dashboard.server";
import type { Role } from "~/platform/database-schema";
import type { UserActor } from "~/platform/actor";
import { db, startRuntime, stopRuntime } from "~/platform/runtime.server";
import { freshDatabaseTarget, testEnv } from "../tests/support/test-database";
import { timed as timedRuns } from "./timing";

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
process.env.TEST_DATABASE_URL = url;
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CASES = Math.round(100_000 * SCALE);
const PER_CASE = 50;
const LAWYERS = 100;
const CLIENTS = Math.max(1, Math.round(CASES / 2));
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

const timed = (runs: number, work: (i: number) => Promise<unknown>) => timedRuns(runs, work, { warmUp: true });

function actor(userId: string, role: Role): UserActor {
  return { kind: "user", userId, sessionId: "bench", email: `${userId}@example.com`, role, firstName: "Bench", lastName: userId, clientAddress: "127.0.0.1", secondFactor: role === "user" ? "not-enrolled" : "verified" };
}

const fresh = await freshDatabaseTarget("postgres");
await startRuntime(testEnv(), { target: fresh.target });
try {
  const database = db();
  const seedStart = performance.now();
  // l1…l100 lawyers, a0 the admin, c1…cN clients (two cases each).
  await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", image, "twoFactorEnabled")
    SELECT id, 'Bench', id || '@example.com', true, now(), now(), NULL, false
    FROM (SELECT 'l' || i AS id FROM generate_series(1, ${LAWYERS}) i UNION ALL SELECT 'a0'
          UNION ALL SELECT 'c' || i FROM generate_series(1, ${CLIENTS}) i) people`.execute(database);
  await sql`INSERT INTO profiles (id, email, first_name, last_name, role, identity_verified, created_at)
    SELECT id, id || '@example.com', 'Prénom', 'Nom ' || id,
      CASE WHEN id LIKE 'l%' THEN 'lawyer' WHEN id = 'a0' THEN 'admin' ELSE 'user' END, true, now()
    FROM "user"`.execute(database);
  await sql`ALTER TABLE cases DISABLE TRIGGER cases_status_history`.execute(database);
  await sql`INSERT INTO cases (case_number, user_id, assigned_lawyer_id, assigned_at, status, scam_type, submitted_at, created_at)
    SELECT 'RC-BENCH-' || i, 'c' || (1 + i % ${CLIENTS}), 'l' || (1 + i % ${LAWYERS}), now() - interval '90 days',
      (ARRAY['assigned', 'in_progress', 'in_progress', 'resolved'])[1 + i % 4], 'phishing', now(), now() - interval '90 days'
    FROM generate_series(1, ${CASES}) AS i`.execute(database);
  await sql`ALTER TABLE cases ENABLE TRIGGER cases_status_history`.execute(database);
  // A few status changes per case for the client's activity.
  await sql`INSERT INTO case_status_history (case_id, from_status, to_status, created_at)
    SELECT id, s.from_status, s.to_status, created_at + s.after
    FROM cases, (VALUES (NULL, 'submitted', interval '0'), ('submitted', 'assigned', interval '1 hour'),
                        ('assigned', 'in_progress', interval '2 days')) AS s(from_status, to_status, after)`.execute(database);
  // The messages: set-based, the summary trigger off (rebuilt below in one statement, as migration 0056 does).
  await sql`ALTER TABLE case_chat_messages DISABLE TRIGGER case_chat_messages_summary`.execute(database);
  await sql`CREATE TEMP TABLE bench_cases AS
    SELECT row_number() OVER (ORDER BY case_number) AS n, id, user_id, assigned_lawyer_id FROM cases`.execute(database);
  await sql`INSERT INTO case_chat_messages (case_id, sender_id, message, read_status, created_at)
    SELECT c.id,
      CASE WHEN k % 10 = 7 THEN 'a0' WHEN k % 2 = 0 THEN c.assigned_lawyer_id ELSE c.user_id END,
      'Message ' || k || ' du dossier ' || c.n || ' : bonjour, voici les nouvelles de la procédure en cours.',
      -- The last two messages of one case in three wait to be read (about 2 % of the messages).
      NOT (k > ${PER_CASE - 2} AND c.n % 3 = 0),
      now() - interval '60 days' + (k * interval '1 hour') + ((c.n % 1000) * interval '1 minute')
    FROM bench_cases c CROSS JOIN generate_series(1, ${PER_CASE}) AS k`.execute(database);
  await sql`ALTER TABLE case_chat_messages ENABLE TRIGGER case_chat_messages_summary`.execute(database);
  await sql`UPDATE case_chat_summaries s SET last_message_id = m.id, last_message_at = m.created_at, last_sender_id = m.sender_id,
      last_excerpt = chat_excerpt(m.message), last_file_name = m.file_name
    FROM (SELECT DISTINCT ON (case_id) * FROM case_chat_messages ORDER BY case_id, created_at DESC, id DESC) m
    WHERE m.case_id = s.case_id`.execute(database);
  await sql`VACUUM ANALYZE`.execute(database);
  const counted = await sql<{ messages: number; unread: number }>`
    SELECT count(*)::int AS messages, count(*) FILTER (WHERE NOT read_status)::int AS unread FROM case_chat_messages`.execute(database);
  console.log(
    `données : ${counted.rows[0]!.messages} messages (${counted.rows[0]!.unread} non lus), ${CASES} dossiers, ${LAWYERS} avocats (${CASES / LAWYERS} dossiers chacun), ${CLIENTS} clients — ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
  );

  const results: Record<string, { p50: number; p95: number }> = {
    "boîte de réception avocat, page 1": await timed(RUNS, (i) => lawyerInbox(actor(`l${1 + (i % LAWYERS)}`, "lawyer"), { view: "toutes", page: 1 })),
    "boîte de réception avocat, page 20": await timed(RUNS, (i) => lawyerInbox(actor(`l${1 + (i % LAWYERS)}`, "lawyer"), { view: "toutes", page: 20 })),
    "boîte de réception avocat, vue non lues": await timed(RUNS, (i) => lawyerInbox(actor(`l${1 + (i % LAWYERS)}`, "lawyer"), { view: "non-lues", page: 1 })),
    "messages non lus de l'avocat (compte)": await timed(RUNS, (i) => lawyerUnreadCount(actor(`l${1 + (i % LAWYERS)}`, "lawyer"))),
    "tableau de bord avocat": await timed(RUNS, (i) => dashboardFor(actor(`l${1 + (i % LAWYERS)}`, "lawyer"))),
    "tableau de bord client (badges, activité)": await timed(RUNS, (i) => dashboardFor(actor(`c${1 + ((i * 997) % CLIENTS)}`, "user"))),
  };
  for (const [name, figures] of Object.entries(results)) {
    console.log(`${name.padEnd(44)} p50 ${figures.p50.toFixed(1).padStart(7)} ms   p95 ${figures.p95.toFixed(1).padStart(7)} ms`);
  }

  const plans: [string, string][] = [
    [
      "boîte de réception, page 1",
      `SELECT s.case_id, (SELECT count(*) FROM case_chat_messages m WHERE m.case_id = s.case_id AND NOT m.read_status AND m.sender_id = c.user_id)
       FROM (SELECT * FROM case_chat_summaries WHERE lawyer_id = 'l7' ORDER BY last_message_at DESC NULLS LAST, case_id DESC LIMIT 50) s
       JOIN cases c ON c.id = s.case_id JOIN profiles o ON o.id = c.user_id LEFT JOIN profiles p ON p.id = s.last_sender_id`,
    ],
    [
      "non lus de l'avocat",
      `SELECT count(*) FROM cases c JOIN case_chat_messages m ON m.case_id = c.id AND NOT m.read_status AND m.sender_id = c.user_id WHERE c.assigned_lawyer_id = 'l7'`,
    ],
    [
      "activité du client (messages)",
      `SELECT m.id FROM cases c CROSS JOIN LATERAL (SELECT id, created_at FROM case_chat_messages WHERE case_id = c.id AND sender_id <> 'c42' ORDER BY created_at DESC LIMIT 8) m WHERE c.user_id = 'c42' ORDER BY m.created_at DESC LIMIT 8`,
    ],
  ];
  for (const [name, query] of plans) {
    const plan = await sql<{ "QUERY PLAN": string }>`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql.raw(query)}`.execute(database);
    console.log(`\n— plan : ${name}\n${plan.rows.map((row) => `  ${row["QUERY PLAN"]}`).join("\n")}`);
  }
} finally {
  await stopRuntime();
  await fresh.drop();
}

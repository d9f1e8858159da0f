// `npm run bench:admin`: the back-office lists on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL) with
// 100 000 people (2 000 of them lawyers), 1 000 000 cases, 1 000 000 email_logs and 200 000 journal rows:
// p50/p95 of each list's first page, a search and a page deep in the list, through the module functions, then the
// plans of the same queries (index use). Seeds a throw-away schema, dropped at the end. BENCH_SCALE=0.1 for a
// quicker run at a tenth of the size.
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { journalQuerySchema } from "~/modules/audit/audit.schema";
import { listJournal } from "~/modules/audit/audit.server";
import { userListQuerySchema } from "~/modules/back-office/back-office.schema";
import { emailHistory } from "~/modules/back-office/emails.server";
import { listLawyers } from "~/modules/back-office/lawyers.server";
import { listTemplates } from "~/modules/back-office/templates.server";
import { listUsers } from "~/modules/back-office/users.server";
import { dashboardFor } from "~/modules/dashboard/dashboard.server";
import type { UserActor } from "~/platform/actor";
import { db, startRuntime, stopRuntime } from "~/platform/runtime.server";
import { freshDatabaseTarget, testEnv } from "../tests/support/test-database";
import { timed as timedRuns } from "./timing";

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
process.env.TEST_DATABASE_URL = url;
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const PEOPLE = Math.round(100_000 * SCALE);
const LAWYERS = Math.round(2_000 * SCALE);
const CASES = Math.round(1_000_000 * SCALE);
const EMAILS = Math.round(1_000_000 * SCALE);
const JOURNAL = Math.round(200_000 * SCALE);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

/** Each query once untimed first, so plans and caches are warm. */
const timed = (runs: number, work: (i: number) => Promise<unknown>) => timedRuns(runs, work, { warmUp: true });

const fresh = await freshDatabaseTarget("postgres");
await startRuntime(testEnv(), { target: fresh.target });
try {
  const database = db();
  const seedStart = performance.now();
  // Lawyers are people 1…LAWYERS, person 0 is the admin, the rest are clients (one lawyer each, round robin).
  await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", image, "twoFactorEnabled")
    SELECT 'p' || i, 'Bench', 'personne' || i || '@example.com', true, now(), now(), NULL, false
    FROM generate_series(0, ${PEOPLE - 1}) AS i`.execute(database);
  await sql`INSERT INTO profiles (id, email, first_name, last_name, role, identity_verified, assigned_lawyer_id, created_at)
    SELECT 'p' || i, 'personne' || i || '@example.com', 'Prénom' || i, 'Nom' || i,
      CASE WHEN i = 0 THEN 'admin' WHEN i <= ${LAWYERS} THEN 'lawyer' ELSE 'user' END,
      i % 3 = 0,
      CASE WHEN i > ${LAWYERS} THEN 'p' || (1 + i % ${LAWYERS}) END,
      now() - (i || ' seconds')::interval
    FROM generate_series(0, ${PEOPLE - 1}) AS i`.execute(database);
  await sql`ALTER TABLE cases DISABLE TRIGGER cases_status_history`.execute(database);
  // Case numbers given here: the default's six digits (migration 0002) run out at 999 999 (see issue-14 note).
  await sql`INSERT INTO cases (case_number, user_id, assigned_lawyer_id, assigned_at, status, scam_type, submitted_at, created_at)
    SELECT 'RC-BENCH-' || i, 'p' || (${LAWYERS + 1} + i % ${PEOPLE - LAWYERS - 1}), 'p' || (1 + i % ${LAWYERS}), now(),
      (ARRAY['assigned', 'in_progress', 'resolved', 'closed'])[1 + i % 4], 'phishing', now(), now() - (i || ' seconds')::interval
    FROM generate_series(1, ${CASES}) AS i`.execute(database);
  await sql`INSERT INTO email_logs (recipient_email, subject, body, status, error, sent_at)
    SELECT 'personne' || (i % ${PEOPLE}) || '@example.com', 'Sujet numéro ' || i, 'Bonjour, message ' || i,
      CASE WHEN i % 50 = 0 THEN 'failed' ELSE 'sent' END, CASE WHEN i % 50 = 0 THEN 'refusé' END, now() - (i || ' seconds')::interval
    FROM generate_series(1, ${EMAILS}) AS i`.execute(database);
  await sql`INSERT INTO staff_audit_log (actor_id, actor_email, action, target_type, target_id, client_address, after, created_at)
    SELECT 'p' || (i % 20), 'personne' || (i % 20) || '@example.com',
      (ARRAY['user.role-changed', 'case.assigned', 'document.approved', 'email.sent'])[1 + i % 4], 'user', 'p' || (i % ${PEOPLE}), '127.0.0.1',
      jsonb_build_object('n', i), now() - (i || ' seconds')::interval
    FROM generate_series(1, ${JOURNAL}) AS i`.execute(database);
  // Steady state, as autovacuum leaves a table: statistics and the visibility map (index-only counts).
  await sql`VACUUM ANALYZE`.execute(database);
  console.log(`données : ${PEOPLE} personnes (${LAWYERS} avocats), ${CASES} dossiers, ${EMAILS} e-mails, ${JOURNAL} lignes de journal — ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

  const admin: UserActor = {
    kind: "user",
    userId: "p0",
    sessionId: "bench",
    email: "personne0@example.com",
    role: "admin",
    firstName: "Admin",
    lastName: "Bench",
    clientAddress: "127.0.0.1",
    secondFactor: "verified",
  };

  // A cursor half-way down the users and the journal: the page a long walk of "Page suivante" reaches.
  const deepUser = await sql<{ at: string; id: string }>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id FROM profiles
    ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(PEOPLE / 2)} LIMIT 1`.execute(database);
  const deepJournal = await sql<{ at: string; id: string }>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id::text FROM staff_audit_log
    ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(JOURNAL / 2)} LIMIT 1`.execute(database);
  const userCursor = `${deepUser.rows[0]!.at}_${deepUser.rows[0]!.id}`;
  const journalCursor = `${deepJournal.rows[0]!.at}_${deepJournal.rows[0]!.id}`;

  const lists: Record<string, { p50: number; p95: number }> = {
    "utilisateurs, première page": await timed(RUNS, () => listUsers(admin, userListQuerySchema.parse({}))),
    "utilisateurs, recherche (nom)": await timed(RUNS, (i) => listUsers(admin, userListQuerySchema.parse({ q: `nom${4000 + i * 131}` }))),
    "utilisateurs, recherche (e-mail)": await timed(RUNS, (i) => listUsers(admin, userListQuerySchema.parse({ q: `personne${7000 + i * 97}@` }))),
    "utilisateurs, filtre avocats + vérifiés": await timed(RUNS, () => listUsers(admin, userListQuerySchema.parse({ role: "lawyer", verification: "verifies" }))),
    "utilisateurs, page profonde (50 %)": await timed(RUNS, () => listUsers(admin, userListQuerySchema.parse({ after: userCursor }))),
    "avocats, première page (comptes inclus)": await timed(RUNS, () => listLawyers(admin, { q: "" })),
    "avocats, recherche": await timed(RUNS, (i) => listLawyers(admin, { q: `nom${1 + ((i * 37) % LAWYERS)}` })),
    "avocats, dernière page": await timed(RUNS, () => listLawyers(admin, { q: "", page: Math.ceil(LAWYERS / 50) })),
    "e-mails, 100 derniers + statistiques": await timed(RUNS, () => emailHistory(admin, "")),
    "e-mails, recherche (adresse entière)": await timed(RUNS, (i) => emailHistory(admin, `personne${3000 + i * 113}@example.com`)),
    "e-mails, recherche (début d'adresse)": await timed(RUNS, (i) => emailHistory(admin, `personne${3000 + i * 113}@`)),
    "e-mails, recherche (objet)": await timed(RUNS, (i) => emailHistory(admin, `numéro ${500000 + i * 7919}`)),
    "modèles, liste": await timed(RUNS, () => listTemplates(admin, "")),
    "journal, première page": await timed(RUNS, () => listJournal(admin, journalQuerySchema.parse({}))),
    "journal, filtre auteur + action": await timed(RUNS, (i) => listJournal(admin, journalQuerySchema.parse({ actor: `personne${i % 20}@example.com`, action: "case.assigned" }))),
    "journal, filtre cible": await timed(RUNS, (i) => listJournal(admin, journalQuerySchema.parse({ target: "user", targetId: `p${1000 + i}` }))),
    "journal, page profonde (50 %)": await timed(RUNS, () => listJournal(admin, journalQuerySchema.parse({ after: journalCursor }))),
    "tableau de bord administrateur": await timed(RUNS, () => dashboardFor(admin)),
  };
  for (const [name, figures] of Object.entries(lists)) {
    console.log(`${name.padEnd(42)} p50 ${figures.p50.toFixed(1).padStart(7)} ms   p95 ${figures.p95.toFixed(1).padStart(7)} ms`);
  }

  // The plans of the same queries, as the modules send them (parameters inlined).
  const plans: [string, string][] = [
    ["utilisateurs, première page", `SELECT p.id FROM profiles p LEFT JOIN profiles l ON l.id = p.assigned_lawyer_id ORDER BY p.created_at DESC, p.id DESC LIMIT 51`],
    ["utilisateurs, recherche", `SELECT p.id FROM profiles p LEFT JOIN profiles l ON l.id = p.assigned_lawyer_id WHERE (p.email ILIKE '%nom4242%' OR p.first_name ILIKE '%nom4242%' OR p.last_name ILIKE '%nom4242%') ORDER BY p.created_at DESC, p.id DESC LIMIT 51`],
    ["utilisateurs, page profonde", `SELECT p.id FROM profiles p LEFT JOIN profiles l ON l.id = p.assigned_lawyer_id WHERE (p.created_at, p.id) < ('${deepUser.rows[0]!.at}'::timestamptz, '${deepUser.rows[0]!.id}') ORDER BY p.created_at DESC, p.id DESC LIMIT 51`],
    ["avocats, dernière page", `SELECT page.id, (SELECT count(*) FROM cases c WHERE c.assigned_lawyer_id = page.id AND c.status <> 'closed'), (SELECT count(*) FROM profiles u WHERE u.role = 'user' AND u.assigned_lawyer_id = page.id) FROM (SELECT p.id, p.last_name, p.first_name FROM profiles p WHERE p.role = 'lawyer' ORDER BY p.last_name, p.first_name, p.id LIMIT 51 OFFSET ${Math.max(0, LAWYERS - 50)}) page ORDER BY page.last_name, page.first_name, page.id`],
    ["e-mails, envoyés aujourd'hui", `SELECT count(*) FROM email_logs WHERE status = 'sent' AND sent_at >= (date_trunc('day', now() AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'Europe/Paris')`],
    ["e-mails, recherche (adresse entière)", `SELECT e.id FROM email_logs e LEFT JOIN jobs j ON j.id = e.job_id WHERE lower(e.recipient_email) = 'personne3000@example.com' ORDER BY e.sent_at DESC, e.id DESC LIMIT 100`],
    ["e-mails, recherche (début d'adresse)", `SELECT e.id FROM email_logs e LEFT JOIN jobs j ON j.id = e.job_id WHERE e.recipient_email ILIKE '%personne3000@%' ORDER BY e.sent_at DESC, e.id DESC LIMIT 100`],
    ["e-mails, recherche (objet)", `SELECT e.id FROM email_logs e LEFT JOIN jobs j ON j.id = e.job_id WHERE (e.recipient_email ILIKE '%numéro 504321%' OR e.subject ILIKE '%numéro 504321%') ORDER BY e.sent_at DESC, e.id DESC LIMIT 100`],
    ["journal, filtre auteur + action", `SELECT id FROM staff_audit_log WHERE lower(actor_email) = 'personne3@example.com' AND action = 'case.assigned' ORDER BY created_at DESC, id DESC LIMIT 51`],
    ["journal, page profonde", `SELECT id FROM staff_audit_log WHERE (created_at, id) < ('${deepJournal.rows[0]!.at}'::timestamptz, ${deepJournal.rows[0]!.id}) ORDER BY created_at DESC, id DESC LIMIT 51`],
  ];
  for (const [name, query] of plans) {
    const plan = await sql<{ "QUERY PLAN": string }>`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql.raw(query)}`.execute(database);
    console.log(`\n— plan : ${name}\n${plan.rows.map((row) => `  ${row["QUERY PLAN"]}`).join("\n")}`);
  }
} finally {
  await stopRuntime();
  await fresh.drop();
}

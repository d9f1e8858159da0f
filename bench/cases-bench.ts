// `npm run bench:cases`: cases on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL) with 100 000 cases:
// - submit-and-assign latency (one transaction: the draft becomes submitted, then assignCase), p50/p95;
// - assignment fairness: 10 000 submissions against 50/30/20, 4 at a time (the lock serialises them), max deviation
//   of the actual shares from the targets, in percentage points;
// - /admin/cases: first page, next page (keyset), search by email, case number and scam-type label, p50/p95.
// Seeds a throw-away schema, dropped at the end.
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { adminCaseList } from "~/modules/cases/admin-cases.server";
import { adminCaseQuerySchema } from "~/modules/cases/admin-cases.schema";
import { assignCase } from "~/modules/cases/case-assignment.server";
import type { UserActor } from "~/platform/actor";
import { db, startRuntime, stopRuntime } from "~/platform/runtime.server";
import { freshDatabaseTarget, testEnv } from "../tests/support/test-database";
import { timed } from "./timing";

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
process.env.TEST_DATABASE_URL = url;
const CLIENTS = 20_000;
const CASES = 100_000;
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 40);
const TARGETS = [50, 30, 20];

const fmt = (figures: { p50: number; p95: number }) => `p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms`;

const fresh = await freshDatabaseTarget("postgres");
await startRuntime(testEnv(), { target: { ...fresh.target, poolSize: 8 } as typeof fresh.target });
try {
  const database = db();
  const people = CLIENTS + 4;
  await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", image, "twoFactorEnabled")
    SELECT 'bench-' || i, 'Bench', 'bench' || i || '@example.com', true, now(), now(), NULL, false
    FROM generate_series(0, ${people}) AS i`.execute(database);
  // bench-0 admin, bench-1..3 lawyers, the rest clients.
  await sql`INSERT INTO profiles (id, email, first_name, last_name, role, profile_completed, identity_verified, bar_name, bar_number)
    SELECT 'bench-' || i, 'bench' || i || '@example.com', 'Prénom' || i, 'Nom' || i,
      CASE WHEN i = 0 THEN 'admin' WHEN i <= 3 THEN 'lawyer' ELSE 'user' END, true, i % 3 <> 0,
      CASE WHEN i BETWEEN 1 AND 3 THEN 'Barreau de Lyon' END, CASE WHEN i BETWEEN 1 AND 3 THEN 'L' || i END
    FROM generate_series(0, ${people}) AS i`.execute(database);
  const types = ["romance_scam", "investment_scam", "fake_website", "phishing", "cryptocurrency_scam", "fake_job_offer", "technical_support_scam", "lottery_scam", "other"];
  // Over the past year: 10 % drafts, 2 % waiting, the rest assigned to one of the three lawyers in various statuses.
  await sql`INSERT INTO cases (user_id, status, scam_type, total_amount_lost, submitted_at, created_at, assigned_lawyer_id, assigned_at)
    SELECT 'bench-' || (4 + i % ${CLIENTS}),
      s.status,
      (${sql.val(types)}::text[])[1 + i % 9],
      (i % 50000) + 0.5,
      CASE WHEN s.status = 'draft' THEN NULL ELSE t END,
      t,
      CASE WHEN s.status IN ('draft', 'submitted') THEN NULL ELSE 'bench-' || (1 + i % 3) END,
      CASE WHEN s.status IN ('draft', 'submitted') THEN NULL ELSE t + interval '1 minute' END
    FROM generate_series(1, ${CASES}) AS i,
      LATERAL (SELECT now() - make_interval(mins => (${CASES} - i) * 5) AS t) AS at,
      LATERAL (SELECT CASE WHEN i % 10 = 0 THEN 'draft' WHEN i % 50 = 1 THEN 'submitted' WHEN i % 4 = 0 THEN 'closed'
        WHEN i % 4 = 1 THEN 'in_progress' WHEN i % 4 = 2 THEN 'resolved' ELSE 'assigned' END AS status) AS s`.execute(database);
  await sql`INSERT INTO lawyer_allocation (lawyer_id, allocation_percentage, active)
    VALUES ('bench-1', ${TARGETS[0]}, true), ('bench-2', ${TARGETS[1]}, true), ('bench-3', ${TARGETS[2]}, true)
    ON CONFLICT (lawyer_id) DO UPDATE SET allocation_percentage = excluded.allocation_percentage, active = true`.execute(database);
  await sql`UPDATE case_assignment_state SET allocation_changed_at = clock_timestamp()`.execute(database);
  await sql`ANALYZE`.execute(database);
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM cases`.execute(database);
  console.log(`${total.rows[0]!.n} dossiers, ${CLIENTS} clients, 3 avocats (${TARGETS.join("/")})`);

  async function newDraft(i: number): Promise<string> {
    const row = await database
      .insertInto("cases")
      .values({ user_id: `bench-${4 + (i % CLIENTS)}`, scam_type: types[i % 9]!, total_amount_lost: "1500" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function submitAndAssign(caseId: string): Promise<string> {
    return database.transaction().execute(async (trx) => {
      await trx.updateTable("cases").set({ status: "submitted", submitted_at: new Date() }).where("id", "=", caseId).execute();
      const result = await assignCase(trx, caseId);
      if (!result) throw new Error("dossier non assigné");
      return result.lawyerId;
    });
  }

  // Latency: drafts made beforehand, the submission transaction timed alone.
  const drafts: string[] = [];
  for (let i = 0; i < RUNS; i += 1) drafts.push(await newDraft(i));
  const latency = await timed(RUNS, (i) => submitAndAssign(drafts[i]!));
  console.log(`soumission + assignation (une transaction) : ${fmt(latency)}`);

  // Fairness: a fresh period, then SUBMISSIONS submissions, 4 at a time.
  await sql`UPDATE case_assignment_state SET allocation_changed_at = clock_timestamp()`.execute(database);
  const counts = new Map<string, number>();
  let next = 0;
  let worst = { after: 0, points: 0 };
  const checkpoints = new Map<number, number>();
  const startFairness = performance.now();
  async function submitter(): Promise<void> {
    for (;;) {
      const i = next;
      next += 1;
      if (i >= SUBMISSIONS) return;
      const lawyer = await submitAndAssign(await newDraft(i));
      counts.set(lawyer, (counts.get(lawyer) ?? 0) + 1);
      const done = [...counts.values()].reduce((a, b) => a + b, 0);
      if (done >= 100) {
        const deviation = Math.max(...TARGETS.map((target, k) => Math.abs(((counts.get(`bench-${k + 1}`) ?? 0) / done) * 100 - target)));
        if (deviation > worst.points) worst = { after: done, points: deviation };
        if ([100, 1000, SUBMISSIONS].includes(done)) checkpoints.set(done, deviation);
      }
    }
  }
  await Promise.all(Array.from({ length: 4 }, () => submitter()));
  const seconds = (performance.now() - startFairness) / 1000;
  const shares = TARGETS.map((target, k) => `${(((counts.get(`bench-${k + 1}`) ?? 0) / SUBMISSIONS) * 100).toFixed(2)} % (cible ${target})`);
  console.log(`équité après ${SUBMISSIONS} soumissions (4 en parallèle, ${(SUBMISSIONS / seconds).toFixed(0)}/s) : ${shares.join(", ")}`);
  for (const [after, points] of [...checkpoints.entries()].sort((a, b) => a[0] - b[0])) {
    console.log(`  écart maximal après ${after} : ${points.toFixed(3)} point(s)`);
  }
  console.log(`  pire écart observé à partir de 100 soumissions : ${worst.points.toFixed(3)} point(s) (après ${worst.after})`);

  // /admin/cases.
  const admin: UserActor = {
    kind: "user",
    userId: "bench-0",
    sessionId: "bench",
    email: "bench0@example.com",
    role: "admin",
    firstName: "Admin",
    lastName: "Bench",
    clientAddress: "127.0.0.1",
    secondFactor: "verified",
  };
  await sql`ANALYZE`.execute(database);
  const first = await adminCaseList(admin, adminCaseQuerySchema.parse({}));
  const someNumber = await sql<{ case_number: string }>`SELECT case_number FROM cases ORDER BY random() LIMIT ${LIST_RUNS}`.execute(database);
  const lists = {
    "première page": await timed(LIST_RUNS, () => adminCaseList(admin, adminCaseQuerySchema.parse({}))),
    "page suivante (curseur)": await timed(LIST_RUNS, () => adminCaseList(admin, adminCaseQuerySchema.parse({ after: first.nextCursor ?? "" }))),
    "filtre non assignés": await timed(LIST_RUNS, () => adminCaseList(admin, adminCaseQuerySchema.parse({ filter: "non-assignes" }))),
    "filtre statut en cours": await timed(LIST_RUNS, () => adminCaseList(admin, adminCaseQuerySchema.parse({ status: "in_progress" }))),
    "recherche email": await timed(LIST_RUNS, (i) => adminCaseList(admin, adminCaseQuerySchema.parse({ q: `bench${(i * 97) % CLIENTS + 4}@` }))),
    "recherche numéro": await timed(LIST_RUNS, (i) => adminCaseList(admin, adminCaseQuerySchema.parse({ q: someNumber.rows[i % someNumber.rows.length]!.case_number }))),
    "recherche type (« sentimentale »)": await timed(LIST_RUNS, () => adminCaseList(admin, adminCaseQuerySchema.parse({ q: "sentimentale" }))),
  };
  for (const [name, figures] of Object.entries(lists)) console.log(`/admin/cases ${name} : ${fmt(figures)}`);
} finally {
  await stopRuntime();
  await fresh.drop();
}

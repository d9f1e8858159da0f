// `npm run bench:linked-cases`: the linked-case lookup of the case page (selectLinkedCases, one query through the
// (kind, normalized, case_id) index) on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL) with 1 000 000
// cases and 3 000 000 identifiers, seeded set-based. Each case has 3 matchable identifiers (phone, email, domain,
// IBAN or wallet) drawn from pools sized so that a value is shared by ~3 cases on average, plus a few "hub" values
// shared by thousands (a scammer's IBAN used against many victims). p50/p95 as an admin and as a lawyer, and the
// plan. `BENCH_SCALE=0.1` for a tenth. Seeds a throw-away database, dropped at the end.
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { selectLinkedCases } from "~/modules/case-file/case-file.server";
import { db, startRuntime, stopRuntime } from "~/platform/runtime.server";
import { freshDatabaseTarget, testEnv } from "../tests/support/test-database";
import { timed } from "./timing";

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
process.env.TEST_DATABASE_URL = url;
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CASES = Math.round(1_000_000 * SCALE);
const IDENTIFIERS = CASES * 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const LAWYERS = 50;

const fmt = (figures: { p50: number; p95: number }) => `p50 ${figures.p50.toFixed(2)} ms, p95 ${figures.p95.toFixed(2)} ms`;

const fresh = await freshDatabaseTarget("postgres");
await startRuntime(testEnv(), { target: { ...fresh.target, poolSize: 4 } as typeof fresh.target });
try {
  const database = db();
  const seedStart = performance.now();
  const people = 1000 + LAWYERS;
  await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", image, "twoFactorEnabled")
    SELECT 'bench-' || i, 'Bench', 'bench' || i || '@example.com', true, now(), now(), NULL, false
    FROM generate_series(0, ${people}) AS i`.execute(database);
  await sql`INSERT INTO profiles (id, email, first_name, last_name, role, profile_completed, identity_verified)
    SELECT 'bench-' || i, 'bench' || i || '@example.com', 'Prénom' || i, 'Nom' || i,
      CASE WHEN i = 0 THEN 'admin' WHEN i <= ${LAWYERS} THEN 'lawyer' ELSE 'user' END, true, true
    FROM generate_series(0, ${people}) AS i`.execute(database);
  // No status history for a million seeded rows (the trigger would double the seed time for nothing measured here).
  await sql`ALTER TABLE cases DISABLE TRIGGER cases_status_history`.execute(database);
  await sql`INSERT INTO cases (user_id, status, scam_type, submitted_at, assigned_lawyer_id, assigned_at)
    SELECT 'bench-' || (${LAWYERS + 1} + i % 1000), 'assigned', 'investment_scam', now(),
      'bench-' || (1 + i % ${LAWYERS}), now()
    FROM generate_series(1, ${CASES}) AS i`.execute(database);
  await sql`ALTER TABLE cases ENABLE TRIGGER cases_status_history`.execute(database);
  await sql`CREATE UNLOGGED TABLE bench_case_ids AS SELECT row_number() OVER (ORDER BY id) AS n, id FROM cases`.execute(database);
  await sql`CREATE UNIQUE INDEX ON bench_case_ids (n)`.execute(database);
  // Load without the match index, then build it (as a restore would); same definition as migration 0060.
  await sql`DROP INDEX case_identifiers_match_idx`.execute(database);
  const pool = Math.max(1, Math.floor(IDENTIFIERS / 3));
  await sql`INSERT INTO case_identifiers (case_id, kind, value, normalized)
    SELECT c.id, k.kind, v.value, v.value
      FROM generate_series(1, ${IDENTIFIERS}) AS i
      JOIN bench_case_ids c ON c.n = 1 + (i - 1) / 3
      CROSS JOIN LATERAL (SELECT (ARRAY['phone', 'email', 'website', 'iban', 'wallet'])[1 + (i * 7) % 5] AS kind) AS k
      CROSS JOIN LATERAL (SELECT CASE
        WHEN i % 1000 = 0 THEN 'FR76HUB' || lpad(((i / 1000) % 20)::text, 20, '0')
        ELSE k.kind || '-' || ((hashint4(i::int) & 2147483647) % ${pool}) END AS value) AS v`.execute(database);
  await sql`CREATE INDEX case_identifiers_match_idx ON case_identifiers (kind, normalized, case_id)
    WHERE kind IN ('phone', 'email', 'website', 'iban', 'wallet')`.execute(database);
  await sql`ANALYZE`.execute(database);
  const counts = await sql<{ cases: number; identifiers: number }>`
    SELECT (SELECT count(*) FROM cases)::int AS cases, (SELECT count(*) FROM case_identifiers)::int AS identifiers`.execute(database);
  console.log(`seed: ${counts.rows[0]!.cases} cases, ${counts.rows[0]!.identifiers} identifiers in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

  const sample = await sql<{ id: string; lawyer: string }>`
    SELECT c.id, c.assigned_lawyer_id AS lawyer
      FROM (SELECT 1 + floor(random() * ${CASES})::int AS n FROM generate_series(1, ${RUNS})) AS pick
      JOIN bench_case_ids b ON b.n = pick.n JOIN cases c ON c.id = b.id`.execute(database);
  const ids = sample.rows;
  let linkedFound = 0;
  const admin = await timed(ids.length, async (i) => {
    const links = await selectLinkedCases(database, { caseId: ids[i]!.id, viewerId: "bench-0", seeAll: true });
    if (links.length > 0) linkedFound += 1;
  }, { warmUp: true });
  // The same cases again: their index pages are now in shared buffers (what a case page opened twice sees).
  const warm = await timed(ids.length, (i) => selectLinkedCases(database, { caseId: ids[i]!.id, viewerId: "bench-0", seeAll: true }));
  const lawyer = await timed(ids.length, (i) => selectLinkedCases(database, { caseId: ids[i]!.id, viewerId: ids[i]!.lawyer, seeAll: false }), { warmUp: true });
  // A case holding a hub IBAN shared by ~50 cases.
  const hub = await sql<{ case_id: string }>`SELECT case_id FROM case_identifiers WHERE normalized LIKE 'FR76HUB%' LIMIT 1`.execute(database);
  const hubCase = hub.rows[0]!.case_id;
  const hubTimes = await timed(100, () => selectLinkedCases(database, { caseId: hubCase, viewerId: "bench-0", seeAll: true }), { warmUp: true });
  const hubLinks = await selectLinkedCases(database, { caseId: hubCase, viewerId: "bench-0", seeAll: true });

  console.log(`linked cases, admin (${ids.length} random cases, ${linkedFound} with links): ${fmt(admin)}`);
  console.log(`linked cases, admin, same cases again (warm): ${fmt(warm)}`);
  console.log(`linked cases, lawyer: ${fmt(lawyer)}`);
  console.log(`linked cases, case with a hub IBAN (${Math.max(...hubLinks.map((link) => link.otherCases))} other cases): ${fmt(hubTimes)}`);
  const plan = await sql<{ "QUERY PLAN": string }>`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
    SELECT m.kind, m.normalized, count(DISTINCT o.case_id)
      FROM case_identifiers m
      JOIN case_identifiers o ON o.kind = m.kind AND o.normalized = m.normalized AND o.case_id <> m.case_id
       AND o.kind IN ('phone', 'email', 'website', 'iban', 'wallet')
      JOIN cases c ON c.id = o.case_id
     WHERE m.case_id = ${ids[0]!.id} AND m.kind IN ('phone', 'email', 'website', 'iban', 'wallet')
     GROUP BY m.kind, m.normalized`.execute(database);
  console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
} finally {
  await stopRuntime();
  await fresh.drop();
}

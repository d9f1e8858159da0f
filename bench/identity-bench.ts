// `npm run bench:identity`: the review console on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL) with
// 10 000 pending groups (5 000 people × a two-sided identity document and a proof of address): the list's p50/p95
// (first page, a search, page 200 by keyset cursor, the pending filter), and the time to approve a group of three documents
// (documents, audit row, full-approval check, all in one transaction). Seeds a throw-away schema, dropped at the end.
import { sql } from "kysely";
import { reviewDocumentGroup, reviewQueue } from "~/modules/identity/identity.server";
import { reviewQuerySchema } from "~/modules/identity/identity.schema";
import type { UserActor } from "~/platform/actor";
import { db, startRuntime, stopRuntime } from "~/platform/runtime.server";
import { freshDatabaseTarget, testEnv } from "../tests/support/test-database";
import { timed } from "./timing";

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
process.env.TEST_DATABASE_URL = url;
const PEOPLE = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const fresh = await freshDatabaseTarget("postgres");
await startRuntime(testEnv(), { target: fresh.target });
try {
  const database = db();
  await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", image, "twoFactorEnabled")
    SELECT 'bench-' || i, 'Bench', 'bench' || i || '@example.com', true, now(), now(), NULL, false
    FROM generate_series(0, ${PEOPLE + 20}) AS i`.execute(database);
  await sql`INSERT INTO profiles (id, email, first_name, last_name, role, profile_completed, address, postal_code, city)
    SELECT 'bench-' || i, 'bench' || i || '@example.com', 'Prénom' || i, 'Nom' || i, CASE WHEN i = 0 THEN 'admin' ELSE 'user' END,
      true, i || ' rue des Tests', '75011', 'Paris'
    FROM generate_series(0, ${PEOPLE + 20}) AS i`.execute(database);
  await sql`INSERT INTO identity_verification_documents
      (user_id, step_number, document_type, document_side, file_name, file_path, file_size, mime_type, status, uploaded_at)
    SELECT 'bench-' || i, s.step, s.type, s.side, s.side || '-' || i || '.jpg', 'bench/' || i || '/' || s.step || s.side,
      1048576 + i, 'image/jpeg', 'pending', now() - (i || ' minutes')::interval
    FROM generate_series(1, ${PEOPLE}) AS i,
      (VALUES (2, 'cni', 'recto'), (2, 'cni', 'verso'), (4, 'proof_of_address', 'single')) AS s(step, type, side)`.execute(database);
  await sql`ANALYZE`.execute(database);

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
  const first = await reviewQueue(admin, reviewQuerySchema.parse({}));
  console.log(`groupes en attente : ${first.pendingGroups} (${first.total} groupes au total)`);
  // The cursor of page 200 (groups 3 981–4 000), reached by following "Page suivante".
  let deep = first.nextCursor;
  for (let page = 2; page < 200 && deep; page += 1) deep = (await reviewQueue(admin, reviewQuerySchema.parse({ after: deep }))).nextCursor;
  const lists = {
    "première page": await timed(RUNS, () => reviewQueue(admin, reviewQuerySchema.parse({}))),
    "filtre en attente": await timed(RUNS, () => reviewQueue(admin, reviewQuerySchema.parse({ status: "pending" }))),
    "recherche (email)": await timed(RUNS, (i) => reviewQueue(admin, reviewQuerySchema.parse({ q: `bench${(i * 97) % PEOPLE}@` }))),
    "page 200": await timed(RUNS, () => reviewQueue(admin, reviewQuerySchema.parse({ after: deep ?? undefined }))),
  };
  for (const [name, figures] of Object.entries(lists)) {
    console.log(`liste ${name} : p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms`);
  }

  // Groups of three documents (a resubmitted side the same day), for people 5001…5020.
  const groupIds: string[] = [];
  for (let i = PEOPLE + 1; i <= PEOPLE + 20; i += 1) {
    const rows = await sql<{ id: string }>`INSERT INTO identity_verification_documents
        (user_id, step_number, document_type, document_side, file_name, file_path, file_size, mime_type, status)
      SELECT ${`bench-${i}`}, 2, 'cni', side, side || '.jpg', 'bench/' || ${i} || '/' || n, 2048, 'image/jpeg', 'pending'
      FROM (VALUES (1, 'recto'), (2, 'verso'), (3, 'recto')) AS v(n, side) RETURNING id`.execute(database);
    groupIds.push(rows.rows[0]!.id);
  }
  const approve = await timed(groupIds.length, async (i) => {
    const result = await reviewDocumentGroup(admin, { decision: "approve", documentId: groupIds[i]! });
    if (!result.ok || result.documentIds.length !== 3) throw new Error("approbation inattendue");
  });
  console.log(`approbation d'un groupe de 3 documents : p50 ${approve.p50.toFixed(1)} ms, p95 ${approve.p95.toFixed(1)} ms`);
} finally {
  await stopRuntime();
  await fresh.drop();
}

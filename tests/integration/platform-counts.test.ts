import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailHistory } from "~/modules/back-office/emails.server";
import { dashboardFor } from "~/modules/dashboard/dashboard.server";
import { reviewQuerySchema } from "~/modules/identity/identity.schema";
import { reviewQueue } from "~/modules/identity/list-review-queue.server";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { insertSubmittedCase, seedActor, seedPerson, setIdentityVerified } from "../support/cases";
import { startTestRuntime, testEngines } from "../support/test-database";

/** The figures as platform_counts keeps them (migrations 0109, 0111). */
async function kept(): Promise<Record<string, number>> {
  const rows = await db().selectFrom("platform_counts").select(["name", (eb) => eb.fn.sum<number>("n").as("n")]).groupBy("name").execute();
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.n)]));
}

/** The same figures counted directly: the oracle. */
async function counted(): Promise<Record<string, number>> {
  const row = await sql<Record<string, string>>`
    SELECT
      (SELECT count(*) FROM profiles WHERE role = 'user') AS users,
      (SELECT count(*) FROM profiles WHERE role = 'user' AND identity_verified) AS verified_users,
      (SELECT count(*) FROM profiles WHERE role = 'lawyer') AS lawyers,
      (SELECT count(*) FROM cases) AS cases,
      (SELECT count(*) FROM identity_verification_documents WHERE status = 'pending' AND NOT obsolete) AS pending_documents,
      (SELECT count(*) FROM identity_document_groups WHERE status = 'pending') AS document_groups_pending,
      (SELECT count(*) FROM identity_document_groups WHERE status = 'approved') AS document_groups_approved,
      (SELECT count(*) FROM identity_document_groups WHERE status = 'rejected') AS document_groups_rejected,
      (SELECT count(*) FROM cases WHERE status = 'submitted' AND assigned_lawyer_id IS NULL) AS waiting_cases`.execute(db());
  return Object.fromEntries(Object.entries(row.rows[0]!).map(([name, n]) => [name, Number(n)]));
}

async function insertDocument(userId: string, step: 2 | 4, suffix: string): Promise<string> {
  const row = await db()
    .insertInto("identity_verification_documents")
    .values({
      user_id: userId,
      step_number: step,
      document_type: step === 2 ? "cni" : "proof_of_address",
      document_side: "single",
      file_name: "piece.pdf",
      file_path: `${userId}/${suffix}`,
      file_size: 1000,
      mime_type: "application/pdf",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** E-mails sent per Paris day as daily_counts keeps them (migrations 0110, 0111). */
async function keptEmails(): Promise<Record<string, number>> {
  const rows = await sql<{ day: string; n: string }>`
    SELECT day::text AS day, sum(n) AS n FROM daily_counts WHERE name = 'emails_sent' GROUP BY day HAVING sum(n) <> 0`.execute(db());
  return Object.fromEntries(rows.rows.map((row) => [row.day, Number(row.n)]));
}

/** The same counted from the e-mails themselves: the oracle. */
async function countedEmails(): Promise<Record<string, number>> {
  const rows = await sql<{ day: string; n: string }>`
    SELECT ((sent_at AT TIME ZONE 'Europe/Paris')::date)::text AS day, count(*) AS n FROM email_logs
    WHERE status = 'sent' GROUP BY 1`.execute(db());
  return Object.fromEntries(rows.rows.map((row) => [row.day, Number(row.n)]));
}

async function logEmail(status: "sent" | "failed", sentAt: Date | string = new Date()): Promise<string> {
  const row = await db()
    .insertInto("email_logs")
    .values({ recipient_email: "compte@exemple.fr", subject: "Compte", body: "Bonjour", status, sent_at: new Date(sentAt) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(testEngines())("the admin pages' figures kept by triggers on %s", (engine) => {
  let stop: () => Promise<void>;
  let admin: UserActor;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    admin = await seedActor("admin", "Alice");
  });

  afterAll(async () => {
    await stop();
  });

  it("equal a direct count after inserts, updates and deletes", async () => {
    expect(await kept()).toEqual(await counted());
    const clients = [await seedPerson("user", "Claire"), await seedPerson("user", "Chloé", { verified: true }), await seedPerson("user", "Camille")];
    const lawyer = await seedPerson("lawyer", "Arthur");
    expect(await kept()).toEqual(await counted());

    // Identity verified on and off, a role changed, an update touching neither.
    await setIdentityVerified(clients[0]!.userId, true);
    await setIdentityVerified(clients[1]!.userId, false);
    await db().updateTable("profiles").set({ role: "lawyer" }).where("id", "=", clients[2]!.userId).execute();
    await db().updateTable("profiles").set({ city: "Lyon" }).where("id", "=", lawyer.userId).execute();
    expect(await kept()).toEqual(await counted());
    await db().updateTable("profiles").set({ role: "user" }).where("id", "=", clients[2]!.userId).execute();

    // Cases created and deleted.
    const cases = [await insertSubmittedCase(clients[0]!.userId), await insertSubmittedCase(clients[0]!.userId), await insertSubmittedCase(clients[1]!.userId)];
    await db().deleteFrom("cases").where("id", "=", cases[1]!.id).execute();
    expect(await kept()).toEqual(await counted());
    // A waiting case assigned, another moved on then back to submitted, a draft created.
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "assigned" }).where("id", "=", cases[0]!.id).execute();
    await db().updateTable("cases").set({ status: "in_progress" }).where("id", "=", cases[2]!.id).execute();
    expect(await kept()).toEqual(await counted());
    await db().updateTable("cases").set({ status: "submitted" }).where("id", "=", cases[2]!.id).execute();
    await db().updateTable("cases").set({ assigned_lawyer_id: null, assigned_at: null, status: "submitted" }).where("id", "=", cases[0]!.id).execute();
    await db().insertInto("cases").values({ user_id: clients[0]!.userId, status: "draft", scam_type: "phishing" }).execute();
    expect(await kept()).toEqual(await counted());

    // Documents pending, reviewed, made obsolete, deleted.
    const documents = [await insertDocument(clients[0]!.userId, 2, "a"), await insertDocument(clients[0]!.userId, 4, "b"), await insertDocument(clients[1]!.userId, 2, "c")];
    expect((await kept()).pending_documents).toBe((await counted()).pending_documents);
    await db().updateTable("identity_verification_documents").set({ status: "approved", reviewed_at: new Date(), reviewed_by: admin.userId }).where("id", "=", documents[0]!).execute();
    await db().updateTable("identity_verification_documents").set({ obsolete: true }).where("id", "=", documents[1]!).execute();
    await db().updateTable("identity_verification_documents").set({ file_name: "autre.pdf" }).where("id", "=", documents[2]!).execute();
    expect(await kept()).toEqual(await counted());
    await db().updateTable("identity_verification_documents").set({ status: "rejected", reviewed_at: new Date(), reviewed_by: admin.userId, rejection_reason: "Illisible" }).where("id", "=", documents[0]!).execute();
    expect(await kept()).toEqual(await counted());
    await db().updateTable("identity_verification_documents").set({ obsolete: false }).where("id", "=", documents[1]!).execute();
    await db().deleteFrom("identity_verification_documents").where("id", "=", documents[2]!).execute();
    expect(await kept()).toEqual(await counted());

    // A person deleted with their cases and documents.
    await db().deleteFrom("cases").where("user_id", "=", clients[1]!.userId).execute();
    await db().deleteFrom("identity_verification_documents").where("user_id", "=", clients[1]!.userId).execute();
    await db().deleteFrom("profiles").where("id", "=", clients[1]!.userId).execute();
    expect(await kept()).toEqual(await counted());
  });

  it("stay exact under concurrent writers, including rolled-back ones", async () => {
    const people = await Promise.all(["Denis", "Diane", "Damien", "Delphine"].map((name) => seedPerson("user", name)));
    await Promise.all(
      people.flatMap((person, index) => [
        insertSubmittedCase(person.userId),
        insertSubmittedCase(person.userId),
        setIdentityVerified(person.userId, index % 2 === 0),
        insertDocument(person.userId, 2, `concurrent-${index}`),
        db()
          .transaction()
          .execute(async (trx) => {
            await trx.updateTable("profiles").set({ role: "lawyer" }).where("id", "=", person.userId).execute();
            throw new Error("annulé");
          })
          .catch(() => undefined),
      ]),
    );
    const figures = await kept();
    expect(figures).toEqual(await counted());
  });

  it("are the figures the admin dashboard shows", async () => {
    const dashboard = await dashboardFor(admin);
    const direct = await counted();
    expect(dashboard).toMatchObject({ users: direct.users, verifiedUsers: direct.verified_users, lawyers: direct.lawyers, cases: direct.cases, pendingDocuments: direct.pending_documents });
  });

  it("are the review console's counts without a search; a search still counts its groups", async () => {
    const direct = await counted();
    const all = await reviewQueue(admin, reviewQuerySchema.parse({}));
    expect(all).toMatchObject({
      total: direct.document_groups_pending! + direct.document_groups_approved! + direct.document_groups_rejected!,
      totalCapped: false,
      pendingGroups: direct.document_groups_pending,
    });
    expect(all.total).toBeGreaterThan(0);
    expect((await reviewQueue(admin, reviewQuerySchema.parse({ status: "approved" }))).total).toBe(direct.document_groups_approved);
    expect((await reviewQueue(admin, reviewQuerySchema.parse({ status: "pending", q: "introuvable-zz" }))).total).toBe(0);
  });

  it("are counted again from scratch by refresh_platform_counts()", async () => {
    await sql`UPDATE platform_counts SET n = n + 5`.execute(db());
    expect(await kept()).not.toEqual(await counted());
    await sql`SELECT refresh_platform_counts()`.execute(db());
    expect(await kept()).toEqual(await counted());
  });

  it("e-mails sent per day: equal a direct count after inserts, updates and deletes, and are the history's 'sent today'", async () => {
    expect(await keptEmails()).toEqual(await countedEmails());
    const before = (await emailHistory(admin, "")).sentToday;
    // Just after and just before midnight in Paris (22:30 and 23:30 UTC in winter): two different days.
    const ids = [
      await logEmail("sent"),
      await logEmail("sent"),
      await logEmail("failed"),
      await logEmail("sent", "2026-01-10T22:30:00Z"),
      await logEmail("sent", "2026-01-10T23:30:00Z"),
    ];
    expect(await keptEmails()).toEqual(await countedEmails());
    expect((await emailHistory(admin, "")).sentToday).toBe(before + 2);

    // A failed e-mail sent on a retry; a sent one moved to another day; an update touching neither column.
    await db().updateTable("email_logs").set({ status: "sent", attempts: 2 }).where("id", "=", ids[2]!).execute();
    await db().updateTable("email_logs").set({ sent_at: new Date("2026-01-11T08:00:00Z") }).where("id", "=", ids[3]!).execute();
    await db().updateTable("email_logs").set({ body: "Bonjour encore" }).where("id", "=", ids[0]!).execute();
    expect(await keptEmails()).toEqual(await countedEmails());
    expect((await emailHistory(admin, "")).sentToday).toBe(before + 3);

    // Back to failed, then deleted (retention).
    await db().updateTable("email_logs").set({ status: "failed", error: "550" }).where("id", "=", ids[1]!).execute();
    await db().deleteFrom("email_logs").where("id", "in", [ids[0]!, ids[4]!]).execute();
    expect(await keptEmails()).toEqual(await countedEmails());
    expect((await emailHistory(admin, "")).sentToday).toBe(before + 1);
  });

  it("e-mails sent per day: stay exact under concurrent writers, including rolled-back ones", async () => {
    await Promise.all([
      ...Array.from({ length: 8 }, () => logEmail("sent")),
      ...Array.from({ length: 3 }, () =>
        db()
          .transaction()
          .execute(async (trx) => {
            await trx.insertInto("email_logs").values({ recipient_email: "annule@exemple.fr", subject: "Annulé", body: "-", status: "sent" }).execute();
            throw new Error("annulé");
          })
          .catch(() => undefined),
      ),
    ]);
    expect(await keptEmails()).toEqual(await countedEmails());
  });

  it("e-mails sent per day: are counted again from scratch by refresh_daily_counts()", async () => {
    await sql`UPDATE daily_counts SET n = n + 5`.execute(db());
    expect(await keptEmails()).not.toEqual(await countedEmails());
    await sql`SELECT refresh_daily_counts()`.execute(db());
    expect(await keptEmails()).toEqual(await countedEmails());
  });
});

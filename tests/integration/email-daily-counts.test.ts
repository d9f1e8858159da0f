import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailHistory } from "~/modules/back-office/emails.server";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { seedActor } from "../support/cases";
import { startTestRuntime, testEngines } from "../support/test-database";

/** E-mails sent per Paris day as email_daily_counts keeps them (migration 0111). */
async function kept(): Promise<Record<string, number>> {
  const rows = await sql<{ day: string; sent: string }>`
    SELECT day::text AS day, sum(sent) AS sent FROM email_daily_counts GROUP BY day HAVING sum(sent) <> 0`.execute(db());
  return Object.fromEntries(rows.rows.map((row) => [row.day, Number(row.sent)]));
}

/** The same counted from the e-mails themselves: the oracle. */
async function counted(): Promise<Record<string, number>> {
  const rows = await sql<{ day: string; sent: string }>`
    SELECT ((sent_at AT TIME ZONE 'Europe/Paris')::date)::text AS day, count(*) AS sent FROM email_logs
    WHERE status = 'sent' GROUP BY 1`.execute(db());
  return Object.fromEntries(rows.rows.map((row) => [row.day, Number(row.sent)]));
}

async function logEmail(status: "sent" | "failed", sentAt: Date | string = new Date()): Promise<string> {
  const row = await db()
    .insertInto("email_logs")
    .values({ recipient_email: "compte@exemple.fr", subject: "Compte", body: "Bonjour", status, sent_at: new Date(sentAt) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(testEngines())("e-mails sent per day, kept by triggers, on %s", (engine) => {
  let stop: () => Promise<void>;
  let admin: UserActor;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    admin = await seedActor("admin", "Alice");
  });

  afterAll(async () => {
    await stop();
  });

  it("equal a direct count after inserts, updates and deletes, and are the history's 'sent today'", async () => {
    expect(await kept()).toEqual(await counted());
    const before = (await emailHistory(admin, "")).sentToday;
    // Just after and just before midnight in Paris (22:30 and 23:30 UTC in winter): two different days.
    const ids = [
      await logEmail("sent"),
      await logEmail("sent"),
      await logEmail("failed"),
      await logEmail("sent", "2026-01-10T22:30:00Z"),
      await logEmail("sent", "2026-01-10T23:30:00Z"),
    ];
    expect(await kept()).toEqual(await counted());
    expect((await emailHistory(admin, "")).sentToday).toBe(before + 2);

    // A failed e-mail sent on a retry; a sent one moved to another day; an update touching neither column.
    await db().updateTable("email_logs").set({ status: "sent", attempts: 2 }).where("id", "=", ids[2]!).execute();
    await db().updateTable("email_logs").set({ sent_at: new Date("2026-01-11T08:00:00Z") }).where("id", "=", ids[3]!).execute();
    await db().updateTable("email_logs").set({ body: "Bonjour encore" }).where("id", "=", ids[0]!).execute();
    expect(await kept()).toEqual(await counted());
    expect((await emailHistory(admin, "")).sentToday).toBe(before + 3);

    // Back to failed, then deleted (retention).
    await db().updateTable("email_logs").set({ status: "failed", error: "550" }).where("id", "=", ids[1]!).execute();
    await db().deleteFrom("email_logs").where("id", "in", [ids[0]!, ids[4]!]).execute();
    expect(await kept()).toEqual(await counted());
    expect((await emailHistory(admin, "")).sentToday).toBe(before + 1);
  });

  it("stay exact under concurrent writers, including rolled-back ones", async () => {
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
    expect(await kept()).toEqual(await counted());
  });

  it("are counted again from scratch by refresh_email_daily_counts()", async () => {
    await sql`UPDATE email_daily_counts SET sent = sent + 5`.execute(db());
    expect(await kept()).not.toEqual(await counted());
    await sql`SELECT refresh_email_daily_counts()`.execute(db());
    expect(await kept()).toEqual(await counted());
  });
});

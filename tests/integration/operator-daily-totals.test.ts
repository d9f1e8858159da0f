import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parisIsoDay } from "~/lib/format";
import { operatorResults, type OperatorResults } from "~/modules/results/results.server";
import { OPERATOR_PERIODS, type OperatorPeriod } from "~/modules/results/results.schema";
import type { UserActor } from "~/platform/actor";
import { CASE_OUTCOMES, type CaseOutcome } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { seedActor } from "../support/cases";
import { insertRawInvoice as insertInvoice } from "../support/invoicing";
import { insertActiveAgreement, insertRecovery, insertReversal } from "../support/outcomes";
import { startTestRuntime, testEngines } from "../support/test-database";

/**
 * The operator's view reads per-day totals kept by triggers (migration 0104): it must give exactly what the raw query
 * it replaced gave. The oracle below is that query, kept as it was.
 */
async function rawOperatorResults(period: OperatorPeriod, now: Date): Promise<OperatorResults> {
  const since = period === "tout" ? null : period === "30-jours" ? sql`(${now}::timestamptz - interval '30 days')` : sql`(${now}::timestamptz - interval '12 months')`;
  const database = db();
  const recovered = await sql<{ total: string }>`
    SELECT coalesce(sum(amount_cents), 0) AS total FROM case_recoveries
    WHERE recovered_on <= (${now}::timestamptz AT TIME ZONE 'Europe/Paris')::date
      ${since ? sql`AND recovered_on > (${since} AT TIME ZONE 'Europe/Paris')::date` : sql``}`.execute(database);
  const closed = await sql<{ outcome: CaseOutcome; count: string }>`
    SELECT outcome, count(*) AS count FROM cases
    WHERE outcome IS NOT NULL AND status IN ('resolved', 'closed') AND outcome_at <= ${now}::timestamptz
      ${since ? sql`AND outcome_at > ${since}` : sql``}
    GROUP BY outcome`.execute(database);
  const invoiced = await sql<{ ht: string; ttc: string }>`
    SELECT coalesce(sum(total_ht_cents), 0) AS ht, coalesce(sum(total_ttc_cents), 0) AS ttc FROM invoices
    WHERE issued_at <= ${now}::timestamptz ${since ? sql`AND issued_at > ${since}` : sql``}`.execute(database);
  const closedByOutcome = Object.fromEntries(CASE_OUTCOMES.map((outcome) => [outcome, 0])) as Record<CaseOutcome, number>;
  for (const row of closed.rows) closedByOutcome[row.outcome] = Number(row.count);
  return {
    period,
    recoveredCents: Number(recovered.rows[0]!.total),
    closedByOutcome,
    invoicedHtCents: Number(invoiced.rows[0]!.ht),
    invoicedTtcCents: Number(invoiced.rows[0]!.ttc),
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Instants the view is asked at: Paris midnights (winter 23:00 UTC, summer 22:00 UTC, the spring-forward night), just before and after, midday. */
const NOWS = [
  new Date("2026-03-28T23:00:00.000Z"),
  new Date("2026-03-29T21:59:59.999Z"),
  new Date("2026-03-29T22:00:00.000Z"),
  new Date("2026-03-30T00:30:00.000Z"),
  new Date("2026-11-15T22:59:59.999Z"),
  new Date("2026-11-15T23:00:00.001Z"),
  new Date("2026-04-15T10:00:00.000Z"),
];
const OFFSETS = [-90 * 60_000, -1, 0, 1, 90 * 60_000];

function monthsBefore(at: Date, months: number): Date {
  const before = new Date(at);
  before.setUTCMonth(before.getUTCMonth() - months);
  return before;
}

/** Where rows are seeded: around each instant asked, around where its 30-day and 12-month periods start, and in between. */
function seedInstants(): Date[] {
  const anchors = NOWS.flatMap((now) => [now, new Date(now.getTime() - 30 * DAY), monthsBefore(now, 12), new Date(now.getTime() - 10 * DAY), monthsBefore(now, 6)]);
  return anchors.flatMap((anchor) => OFFSETS.map((offset) => new Date(anchor.getTime() + offset)));
}


describe.each(testEngines())("the operator's view from the per-day totals on %s", (engine) => {
  let stop: () => Promise<void>;
  let client: UserActor;
  let lawyer: UserActor;
  let admin: UserActor;

  async function insertCase(): Promise<string> {
    const created = await db()
      .insertInto("cases")
      .values({
        user_id: client.userId,
        status: "submitted",
        scam_type: "investment_scam",
        total_amount_lost: "10000",
        submitted_at: new Date("2024-01-01T10:00:00Z"),
        assigned_lawyer_id: lawyer.userId,
        assigned_at: new Date("2024-01-01T10:00:00Z"),
        payment_methods: ["bank_transfer"],
        evidence_types: [],
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return created.id;
  }

  async function close(caseId: string, status: "resolved" | "closed", outcome: CaseOutcome, at: Date): Promise<void> {
    const recovered = outcome === "recovered_in_full" || outcome === "recovered_in_part" ? 1000 : 0;
    await db()
      .updateTable("cases")
      .set({ status, outcome, outcome_reason: outcome === "not_pursued" ? "Introuvable." : null, outcome_recovered_cents: recovered, outcome_at: at })
      .where("id", "=", caseId)
      .execute();
  }

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    client = await seedActor("user", "Jeanne", "Durand");
    lawyer = await seedActor("lawyer", "Alain", "Avocat");
    admin = await seedActor("admin", "Adèle", "Martin");
    const ledgerCase = await insertCase();
    const agreement = await insertActiveAgreement(ledgerCase, lawyer.userId, client.userId);
    let lastInvoice: string | null = null;
    for (const [index, at] of seedInstants().entries()) {
      // An invoice each time, every third one cancelled by a credit note issued at the same instant.
      const invoice = await insertInvoice(at, 10_000 + index * 7);
      if (index % 3 === 2 && lastInvoice) await insertInvoice(at, 10_000 + (index - 1) * 7, lastInvoice);
      lastInvoice = index % 3 === 1 ? invoice : null;
      // A recovery dated with the instant's Paris day, every fourth one reversed on the day after.
      const recovery = await insertRecovery(ledgerCase, agreement, 50_000 + index, parisIsoDay(at));
      if (index % 4 === 0) await insertReversal(ledgerCase, agreement, recovery, 50_000 + index, parisIsoDay(new Date(at.getTime() + DAY)));
      // A case closed then, by outcome in turn; some reopened (no longer counted), some closed again a week later.
      const caseId = await insertCase();
      const outcome = CASE_OUTCOMES[index % CASE_OUTCOMES.length]!;
      await close(caseId, index % 2 === 0 ? "resolved" : "closed", outcome, at);
      if (index % 5 === 1) await db().updateTable("cases").set({ status: "in_progress" }).where("id", "=", caseId).execute();
      if (index % 5 === 2) {
        await db().updateTable("cases").set({ status: "in_progress" }).where("id", "=", caseId).execute();
        await close(caseId, "closed", CASE_OUTCOMES[(index + 2) % CASE_OUTCOMES.length]!, new Date(at.getTime() + 7 * DAY));
      }
      // Resolved then closed, the outcome kept: counted once, on its day.
      if (index % 5 === 3 && index % 2 === 0) await db().updateTable("cases").set({ status: "closed" }).where("id", "=", caseId).execute();
    }
    // Inserted closed already (as the scale dataset does).
    await db()
      .insertInto("cases")
      .values({
        user_id: client.userId,
        status: "closed",
        scam_type: "romance_scam",
        submitted_at: new Date("2024-01-01T10:00:00Z"),
        payment_methods: [],
        evidence_types: [],
        outcome: "withdrawn_by_client",
        outcome_recovered_cents: 0,
        outcome_at: NOWS[0]!,
      })
      .execute();
  });
  afterAll(async () => {
    await stop?.();
  });

  it("gives, at every instant and for every period, exactly what the raw query gives", async () => {
    let compared = 0;
    for (const now of [...NOWS, ...NOWS.map((at) => new Date(at.getTime() + 1)), ...NOWS.map((at) => new Date(at.getTime() - 1))]) {
      for (const period of Object.keys(OPERATOR_PERIODS) as OperatorPeriod[]) {
        const expected = await rawOperatorResults(period, now);
        expect({ at: now.toISOString(), ...(await operatorResults(admin, period, now)) }).toEqual({ at: now.toISOString(), ...expected });
        if (expected.invoicedHtCents !== 0 && expected.recoveredCents !== 0 && Object.values(expected.closedByOutcome).some((count) => count > 0)) compared += 1;
      }
    }
    // Not a comparison of zeros.
    expect(compared).toBeGreaterThan(40);
  });

  it("keeps the days' rows few: one per day that had something", async () => {
    const rows = await db().selectFrom("operator_daily_totals").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const days = new Set(seedInstants().flatMap((at) => [parisIsoDay(at), parisIsoDay(new Date(at.getTime() + DAY)), parisIsoDay(new Date(at.getTime() + 7 * DAY))]));
    expect(Number(rows.n)).toBeGreaterThan(10);
    expect(Number(rows.n)).toBeLessThanOrEqual(days.size + 1);
  });

  it("adds invoices written at the same time without losing one (INSERT … ON CONFLICT on the day's row)", async () => {
    const now = new Date("2026-04-15T10:00:00.000Z");
    const before = await operatorResults(admin, "tout", now);
    await Promise.all(Array.from({ length: 12 }, (_, i) => insertInvoice(new Date("2026-04-10T12:00:00Z"), 1_000 + i)));
    const after = await operatorResults(admin, "tout", now);
    expect(after.invoicedHtCents - before.invoicedHtCents).toBe(12 * 1_000 + 66);
    expect(after).toEqual(await rawOperatorResults("tout", now));
  });

  it("keeps a purged invoice in the totals: the totals are history (decision 0082)", async () => {
    const now = new Date("2026-04-15T10:00:00.000Z");
    const old = await insertInvoice(new Date("2014-06-01T10:00:00Z"), 123_456);
    const kept = await operatorResults(admin, "tout", now);
    expect(kept).toEqual(await rawOperatorResults("tout", now));
    await db().deleteFrom("invoices").where("id", "=", old).execute();
    expect(await operatorResults(admin, "tout", now)).toEqual(kept);
    expect((await rawOperatorResults("tout", now)).invoicedHtCents).toBe(kept.invoicedHtCents - 123_456);
  });
});

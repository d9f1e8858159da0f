import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HIDDEN_FIGURE_TEXT } from "~/content/pages/results";
import { operatorResults, publishedResults, type PublishedResults, type ResultFigureKey } from "~/modules/results/results.server";
import { scamTypeLabel } from "~/modules/cases/case-labels";
import { dashboardFor } from "~/modules/dashboard/dashboard.server";
import { ForbiddenError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { seedActor } from "../support/cases";
import { insertClosedCase, OUT_OF_PERIOD, recomputedResults, TEN_CLOSED_CASES } from "../support/outcomes";
import { startTestRuntime, testEngines } from "../support/test-database";

const anonymous = { kind: "anonymous", clientAddress: "127.0.0.1" } as const;

describe.each(testEngines())("the published results on %s", (engine) => {
  let stop: () => Promise<void>;
  let client: UserActor;
  let lawyer: UserActor;
  let admin: UserActor;
  const now = new Date();

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    client = await seedActor("user", "Jeanne", "Durand");
    lawyer = await seedActor("lawyer", "Alain", "Avocat");
    admin = await seedActor("admin", "Adèle", "Martin");
    // Never counted: closed before the period, and closed without an outcome (before issue 31, or by the platform).
    await insertClosedCase(client.userId, lawyer.userId, OUT_OF_PERIOD, now);
    const old = await db()
      .insertInto("cases")
      .values({ user_id: client.userId, status: "submitted", scam_type: "investment_scam", payment_methods: [], evidence_types: [], submitted_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().updateTable("cases").set({ status: "closed" }).where("id", "=", old.id).execute();
  });
  afterAll(async () => {
    await stop?.();
  });

  const figure = (results: PublishedResults, key: ResultFigureKey) => results.figures.find((f) => f.key === key)!;

  it("shows no figure with 9 closed cases, each saying why and the count it rests on", async () => {
    for (const seed of TEN_CLOSED_CASES.slice(0, 9)) await insertClosedCase(client.userId, lawyer.userId, seed, now);
    const results = await publishedResults(anonymous, { now });
    expect(results.minCases).toBe(10);
    expect(results.figures.map((f) => f.key)).toEqual(["closed", "withRecovery", "medianRecovered", "totalRecovered", "medianDaysToFirstRecovery"]);
    expect(results.figures.every((f) => f.value === null && f.text === null)).toBe(true);
    expect(figure(results, "closed").basedOn).toBe(9);
    expect(results.byScamType).toEqual([]);
    expect(HIDDEN_FIGURE_TEXT).toBe("Pas encore assez de dossiers clos pour publier ce chiffre.");
  });

  it("with the 10th, shows the figures resting on 10 cases, equal to their recomputation, and hides those resting on fewer", async () => {
    await insertClosedCase(client.userId, lawyer.userId, TEN_CLOSED_CASES[9]!, now);
    const expected = recomputedResults(TEN_CLOSED_CASES);
    const results = await publishedResults(anonymous, { now });
    expect(figure(results, "closed")).toMatchObject({ value: expected.closed, basedOn: 10 });
    expect(figure(results, "withRecovery")).toMatchObject({ value: expected.share, basedOn: 10 });
    expect(figure(results, "withRecovery").text).toMatch(/^50\u202f% \(5 sur 10\)$/);
    expect(figure(results, "totalRecovered")).toMatchObject({ value: expected.totalCents, basedOn: 10 });
    // The medians rest on the 5 cases with a sum recovered: hidden under 10.
    expect(figure(results, "medianRecovered")).toMatchObject({ value: null, text: null, basedOn: expected.withRecovery });
    expect(figure(results, "medianDaysToFirstRecovery")).toMatchObject({ value: null, basedOn: expected.timed });
    // No scam type has 10 closed cases.
    expect(results.byScamType).toEqual([]);
  });

  it("computes the medians and the types as the recomputation does once the threshold allows them", async () => {
    const expected = recomputedResults(TEN_CLOSED_CASES);
    const results = await publishedResults(anonymous, { now, minCases: 5 });
    expect(expected.medianCents).toBe(150_000);
    expect(figure(results, "medianRecovered").value).toBe(expected.medianCents);
    // The first sum not reversed: a reversed entry does not count as the first recovery.
    expect(expected.medianDays).toBe(61);
    expect(figure(results, "medianDaysToFirstRecovery")).toMatchObject({ value: expected.medianDays, basedOn: 5 });
    expect(figure(results, "medianDaysToFirstRecovery").text).toBe("61 jours");
    const investment = expected.byType.get("investment_scam")!;
    expect(results.byScamType).toEqual([
      expect.objectContaining({ scamType: "investment_scam", label: scamTypeLabel("investment_scam"), closed: investment.closed, withRecovery: investment.withRecovery }),
    ]);
    expect(investment.closed).toBe(6);
  });

  it("counts an outcome recorded now, and leaves out one older than 12 months", async () => {
    const later = await publishedResults(anonymous, { now: new Date(now.getTime() + 1000) });
    expect(figure(later, "closed").value).toBe(10);
    const earlier = await publishedResults(anonymous, { now: new Date(now.getTime() - 95 * 86_400_000) });
    // Seen from 95 days ago: the case closed 100 days ago, and the one closed 400 days ago (within those 12 months).
    expect(figure(earlier, "closed").basedOn).toBe(2);
    expect(figure(earlier, "totalRecovered").value).toBeNull();
  });

  it("gives the operator the sums recovered in a period and the cases closed by outcome, admins only", async () => {
    const expected = recomputedResults(TEN_CLOSED_CASES);
    const year = await operatorResults(admin, "12-mois", now);
    expect(year.recoveredCents).toBe(expected.totalCents);
    const byOutcome = (seeds: typeof TEN_CLOSED_CASES) =>
      Object.fromEntries(["recovered_in_full", "recovered_in_part", "nothing_recovered", "withdrawn_by_client", "not_pursued"].map((o) => [o, seeds.filter((s) => s.outcome === o).length]));
    expect(year.closedByOutcome).toEqual(byOutcome(TEN_CLOSED_CASES));
    const all = await operatorResults(admin, "tout", now);
    expect(all.recoveredCents).toBe(expected.totalCents + OUT_OF_PERIOD.ledger![0]!.cents);
    expect(all.closedByOutcome).toEqual(byOutcome([...TEN_CLOSED_CASES, OUT_OF_PERIOD]));
    // No ledger entry is dated in the last 30 days.
    expect((await operatorResults(admin, "30-jours", now)).recoveredCents).toBe(0);
    await expect(operatorResults(lawyer, "tout", now)).rejects.toBeInstanceOf(ForbiddenError);
    const dashboard = await dashboardFor(admin, { period: "inconnue" });
    expect(dashboard).toMatchObject({ view: "admin", results: { period: "12-mois", recoveredCents: expected.totalCents } });
  });
});

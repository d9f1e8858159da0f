import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuroCents } from "~/lib/fees";
import { scamTypeLabel } from "~/modules/cases/case-labels";
import { publishedResults } from "~/modules/results/results.server";
import type { UserActor } from "~/platform/actor";
import { seedActor } from "../support/cases";
import { insertClosedCase, type ClosedCaseSeed } from "../support/outcomes";
import { startTestRuntime, testEngines } from "../support/test-database";

const anonymous = { kind: "anonymous", clientAddress: "127.0.0.1" } as const;

// Phishing: exactly 10 closed cases (the default RESULTS_MIN_CASES), each with a sum recovered, one of them after a
// reversed entry. Romance scams: 11 closed, 3 with a sum (too few for their median). Investment scams: 9 closed, under
// the threshold: not detailed.
const PHISHING: ClosedCaseSeed[] = [120_000, 5_000, 77_777, 300_000, 12_345, 64_000, 8_800, 250_000, 41_000, 99_999].map((cents, index) => ({
  scamType: "phishing",
  outcome: "recovered_in_part",
  submittedDaysAgo: 200 + index,
  closedDaysAgo: 10 + index,
  ledger: index === 3 ? [{ afterDays: 5, cents: 1_000_000, reversed: true }, { afterDays: 30, cents }] : [{ afterDays: 20 + index, cents }],
}));
const ROMANCE: ClosedCaseSeed[] = Array.from({ length: 11 }, (_, index) => ({
  scamType: "romance_scam",
  outcome: index < 3 ? "recovered_in_part" : "nothing_recovered",
  submittedDaysAgo: 150 + index,
  closedDaysAgo: 40 + index,
  ...(index < 3 ? { ledger: [{ afterDays: 15, cents: (index + 1) * 10_000 }] } : {}),
}));
const INVESTMENT: ClosedCaseSeed[] = Array.from({ length: 9 }, (_, index) => ({
  scamType: "investment_scam",
  outcome: index < 8 ? "recovered_in_full" : "withdrawn_by_client",
  submittedDaysAgo: 100 + index,
  closedDaysAgo: 5 + index,
  ...(index < 8 ? { ledger: [{ afterDays: 10, cents: 1_000_000 + index }] } : {}),
}));

/** Recomputed from the seeds alone: a case's sum is its entries not reversed; the median of those above 0. */
function recompute(seeds: ClosedCaseSeed[]) {
  const sums = seeds.map((seed) => (seed.ledger ?? []).filter((entry) => !entry.reversed).reduce((total, entry) => total + entry.cents, 0));
  const recovered = sums.filter((sum) => sum > 0).sort((a, b) => a - b);
  const middle = Math.floor(recovered.length / 2);
  const median = recovered.length % 2 === 1 ? recovered[middle]! : (recovered[middle - 1]! + recovered[middle]!) / 2;
  return { closed: seeds.length, withRecovery: recovered.length, share: recovered.length / seeds.length, median };
}

describe.each(testEngines())("the published results by scam type on %s", (engine) => {
  let stop: () => Promise<void>;
  let client: UserActor;
  let lawyer: UserActor;
  const now = new Date();

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    client = await seedActor("user", "Jeanne", "Durand");
    lawyer = await seedActor("lawyer", "Alain", "Avocat");
    for (const seed of [...PHISHING, ...ROMANCE, ...INVESTMENT]) await insertClosedCase(client.userId, lawyer.userId, seed, now);
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  it("details a type at the threshold with its median, a type above it without a median resting on too few, and not a type under it", async () => {
    const results = await publishedResults(anonymous, { now });
    expect(results.minCases).toBe(10);
    const phishing = recompute(PHISHING);
    const romance = recompute(ROMANCE);
    expect(phishing).toMatchObject({ closed: 10, withRecovery: 10 });
    // The median of 10 sums: the mean of the 5th and 6th (64 000 and 77 777 cents).
    expect(phishing.median).toBe(70_888.5);
    expect(results.byScamType).toEqual([
      {
        scamType: "romance_scam",
        label: scamTypeLabel("romance_scam"),
        closed: 11,
        withRecovery: romance.withRecovery,
        share: romance.share,
        shareText: "27\u202f% (3 sur 11)",
        medianRecoveredCents: null,
        medianRecoveredText: null,
      },
      {
        scamType: "phishing",
        label: scamTypeLabel("phishing"),
        closed: 10,
        withRecovery: 10,
        share: 1,
        shareText: "100\u202f% (10 sur 10)",
        medianRecoveredCents: Math.round(phishing.median),
        medianRecoveredText: formatEuroCents(Math.round(phishing.median)),
      },
    ]);
    expect(results.byScamType.some((type) => type.scamType === "investment_scam")).toBe(false);
    expect(results.typesBelowThreshold).toBe(1);

    // One more investment case closed: at the threshold, it is detailed too (8 sums recovered: no median yet).
    await insertClosedCase(client.userId, lawyer.userId, { scamType: "investment_scam", outcome: "nothing_recovered", submittedDaysAgo: 90, closedDaysAgo: 1 }, now);
    const later = await publishedResults(anonymous, { now: new Date(now.getTime() + 1000) });
    expect(later.byScamType.find((type) => type.scamType === "investment_scam")).toMatchObject({ closed: 10, withRecovery: 8, share: 0.8, medianRecoveredCents: null });
    expect(later.typesBelowThreshold).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { computeFees } from "./fee-computation";

const terms = { baseFeeCents: 50_000, resultPercentBp: 1250, vatRateBp: 2000 };

describe("computeFees", () => {
  it("result fee on the net sum recovered, VAT once on the total, TTC exact", () => {
    const figures = computeFees(terms, { ledgerCents: [900_000, 333_333, -333_333, 100_001], baseFeeDue: true });
    expect(figures.recoveredCents).toBe(1_000_001);
    // 12,5 % of 10 000,01 € = 1 250,00125 € → 125 000 cents (rounded once).
    expect(figures.resultFeeHtCents).toBe(125_000);
    expect(figures.totalHtCents).toBe(175_000);
    expect(figures.vatCents).toBe(35_000);
    expect(figures.totalTtcCents).toBe(210_000);
    expect(figures.netToClientCents).toBe(1_000_001 - 210_000);
  });

  it("rounds halves away from zero, once", () => {
    // 15 % of 0,03 € = 0,45 cent → 0; of 0,10 € = 1,5 cents → 2.
    expect(computeFees({ ...terms, resultPercentBp: 1500 }, { ledgerCents: [10], baseFeeDue: false }).resultFeeHtCents).toBe(2);
    expect(computeFees({ ...terms, resultPercentBp: 1500 }, { ledgerCents: [3], baseFeeDue: false }).resultFeeHtCents).toBe(0);
  });

  it("nothing recovered: the base fee alone when it is due; what was paid is deducted; a client may owe the rest", () => {
    const figures = computeFees(terms, { ledgerCents: [], baseFeeDue: true, alreadyPaidCents: 20_000 });
    expect(figures).toMatchObject({ recoveredCents: 0, resultFeeHtCents: 0, totalTtcCents: 60_000, stillDueCents: 40_000, netToClientCents: -40_000 });
    expect(computeFees(terms, { ledgerCents: [], baseFeeDue: false }).totalTtcCents).toBe(0);
  });

  it("approved costs are fees HT with their VAT", () => {
    const figures = computeFees(terms, { ledgerCents: [], baseFeeDue: false, approvedCostsCents: 12_345 });
    expect(figures).toMatchObject({ costsHtCents: 12_345, vatCents: 2469, totalTtcCents: 14_814 });
  });
});

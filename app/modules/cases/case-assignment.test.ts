import { describe, expect, it } from "vitest";
import { chooseLawyer, type AssignmentCandidate } from "./case-assignment.server";

/** Runs the choice n times from zero, as successive submissions would. */
function simulate(percentages: Record<string, number>, n: number): Record<string, number> {
  const received: Record<string, number> = Object.fromEntries(Object.keys(percentages).map((id) => [id, 0]));
  for (let i = 0; i < n; i += 1) {
    const candidates: AssignmentCandidate[] = Object.entries(percentages).map(([lawyerId, percentage]) => ({
      lawyerId,
      percentage,
      assignedInPeriod: received[lawyerId]!,
    }));
    received[chooseLawyer(candidates)!]! += 1;
  }
  return received;
}

describe("chooseLawyer (largest deficit first)", () => {
  it("nobody to choose: null", () => {
    expect(chooseLawyer([])).toBeNull();
  });

  it("tracks 50/30/20 within a hundredth of a point after every step from 100 to 10 000 submissions", () => {
    const percentages = { a: 50, b: 30, c: 20 };
    for (const n of [100, 1000, 9_999, 10_000]) {
      const received = simulate(percentages, n);
      for (const [id, target] of Object.entries(percentages)) {
        expect(Math.abs((received[id]! / n) * 100 - target)).toBeLessThanOrEqual(100 / n);
      }
    }
  });

  it("normalises a total under 100 over the candidates (60 and 20 → 3 to 1)", () => {
    expect(simulate({ a: 60, b: 20 }, 400)).toEqual({ a: 300, b: 100 });
  });

  it("breaks a tie of deficits by fewer active cases, then by id", () => {
    const tied = (activeA: number, activeB: number) =>
      chooseLawyer([
        { lawyerId: "b", percentage: 50, assignedInPeriod: 0, activeCases: activeB },
        { lawyerId: "a", percentage: 50, assignedInPeriod: 0, activeCases: activeA },
      ]);
    expect(tied(3, 1)).toBe("b");
    expect(tied(1, 3)).toBe("a");
    expect(tied(2, 2)).toBe("a");
  });
});

import { describe, expect, it } from "vitest";
import { dueOffset } from "./open-loop";
import { highestHeld, p50p95, surgeSteps } from "./surge-plan";

describe("bench:surge plan", () => {
  it("shares the duration between rising steps, with the mix's rates", () => {
    expect(surgeSteps("4, 1,2", 120)).toEqual([
      { signUpRate: 1, publicRate: 20, formRate: 5, dashboardRate: 1, seconds: 40 },
      { signUpRate: 2, publicRate: 40, formRate: 10, dashboardRate: 2, seconds: 40 },
      { signUpRate: 4, publicRate: 80, formRate: 20, dashboardRate: 4, seconds: 40 },
    ]);
    expect(() => surgeSteps("1,deux", 60)).toThrow(/SURGE_STEPS/);
    expect(() => surgeSteps("", 60)).toThrow(/SURGE_STEPS/);
    expect(() => surgeSteps("1", 0)).toThrow(/SURGE_DURATION_S/);
  });

  it("sends on a fixed schedule", () => {
    expect([0, 1, 5].map((i) => dueOffset(i, 20))).toEqual([0, 50, 250]);
  });

  it("takes nearest-rank percentiles", () => {
    const ms = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(p50p95(ms)).toEqual({ p50: 50, p95: 95 });
    expect(p50p95([]).p95).toBeNaN();
  });

  it("holds up to the first step over a limit, or with a sign-up refused", () => {
    const step = (signUpRate: number, signUpP95: number, publicP95: number, refused = 0) => ({ signUpRate, signUpP95, publicP95, refused });
    expect(highestHeld([step(1, 300, 10), step(2, 1900, 49), step(4, 2100, 20), step(8, 100, 10)])).toBe(2);
    expect(highestHeld([step(1, 300, 10), step(2, 400, 10), step(4, 700, 8, 107)])).toBe(2);
    expect(highestHeld([step(1, 300, 60)])).toBeUndefined();
    expect(highestHeld([step(1, Number.NaN, 10)])).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "./jobs.server";

describe("retryDelaySeconds", () => {
  it("doubles from the base and stops at the cap", () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelaySeconds(attempt, 30, 3600))).toEqual([30, 60, 120, 240, 480]);
    expect(retryDelaySeconds(20, 30, 3600)).toBe(3600);
    expect(retryDelaySeconds(3, 0, 3600)).toBe(0);
  });
});

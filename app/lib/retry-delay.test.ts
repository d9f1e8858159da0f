import { describe, expect, it } from "vitest";
import { retryDelayLabel } from "./retry-delay";

describe("retryDelayLabel", () => {
  it("says seconds, minutes, then hours and minutes, rounded up", () => {
    expect(retryDelayLabel(0)).toBe("1 seconde");
    expect(retryDelayLabel(45)).toBe("45 secondes");
    expect(retryDelayLabel(61)).toBe("2 minutes");
    expect(retryDelayLabel(60)).toBe("1 minute");
    expect(retryDelayLabel(3600)).toBe("1 heure");
    expect(retryDelayLabel(2 * 3600 + 5 * 60)).toBe("2 heures et 5 minutes");
    expect(retryDelayLabel(3660)).toBe("1 heure et 1 minute");
  });
});

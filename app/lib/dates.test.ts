import { describe, expect, it } from "vitest";
import { isoToFrenchDate, latestDayAnywhere, maskFrenchDate, parseFrenchDate, todayIsoDate } from "./dates";

describe("maskFrenchDate (spec §5: digits only, dashes added, at most 8 digits)", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["14", "14"],
    ["140", "14-0"],
    ["1407", "14-07"],
    ["14071", "14-07-1"],
    ["14071985", "14-07-1985"],
    ["140719851", "14-07-1985"],
    ["14-07-1985", "14-07-1985"],
    ["14/07/1985", "14-07-1985"],
    ["1a4b0c7", "14-07"],
    ["abc", ""],
    ["1985-07-14", "14-07-1985"],
  ])("%j → %j", (raw, expected) => {
    expect(maskFrenchDate(raw)).toBe(expected);
  });

  it("a dash deleted after the day does not come back by itself", () => {
    // "14-" never appears: the dash is added only once a third digit is typed.
    expect(maskFrenchDate("14")).toBe("14");
  });
});

describe("parseFrenchDate", () => {
  it.each([
    ["", { kind: "empty" }],
    ["   ", { kind: "empty" }],
    ["14-07-1985", { kind: "ok", iso: "1985-07-14" }],
    ["14/07/1985", { kind: "ok", iso: "1985-07-14" }],
    ["14071985", { kind: "ok", iso: "1985-07-14" }],
    ["29-02-2000", { kind: "ok", iso: "2000-02-29" }],
    ["29-02-1900", { kind: "invalid" }],
    ["31-02-1990", { kind: "invalid" }],
    ["31-04-1990", { kind: "invalid" }],
    ["00-01-1990", { kind: "invalid" }],
    ["10-13-1990", { kind: "invalid" }],
    ["1-7-1985", { kind: "format" }],
    ["14-07-85", { kind: "format" }],
    ["14-07", { kind: "format" }],
    ["12-ab-1990", { kind: "format" }],
    ["1985-07-14", { kind: "format" }],
  ] as const)("%j → %j", (raw, expected) => {
    expect(parseFrenchDate(raw)).toEqual(expected);
  });
});

describe("isoToFrenchDate and today", () => {
  it("turns a stored date around without any timezone", () => {
    expect(isoToFrenchDate("1985-07-14")).toBe("14-07-1985");
    expect(isoToFrenchDate(null)).toBe("");
  });

  it("today is the local calendar day", () => {
    expect(todayIsoDate(new Date(2024, 0, 5, 23, 59))).toBe("2024-01-05");
    expect(todayIsoDate(new Date(2024, 11, 31, 0, 0))).toBe("2024-12-31");
  });

  it("the latest day anywhere is the day at UTC+14", () => {
    expect(latestDayAnywhere(new Date("2024-06-01T09:59:00Z"))).toBe("2024-06-01");
    expect(latestDayAnywhere(new Date("2024-06-01T10:00:00Z"))).toBe("2024-06-02");
  });
});

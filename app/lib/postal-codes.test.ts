import { describe, expect, it } from "vitest";
import { normalisePostalCode } from "./postal-codes";

describe("normalisePostalCode", () => {
  it.each([
    ["france", "75008", "75008"],
    ["france", " 01 400 ", "01400"],
    ["france", "7500", null],
    ["france", "750088", null],
    ["france", "2A004", null],
    ["belgium", "1000", "1000"],
    ["belgium", "10000", null],
    ["switzerland", "1201", "1201"],
    ["switzerland", "12a1", null],
    ["luxembourg", "1611", "1611"],
    ["luxembourg", "L-1611", "1611"],
    ["luxembourg", "l1611", "1611"],
    ["canada", "H2X 1Y4", "H2X 1Y4"],
    ["canada", "h2x1y4", "H2X 1Y4"],
    ["canada", "H2X-1Y4", null],
    ["canada", "D2X 1Y4", null],
    ["canada", "W2X 1Y4", null],
    ["canada", "12345", null],
  ] as const)("%s %j → %j", (country, raw, expected) => {
    expect(normalisePostalCode(country, raw)).toBe(expected);
  });
});

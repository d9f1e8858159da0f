import { describe, expect, it } from "vitest";
import { encodeCursor, flaggedKeysetCursor, keysetCursor } from "./keyset";

const AT = "2026-03-12T10:00:00.123456Z";
const ID = "0f9c2b1e-1234-4abc-8def-0123456789ab";

describe("keyset cursors", () => {
  it("reads back what it writes, with or without a leading flag", () => {
    expect(keysetCursor.parse(encodeCursor(AT, 1234))).toEqual({ at: AT, id: "1234" });
    expect(flaggedKeysetCursor.parse(encodeCursor(AT, ID, true))).toEqual({ flag: true, at: AT, id: ID });
    expect(flaggedKeysetCursor.parse(encodeCursor(AT, ID, false))).toEqual({ flag: false, at: AT, id: ID });
  });

  it("refuses malformed cursors", () => {
    for (const value of ["", "x", `${AT}_`, "2026-03-12 10:00:00_1", `${AT}_1;--`, "bm9wZQ", `2026-02-30T10:00:00.000000Z_${ID}`, "2026-03-12T25:00:00.000000Z_1", "2026-13-01T10:00:00.000000Z_1"]) expect(keysetCursor.safeParse(value).success).toBe(false);
    for (const value of [encodeCursor(AT, ID), `2_${AT}_${ID}`, encodeCursor(AT, "1234", true), "pas-un-curseur", `1_2026-02-30T10:00:00.000000Z_${ID}`]) {
      expect(flaggedKeysetCursor.safeParse(value).success).toBe(false);
    }
  });
});

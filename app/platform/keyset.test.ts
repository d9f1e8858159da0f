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
    for (const value of ["", "x", `${AT}_`, "2026-03-12 10:00:00_1", `${AT}_1;--`, "bm9wZQ"]) expect(keysetCursor.safeParse(value).success).toBe(false);
    for (const value of [encodeCursor(AT, ID), `2_${AT}_${ID}`, encodeCursor(AT, "1234", true), "pas-un-curseur"]) {
      expect(flaggedKeysetCursor.safeParse(value).success).toBe(false);
    }
  });
});

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DecryptionError, masterKeyFrom, wrapDataKey } from "./envelope-encryption.server";
import { newRowKey, openField, rewrapRowKey, rowKeyOwner, sealField, unwrapRowKey } from "./field-encryption.server";

const here = { table: "profiles", column: "nif", rowId: "u-1" };

describe("field encryption", () => {
  it("opens what it sealed; each seal has its own nonce", () => {
    const key = randomBytes(32);
    const a = sealField(key, here, "0123456789012");
    const b = sealField(key, here, "0123456789012");
    expect(a.equals(b)).toBe(false);
    expect(a.includes(Buffer.from("0123456789012"))).toBe(false);
    expect(openField(key, here, a)).toBe("0123456789012");
  });

  it("refuses another row, another column, another key, a flipped bit or a truncated value", () => {
    const key = randomBytes(32);
    const sealed = sealField(key, here, "1985-12-31");
    expect(() => openField(key, { ...here, rowId: "u-2" }, sealed)).toThrow(DecryptionError);
    expect(() => openField(key, { ...here, column: "birth_date" }, sealed)).toThrow(DecryptionError);
    expect(() => openField(randomBytes(32), here, sealed)).toThrow(DecryptionError);
    const flipped = Buffer.from(sealed);
    flipped[13]! ^= 0x80;
    expect(() => openField(key, here, flipped)).toThrow(DecryptionError);
    expect(() => openField(key, here, sealed.subarray(0, 20))).toThrow(DecryptionError);
  });

  it("a row key is bound to its row and re-wraps under a new master key without changing", () => {
    const old = { current: masterKeyFrom(randomBytes(32)), previous: [] };
    const { dataKey, wrapped } = newRowKey(old, "profiles", "u-1");
    expect(unwrapRowKey(old, "profiles", "u-1", wrapped).equals(dataKey)).toBe(true);
    expect(() => unwrapRowKey(old, "profiles", "u-2", wrapped)).toThrow(DecryptionError);
    // A file's wrapped key (owner = a file id) never serves as a row's.
    const asFile = wrapDataKey(old.current, "u-1", dataKey);
    expect(() => unwrapRowKey(old, "profiles", "u-1", asFile)).toThrow(DecryptionError);
    expect(rowKeyOwner("profiles", "u-1")).not.toBe("u-1");
    const rotated = { current: masterKeyFrom(randomBytes(32)), previous: [old.current] };
    const rewrapped = rewrapRowKey(rotated, "profiles", "u-1", wrapped);
    expect(rewrapped.keyId).toBe(rotated.current.id);
    expect(unwrapRowKey({ current: rotated.current, previous: [] }, "profiles", "u-1", rewrapped).equals(dataKey)).toBe(true);
  });
});

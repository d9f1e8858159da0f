import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import {
  DecryptStream,
  DecryptionError,
  EncryptStream,
  decodeKeyMaterial,
  encryptedSize,
  masterKeyFrom,
  newObjectKey,
  unwrapDataKey,
  UnknownMasterKeyError,
  wrapDataKey,
} from "./envelope-encryption.server";

const SEGMENT = 1024;

function key(fileId = "file-1") {
  const { dataKey, noncePrefix } = newObjectKey();
  return { dataKey, noncePrefix, associatedData: Buffer.from(fileId) };
}

async function encrypt(plaintext: Buffer, k: ReturnType<typeof key>, chunk = 333): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < plaintext.length; i += chunk) chunks.push(plaintext.subarray(i, i + chunk));
  const encryptor = new EncryptStream(k, SEGMENT);
  const out = buffer(encryptor);
  await pipeline(Readable.from(chunks), encryptor);
  return out;
}

async function decrypt(sealed: Buffer, k: ReturnType<typeof key>, chunk = 777): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < sealed.length; i += chunk) chunks.push(sealed.subarray(i, i + chunk));
  const decryptor = new DecryptStream(k, SEGMENT);
  const out: Buffer[] = [];
  decryptor.on("data", (c: Buffer) => out.push(c));
  await pipeline(Readable.from(chunks), decryptor);
  return Buffer.concat(out);
}

describe("segmented AES-256-GCM", () => {
  it.each([0, 1, SEGMENT - 1, SEGMENT, SEGMENT + 1, 5 * SEGMENT, 5 * SEGMENT + 17])("round-trips %i bytes", async (size) => {
    const plaintext = randomBytes(size);
    const k = key();
    const sealed = await encrypt(plaintext, k);
    expect(sealed.length).toBe(encryptedSize(size, SEGMENT));
    expect(await decrypt(sealed, k)).toEqual(plaintext);
  });

  it("leaves no plaintext in the ciphertext", async () => {
    const marker = Buffer.from("MARQUEUR-UNIQUE-0123456789".repeat(200));
    const sealed = await encrypt(marker, key());
    expect(sealed.includes(Buffer.from("MARQUEUR-UNIQUE"))).toBe(false);
  });

  it("refuses a flipped bit, a truncated object, a dropped segment, an appended segment and another file's id", async () => {
    const plaintext = randomBytes(3 * SEGMENT + 10);
    const k = key();
    const sealed = await encrypt(plaintext, k);
    const flipped = Buffer.from(sealed);
    flipped[SEGMENT + 40]! ^= 1;
    await expect(decrypt(flipped, k)).rejects.toBeInstanceOf(DecryptionError);
    // Cut exactly at a segment boundary: the last complete segment was not sealed as the last one.
    await expect(decrypt(sealed.subarray(0, 2 * (SEGMENT + 16)), k)).rejects.toBeInstanceOf(DecryptionError);
    await expect(decrypt(sealed.subarray(0, sealed.length - 5), k)).rejects.toBeInstanceOf(DecryptionError);
    const dropped = Buffer.concat([sealed.subarray(0, SEGMENT + 16), sealed.subarray(2 * (SEGMENT + 16))]);
    await expect(decrypt(dropped, k)).rejects.toBeInstanceOf(DecryptionError);
    await expect(decrypt(Buffer.concat([sealed, sealed.subarray(0, SEGMENT + 16)]), k)).rejects.toBeInstanceOf(DecryptionError);
    await expect(decrypt(sealed, { ...k, associatedData: Buffer.from("file-2") })).rejects.toBeInstanceOf(DecryptionError);
  });

  it("never releases a segment before its tag is checked", async () => {
    const plaintext = Buffer.alloc(SEGMENT + 10, 0x41);
    const k = key();
    const sealed = await encrypt(plaintext, k);
    const tampered = Buffer.from(sealed);
    tampered[SEGMENT + 16 - 1]! ^= 1; // the first segment's tag
    const decryptor = new DecryptStream(k, SEGMENT);
    const released: Buffer[] = [];
    decryptor.on("data", (c: Buffer) => released.push(c));
    await expect(pipeline(Readable.from([tampered]), decryptor)).rejects.toBeInstanceOf(DecryptionError);
    expect(Buffer.concat(released).length).toBe(0);
  });
});

describe("data keys wrapped by master keys", () => {
  const current = masterKeyFrom(randomBytes(32));
  const old = masterKeyFrom(randomBytes(32));

  it("wraps and unwraps with the key named by its id, current or previous", () => {
    const dataKey = randomBytes(32);
    const wrapped = wrapDataKey(old, "f1", dataKey);
    expect(wrapped.keyId).toBe(old.id);
    expect(wrapped.wrappedKey.includes(dataKey)).toBe(false);
    expect(unwrapDataKey({ current, previous: [old] }, "f1", wrapped)).toEqual(dataKey);
    expect(() => unwrapDataKey({ current, previous: [] }, "f1", wrapped)).toThrow(UnknownMasterKeyError);
    expect(() => unwrapDataKey({ current, previous: [old] }, "f2", wrapped)).toThrow(DecryptionError);
  });

  it("derives a stable id that differs per key", () => {
    const material = randomBytes(32);
    expect(masterKeyFrom(material).id).toBe(masterKeyFrom(Buffer.from(material)).id);
    expect(masterKeyFrom(material).id).not.toBe(current.id);
    expect(masterKeyFrom(material).id).toMatch(/^[0-9a-f]{16}$/);
  });

  it("reads keys as hex, base64 or base64url and nothing else", () => {
    const material = randomBytes(32);
    expect(decodeKeyMaterial(material.toString("hex"))).toEqual(material);
    expect(decodeKeyMaterial(material.toString("base64"))).toEqual(material);
    expect(decodeKeyMaterial(material.toString("base64url"))).toEqual(material);
    expect(decodeKeyMaterial("trop-court")).toBeUndefined();
    expect(decodeKeyMaterial(randomBytes(16).toString("hex"))).toBeUndefined();
  });
});

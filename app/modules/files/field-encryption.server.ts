import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import {
  DecryptionError,
  unwrapDataKey,
  wrapDataKey,
  type Keyring,
  type WrappedDataKey,
} from "./envelope-encryption.server";

/**
 * Field-level variant of the storage gateway's envelope (decision 0043): each database row that holds sensitive
 * values gets a random 32-byte data key, wrapped by the master key exactly as a file's (GCM, AAD = owner ‖ key id),
 * so a key rotation re-wraps one small value per row and never re-encrypts the fields. Each value is sealed with
 * AES-256-GCM under the row's data key: a random 12-byte nonce per value, AAD = table|column|row id, so a
 * ciphertext copied to another row or another column does not open. Stored as nonce(12) ‖ ciphertext ‖ tag(16).
 */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface FieldLocation {
  table: string;
  column: string;
  rowId: string;
}

/** The owner name under which a row's data key is wrapped (never equal to a file id: a file's key cannot serve). */
export function rowKeyOwner(table: string, rowId: string): string {
  return `row:${table}:${rowId}`;
}

function fieldAad(location: FieldLocation): Buffer {
  return Buffer.from(`${location.table}|${location.column}|${location.rowId}`, "utf8");
}

export function sealField(dataKey: Buffer, location: FieldLocation, plaintext: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", dataKey, nonce);
  cipher.setAAD(fieldAad(location));
  return Buffer.concat([nonce, cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
}

export function openField(dataKey: Buffer, location: FieldLocation, sealed: Uint8Array): string {
  const data = Buffer.from(sealed);
  if (data.length < NONCE_BYTES + TAG_BYTES) throw new DecryptionError("valeur chiffrée tronquée");
  try {
    const decipher = createDecipheriv("aes-256-gcm", dataKey, data.subarray(0, NONCE_BYTES));
    decipher.setAAD(fieldAad(location));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([decipher.update(data.subarray(NONCE_BYTES, data.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new DecryptionError(`valeur chiffrée altérée ou déplacée (${location.table}.${location.column})`);
  }
}

/** A new random data key for a row, and its wrapping under the current master key. */
export function newRowKey(keyring: Keyring, table: string, rowId: string): { dataKey: Buffer; wrapped: WrappedDataKey } {
  const dataKey = randomBytes(32);
  return { dataKey, wrapped: wrapDataKey(keyring.current, rowKeyOwner(table, rowId), dataKey) };
}

export function unwrapRowKey(keyring: Keyring, table: string, rowId: string, wrapped: { keyId: string; wrappedKey: Uint8Array }): Buffer {
  return unwrapDataKey(keyring, rowKeyOwner(table, rowId), { keyId: wrapped.keyId, wrappedKey: Buffer.from(wrapped.wrappedKey) });
}

/** The same data key wrapped under the current master key (rotation); throws when the old key is unknown. */
export function rewrapRowKey(keyring: Keyring, table: string, rowId: string, wrapped: { keyId: string; wrappedKey: Uint8Array }): WrappedDataKey {
  const dataKey = unwrapRowKey(keyring, table, rowId, wrapped);
  try {
    return wrapDataKey(keyring.current, rowKeyOwner(table, rowId), dataKey);
  } finally {
    dataKey.fill(0);
  }
}

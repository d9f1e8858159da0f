import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Keyring, MasterKey } from "~/platform/keyring.server";
import { Transform, type TransformCallback } from "node:stream";

/**
 * Segmented AES-256-GCM ("STREAM" construction): the plaintext is cut into segments, each sealed on its own with
 * nonce = 7-byte random prefix ‖ uint32be(index) ‖ last-segment flag and AAD = the file id. A reader releases a
 * segment only after its tag checked, so no unverified byte ever reaches a browser; reordering, truncation and
 * appending are detected (index and last flag are in the nonce). See docs/decisions/0024.
 */
export const SEGMENT_BYTES = 64 * 1024;
const TAG_BYTES = 16;
export const NONCE_PREFIX_BYTES = 7;
const KEY_BYTES = 32;

export class DecryptionError extends Error {
  override name = "DecryptionError";
}

function segmentNonce(prefix: Buffer, index: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0, 0, NONCE_PREFIX_BYTES);
  nonce.writeUInt32BE(index, NONCE_PREFIX_BYTES);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

/** Size of the stored object for a plaintext of that size (one tag per segment, at least one segment). */
export function encryptedSize(plaintextBytes: number, segmentBytes = SEGMENT_BYTES): number {
  const segments = Math.max(1, Math.ceil(plaintextBytes / segmentBytes));
  return plaintextBytes + segments * TAG_BYTES;
}

interface StreamKey {
  dataKey: Buffer;
  noncePrefix: Buffer;
  /** Authenticated with every segment: a segment moved from another file does not decrypt. */
  associatedData: Buffer;
}

/**
 * Collects bytes into fixed-size blocks without re-copying what is already buffered (uploads run in parallel:
 * garbage per chunk is memory). A full block is handed out only once a later byte shows it is not the last.
 */
class BlockBuffer {
  private block: Buffer;
  private filled = 0;
  constructor(private readonly size: number) {
    this.block = Buffer.allocUnsafe(size);
  }
  /** Feeds a chunk; calls `full` for each complete block known not to be the last. */
  feed(chunk: Buffer, full: (block: Buffer) => void): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.filled === this.size) {
        full(this.block);
        this.block = Buffer.allocUnsafe(this.size);
        this.filled = 0;
      }
      const take = Math.min(this.size - this.filled, chunk.length - offset);
      chunk.copy(this.block, this.filled, offset, offset + take);
      this.filled += take;
      offset += take;
    }
  }
  rest(): Buffer {
    return this.block.subarray(0, this.filled);
  }
}

/** Encrypts a plaintext stream. Counts the plaintext bytes it saw (`plaintextBytes`). */
export class EncryptStream extends Transform {
  private readonly blocks: BlockBuffer;
  private index = 0;
  plaintextBytes = 0;

  constructor(
    private readonly key: StreamKey,
    segmentBytes = SEGMENT_BYTES,
  ) {
    super();
    this.blocks = new BlockBuffer(segmentBytes);
  }

  private seal(plaintext: Buffer, last: boolean): void {
    const cipher = createCipheriv("aes-256-gcm", this.key.dataKey, segmentNonce(this.key.noncePrefix, this.index, last));
    cipher.setAAD(this.key.associatedData);
    this.push(cipher.update(plaintext));
    cipher.final();
    this.push(cipher.getAuthTag());
    this.index += 1;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.plaintextBytes += chunk.length;
    this.blocks.feed(chunk, (block) => this.seal(block, false));
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.seal(this.blocks.rest(), true);
    callback();
  }
}

/** Decrypts and verifies, segment by segment; fails with DecryptionError on any tampering or truncation. */
export class DecryptStream extends Transform {
  private readonly blocks: BlockBuffer;
  private index = 0;

  constructor(
    private readonly key: StreamKey,
    segmentBytes = SEGMENT_BYTES,
  ) {
    super();
    this.blocks = new BlockBuffer(segmentBytes + TAG_BYTES);
  }

  private open(sealed: Buffer, last: boolean): Buffer {
    if (sealed.length < TAG_BYTES) throw new DecryptionError("segment tronqué");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key.dataKey, segmentNonce(this.key.noncePrefix, this.index, last));
      decipher.setAAD(this.key.associatedData);
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      const plaintext = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
      this.index += 1;
      return plaintext;
    } catch {
      throw new DecryptionError("le fichier chiffré est altéré ou incomplet");
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.blocks.feed(chunk, (block) => this.push(this.open(block, false)));
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      this.push(this.open(this.blocks.rest(), true));
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }
}

export { decodeKeyMaterial, masterKeyFrom, type Keyring, type MasterKey } from "~/platform/keyring.server";

function wrapAad(fileId: string, keyId: string): Buffer {
  return Buffer.from(`${fileId}|${keyId}`, "utf8");
}

export interface WrappedDataKey {
  keyId: string;
  /** nonce(12) ‖ ciphertext(32) ‖ tag(16) */
  wrappedKey: Buffer;
}

export function wrapDataKey(master: MasterKey, fileId: string, dataKey: Buffer): WrappedDataKey {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", master.key, nonce);
  cipher.setAAD(wrapAad(fileId, master.id));
  const wrappedKey = Buffer.concat([nonce, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
  return { keyId: master.id, wrappedKey };
}

export class UnknownMasterKeyError extends Error {
  override name = "UnknownMasterKeyError";
}

export function unwrapDataKey(keyring: Keyring, fileId: string, wrapped: WrappedDataKey): Buffer {
  const master = [keyring.current, ...keyring.previous].find((key) => key.id === wrapped.keyId);
  if (!master) throw new UnknownMasterKeyError(`clé maîtresse ${wrapped.keyId} inconnue (STORAGE_PREVIOUS_MASTER_KEYS ?)`);
  const data = wrapped.wrappedKey;
  try {
    const decipher = createDecipheriv("aes-256-gcm", master.key, data.subarray(0, 12));
    decipher.setAAD(wrapAad(fileId, master.id));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([decipher.update(data.subarray(12, data.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new DecryptionError("clé de fichier altérée");
  }
}

/** A fresh data key and nonce prefix for one stored object. */
export function newObjectKey(): { dataKey: Buffer; noncePrefix: Buffer } {
  return { dataKey: randomBytes(KEY_BYTES), noncePrefix: randomBytes(NONCE_PREFIX_BYTES) };
}

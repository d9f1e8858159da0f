import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Env } from "./env.server";

/**
 * The storage master keys (decisions 0024 and 0043), loaded once per process by the runtime: they wrap the data keys
 * of stored files (modules/files) and of sealed database fields (modules/profile).
 */
const KEY_BYTES = 32;

/** A master key, known by a short id derived from it (stored beside each wrapped data key). */
export interface MasterKey {
  id: string;
  key: Buffer;
}

export function masterKeyFrom(material: Buffer): MasterKey {
  if (material.length !== KEY_BYTES) throw new Error("une clé maîtresse fait 32 octets");
  const id = createHash("sha256").update("recours/storage-master-key-id/").update(material).digest("hex").slice(0, 16);
  return { id, key: material };
}

/** Parses 32 bytes given as base64, base64url or 64 hex digits; undefined when it is none of those. */
export function decodeKeyMaterial(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const decoded = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (decoded.length === KEY_BYTES) return decoded;
  }
  return undefined;
}

/** The current key wraps new data keys; previous keys only unwrap, until every row is re-wrapped. */
export interface Keyring {
  current: MasterKey;
  previous: MasterKey[];
}

/** The keyring from the environment, or a key generated beside the embedded database on first start. */
export function loadKeyring(env: Pick<Env, "STORAGE_MASTER_KEY" | "STORAGE_PREVIOUS_MASTER_KEYS" | "DATABASE_URL" | "DATA_DIR">): Keyring {
  const previous = (env.STORAGE_PREVIOUS_MASTER_KEYS ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => masterKeyFrom(decodeKeyMaterial(part)!));
  if (env.STORAGE_MASTER_KEY) return { current: masterKeyFrom(decodeKeyMaterial(env.STORAGE_MASTER_KEY)!), previous };
  if (env.DATABASE_URL) {
    throw new Error(
      "Configuration invalide :\n  - STORAGE_MASTER_KEY : requis avec DATABASE_URL (toutes les instances partagent la même clé ; openssl rand -base64 32)",
    );
  }
  if (env.DATA_DIR.startsWith("memory://")) return { current: masterKeyFrom(randomBytes(32)), previous };
  const file = path.resolve(env.DATA_DIR, "storage-master-key");
  if (existsSync(file)) {
    const material = decodeKeyMaterial(readFileSync(file, "utf8"));
    if (!material) throw new Error(`Configuration invalide :\n  - ${file} ne contient pas une clé de 32 octets`);
    return { current: masterKeyFrom(material), previous };
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const material = randomBytes(32);
  writeFileSync(file, `${material.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  return { current: masterKeyFrom(material), previous };
}

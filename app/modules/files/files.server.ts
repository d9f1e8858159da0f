import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, Executor, StoredFileMediaType, StoredFileTable } from "~/platform/database-schema";
import { secureDataDir } from "~/platform/data-dir.server";
import type { Env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import {
  DecryptStream,
  EncryptStream,
  SEGMENT_BYTES,
  newObjectKey,
  unwrapDataKey,
  wrapDataKey,
} from "./envelope-encryption.server";
import { loadKeyring, type Keyring } from "~/platform/keyring.server";
import { unavailableFileText } from "./file-states";
import { servedFileName } from "./file-names";
import { filesystemStore, newObjectName, s3Store, type ObjectStore } from "./object-store.server";

export type StoredFile = Selectable<StoredFileTable>;

/** An encrypted object written to the store but not yet recorded in stored_files. */
export interface WrittenObject {
  fileId: string;
  objectName: string;
  keyId: string;
  wrappedKey: Buffer;
  noncePrefix: Buffer;
  segmentBytes: number;
  /** Plaintext bytes written. */
  sizeBytes: number;
}

export interface FileFacts {
  ownerId: string;
  originalName: string;
  mediaType: StoredFileMediaType;
  status?: StoredFile["status"];
  warnings?: string[];
  width?: number | null;
  height?: number | null;
  pageCount?: number | null;
}

export class StoredFileNotFoundError extends Error {
  override name = "StoredFileNotFoundError";
}

/** A HEIC photo still converting, or whose conversion failed: never served (its original carries EXIF and GPS). */
export class StoredFileNotReadyError extends Error {
  override name = "StoredFileNotReadyError";
  constructor(
    readonly fileId: string,
    readonly state: "converting" | "failed",
  ) {
    super(`fichier ${fileId}\u202f: ${state}`);
  }
}

export type LinkCheck = "valid" | "expired" | "invalid";

export const DOWNLOAD_LINK_SECONDS = 60;

export interface FileStorageOptions {
  /** The database, or a getter for it (the gateway starts before the runtime's database). */
  db: Kysely<Database> | (() => Kysely<Database>);
  store: ObjectStore;
  keyring: Keyring;
  /** Signs download links; derived from the master key when absent. */
  linkSecret?: Buffer;
  segmentBytes?: number;
}

export type FileStorage = ReturnType<typeof createFileStorage>;

/**
 * The one storage gateway: every uploaded byte goes through it encrypted (a random data key per object, wrapped by
 * the master key), and comes back out only through it.
 */
export function createFileStorage(options: FileStorageOptions) {
  const { store, keyring } = options;
  const database = () => (typeof options.db === "function" ? options.db() : options.db);
  const segmentBytes = options.segmentBytes ?? SEGMENT_BYTES;
  const linkSecret =
    options.linkSecret ?? Buffer.from(hkdfSync("sha256", keyring.current.key, Buffer.alloc(0), "recours/download-links", 32));

  function streamKey(fileId: string, dataKey: Buffer, noncePrefix: Buffer) {
    return { dataKey, noncePrefix, associatedData: Buffer.from(fileId, "utf8") };
  }

  /** Encrypts and writes a plaintext stream under a new random name; on failure nothing is left in the store. */
  async function writeObject(fileId: string, body: Readable): Promise<WrittenObject> {
    const { dataKey, noncePrefix } = newObjectKey();
    const objectName = newObjectName();
    const encryptor = new EncryptStream(streamKey(fileId, dataKey, noncePrefix), segmentBytes);
    const source = body.pipe(encryptor);
    // The plaintext source failing (invalid file, client gone) is the cause to report, not the store's reaction to it.
    let sourceError: unknown;
    // Some store clients stop listening to their body once they give up; the error still reaches us below.
    encryptor.on("error", () => undefined);
    body.on("error", (error) => {
      sourceError ??= error;
      encryptor.destroy(error);
    });
    try {
      await store.write(objectName, source);
    } catch (error) {
      throw sourceError ?? error;
    }
    if (sourceError) {
      await discardObject(objectName);
      throw sourceError;
    }
    const wrapped = wrapDataKey(keyring.current, fileId, dataKey);
    dataKey.fill(0);
    return {
      fileId,
      objectName,
      keyId: wrapped.keyId,
      wrappedKey: wrapped.wrappedKey,
      noncePrefix,
      segmentBytes,
      sizeBytes: encryptor.plaintextBytes,
    };
  }

  async function discardObject(objectName: string): Promise<void> {
    try {
      await store.delete(objectName);
    } catch (error) {
      // The janitor removes it later: an object without a row can never be opened.
      logger.warn({ err: error, objectName }, "objet orphelin laissé pour le ménage");
    }
  }

  async function record(executor: Executor, written: WrittenObject, facts: FileFacts): Promise<StoredFile> {
    return executor
      .insertInto("stored_files")
      .values({
        id: written.fileId,
        owner_id: facts.ownerId,
        object_name: written.objectName,
        original_name: servedFileName(facts.originalName, facts.mediaType),
        media_type: facts.mediaType,
        size_bytes: written.sizeBytes,
        key_id: written.keyId,
        wrapped_key: written.wrappedKey,
        nonce_prefix: written.noncePrefix,
        segment_bytes: written.segmentBytes,
        status: facts.status ?? "ready",
        warnings: facts.warnings ?? [],
        width: facts.width ?? null,
        height: facts.height ?? null,
        page_count: facts.pageCount ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Decrypted, verified plaintext of a recorded file. */
  async function openObject(file: Pick<StoredFile, "id" | "object_name" | "key_id" | "wrapped_key" | "nonce_prefix" | "segment_bytes">) {
    const dataKey = unwrapDataKey(keyring, file.id, { keyId: file.key_id, wrappedKey: file.wrapped_key });
    const encrypted = await store.read(file.object_name);
    const decryptor = new DecryptStream(streamKey(file.id, dataKey, file.nonce_prefix), file.segment_bytes);
    const out = new PassThrough();
    pipeline(encrypted, decryptor, out).catch((error: unknown) => out.destroy(error as Error));
    return out as Readable;
  }

  async function find(executor: Executor, fileId: string): Promise<StoredFile> {
    if (!/^[0-9a-f-]{36}$/i.test(fileId)) throw new StoredFileNotFoundError(fileId);
    // A file marked for deletion by retention is already gone for everyone (decision 0044).
    const file = await executor.selectFrom("stored_files").selectAll().where("id", "=", fileId).where("deletion_requested_at", "is", null).executeTakeFirst();
    if (!file) throw new StoredFileNotFoundError(fileId);
    return file;
  }

  function sign(fileId: string, expiresAt: number, viewerId: string): string {
    return createHmac("sha256", linkSecret).update(`${fileId}|${expiresAt}|${viewerId}`).digest("base64url");
  }

  return {
    store,
    writeObject,
    discardObject,
    record,
    openObject,
    find,

    /**
     * Stores a plaintext stream as a new file owned by `ownerId` and records it. With a transaction as executor, a
     * rollback after this call leaves an object without a row (never readable; the janitor removes it).
     */
    async put(input: FileFacts & { body: Readable; executor?: Executor }): Promise<StoredFile> {
      const written = await writeObject(randomUUID(), input.body);
      try {
        return await record(input.executor ?? database(), written, input);
      } catch (error) {
        await discardObject(written.objectName);
        throw error;
      }
    },

    /** The row and its decrypted stream; a file that is not ready throws StoredFileNotReadyError. */
    async open(fileId: string, executor: Executor = database()): Promise<{ file: StoredFile; stream: Readable }> {
      const file = await find(executor, fileId);
      if (file.status !== "ready") throw new StoredFileNotReadyError(fileId, file.status);
      return { file, stream: await openObject(file) };
    },

    /** Deletes the row, then the object. */
    async remove(fileId: string, executor: Executor = database()): Promise<void> {
      const removed = await executor.deleteFrom("stored_files").where("id", "=", fileId).returning("object_name").executeTakeFirst();
      if (removed) await discardObject(removed.object_name);
    },

    /** An app URL that lets exactly this viewer fetch the file for 60 seconds. */
    downloadLink(fileId: string, viewerId: string, now = Date.now()): string {
      const expiresAt = Math.floor(now / 1000) + DOWNLOAD_LINK_SECONDS;
      return `/fichiers/${fileId}?exp=${expiresAt}&sig=${sign(fileId, expiresAt, viewerId)}`;
    },

    /** Checks a link's `exp` and `sig` against the file and the person asking now. */
    checkDownloadLink(input: { fileId: string; viewerId: string; exp: string | null; sig: string | null; now?: number }): LinkCheck {
      const { fileId, viewerId, exp, sig } = input;
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return "invalid";
      const expected = Buffer.from(sign(fileId, Number(exp), viewerId));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
      const nowSeconds = Math.floor((input.now ?? Date.now()) / 1000);
      // A link from the future (clock games) is not honoured beyond its normal lifetime either.
      if (Number(exp) < nowSeconds || Number(exp) > nowSeconds + DOWNLOAD_LINK_SECONDS) return "expired";
      return "valid";
    },

    /**
     * Re-wraps every data key not under the current master key (after a rotation); returns how many changed. Each row
     * is updated only while still under its old key: stopped (or after `maxRows`), a new run resumes.
     */
    async rewrapKeys(batchSize = 500, maxRows = Number.POSITIVE_INFINITY): Promise<number> {
      let changed = 0;
      for (;;) {
        if (changed >= maxRows) return changed;
        const rows = await database()
          .selectFrom("stored_files")
          .select(["id", "key_id", "wrapped_key"])
          .where("key_id", "<>", keyring.current.id)
          .limit(Math.min(batchSize, maxRows - changed))
          .execute();
        if (rows.length === 0) return changed;
        for (const row of rows) {
          const dataKey = unwrapDataKey(keyring, row.id, { keyId: row.key_id, wrappedKey: row.wrapped_key });
          const wrapped = wrapDataKey(keyring.current, row.id, dataKey);
          dataKey.fill(0);
          await database()
            .updateTable("stored_files")
            .set({ key_id: wrapped.keyId, wrapped_key: wrapped.wrappedKey })
            .where("id", "=", row.id)
            .where("key_id", "=", row.key_id)
            .execute();
          changed += 1;
        }
      }
    },

    /** Deletes objects that no row names and that are older than `graceMs` (left by a crash or a rolled-back upload). */
    /**
     * Files stored and never claimed: no row of any table that references stored_files names them (a chat
     * attachment uploaded but never sent, an upload whose form was abandoned), older than the grace period. The list
     * of referencing columns is read from the catalog, so a new owner table is protected without touching this.
     * The row goes first, then the object (a crash between leaves an object without a row: removeOrphans' case). A
     * file claimed meanwhile is kept: the foreign key refuses its deletion.
     */
    async removeUnclaimed(graceMs = 24 * 3600 * 1000, now = Date.now(), batchSize = 500): Promise<number> {
      const references = await sql<{ table_name: string; column_name: string }>`
        SELECT cl.relname AS table_name, a.attname AS column_name
        FROM pg_constraint c
        JOIN pg_class cl ON cl.oid = c.conrelid
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'stored_files'::regclass`.execute(database());
      const unclaimed = sql.join(
        references.rows.map((ref) => sql`NOT EXISTS (SELECT 1 FROM ${sql.table(ref.table_name)} r WHERE r.${sql.ref(ref.column_name)} = f.id)`),
        sql` AND `,
      );
      const candidates = await sql<{ id: string }>`
        SELECT f.id FROM stored_files f
        WHERE f.created_at < ${new Date(now - graceMs)} AND ${references.rows.length > 0 ? unclaimed : sql`true`}
        ORDER BY f.created_at LIMIT ${batchSize}`.execute(database());
      let removed = 0;
      for (const { id } of candidates.rows) {
        try {
          const row = await sql<{ object_name: string }>`
            DELETE FROM stored_files f WHERE f.id = ${id} AND ${references.rows.length > 0 ? unclaimed : sql`true`}
            RETURNING f.object_name`.execute(database());
          const objectName = row.rows[0]?.object_name;
          if (!objectName) continue;
          await discardObject(objectName);
          removed += 1;
        } catch (error) {
          // 23503: claimed by a row committed meanwhile; it stays.
          if ((error as { code?: string }).code !== "23503") throw error;
        }
      }
      return removed;
    },

    async removeOrphans(graceMs = 24 * 3600 * 1000, now = Date.now()): Promise<number> {
      // First, local ciphertext spooled by an upload whose process died before its PUT (S3 driver): it needs no bucket.
      let removed = (await store.sweepSpool?.(graceMs, now)) ?? 0;
      for await (const object of store.list()) {
        if (now - object.modifiedAt.getTime() < graceMs) continue;
        const known = object.name.startsWith(".partial-")
          ? undefined
          : await database().selectFrom("stored_files").select("id").where("object_name", "=", object.name).executeTakeFirst();
        if (known) continue;
        await store.delete(object.name);
        removed += 1;
      }
      return removed;
    },
  };
}

/** The store chosen by STORAGE_DRIVER. */
export function storeFromEnv(env: Env): ObjectStore {
  if (env.STORAGE_DRIVER === "s3") {
    return s3Store({
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION!,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: env.S3_PREFIX,
      spoolDirectory: env.S3_SPOOL_DIRECTORY,
    });
  }
  const directory = env.DATA_DIR.startsWith("memory://")
    ? mkdtempSync(path.join(tmpdir(), "recours-files-"))
    : path.resolve(env.DATA_DIR, "files");
  return filesystemStore(directory);
}

let current: FileStorage | undefined;

/** Loads the keys, builds the chosen store and checks it is writable: the server refuses to start otherwise. */
export async function startFileStorage(env: Env, database: () => Kysely<Database>): Promise<FileStorage> {
  if (env.STORAGE_DRIVER !== "s3" || !env.DATABASE_URL) secureDataDir(env.DATA_DIR);
  const keyring = loadKeyring(env);
  const store = storeFromEnv(env);
  try {
    await store.check();
  } catch (error) {
    throw new Error(
      `Configuration invalide :\n  - ${env.STORAGE_DRIVER === "s3" ? "S3_BUCKET" : "DATA_DIR"} : ${(error as Error).message}`,
      { cause: error },
    );
  }
  current = createFileStorage({ db: database, store, keyring });
  logger.info({ driver: store.kind, keyId: keyring.current.id }, "stockage des fichiers prêt");
  return current;
}

/** Installs a gateway built elsewhere (tests, benchmarks). */
export function useFileStorage(storage: FileStorage | undefined): void {
  current = storage;
}

export function fileStorage(): FileStorage {
  if (!current) throw new Error("Le stockage des fichiers n'est pas démarré (startFileStorage).");
  return current;
}

/** A download of a file that is not ready: 409 with its state in French (its original carries EXIF and GPS). */
export interface NotReadyRefusal {
  kind: "refused";
  status: 409;
  message: string;
}

/** Before a link is handed out: the refusal for a photo still converting or failed, or null. */
export async function notReadyRefusal(storage: FileStorage, executor: Executor, fileId: string): Promise<NotReadyRefusal | null> {
  const message = unavailableFileText((await storage.find(executor, fileId).catch(() => undefined))?.status);
  return message ? { kind: "refused", status: 409, message } : null;
}

/** When a link is followed: the row and its stream, or the same refusal. */
export async function openForDownload(
  storage: FileStorage,
  fileId: string,
): Promise<{ kind: "opened"; file: StoredFile; stream: Readable } | NotReadyRefusal> {
  try {
    return { kind: "opened", ...(await storage.open(fileId)) };
  } catch (error) {
    if (error instanceof StoredFileNotReadyError) return { kind: "refused", status: 409, message: unavailableFileText(error.state)! };
    throw error;
  }
}

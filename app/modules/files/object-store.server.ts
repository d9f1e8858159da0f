import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, constants, mkdir, readdir, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { tmpdir } from "node:os";

/** Where encrypted objects live. Objects appear whole or not at all; names are random and carry no meaning. */
export interface ObjectStore {
  readonly kind: "filesystem" | "s3";
  /** Writes the object; on any error nothing is left under that name. */
  write(name: string, body: Readable): Promise<void>;
  read(name: string): Promise<Readable>;
  /** Idempotent. */
  delete(name: string): Promise<void>;
  /** Boot-time check that the store is reachable and writable. */
  check(): Promise<void>;
  /** Every object (for the janitor and the tests). */
  list(): AsyncIterable<{ name: string; modifiedAt: Date }>;
  /** Deletes local spool files older than `graceMs` (left by a process killed mid-upload); returns how many. */
  sweepSpool?(graceMs: number, now: number): Promise<number>;
}

/** The store failed (disk, network, permissions): the caller answers 503, never a 500 with details. */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
}

export class ObjectNotFoundError extends Error {
  override name = "ObjectNotFoundError";
}

const OBJECT_NAME = /^[a-z0-9]{20,64}$/;
/** A filesystem write in progress (or left by a crash): only the janitor deletes these. */
const PARTIAL_NAME = /^\.partial-([a-z0-9]{20,64})-[0-9a-f]{12}$/;

export function newObjectName(): string {
  return randomBytes(20).toString("hex");
}

function assertName(name: string) {
  if (!OBJECT_NAME.test(name)) throw new Error(`nom d'objet invalide : ${name}`);
}

/** Files under one directory: written to a temporary name beside the target, then renamed (atomic on one disk). */
export function filesystemStore(directory: string): ObjectStore {
  const root = path.resolve(directory);
  const target = (name: string) => path.join(root, (PARTIAL_NAME.exec(name)?.[1] ?? name).slice(0, 2), name);
  return {
    kind: "filesystem",
    async write(name, body) {
      assertName(name);
      const final = target(name);
      const partial = path.join(path.dirname(final), `.partial-${name}-${randomBytes(6).toString("hex")}`);
      try {
        await mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
        await pipeline(body, createWriteStream(partial, { flags: "wx", mode: 0o600 }));
        await rename(partial, final);
      } catch (error) {
        await unlink(partial).catch(() => undefined);
        if (isStorageFault(error)) throw new StorageUnavailableError(`écriture impossible : ${(error as Error).message}`, { cause: error });
        throw error;
      }
    },
    async read(name) {
      assertName(name);
      const file = target(name);
      try {
        await access(file, constants.R_OK);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new ObjectNotFoundError(name);
        throw new StorageUnavailableError(`lecture impossible : ${(error as Error).message}`, { cause: error });
      }
      return createReadStream(file);
    },
    async delete(name) {
      if (!PARTIAL_NAME.test(name)) assertName(name);
      try {
        await rm(target(name), { force: true });
      } catch (error) {
        throw new StorageUnavailableError(`suppression impossible : ${(error as Error).message}`, { cause: error });
      }
    },
    async check() {
      try {
        await mkdir(root, { recursive: true, mode: 0o700 });
        const probe = path.join(root, `.probe-${randomBytes(6).toString("hex")}`);
        await writeFile(probe, "");
        await unlink(probe);
      } catch (error) {
        throw new StorageUnavailableError(`le dossier ${root} n'est pas accessible en écriture : ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
    async *list() {
      let shards: string[];
      try {
        shards = await readdir(root);
      } catch {
        return;
      }
      for (const shard of shards) {
        const dir = path.join(root, shard);
        if (!(await stat(dir).catch(() => undefined))?.isDirectory()) continue;
        for (const entry of await readdir(dir)) {
          const info = await stat(path.join(dir, entry)).catch(() => undefined);
          if (info?.isFile()) yield { name: entry, modifiedAt: info.mtime };
        }
      }
    },
  };
}

function isStorageFault(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" && /^E[A-Z]+$/.test(code) && code !== "ERR_STREAM_PREMATURE_CLOSE";
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Key prefix inside the bucket, e.g. "recours/". */
  prefix?: string;
  /** Where encrypted objects wait before their PUT (default: a private folder in the system's temporary folder). */
  spoolDirectory?: string;
}

const spoolFolders = new Map<string, Promise<string>>();

/** A folder only this user can enter; it only ever holds ciphertext, deleted as soon as it is sent. */
function spoolFolder(directory = path.join(tmpdir(), `recours-s3-spool-${process.getuid?.() ?? "user"}`)): Promise<string> {
  let folder = spoolFolders.get(directory);
  if (!folder) {
    folder = mkdir(directory, { recursive: true, mode: 0o700 }).then(() => directory);
    folder.catch(() => spoolFolders.delete(directory));
    spoolFolders.set(directory, folder);
  }
  return folder;
}


/** An S3-compatible bucket; objects go up in one PUT of known length from a spooled temporary file (bounded memory). */
export function s3Store(settings: S3Settings): ObjectStore & { client: S3Client } {
  // The SDK warns on every start that its 2027 releases need Node 22; the lockfile pins this one (wave-2 notes).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? Boolean(settings.endpoint),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    maxAttempts: 2,
    // Bodies carry their SHA-256 in a header (below) rather than a streamed checksum trailer, which not every
    // S3-compatible store accepts.
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
  // Path-style bucket requests (listing) go to "/bucket", the documented form: the SDK sends "/bucket/", which some
  // S3-compatible servers sign differently (s3rver answers SignatureDoesNotMatch). Object requests are unaffected.
  if (settings.forcePathStyle ?? Boolean(settings.endpoint)) {
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (request.path === `/${settings.bucket}/`) request.path = `/${settings.bucket}`;
        return next(args);
      },
      { step: "build", name: "bucketPathWithoutSlash" },
    );
  }
  const prefix = settings.prefix ?? "";
  const key = (name: string) => `${prefix}${name}`;
  const unavailable = (action: string, error: unknown) =>
    new StorageUnavailableError(`${action} impossible dans le bucket ${settings.bucket} : ${(error as Error)?.message ?? error}`, {
      cause: error,
    });
  return {
    kind: "s3",
    client,
    async write(name, body) {
      assertName(name);
      // The encrypted object is spooled to a private temporary file, then sent in one PUT with its length: a
      // streamed multipart upload would hold a 5 MiB part per upload in memory (S3's minimum part size).
      let spool: string | undefined;
      const digest = createHash("sha256");
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          digest.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        try {
          spool = path.join(await spoolFolder(settings.spoolDirectory), `${name}-${randomBytes(6).toString("hex")}`);
          await pipeline(body, hashing, createWriteStream(spool, { flags: "wx", mode: 0o600 }));
        } catch (error) {
          // The plaintext source failing (client gone, invalid file) is reported as such by the gateway.
          if (isStorageFault(error)) throw unavailable("mise en attente", error);
          throw error;
        }
        const { size } = await stat(spool);
        try {
          await client.send(
            new PutObjectCommand({
              Bucket: settings.bucket,
              Key: key(name),
              Body: createReadStream(spool),
              ContentLength: size,
              // The store checks the bytes it received against this.
              ChecksumSHA256: digest.digest("base64"),
              ContentType: "application/octet-stream",
            }),
          );
        } catch (error) {
          await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(name) })).catch(() => undefined);
          throw unavailable("écriture", error);
        }
      } finally {
        if (spool) await unlink(spool).catch(() => undefined);
      }
    },
    async read(name) {
      assertName(name);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
        return result.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey) throw new ObjectNotFoundError(name);
        throw unavailable("lecture", error);
      }
    },
    async delete(name) {
      assertName(name);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
      } catch (error) {
        throw unavailable("suppression", error);
      }
    },
    async check() {
      // Writing and deleting a probe proves the bucket, the credentials and the permissions the app needs.
      const probe = `${prefix}.probe-${randomBytes(8).toString("hex")}`;
      try {
        await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: probe, Body: "" }));
        await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: probe }));
      } catch (error) {
        throw unavailable("accès", error);
      }
    },
    async sweepSpool(graceMs, now) {
      const folder = await spoolFolder(settings.spoolDirectory);
      let removed = 0;
      for (const entry of await readdir(folder).catch(() => [] as string[])) {
        // Only our own spool names (`<object name>-<12 hex>`): never anything else in the folder.
        if (!/^[a-z0-9]{20,64}-[0-9a-f]{12}$/.test(entry)) continue;
        const full = path.join(folder, entry);
        const info = await stat(full).catch(() => undefined);
        if (!info?.isFile() || now - info.mtime.getTime() < graceMs) continue;
        await unlink(full).catch(() => undefined);
        removed += 1;
      }
      return removed;
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { name: item.Key.slice(prefix.length), modifiedAt: item.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

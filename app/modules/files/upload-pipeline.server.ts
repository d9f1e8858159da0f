import { createHash, randomUUID } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import type { Kysely, Transaction } from "kysely";
import { enqueueJob, jobsEnqueued, PermanentJobError, type JobHandler } from "~/modules/jobs/jobs.server";
import type { Database, UploadedMediaType } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { db as runtimeDb } from "~/platform/runtime.server";
import { HEAD_BYTES, PDF_FULL_PARSE_BYTES, detectType, looksComplete } from "./file-inspection.server";
import { inspectionPool, type InspectionPool } from "./inspection-pool.server";
import { sanitizeFileName, servedFileName } from "./file-names";
import { fileStorage, type FileFacts, type FileStorage, type StoredFile, type WrittenObject } from "./files.server";
import { StorageUnavailableError } from "./object-store.server";
import { UploadError } from "./upload-error";
import { MAX_FIELD_BYTES, MAX_TEXT_FIELDS, maxRequestBytesFor } from "./upload-limits";
import { MAX_UPLOAD_BYTES } from "./upload-messages";
import { admitUpload, chargeUpload, journalingQuotaRefusals, type UploadQuota } from "./upload-quotas.server";

export const HEIC_CONVERSION_JOB = "files.convert-heic";
const TAIL_BYTES = 1024;

/** One heavy step (decode, re-encode, PDF parse, HEIC conversion) at a time per process: bounded memory. */
function createSlot() {
  let tail: Promise<unknown> = Promise.resolve();
  return function run<T>(task: () => Promise<T>): Promise<T> {
    const next = tail.then(task, task);
    tail = next.catch(() => undefined);
    return next;
  };
}
const heavySlot = createSlot();

/** Counts, sniffs and watches the end of a file as it streams past, without holding more than its first 4 KiB. */
class FileInspector extends Transform {
  bytes = 0;
  type: UploadedMediaType | undefined;
  tail = Buffer.alloc(0);
  /** SHA-256 of every byte as sent, before any re-encoding. */
  readonly hash = createHash("sha256");
  private head: Buffer[] = [];
  private headBytes = 0;

  constructor(
    private readonly field: string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  private async decide(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (head.length === 0) throw new UploadError("empty", this.field);
    this.type = await detectType(head);
    if (!this.type) throw new UploadError("wrongType", this.field);
    this.push(head);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new UploadError("tooLarge", this.field));
    this.hash.update(chunk);
    this.tail = Buffer.concat([this.tail, chunk.subarray(-TAIL_BYTES)]).subarray(-TAIL_BYTES);
    if (this.type) return callback(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < HEAD_BYTES) return callback();
    this.decide().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.type) return callback();
    this.decide().then(() => callback(), callback);
  }
}

export interface UploadOptions {
  ownerId: string;
  /** The file fields accepted and how many files each may carry, e.g. `{ recto: 1, verso: 1 }`. */
  fileFields: Record<string, number>;
  /** Refuse a request without any file (default true). */
  requireFile?: boolean;
  storage?: FileStorage;
  database?: Kysely<Database>;
  /** Where files are checked (default: the process's worker pool). */
  inspection?: InspectionPool;
  /** The person's upload quotas to apply, and the bucket these files count in (decision 62); none when absent. */
  quota?: UploadQuota;
}

export interface ReceivedFile {
  field: string;
  file: StoredFile;
  /** SHA-256 (hex) of the file exactly as it was sent (a re-encoded image is stored with other bytes). */
  originalSha256: string;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  /** The form's text fields (last value wins), for the caller's own schema. */
  fields: Record<string, string>;
}

interface StreamedFile {
  /** Position in the request: files are recorded in the order they were sent. */
  order: number;
  field: string;
  originalName: string;
  type: UploadedMediaType;
  tail: Buffer;
  sha256: string;
  written: WrittenObject;
}

interface CheckedFile {
  field: string;
  sha256: string;
  written: WrittenObject;
  facts: Omit<FileFacts, "ownerId">;
}


function asRecordable(written: WrittenObject) {
  return {
    id: written.fileId,
    object_name: written.objectName,
    key_id: written.keyId,
    wrapped_key: written.wrappedKey,
    nonce_prefix: written.noncePrefix,
    segment_bytes: written.segmentBytes,
  };
}

/**
 * Receives a multipart upload: streams each file through type sniffing and encryption into the store (never a
 * whole file in memory while it arrives), then checks it (images re-encoded, PDFs parsed, HEIC measured and queued
 * for conversion), then records every file and runs `commit` in one transaction. On any failure — invalid file,
 * storage down, client gone, `commit` throwing — every object written is deleted and no row remains.
 */
export async function receiveUpload<T>(
  request: Request,
  options: UploadOptions,
  commit: (trx: Transaction<Database>, upload: ReceivedUpload) => Promise<T> = async () => undefined as T,
): Promise<ReceivedUpload & { result: T }> {
  const storage = options.storage ?? fileStorage();
  const database = options.database ?? runtimeDb();
  const written: WrittenObject[] = [];
  const pending: Promise<unknown>[] = [];
  try {
    // Before a byte of the body is read: the hourly count, and a declared size past what the quotas leave.
    if (options.quota) await admitUpload(database, request, options.quota);
    const { streamed, fields } = await streamIntoStore(request, options, storage, written, pending);
    if (streamed.length === 0 && options.requireFile !== false) throw new UploadError("noFile");
    const checked: CheckedFile[] = [];
    const inspection = options.inspection ?? inspectionPool();
    for (const file of streamed) checked.push(await checkFile(file, storage, written, inspection));
    let queued = false;
    const outcome = await journalingQuotaRefusals(database, options.quota, () => database.transaction().execute(async (trx) => {
      // Under the lock an account deletion takes first (decision 0047): it waits for this commit, or this upload
      // sees the account already deleted and records nothing (its objects are discarded below).
      const owner = await trx.selectFrom("profiles").select("deleted_at").where("id", "=", options.ownerId).forShare().executeTakeFirst();
      if (owner?.deleted_at) throw new UploadError("accountDeleted");
      const files: ReceivedFile[] = [];
      for (const item of checked) {
        const file = await storage.record(trx, item.written, { ...item.facts, ownerId: options.ownerId });
        if (file.status === "converting") {
          await enqueueJob(trx, { kind: HEIC_CONVERSION_JOB, payload: { fileId: file.id }, maxAttempts: 3 });
          queued = true;
        }
        files.push({ field: item.field, file, originalSha256: item.sha256 });
      }
      if (options.quota) await chargeUpload(trx, options.quota, files.map(({ file }) => ({ id: file.id, sizeBytes: Number(file.size_bytes) })));
      const result = await commit(trx, { files, fields });
      return { files, fields, result };
    }));
    if (queued) jobsEnqueued();
    return outcome;
  } catch (error) {
    await Promise.allSettled(pending);
    await Promise.all(written.map((object) => storage.discardObject(object.objectName)));
    throw asUploadError(error);
  }
}

function asUploadError(error: unknown): unknown {
  if (error instanceof UploadError) return error;
  if (error instanceof StorageUnavailableError) {
    logger.error({ err: error }, "stockage des fichiers indisponible pendant un envoi");
    return new UploadError("storageDown", undefined, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE" || (error as Error)?.name === "AbortError") {
    return new UploadError("interrupted", undefined, { cause: error });
  }
  return error;
}

function streamIntoStore(
  request: Request,
  options: UploadOptions,
  storage: FileStorage,
  written: WrittenObject[],
  pending: Promise<unknown>[],
): Promise<{ streamed: StreamedFile[]; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const contentType = request.headers.get("content-type") ?? "";
    if (!/^multipart\/form-data;\s*boundary=/i.test(contentType) || !request.body) {
      reject(new UploadError("badRequest"));
      return;
    }
    const maxBytes = maxRequestBytesFor(options.fileFields);
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > maxBytes) {
      reject(new UploadError("tooLarge"));
      return;
    }
    const maxFiles = Object.values(options.fileFields).reduce((sum, count) => sum + count, 0);
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { "content-type": contentType },
        limits: {
          fileSize: MAX_UPLOAD_BYTES,
          files: maxFiles,
          fields: MAX_TEXT_FIELDS,
          parts: maxFiles + MAX_TEXT_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          headerPairs: 20,
        },
      });
    } catch (error) {
      reject(new UploadError("badRequest", undefined, { cause: error }));
      return;
    }

    const source = Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > maxBytes) return callback(new UploadError("tooLarge"));
        callback(null, chunk);
      },
    });
    const streamed: StreamedFile[] = [];
    const fields: Record<string, string> = {};
    const perField: Record<string, number> = {};
    const inspectors = new Set<FileInspector>();
    let arrival = 0;
    let failed = false;

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      for (const inspector of inspectors) inspector.destroy(error as Error);
      source.unpipe(counter);
      counter.unpipe(parser);
      // Let the rest of the body drain so the answer reaches the browser; stop for good past the request limit.
      if (error instanceof UploadError && error.problem === "tooLarge" && received > maxBytes) source.destroy();
      else source.resume();
      reject(error);
    };

    const onAbort = () => fail(new UploadError("interrupted"));
    request.signal.addEventListener("abort", onAbort, { once: true });
    source.on("error", (error) => fail(new UploadError("interrupted", undefined, { cause: error })));
    counter.on("error", fail);
    parser.on("error", (error: unknown) => fail(new UploadError("badRequest", undefined, { cause: error })));
    parser.on("filesLimit", () => fail(new UploadError("tooManyFiles")));
    parser.on("partsLimit", () => fail(new UploadError("tooManyFiles")));
    parser.on("fieldsLimit", () => fail(new UploadError("tooManyFiles")));
    parser.on("field", (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) fail(new UploadError("badRequest", name));
      else fields[name] = value;
    });
    parser.on("file", (field: string, file: BusboyFileStream, filename: string) => {
      if (failed) return void file.resume();
      // A file input left empty arrives as a part with no name and no bytes: nothing was chosen.
      if (!filename) return void file.resume();
      const allowed = options.fileFields[field];
      if (!allowed) {
        file.resume();
        return fail(new UploadError("badRequest", field));
      }
      perField[field] = (perField[field] ?? 0) + 1;
      if (perField[field] > allowed) {
        file.resume();
        return fail(new UploadError("tooManyFiles", field));
      }
      const inspector = new FileInspector(field, MAX_UPLOAD_BYTES);
      // Its errors reach us through writeObject's promise; a second one after destroy must not crash the process.
      inspector.on("error", () => undefined);
      const order = arrival++;
      inspectors.add(inspector);
      file.on("limit", () => {
        inspector.destroy(new UploadError("tooLarge", field));
        file.resume();
      });
      file.on("error", (error) => inspector.destroy(error));
      file.pipe(inspector);
      const task = storage
        .writeObject(randomUUID(), inspector)
        .then((object) => {
          written.push(object);
          if (inspector.destroyed && inspector.errored) throw inspector.errored;
          streamed.push({
            order,
            field,
            originalName: sanitizeFileName(filename),
            type: inspector.type!,
            tail: inspector.tail,
            sha256: inspector.hash.digest("hex"),
            written: object,
          });
        })
        .finally(() => inspectors.delete(inspector));
      pending.push(task);
      task.catch((error: unknown) => {
        file.resume();
        fail(error);
      });
    });
    parser.on("finish", () => {
      Promise.all(pending).then(
        () => {
          if (failed) return;
          request.signal.removeEventListener("abort", onAbort);
          resolve({ streamed: streamed.sort((a, b) => a.order - b.order), fields });
        },
        fail,
      );
    });
    source.pipe(counter).pipe(parser);
  });
}

/**
 * The decrypted file in one buffer of its exact size (no doubling while collecting chunks), on its own memory so it
 * can move to an inspection worker without a copy.
 */
async function readWritten(storage: FileStorage, object: WrittenObject): Promise<Buffer> {
  const out = Buffer.alloc(object.sizeBytes);
  let offset = 0;
  for await (const chunk of await storage.openObject(asRecordable(object))) {
    const bytes = chunk as Buffer;
    if (offset + bytes.length > out.length) throw new UploadError("truncated");
    bytes.copy(out, offset);
    offset += bytes.length;
  }
  return out.subarray(0, offset);
}

/** Every decode, parse or re-encode runs in the inspection pool (worker threads, time and memory limits per file). */
async function checkFile(file: StreamedFile, storage: FileStorage, written: WrittenObject[], inspection: InspectionPool): Promise<CheckedFile> {
  const { field } = file;
  if (file.written.sizeBytes === 0) throw new UploadError("empty", field);
  if (!looksComplete(file.type, file.tail)) throw new UploadError("truncated", field);
  const base = { field, sha256: file.sha256, facts: { originalName: file.originalName } };
  switch (file.type) {
    case "image/jpeg":
    case "image/png": {
      const image = await inspection.inspectImage(() => readWritten(storage, file.written), field);
      // The re-encoded image replaces what was sent: EXIF and GPS never reach the store's final object.
      const clean = await storage.writeObject(file.written.fileId, Readable.from([image.output]));
      written.push(clean);
      await storage.discardObject(file.written.objectName);
      written.splice(written.indexOf(file.written), 1);
      return {
        ...base,
        written: clean,
        facts: {
          ...base.facts,
          mediaType: image.mediaType,
          width: image.width,
          height: image.height,
          warnings: image.warnings,
        },
      };
    }
    case "image/heic":
    case "image/heif": {
      const size = await inspection.inspectHeic(() => readWritten(storage, file.written), field);
      return {
        ...base,
        written: file.written,
        facts: { ...base.facts, mediaType: file.type, status: "converting", width: size.width, height: size.height },
      };
    }
    case "application/pdf": {
      // Ordinary-sized files: pdf-lib's full parse (the whole file in memory, one at a time). Larger ones: the
      // streaming structural check, in bounded memory.
      const pdf =
        file.written.sizeBytes <= PDF_FULL_PARSE_BYTES
          ? await inspection.inspectPdf(() => readWritten(storage, file.written), field)
          : await inspection.inspectPdfStream(() => storage.openObject(asRecordable(file.written)), field);
      return { ...base, written: file.written, facts: { ...base.facts, mediaType: file.type, pageCount: pdf.pageCount } };
    }
  }
}

/**
 * A photo that will not convert ends in one clear state: the row marked failed (the pages say "Fichier illisible,
 * renvoyez-le.") and the original deleted, EXIF and GPS with it. Idempotent; throws while the store is away, so the
 * job runs again and deletes it then.
 */
async function conversionFailed(files: FileStorage, database: Kysely<Database>, fileId: string, problem: string): Promise<void> {
  const row = await database.selectFrom("stored_files").select(["status", "object_name", "warnings"]).where("id", "=", fileId).executeTakeFirst();
  if (!row || row.status === "ready") return;
  if (row.status === "converting") {
    const marked = await database
      .updateTable("stored_files")
      .set({ status: "failed", warnings: [...new Set([...row.warnings, problem])] })
      .where("id", "=", fileId)
      .where("status", "=", "converting")
      .where("object_name", "=", row.object_name)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return;
    logger.warn({ fileId, problem }, "photo HEIC non convertie : marquée illisible, original supprimé");
  }
  await files.store.delete(row.object_name);
}

/**
 * The queue's handler that turns a HEIC photo into a checked JPEG, one at a time per process. Idempotent: a file
 * already converted (or removed) is left alone; the original object is deleted only after the row points to the JPEG.
 * A conversion that fails for any reason ends with the file failed and its original deleted (decision 65).
 */
export function createHeicConversionHandler(storage: () => FileStorage): JobHandler {
  const handler: JobHandler = async (job, database) => {
    const fileId = job.payload.fileId;
    if (typeof fileId !== "string") throw new PermanentJobError("fileId manquant");
    const files = storage();
    const row = await database.selectFrom("stored_files").selectAll().where("id", "=", fileId).executeTakeFirst();
    if (!row || row.status === "ready") return;
    // Failed earlier but its original could not be deleted then.
    if (row.status === "failed") return conversionFailed(files, database, fileId, "unreadableImage");
    await heavySlot(async () => {
      let image;
      try {
        const original = await buffer(await files.openObject(row));
        image = await inspectionPool().convertHeic(original);
      } catch (error) {
        // An unreadable photo, or one over a limit, will not convert on a retry either. Anything else (a crash, a
        // worker killed, the store away) is retried; after the last attempt, `failed` below ends it the same way.
        if (!(error instanceof UploadError)) throw error;
        await conversionFailed(files, database, fileId, error.problem);
        return;
      }
      const jpeg = await files.writeObject(fileId, Readable.from([image.output]));
      const updated = await database
        .updateTable("stored_files")
        .set({
          object_name: jpeg.objectName,
          key_id: jpeg.keyId,
          wrapped_key: jpeg.wrappedKey,
          nonce_prefix: jpeg.noncePrefix,
          segment_bytes: jpeg.segmentBytes,
          size_bytes: jpeg.sizeBytes,
          media_type: "image/jpeg",
          original_name: servedFileName(row.original_name, "image/jpeg"),
          status: "ready",
          width: image.width,
          height: image.height,
          warnings: [...new Set([...row.warnings, ...image.warnings])],
        })
        .where("id", "=", fileId)
        .where("object_name", "=", row.object_name)
        .where("status", "=", "converting")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) await files.discardObject(row.object_name);
      else await files.discardObject(jpeg.objectName);
    });
  };
  handler.failed = async (job, database, error) => {
    const fileId = job.payload.fileId;
    if (typeof fileId !== "string") return;
    await conversionFailed(storage(), database, fileId, error instanceof UploadError ? error.problem : "conversionFailed");
  };
  return handler;
}

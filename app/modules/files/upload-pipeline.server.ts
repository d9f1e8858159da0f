import type { Kysely, Transaction } from "kysely";
import { enqueueJob, jobsEnqueued } from "~/modules/jobs/jobs.server";
import type { Database } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { db as runtimeDb } from "~/platform/runtime.server";
import { checkFile, type CheckedFile } from "./check-file.server";
import { HEIC_CONVERSION_JOB } from "./heic-conversion.server";
import { inspectionPool, type InspectionPool } from "./inspection-pool.server";
import { fileStorage, type FileStorage, type StoredFile, type WrittenObject } from "./files.server";
import { streamIntoStore } from "./multipart-stream.server";
import { StorageUnavailableError } from "./object-store.server";
import { UploadError } from "./upload-error";
import { admitUpload, chargeUpload, journalingQuotaRefusals, type UploadQuota } from "./upload-quotas.server";

export { createHeicConversionHandler, HEIC_CONVERSION_JOB } from "./heic-conversion.server";

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
    const { streamed, fields } = await streamIntoStore(request, options.fileFields, storage, written, pending);
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

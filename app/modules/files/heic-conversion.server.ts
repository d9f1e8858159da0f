import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { Kysely } from "kysely";
import { PermanentJobError, type JobHandler } from "~/modules/jobs/jobs.server";
import type { Database } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { inspectionPool } from "./inspection-pool.server";
import { servedFileName } from "./file-names";
import type { FileStorage } from "./files.server";
import { UploadError } from "./upload-error";

export const HEIC_CONVERSION_JOB = "files.convert-heic";

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

import type { Kysely } from "kysely";
import type { FileStorage } from "~/modules/files/files.server";
import type { JobHandler } from "~/modules/jobs/jobs.server";
import type { Database } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";

/** Deletes the objects of the files a deletion marked, right after it commits (the daily retention sweeps too). */
export const DELETED_FILES_SWEEP_JOB = "privacy.sweep-deleted-files";
const BATCH = 200;

/**
 * Deletes every stored file marked for deletion: its object first, then its row. A store failure stops the sweep
 * with the row still marked, so the next run finishes it (deleting an object already gone is a no-op).
 */
export async function sweepFilesMarkedForDeletion(database: Kysely<Database>, storage: FileStorage): Promise<number> {
  let deleted = 0;
  for (;;) {
    const marked = await database
      .selectFrom("stored_files")
      .select(["id", "object_name"])
      .where("deletion_requested_at", "is not", null)
      .orderBy("deletion_requested_at")
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const file of marked) {
      await storage.store.delete(file.object_name);
      const removed = await database.deleteFrom("stored_files").where("id", "=", file.id).where("deletion_requested_at", "is not", null).executeTakeFirst();
      deleted += Number(removed.numDeletedRows);
    }
    if (marked.length < BATCH) return deleted;
  }
}

/** The queue's handler that deletes the objects of marked files right after a deletion (idempotent). */
export function createDeletedFilesSweepHandler(storage: () => FileStorage): JobHandler {
  return async (job, database) => {
    const deleted = await sweepFilesMarkedForDeletion(database, storage());
    logger.info({ jobId: job.id, deleted }, "fichiers d'un compte supprimé effacés du stockage");
  };
}

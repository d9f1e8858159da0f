import type { Kysely } from "kysely";
import { ensureJobScheduled, type JobHandler } from "~/modules/jobs/jobs.server";
import type { Database } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import type { FileStorage } from "./files.server";

/**
 * The recurring job that deletes files stored but never claimed by a document, a message or an export (an unsent chat
 * attachment), then stored objects no row names (left by a crash or a rolled-back upload).
 */
export const STORAGE_JANITOR_JOB = "files.storage-janitor";
export const STORAGE_JANITOR_EVERY_MS = 6 * 3600 * 1000;
/** Objects younger than this may belong to an upload still in progress: never touched. */
export const STORAGE_JANITOR_GRACE_MS = 24 * 3600 * 1000;

/** Makes sure one janitor run is queued (at `runAt` if none is), across instances. */
export async function ensureStorageJanitorScheduled(database: Kysely<Database>, runAt: Date): Promise<boolean> {
  return ensureJobScheduled(database, STORAGE_JANITOR_JOB, runAt);
}

/**
 * The janitor's handler: queues its next run first (so a failure never ends the series), then removes orphans.
 * A failure is logged rather than retried: the next run, a few hours later, is the retry.
 */
export function createStorageJanitorHandler(
  storage: () => FileStorage,
  options: { everyMs?: number; graceMs?: number; now?: () => number } = {},
): JobHandler {
  const everyMs = options.everyMs ?? STORAGE_JANITOR_EVERY_MS;
  const graceMs = options.graceMs ?? STORAGE_JANITOR_GRACE_MS;
  const now = options.now ?? Date.now;
  return async (job, database) => {
    await ensureStorageJanitorScheduled(database, new Date(now() + everyMs));
    try {
      const unclaimed = await storage().removeUnclaimed(graceMs, now());
      const removed = await storage().removeOrphans(graceMs, now());
      logger.info({ jobId: job.id, unclaimed, removed }, "ménage du stockage terminé");
    } catch (error) {
      logger.error({ err: error, jobId: job.id }, "ménage du stockage interrompu ; nouvel essai au prochain passage");
    }
  };
}

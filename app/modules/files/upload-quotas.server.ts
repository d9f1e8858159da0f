import { sql, type Kysely, type Transaction } from "kysely";
import { retryDelayLabel } from "~/lib/retry-delay";
import { recordStaffAction } from "~/modules/audit/audit.server";
import type { UserActor } from "~/platform/actor";
import { consumeAttempt } from "~/platform/attempt-limiter.server";
import type { Database, Executor } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { runtime } from "~/platform/runtime.server";
import { UploadError } from "./upload-error";
import { formatSize } from "~/lib/format";

/**
 * Upload quotas per person (decision 62): upload requests per hour, bytes per rolling day, bytes per bucket — the
 * identity documents, or one case (its chat attachments and evidence together).
 */
export type UploadScope = { kind: "identity" } | { kind: "case"; caseId: string };

export interface UploadQuota {
  /** The person uploading: the quotas are theirs, and the journal names them when one is reached. */
  actor: UserActor;
  scope: UploadScope;
}

export type QuotaName = "uploads-per-hour" | "bytes-per-day" | "bytes-per-case";

/** The staff journal's action when a person reaches an upload quota (once per person, quota and window). */
export const UPLOAD_QUOTA_ACTION = "upload.quota-reached";

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 86_400;


export function uploadScopeKey(scope: UploadScope): string {
  return scope.kind === "identity" ? "identity" : `case:${scope.caseId}`;
}

function limits() {
  const { env } = runtime();
  return { uploadsPerHour: env.UPLOADS_PER_HOUR, bytesPerDay: env.UPLOAD_BYTES_PER_DAY, bytesPerScope: env.UPLOAD_BYTES_PER_CASE };
}

/** A refusal by a quota: the person's French message, the status, when to retry; journaled once per window. */
export class UploadQuotaError extends UploadError {
  /** What the journal records: the limit, what was held or sent, when a retry can pass. */
  readonly details: Record<string, unknown>;
  constructor(
    readonly quota: QuotaName,
    problem: "tooManyUploads" | "dailyQuota" | "scopeQuota",
    options: { message: string; retryAfterSeconds?: number; status?: number; details: Record<string, unknown> },
  ) {
    super(problem, undefined, options);
    this.details = options.details;
  }
}

/**
 * One journal entry when a person reaches a quota, not one per refused request: the first refusal of the window
 * records it (a counter of the rate limiter, limit 1, remembers it was done). Never fails the answer.
 */
async function journalQuotaReached(database: Kysely<Database>, quota: UploadQuota, error: UploadQuotaError, alreadyFirst = false): Promise<void> {
  try {
    if (!alreadyFirst) {
      const scopePart = error.quota === "bytes-per-case" ? `:${uploadScopeKey(quota.scope)}` : "";
      const marker = await consumeAttempt(database, [{ key: `upload-quota-noted:${error.quota}:${quota.actor.userId}${scopePart}`, limit: 1 }], DAY_SECONDS);
      if (!marker.allowed) return;
    }
    await recordStaffAction(database, quota.actor, {
      action: UPLOAD_QUOTA_ACTION,
      targetType: "user",
      targetId: quota.actor.userId,
      after: { quota: error.quota, scope: uploadScopeKey(quota.scope), ...error.details },
    });
  } catch (failure) {
    logger.error({ err: failure, userId: quota.actor.userId, quota: error.quota }, "quota d'envoi atteint : écriture au journal impossible");
  }
}

/**
 * Runs `work` (a check that may throw a quota refusal); a refusal is journaled on `database` (outside any
 * transaction it rolled back) before it goes on.
 */
export async function journalingQuotaRefusals<T>(database: Kysely<Database>, quota: UploadQuota | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (quota && error instanceof UploadQuotaError) await journalQuotaReached(database, quota, error);
    throw error;
  }
}

interface RecentFile {
  size_bytes: number | string;
  /** Seconds until this file leaves the rolling day. */
  leaves_in: number | string;
}

/** The person's uploaded files of the last 24 hours, oldest first, without those of this request. */
async function recentFiles(executor: Executor, ownerId: string, excluded: string[]): Promise<RecentFile[]> {
  const result = await sql<RecentFile>`
    SELECT size_bytes, ceil(extract(epoch FROM (created_at + make_interval(secs => ${DAY_SECONDS}) - now()))) AS leaves_in
    FROM stored_files
    WHERE owner_id = ${ownerId} AND upload_scope IS NOT NULL AND created_at > now() - make_interval(secs => ${DAY_SECONDS})
      ${excluded.length > 0 ? sql`AND id NOT IN (${sql.join(excluded)})` : sql``}
    ORDER BY created_at`.execute(executor);
  return result.rows;
}

async function scopeBytes(executor: Executor, ownerId: string, scope: UploadScope, excluded: string[]): Promise<number> {
  const result = await sql<{ total: number | string | null }>`
    SELECT coalesce(sum(size_bytes), 0) AS total FROM stored_files
    WHERE owner_id = ${ownerId} AND upload_scope = ${uploadScopeKey(scope)} AND deletion_requested_at IS NULL
      ${excluded.length > 0 ? sql`AND id NOT IN (${sql.join(excluded)})` : sql``}`.execute(executor);
  return Number(result.rows[0]?.total ?? 0);
}

/** Refuses when `adding` bytes would pass a byte quota, saying when enough of the day's bytes free up. */
async function checkBytes(executor: Executor, quota: UploadQuota, adding: number, excluded: string[], estimated: boolean): Promise<void> {
  const { bytesPerDay, bytesPerScope } = limits();
  const ownerId = quota.actor.userId;
  const held = await scopeBytes(executor, ownerId, quota.scope, excluded);
  if (held + adding > bytesPerScope) {
    const where = quota.scope.kind === "identity" ? "Vos documents d'identité occupent" : "Les fichiers que vous avez envoyés dans ce dossier occupent";
    const left = Math.max(0, bytesPerScope - held);
    throw new UploadQuotaError("bytes-per-case", "scopeQuota", {
      message:
        `${where} déjà ${formatSize(held)} sur les ${formatSize(bytesPerScope)} permis` +
        (left > 0 ? ` (il reste ${formatSize(left)})` : "") +
        " : cet envoi n'a pas été enregistré. Réessayer plus tard n'y changera rien : envoyez un fichier plus léger (une photo plutôt qu'un PDF numérisé) ou écrivez-nous.",
      details: { limitBytes: bytesPerScope, heldBytes: held, addingBytes: adding, estimated },
    });
  }
  const recent = await recentFiles(executor, ownerId, excluded);
  const sentToday = recent.reduce((sum, file) => sum + Number(file.size_bytes), 0);
  if (sentToday + adding <= bytesPerDay) return;
  const details = { limitBytes: bytesPerDay, sentTodayBytes: sentToday, addingBytes: adding, estimated };
  if (adding > bytesPerDay) {
    throw new UploadQuotaError("bytes-per-day", "dailyQuota", {
      status: 413,
      message: `Cet envoi dépasse à lui seul ${formatSize(bytesPerDay)}, le plus que vous pouvez envoyer en 24 heures : envoyez moins de fichiers à la fois, ou des fichiers plus légers.`,
      details,
    });
  }
  // The day rolls: the oldest files leave it first; the wait is until enough of them have.
  let toFree = sentToday + adding - bytesPerDay;
  let wait = DAY_SECONDS;
  for (const file of recent) {
    toFree -= Number(file.size_bytes);
    if (toFree <= 0) {
      wait = Math.max(1, Number(file.leaves_in));
      break;
    }
  }
  throw new UploadQuotaError("bytes-per-day", "dailyQuota", {
    retryAfterSeconds: wait,
    message: `Vous avez envoyé beaucoup de fichiers ces dernières 24 heures (${formatSize(bytesPerDay)} au plus) : cet envoi n'a pas été enregistré. Réessayez dans ${retryDelayLabel(wait)}.`,
    details: { ...details, retryAfterSeconds: wait },
  });
}

/**
 * Before the body is read: counts this upload against the person's hourly budget (a refused upload counts too: it
 * cost the same work), then refuses at once when its declared size already passes what is left of a byte quota.
 */
export async function admitUpload(database: Kysely<Database>, request: Request, quota: UploadQuota): Promise<void> {
  const { uploadsPerHour } = limits();
  const counted = await consumeAttempt(database, [{ key: `upload:${quota.actor.userId}`, limit: uploadsPerHour }], HOUR_SECONDS);
  if (!counted.allowed) {
    const wait = counted.retryAfterSeconds;
    const error = new UploadQuotaError("uploads-per-hour", "tooManyUploads", {
      retryAfterSeconds: wait,
      message: `Vous avez envoyé beaucoup de fichiers en peu de temps (${uploadsPerHour} envois par heure au plus) : celui-ci n'a pas été enregistré. Réessayez dans ${retryDelayLabel(wait)}.`,
      details: { limit: uploadsPerHour, windowSeconds: HOUR_SECONDS, retryAfterSeconds: wait },
    });
    // The first refusal of the window is the one that passes the limit by one: journaled once, exactly.
    if (counted.attempts === uploadsPerHour + 1) await journalQuotaReached(database, quota, error, true);
    throw error;
  }
  const declared = Number(request.headers.get("content-length") ?? "");
  if (!Number.isSafeInteger(declared) || declared <= 0) return;
  await journalingQuotaRefusals(database, quota, () => checkBytes(database, quota, declared, [], true));
}

/**
 * In the transaction that records the files: one upload per person at a time past this point (two parallel ones
 * cannot both fit in what is left), the files tagged with their bucket, then the byte quotas checked with them.
 */
export async function chargeUpload(trx: Transaction<Database>, quota: UploadQuota, files: { id: string; sizeBytes: number }[]): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`upload-quota:${quota.actor.userId}`}))`.execute(trx);
  if (files.length === 0) return;
  const ids = files.map((file) => file.id);
  await trx.updateTable("stored_files").set({ upload_scope: uploadScopeKey(quota.scope) }).where("id", "in", ids).execute();
  await checkBytes(trx, quota, files.reduce((sum, file) => sum + file.sizeBytes, 0), ids, false);
}

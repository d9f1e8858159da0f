import { checkCurrentPassword } from "~/modules/accounts/accounts.server";
import { enqueueJob, jobsEnqueued } from "~/modules/jobs/jobs.server";
import { dateTimeText, formatDateTime, type DateTimeText } from "~/lib/format";
import { assertUser, type Actor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { DATA_EXPORT_EVERY_HOURS, dataExportMessages, type DataExportRequestInput } from "./data-export.schema";
import { DATA_EXPORT_JOB, HOUR_MS, latestCounting, stateOf, type DataExportState } from "./data-export-records.server";

export interface DataExportStatus {
  latest: {
    state: DataExportState;
    requestedAt: DateTimeText;
    expiresAt: DateTimeText | null;
    downloadedAt: DateTimeText | null;
    sizeBytes: number | null;
  } | null;
  /** When a new request is possible; null: now. */
  nextRequestAt: DateTimeText | null;
}

/** /compte/donnees: the newest export request and when another is possible. */
export async function dataExportStatusFor(actor: Actor, now = new Date()): Promise<DataExportStatus> {
  assertUser(actor);
  const [row, counting] = await Promise.all([
    db()
      .selectFrom("data_exports")
      .select(["id", "status", "requested_at", "expires_at", "downloaded_at", "size_bytes", "stored_file_id"])
      .where("user_id", "=", actor.userId)
      .orderBy("requested_at", "desc")
      .limit(1)
      .executeTakeFirst(),
    latestCounting(db(), actor.userId).executeTakeFirst(),
  ]);
  return {
    latest: row
      ? {
          state: stateOf(row, now),
          requestedAt: dateTimeText(row.requested_at),
          expiresAt: row.expires_at ? dateTimeText(row.expires_at) : null,
          downloadedAt: row.downloaded_at ? dateTimeText(row.downloaded_at) : null,
          sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
        }
      : null,
    nextRequestAt: counting ? dateTimeText(new Date(counting.requested_at.getTime() + DATA_EXPORT_EVERY_HOURS * HOUR_MS)) : null,
  };
}

export type DataExportRequestResult =
  | { ok: true; exportId: string }
  | { ok: false; status: 400; fieldErrors: { password: string } }
  | { ok: false; status: 429 | 503; formError: string; retryAfterSeconds?: number };

/**
 * 'Télécharger mes données': once the password is confirmed, records the request and queues the job that builds
 * the ZIP, in one transaction. One request per person per 24 hours (a failed build does not count), checked under
 * the person's profile lock so two requests at once cannot both pass.
 */
export async function requestDataExport(actor: Actor, input: DataExportRequestInput): Promise<DataExportRequestResult> {
  assertUser(actor);
  const tooSoon = (requestedAt: Date) => ({
    ok: false as const,
    status: 429 as const,
    formError: dataExportMessages.alreadyRequested(formatDateTime(new Date(requestedAt.getTime() + DATA_EXPORT_EVERY_HOURS * HOUR_MS))),
  });
  // Before the password check: no password hashing for a request that cannot pass anyway.
  const earlier = await latestCounting(db(), actor.userId).executeTakeFirst();
  if (earlier) return tooSoon(earlier.requested_at);

  const password = await checkCurrentPassword(actor, input.password, "data-export");
  if (!password.ok) {
    if (password.reason === "wrong") return { ok: false, status: 400, fieldErrors: { password: dataExportMessages.passwordWrong } };
    if (password.reason === "too-many") return { ok: false, status: 429, formError: dataExportMessages.tooManyPasswordAttempts };
    return { ok: false, status: 503, formError: dataExportMessages.busy, retryAfterSeconds: password.retryAfterSeconds };
  }

  const result = await db()
    .transaction()
    .execute(async (trx) => {
      await trx.selectFrom("profiles").select("id").where("id", "=", actor.userId).forUpdate().executeTakeFirstOrThrow();
      const raced = await latestCounting(trx, actor.userId).executeTakeFirst();
      if (raced) return tooSoon(raced.requested_at);
      const created = await trx.insertInto("data_exports").values({ user_id: actor.userId }).returning("id").executeTakeFirstOrThrow();
      await enqueueJob(trx, { kind: DATA_EXPORT_JOB, payload: { exportId: created.id }, maxAttempts: 3 });
      return { ok: true as const, exportId: created.id };
    });
  if (result.ok) {
    jobsEnqueued();
    logger.info({ userId: actor.userId, exportId: result.exportId }, "export des données demandé");
  }
  return result;
}

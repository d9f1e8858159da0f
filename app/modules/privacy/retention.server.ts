import { sql, type Kysely } from "kysely";
import type { FileStorage } from "~/modules/files/files.server";
import { ensureJobScheduled, type JobHandler } from "~/modules/jobs/jobs.server";
import type { Database } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { publicLink } from "~/modules/cases/case-history.server";
import { purgeExpiredInvoices } from "~/modules/invoicing/invoice-retention.server";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { deleteFlaggedInactiveAccounts, purgeExpiredClosedCases, removeEmptyTombstones } from "./account-deletion.server";
import { sweepFilesMarkedForDeletion } from "./file-sweep.server";
import { CLOSED_CASE_RETENTION_DAYS, EMAIL_BODY_RETENTION_DAYS, INACTIVE_ACCOUNT_RETENTION_DAYS, INACTIVE_ACCOUNT_WARNING_DAYS, RETENTION_RUN_EVERY_HOURS } from "./retention";
import { formatDate } from "~/lib/format";

/** The recurring job that applies every retention rule (decision 0044). */
export const RETENTION_JOB = "privacy.retention";
const DAY_MS = 24 * 3600 * 1000;
const BATCH = 200;

/** Makes sure one retention run is queued (at `runAt` if none is), across instances (like the storage janitor). */
export async function ensureRetentionScheduled(database: Kysely<Database>, runAt: Date): Promise<boolean> {
  return ensureJobScheduled(database, RETENTION_JOB, runAt);
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * Identity documents whose decision (approval or rejection) is older than the retention period, and replaced
 * documents never reviewed: each is detached from its file and the file marked for deletion, in one transaction.
 * The document row keeps its outcome, reviewer and date. Returns how many documents lost their file.
 */
export async function detachExpiredIdentityDocuments(database: Kysely<Database>, now: Date, retentionDays: number): Promise<number> {
  const cutoff = daysBefore(now, retentionDays);
  let detached = 0;
  for (;;) {
    const count = await database.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("identity_verification_documents")
        .select(["id", "stored_file_id"])
        .where("stored_file_id", "is not", null)
        .where((eb) =>
          eb.or([
            eb.and([eb("status", "<>", "pending"), eb("reviewed_at", "<", cutoff)]),
            eb.and([eb("obsolete", "=", true), eb("status", "=", "pending"), eb("updated_at", "<", cutoff)]),
          ]),
        )
        .orderBy("id")
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return 0;
      const fileIds = due.map((row) => row.stored_file_id!);
      await trx.updateTable("stored_files").set({ deletion_requested_at: now }).where("id", "in", fileIds).execute();
      await trx
        .updateTable("identity_verification_documents")
        .set({ stored_file_id: null, file_deleted_at: now })
        .where("id", "in", due.map((row) => row.id))
        .execute();
      return due.length;
    });
    detached += count;
    if (count < BATCH) return detached;
  }
}

/** Erases the body of emails sent more than a year ago; the log line (recipient, subject, date, status) stays. */
export async function eraseOldEmailBodies(database: Kysely<Database>, now: Date): Promise<number> {
  const result = await database
    .updateTable("email_logs")
    .set({ body: "", body_deleted_at: now })
    .where("sent_at", "<", daysBefore(now, EMAIL_BODY_RETENTION_DAYS))
    .where("body_deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteExpiredSessions(database: Kysely<Database>, now: Date): Promise<number> {
  const result = await database.deleteFrom("session").where("expiresAt", "<", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredVerifications(database: Kysely<Database>, now: Date): Promise<number> {
  const result = await database.deleteFrom("verification").where("expiresAt", "<", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rate-limit counters whose window is over count nothing any more (the limiter restarts them at 1). */
export async function deleteStaleAttemptCounters(database: Kysely<Database>, now: Date, windowSeconds: number): Promise<number> {
  const result = await database
    .deleteFrom("auth_attempt_counters")
    .where("window_started_at", "<", new Date(now.getTime() - windowSeconds * 1000))
    .where("last_attempt_at", "<", new Date(now.getTime() - windowSeconds * 1000))
    .executeTakeFirst();
  // better-auth's own per-route limiter (window of a minute, "lastRequest" in milliseconds): stale after an hour.
  const authLimiter = await sql`DELETE FROM "rateLimit" WHERE "lastRequest" < ${now.getTime() - 3600 * 1000}`.execute(database);
  return Number(result.numDeletedRows) + Number(authLimiter.numAffectedRows ?? 0);
}


/**
 * Client accounts with no sign-in, no account creation and no case change for 3 years less the warning period, and no
 * case in progress (draft and closed cases do not keep a relationship going): each is warned once by email, in the
 * transaction that records the warning. A sign-in clears it (trigger of migration 0074).
 *
 * The candidates come from two index ranges (migration 0081, decision 0057): recorded activity older than the cutoff
 * and not warned, or an account older than the cutoff with no activity recorded. Each is then checked by primary key
 * and through its cases' index: no case changed since the cutoff (the latest change is before it) and none in
 * progress. The same rule as "the latest of creation, last sign-in and last case change is before the cutoff".
 */
export async function warnInactiveAccounts(database: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = daysBefore(now, INACTIVE_ACCOUNT_RETENTION_DAYS - INACTIVE_ACCOUNT_WARNING_DAYS);
  const due = new Date(now.getTime() + INACTIVE_ACCOUNT_WARNING_DAYS * DAY_MS);
  let warned = 0;
  for (;;) {
    const count = await database.transaction().execute(async (trx) => {
      const rows = await sql<{ id: string; email: string; first_name: string }>`
        SELECT p.id, p.email, p.first_name
        FROM profiles p
        JOIN "user" u ON u.id = p.id
        WHERE p.id IN (
            SELECT a.user_id FROM account_inactivity a WHERE a.warned_at IS NULL AND a.last_active_at < ${cutoff}
            UNION ALL
            SELECT n.id FROM "user" n
            WHERE n."createdAt" < ${cutoff} AND NOT EXISTS (SELECT 1 FROM account_inactivity a WHERE a.user_id = n.id))
          AND u."createdAt" < ${cutoff}
          AND p.role = 'user'
          AND p.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM cases c WHERE c.user_id = p.id AND (c.updated_at >= ${cutoff} OR c.status NOT IN ('draft', 'closed')))
        ORDER BY p.id
        LIMIT ${BATCH}
        FOR UPDATE OF p SKIP LOCKED`.execute(trx);
      if (rows.rows.length === 0) return 0;
      await sql`
        INSERT INTO account_inactivity (user_id, last_active_at, warned_at, deletion_due_at)
        SELECT u.id, u."createdAt", ${now}, ${due} FROM "user" u WHERE u.id IN (${sql.join(rows.rows.map((row) => row.id))})
        ON CONFLICT (user_id) DO UPDATE SET warned_at = EXCLUDED.warned_at, deletion_due_at = EXCLUDED.deletion_due_at`.execute(trx);
      for (const row of rows.rows) {
        await enqueueEmail(trx, {
          to: row.email,
          template: "compte-inactif",
          variables: { prenom: row.first_name, date_suppression: formatDate(due), lien: publicLink("/connexion") },
        });
      }
      return rows.rows.length;
    });
    warned += count;
    if (count < BATCH) return warned;
  }
}

/**
 * Warned accounts still without a sign-in once their deletion date has passed are flagged for deletion; the next
 * step (deleteFlaggedInactiveAccounts) deletes them as a person's own request would (decision 0047).
 */
export async function flagInactiveAccounts(database: Kysely<Database>, now: Date): Promise<number> {
  const result = await database
    .updateTable("account_inactivity")
    .set({ flagged_at: now })
    .where("warned_at", "is not", null)
    .where("deletion_due_at", "<=", now)
    .where("flagged_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface RetentionOptions {
  now: Date;
  identityDocumentDays: number;
  attemptWindowSeconds: number;
  /** Closed cases' legal files are purged this many days after closing (default CLOSED_CASE_RETENTION_DAYS). */
  closedCaseDays?: number;
}

export interface RetentionCounts {
  identityDocumentsDetached: number;
  filesDeleted: number;
  emailBodiesErased: number;
  sessionsDeleted: number;
  verificationsDeleted: number;
  attemptCountersDeleted: number;
  inactiveAccountsWarned: number;
  inactiveAccountsFlagged: number;
  inactiveAccountsDeleted: number;
  closedCasesPurged: number;
  invoicesPurged: number;
  deletedAccountsRemoved: number;
}

/**
 * Applies every rule once. Each step is idempotent and safe to interrupt: a second run right after finds nothing
 * left to do. A failing step is logged and the others still run; the error is rethrown at the end.
 */
export async function runRetention(database: Kysely<Database>, storage: FileStorage, options: RetentionOptions): Promise<RetentionCounts> {
  const { now } = options;
  const counts: RetentionCounts = {
    identityDocumentsDetached: 0,
    filesDeleted: 0,
    emailBodiesErased: 0,
    sessionsDeleted: 0,
    verificationsDeleted: 0,
    attemptCountersDeleted: 0,
    inactiveAccountsWarned: 0,
    inactiveAccountsFlagged: 0,
    inactiveAccountsDeleted: 0,
    closedCasesPurged: 0,
    invoicesPurged: 0,
    deletedAccountsRemoved: 0,
  };
  let firstError: unknown;
  async function step(name: keyof RetentionCounts, run: () => Promise<number>) {
    try {
      counts[name] = await run();
    } catch (error) {
      firstError ??= error;
      logger.error({ err: error, step: name }, "conservation : étape interrompue, reprise au prochain passage");
    }
  }
  await step("identityDocumentsDetached", () => detachExpiredIdentityDocuments(database, now, options.identityDocumentDays));
  await step("inactiveAccountsFlagged", () => flagInactiveAccounts(database, now));
  await step("inactiveAccountsDeleted", () => deleteFlaggedInactiveAccounts(database, now));
  await step("closedCasesPurged", () => purgeExpiredClosedCases(database, now, options.closedCaseDays ?? CLOSED_CASE_RETENTION_DAYS));
  await step("invoicesPurged", () => purgeExpiredInvoices(database, now));
  // After every step that marks files, so one run deletes what it marked.
  await step("filesDeleted", () => sweepFilesMarkedForDeletion(database, storage));
  await step("deletedAccountsRemoved", () => removeEmptyTombstones(database, now));
  await step("emailBodiesErased", () => eraseOldEmailBodies(database, now));
  await step("sessionsDeleted", () => deleteExpiredSessions(database, now));
  await step("verificationsDeleted", () => deleteExpiredVerifications(database, now));
  await step("attemptCountersDeleted", () => deleteStaleAttemptCounters(database, now, options.attemptWindowSeconds));
  await step("inactiveAccountsWarned", () => warnInactiveAccounts(database, now));
  logger.info({ ...counts, at: now.toISOString() }, "conservation des données appliquée");
  if (firstError) throw firstError instanceof Error ? firstError : new Error(String(firstError));
  return counts;
}

/**
 * The job's handler: queues its next run first (so a failure never ends the series), then applies the rules. A
 * failure is logged, not retried: tomorrow's run is the retry, and it resumes where this one stopped.
 */
export function createRetentionHandler(
  storage: () => FileStorage,
  settings: { identityDocumentDays: number; attemptWindowSeconds: number; now?: () => Date },
): JobHandler {
  const now = settings.now ?? (() => new Date());
  return async (job, database) => {
    const at = now();
    await ensureRetentionScheduled(database, new Date(at.getTime() + RETENTION_RUN_EVERY_HOURS * 3600 * 1000));
    try {
      await runRetention(database, storage(), { now: at, identityDocumentDays: settings.identityDocumentDays, attemptWindowSeconds: settings.attemptWindowSeconds });
    } catch (error) {
      logger.error({ err: error, jobId: job.id }, "conservation des données interrompue ; reprise au prochain passage");
    }
  };
}

import { sql, type Kysely } from "kysely";
import { formatDate, parisIsoDay } from "~/lib/format";
import { publicLink } from "~/modules/cases/case-history.server";
import { ensureJobScheduled, jobsEnqueued, type JobHandler } from "~/modules/jobs/jobs.server";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import type { Database } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { DOCUMENT_REMINDER_DAYS_BEFORE, DOCUMENT_REQUESTS_ANCHOR } from "./document-requests.schema";
import { addDays } from "./deadlines";

/**
 * The one reminder of a requested document, two days before its due date (decision 85). A recurring job (like the
 * retention run) looks every hour for the items whose reminder day has come; each is marked sent in the transaction
 * that queues its e-mail, so two instances, a retry or the next run never send it twice.
 */
export const DOCUMENT_REMINDER_JOB = "document-request-reminders";
export const DOCUMENT_REMINDER_EVERY_HOURS = 1;
const BATCH = 200;

/** Makes sure one reminder run is queued (at `runAt` if none is), across instances. */
export async function ensureDocumentRemindersScheduled(database: Kysely<Database>, runAt: Date): Promise<boolean> {
  return ensureJobScheduled(database, DOCUMENT_REMINDER_JOB, runAt);
}

/**
 * Queues the reminders due at `now`: items still waited for (nothing sent, no answer), on a case in progress, due
 * within two days from today (Paris) and not past, never reminded, and requested before their reminder day (a
 * request made closer to the due date already told the date). Returns how many were queued.
 */
export async function sendDueDocumentReminders(database: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const today = parisIsoDay(now);
  const lastDue = addDays(today, DOCUMENT_REMINDER_DAYS_BEFORE);
  let sent = 0;
  for (;;) {
    const count = await database.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("case_document_requests as r")
        .innerJoin("cases as c", "c.id", "r.case_id")
        .innerJoin("profiles as o", "o.id", "c.user_id")
        .select(["r.id", "r.label", "r.due_on", "c.id as case_id", "c.case_number", "o.email", "o.first_name"])
        .where("r.status", "=", "requested")
        .where("r.reminder_sent_at", "is", null)
        .where("r.due_on", ">=", today)
        .where("r.due_on", "<=", lastDue)
        .where(sql<boolean>`(r.requested_at AT TIME ZONE 'Europe/Paris')::date < r.due_on - ${DOCUMENT_REMINDER_DAYS_BEFORE}::int`)
        .where("c.status", "not in", ["draft", "closed"])
        .orderBy("r.id")
        .limit(BATCH)
        .forUpdate("r")
        .skipLocked()
        .execute();
      for (const item of due) {
        await trx.updateTable("case_document_requests").set({ reminder_sent_at: sql<Date>`now()` }).where("id", "=", item.id).execute();
        await enqueueEmail(trx, {
          to: item.email,
          template: "document-echeance-proche",
          variables: {
            prenom: item.first_name,
            numero_dossier: item.case_number,
            document: item.label,
            echeance: formatDate(item.due_on!),
            lien: publicLink(`/case/${item.case_id}#${DOCUMENT_REQUESTS_ANCHOR}`),
          },
        });
      }
      return due.length;
    });
    sent += count;
    if (count < BATCH) break;
  }
  if (sent > 0) jobsEnqueued();
  return sent;
}

export function createDocumentReminderHandler(settings: { now?: () => Date } = {}): JobHandler {
  const now = settings.now ?? (() => new Date());
  return async (job, database) => {
    const at = now();
    await ensureDocumentRemindersScheduled(database, new Date(at.getTime() + DOCUMENT_REMINDER_EVERY_HOURS * 3600 * 1000));
    const sent = await sendDueDocumentReminders(database, at);
    if (sent > 0) logger.info({ jobId: job.id, sent }, "rappels de documents demandés envoyés");
  };
}

import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { enqueueJob, jobsEnqueued, PermanentJobError, type JobHandler } from "~/modules/jobs/jobs.server";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { publicLink } from "~/modules/cases/case-history.server";
import type { Database, Executor } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { paymentMethodLabel } from "~/modules/cases/cases.schema";
import { addDays, BANK_CONTESTABLE_METHODS, BANK_REMINDER_DAYS, bankDeadlineOf } from "./deadlines";
import { formatMoney } from "./case-file-format";
import { formatDate, parisHour } from "~/lib/format";

export const BANK_REMINDER_JOB = "bank-deadline-reminder";

const payload = z.object({
  paymentId: z.uuid(),
  paidOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  daysBefore: z.number().int().positive(),
});

/** 09:00 in Paris on that day (CET or CEST: the hour is found, not assumed). */
function parisMorning(day: string): Date {
  const guess = new Date(`${day}T08:00:00Z`);
  const hourInParis = parisHour(guess);
  return new Date(guess.getTime() + (9 - hourInParis) * 3_600_000);
}

/**
 * Queues the 30- and 7-day reminders of a payment's bank deadline, in the caller's transaction; reminders already
 * due or past are not queued. Call cancelBankReminders first when a payment changes.
 */
export async function scheduleBankReminders(
  executor: Executor,
  payment: { id: string; paidOn: string; method: string },
  now: Date = new Date(),
): Promise<number> {
  if (!(BANK_CONTESTABLE_METHODS as readonly string[]).includes(payment.method)) return 0;
  const deadline = bankDeadlineOf(payment.paidOn);
  let queued = 0;
  for (const daysBefore of BANK_REMINDER_DAYS) {
    const runAt = parisMorning(addDays(deadline, -daysBefore));
    if (runAt <= now) continue;
    await enqueueJob(executor, { kind: BANK_REMINDER_JOB, payload: { paymentId: payment.id, paidOn: payment.paidOn, daysBefore }, runAt });
    queued += 1;
  }
  return queued;
}

/** Removes the queued reminders of some payments (changed or deleted). */
export async function cancelBankReminders(executor: Executor, paymentIds: readonly string[]): Promise<void> {
  if (paymentIds.length === 0) return;
  await executor
    .deleteFrom("jobs")
    .where("kind", "=", BANK_REMINDER_JOB)
    .where("status", "=", "queued")
    .where(sql<string>`payload->>'paymentId'`, "in", [...paymentIds])
    .execute();
}

/**
 * Sends one reminder, unless it no longer applies: payment deleted, its date or method changed, or the case closed
 * (the closing path does not need to know about reminders: the job checks when it runs).
 */
export function createBankReminderHandler(): JobHandler {
  return async (job, database: Kysely<Database>) => {
    const parsed = payload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError("contenu de rappel d'échéance invalide");
    const { paymentId, paidOn, daysBefore } = parsed.data;
    await database.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("case_payments as p")
        .innerJoin("cases as c", "c.id", "p.case_id")
        .innerJoin("profiles as o", "o.id", "c.user_id")
        .select(["p.paid_on", "p.method", "p.amount", "p.currency", "p.payer_bank", "c.id as case_id", "c.case_number", "c.status", "o.email", "o.first_name"])
        .where("p.id", "=", paymentId)
        .executeTakeFirst();
      if (!row || row.paid_on !== paidOn || !BANK_CONTESTABLE_METHODS.includes(row.method) || row.status === "closed") {
        logger.info({ jobId: job.id, paymentId }, "rappel d'échéance bancaire sans objet");
        return;
      }
      await enqueueEmail(trx, {
        to: row.email,
        template: "echeance-banque",
        variables: {
          prenom: row.first_name,
          numero_dossier: row.case_number,
          jours: String(daysBefore),
          echeance: formatDate(bankDeadlineOf(row.paid_on)),
          paiement: `${paymentMethodLabel(row.method).toLowerCase()} de ${formatMoney(row.amount, row.currency)} du ${formatDate(row.paid_on)}`,
          banque: row.payer_bank ?? "votre banque",
          lien: publicLink(`/case/${row.case_id}`),
        },
      });
    });
    jobsEnqueued();
  };
}

import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { splitE164, toE164 } from "~/lib/phone";
import type { Database, Executor } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { runtime } from "~/platform/runtime.server";
import { enqueueJob, PermanentJobError, type ClaimedJob, type JobHandler } from "~/modules/jobs/jobs.server";
import type { Notice, NoticeChannel } from "./notice-channel";
import { smsProviderConfigured, SmsRefusedError, type SmsProvider } from "./sms-provider.server";
import { smsTextFor } from "./sms-texts";

export const SMS_JOB = "sms";

/** The job names the person and the event only: the number is read when the job runs, the text is fixed. */
const smsPayload = z.object({
  userId: z.string().min(1).max(100),
  template: z.string().regex(/^[a-z0-9-]{1,100}$/),
});

/** Whether this process has an SMS provider (its runtime's environment). */
export function smsNoticesAvailable(): boolean {
  return smsProviderConfigured(runtime().env);
}

/** A stored number in E.164 again through the served countries' plans, or null when it is not a valid one. */
export function normalizedMobile(stored: string | null): string | null {
  const split = splitE164(stored);
  return split ? toE164(split.isoCode, split.national) : null;
}

/** "+33612345678" → "+33•••••••78": what the logs keep of a number. */
export function maskedNumber(e164: string): string {
  if (e164.length <= 5) return "•".repeat(e164.length);
  return `${e164.slice(0, 3)}${"•".repeat(e164.length - 5)}${e164.slice(-2)}`;
}

/** The person who opted in, has a mobile number and an account: by id when the notice has it, else by address. */
function optedInPeople(executor: Executor) {
  return executor
    .selectFrom("sms_notice_preferences as s")
    .innerJoin("profiles as p", "p.id", "s.user_id")
    .where("s.opted_out_at", "is", null)
    .where("p.deleted_at", "is", null)
    .where("p.phone_mobile", "is not", null);
}

/**
 * The SMS channel: follows an e-mail notice when a provider is configured, the event is on the SMS list
 * (sms-texts.ts) and the person opted in with a mobile number; queues one "sms" job in the caller's transaction.
 */
export const smsChannel: NoticeChannel = {
  name: "sms",
  async queue(executor: Executor, notice: Notice): Promise<number | null> {
    if (!smsTextFor(notice.template) || !smsNoticesAvailable()) return null;
    const person = await optedInPeople(executor)
      .select("p.id")
      .$if(notice.userId !== undefined, (query) => query.where("p.id", "=", notice.userId!))
      .$if(notice.userId === undefined, (query) => query.where(sql<string>`lower(p.email)`, "=", notice.to.toLowerCase()))
      .executeTakeFirst();
    if (!person) return null;
    return enqueueJob(executor, { kind: SMS_JOB, payload: { userId: person.id, template: notice.template } });
  },
};

/**
 * Sends the SMS of one job, at most once: the job's sms_logs row (unique job_id) says whether it already left. A
 * failed attempt is written there too; a provider's refusal (4xx) fails the job for good, any other error is retried
 * with the queue's backoff. Nothing is sent when the person opted out or lost their number since, nor without a
 * provider (one configured then removed).
 */
export function createSmsJobHandler(provider: SmsProvider | null): JobHandler {
  return async (job: ClaimedJob, database: Kysely<Database>) => {
    const parsed = smsPayload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError("contenu de tâche SMS invalide");
    const { userId, template } = parsed.data;
    const text = smsTextFor(template);
    if (!text) throw new PermanentJobError(`aucun SMS pour cet événement : ${template}`);

    const already = await database.selectFrom("sms_logs").select("id").where("job_id", "=", job.id).where("status", "=", "sent").executeTakeFirst();
    if (already) return;
    if (!provider) {
      logger.info({ jobId: job.id, template }, "SMS non envoyé : aucun fournisseur configuré");
      return;
    }
    const person = await optedInPeople(database).select("p.phone_mobile").where("p.id", "=", userId).executeTakeFirst();
    if (!person) {
      logger.info({ jobId: job.id, template }, "SMS non envoyé : la personne ne les reçoit plus");
      return;
    }

    const to = normalizedMobile(person.phone_mobile);
    const log = { job_id: job.id, user_id: userId, template_key: template, recipient_masked: to ? maskedNumber(to) : "invalide", attempts: job.attempt };
    const recordFailure = (message: string) =>
      database
        .insertInto("sms_logs")
        .values({ ...log, status: "failed", error: message.slice(0, 2000) })
        .onConflict((oc) => oc.column("job_id").doUpdateSet({ status: "failed", error: message.slice(0, 2000), attempts: job.attempt }))
        .execute();
    if (!to) {
      await recordFailure("numéro de mobile invalide");
      throw new PermanentJobError("numéro de mobile invalide");
    }
    try {
      await provider.send({ to, text, id: `recours-sms-${job.id}` });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await recordFailure(message);
      if (error instanceof SmsRefusedError) throw new PermanentJobError(message);
      throw error;
    }
    const sentAt = new Date();
    await database
      .insertInto("sms_logs")
      .values({ ...log, status: "sent", error: null, sent_at: sentAt })
      .onConflict((oc) => oc.column("job_id").doUpdateSet({ status: "sent", error: null, attempts: job.attempt, sent_at: sentAt }))
      .execute();
    logger.info({ jobId: job.id, template, to: log.recipient_masked }, "SMS envoyé");
  };
}

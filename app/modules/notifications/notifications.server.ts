import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database, Executor } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { runtime } from "~/platform/runtime.server";
import { enqueueJob, PermanentJobError, type ClaimedJob, type JobHandler } from "~/modules/jobs/jobs.server";
import { MASKED_LINK, renderEmail } from "./email-rendering";
import type { EmailTemplateKey } from "./email-template-keys";
import type { MailTransport, OutgoingAttachment } from "./mail-transport.server";
import { queueNoticesAfterEmail } from "./notice-channels.server";

export { createMailTransport, type MailTransport, type OutgoingAttachment } from "./mail-transport.server";

export type { EmailTemplateKey } from "./email-template-keys";

export const EMAIL_JOB = "email";

const personalLinkRequest = z.object({
  kind: z.enum(["confirm-email", "confirm-new-email", "reset-password", "data-export"]),
  userId: z.string().min(1).max(100),
  newEmail: z.email().optional(),
  /** The data export a "data-export" link opens (issue 16). */
  exportId: z.uuid().optional(),
});
/**
 * A link carrying a token, made by the job when it runs (decision 17): the queued payload says only which link,
 * so no token is ever written to the database in clear (nor to its write-ahead log).
 */
export type PersonalLinkRequest = z.infer<typeof personalLinkRequest>;
/** Builds the link of a request, or null when it no longer applies (account gone, address already confirmed). */
export type PersonalLinkBuilder = (request: PersonalLinkRequest, database: Kysely<Database>) => Promise<string | null>;

/** A stored file to attach, named in the payload and read by the job when it runs (a filing receipt, issue 32). */
const attachmentReference = z.object({
  fileId: z.uuid(),
  fileName: z.string().min(1).max(200),
  /** The file's recorded SHA-256: an altered file is never sent. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type EmailAttachmentReference = z.infer<typeof attachmentReference>;
/** Reads an attachment's bytes (the storage gateway, passed in by the worker); throws when it cannot be sent. */
export type AttachmentLoader = (reference: EmailAttachmentReference, database: Kysely<Database>) => Promise<OutgoingAttachment>;

/** The template variable that receives the personal link. */
export const PERSONAL_LINK_VARIABLE = "lien";

const emailPayload = z.object({
  to: z.email(),
  template: z.string().min(1),
  variables: z.record(z.string(), z.string()),
  /** Variables that must not stay in the database once sent. */
  secret: z.array(z.string()).default([]),
  personalLink: personalLinkRequest.optional(),
  /** A manual email from the back-office: its own subject and body instead of a stored template. */
  manual: z.object({ subject: z.string().min(1), body: z.string().min(1) }).optional(),
  /** The administrator who sent a manual email. */
  sentBy: z.string().max(100).optional(),
  attachments: z.array(attachmentReference).max(5).optional(),
});

/** The template name of a manual email's job (no stored template: the payload carries the text). */
export const MANUAL_EMAIL_TEMPLATE = "manuel";

/** Queues one manual email (subject and body as typed, variables none) in the caller's transaction. */
export function enqueueManualEmail(executor: Executor, email: { to: string; subject: string; body: string; sentBy: string }): Promise<number> {
  return enqueueJob(executor, {
    kind: EMAIL_JOB,
    payload: {
      to: email.to,
      template: MANUAL_EMAIL_TEMPLATE,
      variables: {},
      secret: [],
      manual: { subject: email.subject, body: email.body },
      sentBy: email.sentBy,
    },
  });
}

export interface EmailRequest {
  to: string;
  template: EmailTemplateKey;
  variables: Record<string, string>;
  secret?: string[];
  personalLink?: PersonalLinkRequest;
  /** The recipient's profile id when the caller has it: the other channels then need no lookup by address. */
  userId?: string;
  attachments?: EmailAttachmentReference[];
}

/**
 * Queues an email in the caller's transaction: it leaves only if that transaction commits. The other notice
 * channels follow it in the same transaction (an SMS to a person who opted in, decision 0087).
 */
export async function enqueueEmail(executor: Executor, email: EmailRequest): Promise<number> {
  const id = await enqueueJob(executor, {
    kind: EMAIL_JOB,
    payload: {
      to: email.to,
      template: email.template,
      variables: email.variables,
      secret: email.secret ?? [],
      ...(email.personalLink ? { personalLink: email.personalLink } : {}),
      ...(email.attachments?.length ? { attachments: email.attachments } : {}),
    },
  });
  await queueNoticesAfterEmail(executor, email);
  return id;
}

/**
 * Queues one e-mail to each of these people (profile ids; one e-mail per person even if an id is repeated) in the
 * caller's transaction, its variables made from the person's first name.
 */
export async function enqueueEmailToPeople(
  executor: Executor,
  userIds: readonly string[],
  email: Omit<EmailRequest, "to" | "variables"> & { variables: (person: { firstName: string }) => Record<string, string> },
): Promise<void> {
  const people = await executor.selectFrom("profiles").select(["id", "email", "first_name"]).where("id", "in", userIds).execute();
  for (const person of people) {
    await enqueueEmail(executor, { ...email, to: person.email, userId: person.id, variables: email.variables({ firstName: person.first_name }) });
  }
}

export interface EmailJobOptions {
  personalLink?: PersonalLinkBuilder;
  attachments?: AttachmentLoader;
}

/**
 * Sends the email of one job, at most once: the job's email_logs row (unique job_id) says whether it already left.
 * A failed attempt is written there too, then rethrown so that the queue retries.
 */
export function createEmailJobHandler(transport: MailTransport, options: EmailJobOptions = {}): JobHandler {
  return async (job: ClaimedJob, database: Kysely<Database>) => {
    const parsed = emailPayload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError("contenu de tâche email invalide");
    const email = parsed.data;

    const already = await database
      .selectFrom("email_logs")
      .select("id")
      .where("job_id", "=", job.id)
      .where("status", "=", "sent")
      .executeTakeFirst();
    if (already) return;

    const template = email.manual
      ? { ...email.manual, name: null }
      : await database
          .selectFrom("email_templates")
          .select(["subject", "body", "name"])
          .where("key", "=", email.template)
          .executeTakeFirst();
    if (!template) throw new PermanentJobError(`modèle d'email introuvable : ${email.template}`);

    let variables = email.variables;
    let secret = email.secret;
    if (email.personalLink) {
      if (!options.personalLink) throw new PermanentJobError("aucun fabricant de liens personnels");
      const link = await options.personalLink(email.personalLink, database);
      if (link === null) {
        logger.info({ jobId: job.id, template: email.template }, "email non envoyé : le lien ne s'applique plus");
        return;
      }
      variables = { ...variables, [PERSONAL_LINK_VARIABLE]: link };
      secret = [...secret, PERSONAL_LINK_VARIABLE];
    }

    let attachments: OutgoingAttachment[] | undefined;
    if (email.attachments?.length) {
      const load = options.attachments;
      if (!load) throw new PermanentJobError("aucun lecteur de pièces jointes");
      attachments = await Promise.all(email.attachments.map((reference) => load(reference, database)));
    }

    const rendered = renderEmail(template, variables, secret, runtime().env.PUBLIC_URL);
    const log = {
      job_id: job.id,
      recipient_email: email.to,
      subject: rendered.subject.slice(0, 500),
      body: rendered.loggedText,
      template_name: template.name,
      sent_by: email.sentBy ?? null,
      transport: transport.kind,
      attempts: job.attempt,
    };
    try {
      await transport.send({
        to: email.to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId: `<job-${job.id}@recours.mail>`,
        ...(attachments ? { attachments } : {}),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await database
        .insertInto("email_logs")
        .values({ ...log, status: "failed", error: message.slice(0, 2000), sent_at: new Date() })
        .onConflict((oc) => oc.column("job_id").doUpdateSet({ status: "failed", error: message.slice(0, 2000), attempts: job.attempt }))
        .execute();
      throw error;
    }
    await database.transaction().execute(async (trx) => {
      await trx
        .insertInto("email_logs")
        .values({ ...log, status: "sent", error: null, sent_at: new Date() })
        .onConflict((oc) =>
          oc.column("job_id").doUpdateSet({ status: "sent", error: null, attempts: job.attempt, sent_at: new Date(), body: log.body }),
        )
        .execute();
      if (email.secret.length > 0) {
        const masked = Object.fromEntries(
          Object.entries(email.variables).map(([name, value]) => [name, email.secret.includes(name) ? MASKED_LINK : value]),
        );
        await trx
          .updateTable("jobs")
          .set({ payload: JSON.stringify({ ...email, variables: masked }) })
          .where("id", "=", job.id)
          .execute();
      }
    });
    logger.info({ jobId: job.id, template: email.template, transport: transport.kind }, "email envoyé");
  };
}

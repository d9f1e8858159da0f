import { sql } from "kysely";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { enqueueJob, jobsEnqueued } from "~/modules/jobs/jobs.server";
import { EMAIL_JOB, enqueueManualEmail } from "~/modules/notifications/notifications.server";
import { assertRole, NotFoundError, type Actor } from "~/platform/actor";
import { isUuid } from "~/lib/uuid";
import { containsPattern, FULL_ADDRESS } from "~/platform/like-pattern";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import type { ManualEmailInput } from "./back-office.schema";

/** Spec §9: the history shows the latest 100 emails. */
export const EMAIL_HISTORY_SIZE = 100;
/** The history shows the start of each body; the whole message is one click away (`emailMessage`). */
export const EMAIL_EXCERPT_LENGTH = 160;

export interface EmailLogRow {
  id: string;
  recipient: string;
  subject: string;
  /** The body's first words, on one line, ending in "…" when there is more. */
  excerpt: string;
  sentAt: string;
  status: "sent" | "failed";
  error: string | null;
  attempts: number;
  templateName: string | null;
  manual: boolean;
  /** A failed email whose job gave up can be sent again. */
  retriable: boolean;
}

export interface EmailHistory {
  emails: EmailLogRow[];
  /** Emails sent since midnight, Paris time (all of them, not only those loaded). */
  sentToday: number;
  /** Spec: the number of records loaded (at most 100). */
  totalLoaded: number;
  failedLoaded: number;
}

export interface EmailMessage extends Omit<EmailLogRow, "excerpt"> {
  body: string;
}

const emailLogs = () =>
  db()
    .selectFrom("email_logs as e")
    .leftJoin("jobs as j", "j.id", "e.job_id")
    .select(["e.id", "e.recipient_email", "e.subject", "e.sent_at", "e.status", "e.error", "e.attempts", "e.template_name", "e.sent_by", "j.status as job_status"]);

function emailFields(row: {
  id: string;
  recipient_email: string;
  subject: string;
  sent_at: Date;
  status: "sent" | "failed";
  error: string | null;
  attempts: number;
  template_name: string | null;
  sent_by: string | null;
  job_status: string | null;
}): Omit<EmailLogRow, "excerpt"> {
  return {
    id: row.id,
    recipient: row.recipient_email,
    subject: row.subject,
    sentAt: row.sent_at.toISOString(),
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    templateName: row.template_name,
    manual: row.template_name === null && row.sent_by !== null,
    retriable: row.status === "failed" && row.job_status === "failed",
  };
}

/** The start of a body on one line, cut at a word and ended with "…" when there is more. */
export function excerptOf(bodyStart: string): string {
  const line = bodyStart.replace(/\s+/g, " ").trim();
  if (line.length <= EMAIL_EXCERPT_LENGTH) return line;
  const cut = line.slice(0, EMAIL_EXCERPT_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > EMAIL_EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}\u2026`;
}

/** Admin: the latest 100 emails, searched on recipient and subject, with the day's statistics. */
export async function emailHistory(actor: Actor, search: string): Promise<EmailHistory> {
  assertRole(actor, "admin");
  // A whole address: the exact index first, and when it finds nothing the contains search; a part of one:
  // recipients only; other words: recipients and subjects (decision 0057).
  const latest = (exact: boolean) =>
    emailLogs()
      // Enough of the body for the excerpt: a history of long messages stays a light page.
      .select(sql<string>`left(e.body, ${EMAIL_EXCERPT_LENGTH * 2})`.as("body_start"))
      .$if(exact, (q) => q.where(sql`lower(e.recipient_email)`, "=", search.toLowerCase()))
      .$if(!exact && search.includes("@"), (q) => q.where("e.recipient_email", "ilike", containsPattern(search)))
      .$if(search !== "" && !search.includes("@"), (q) =>
        q.where((eb) => eb.or([eb("e.recipient_email", "ilike", containsPattern(search)), eb("e.subject", "ilike", containsPattern(search))])),
      )
      .orderBy("e.sent_at", "desc")
      .orderBy("e.id", "desc")
      .limit(EMAIL_HISTORY_SIZE)
      .execute();
  const [found, today] = await Promise.all([
    latest(FULL_ADDRESS.test(search)),
    // Kept per Paris day by the database (migrations 0110, 0111): the day's slots, not the day's e-mails.
    sql<{ n: string }>`
      SELECT coalesce(sum(n), 0) AS n FROM daily_counts WHERE name = 'emails_sent' AND day >= (now() AT TIME ZONE 'Europe/Paris')::date
    `.execute(db()),
  ]);
  const rows = found.length === 0 && FULL_ADDRESS.test(search) ? await latest(false) : found;
  const emails = rows.map((row) => ({ ...emailFields(row), excerpt: excerptOf(row.body_start) }));
  return {
    emails,
    sentToday: Number(today.rows[0]?.n ?? 0),
    totalLoaded: emails.length,
    failedLoaded: emails.filter((email) => email.status === "failed").length,
  };
}

/** Admin: one email of the history, whole. An unknown one is not found. */
export async function emailMessage(actor: Actor, emailId: string): Promise<EmailMessage> {
  assertRole(actor, "admin");
  if (!isUuid(emailId)) throw new NotFoundError();
  const row = await emailLogs().select("e.body").where("e.id", "=", emailId).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return { ...emailFields(row), body: row.body };
}

/**
 * Admin: one queued email per recipient (the worker sends them through SMTP and logs each), and one journal entry
 * for the send. All in one transaction: every recipient is queued, or none.
 */
export async function sendManualEmail(actor: Actor, input: ManualEmailInput): Promise<{ queued: number }> {
  assertRole(actor, "admin");
  await db()
    .transaction()
    .execute(async (trx) => {
      const jobIds: number[] = [];
      for (const to of input.recipients) {
        jobIds.push(await enqueueManualEmail(trx, { to, subject: input.subject, body: input.body, sentBy: actor.userId }));
      }
      await recordStaffAction(trx, actor, {
        action: "email.sent",
        targetType: "email",
        targetId: `jobs-${jobIds[0]}`,
        after: { recipients: input.recipients, subject: input.subject, bodyLength: input.body.length, jobIds },
      });
    });
  jobsEnqueued();
  logger.info({ adminId: actor.userId, recipients: input.recipients.length }, "email manuel mis en file");
  return { queued: input.recipients.length };
}

/** Admin: sends again an email whose job gave up (same content; a personal link is made anew). */
export async function retryEmail(actor: Actor, emailId: string): Promise<{ ok: true } | { ok: false; status: 409 }> {
  assertRole(actor, "admin");
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const email = await trx
        .selectFrom("email_logs as e")
        .leftJoin("jobs as j", "j.id", "e.job_id")
        .select(["e.id", "e.status", "e.recipient_email", "j.status as job_status", "j.payload", "j.kind"])
        .where("e.id", "=", emailId)
        .executeTakeFirst();
      if (!email) throw new NotFoundError();
      if (email.status !== "failed" || email.job_status !== "failed" || email.kind !== EMAIL_JOB) return { ok: false as const, status: 409 as const };
      const jobId = await enqueueJob(trx, { kind: EMAIL_JOB, payload: email.payload as Record<string, unknown> });
      await recordStaffAction(trx, actor, {
        action: "email.retried",
        targetType: "email",
        targetId: email.id,
        before: { status: "failed" },
        after: { status: "queued", recipient: email.recipient_email, jobId },
      });
      return { ok: true as const };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { enqueueJob, jobsEnqueued, PermanentJobError, type ClaimedJob, type JobHandler } from "~/modules/jobs/jobs.server";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { lawyerTitle, publicLink } from "~/modules/cases/case-history.server";
import type { Database, Executor } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { runtime } from "~/platform/runtime.server";

/**
 * Email notices for chat messages left unread (issue 13 §6, decision 38).
 * The chat calls these two hooks inside the transaction that sends or reads messages; the notice logic lives here.
 *
 * A burst is the run of messages a recipient receives in one conversation between two readings of it. Its first
 * message opens a chat_unread_notices row and queues one job for CHAT_NOTIFY_DELAY_MINUTES later; later messages
 * of the burst find the row and add nothing. Reading the conversation deletes the row and the job not yet run. The
 * email says who wrote and links to the conversation: never the text, never the attachment's name.
 */

export const CHAT_UNREAD_NOTICE_JOB = "chat.unread-notice";

export interface SentChatMessage {
  caseId: string;
  messageId: string;
  senderId: string;
  createdAt: Date;
}

/** Who is emailed about a message: the client for the legal team's messages, the assigned lawyer for the client's. */
export function noticeRecipients(theCase: { ownerId: string; lawyerId: string | null }, senderId: string): string[] {
  const recipient = senderId === theCase.ownerId ? theCase.lawyerId : theCase.ownerId;
  return recipient && recipient !== senderId ? [recipient] : [];
}

function notifyDelayMinutes(): number {
  return runtime().env.CHAT_NOTIFY_DELAY_MINUTES;
}

/** Called in the transaction that inserts a chat message. */
export async function scheduleUnreadNotice(executor: Executor, message: SentChatMessage): Promise<void> {
  const theCase = await executor
    .selectFrom("cases")
    .select(["user_id", "assigned_lawyer_id"])
    .where("id", "=", message.caseId)
    .executeTakeFirst();
  if (!theCase) return;
  const dueAt = new Date(message.createdAt.getTime() + notifyDelayMinutes() * 60_000);
  for (const recipientId of noticeRecipients({ ownerId: theCase.user_id, lawyerId: theCase.assigned_lawyer_id }, message.senderId)) {
    const opened = await executor
      .insertInto("chat_unread_notices")
      .values({ case_id: message.caseId, recipient_id: recipientId, first_message_id: message.messageId, due_at: dueAt })
      .onConflict((oc) => oc.columns(["case_id", "recipient_id"]).doNothing())
      .returning("case_id")
      .executeTakeFirst();
    if (!opened) continue; // a burst is already open: its one notice covers this message too
    const jobId = await enqueueJob(executor, {
      kind: CHAT_UNREAD_NOTICE_JOB,
      payload: { caseId: message.caseId, recipientId },
      runAt: dueAt,
    });
    await executor
      .updateTable("chat_unread_notices")
      .set({ job_id: jobId })
      .where("case_id", "=", message.caseId)
      .where("recipient_id", "=", recipientId)
      .execute();
  }
}

/** Called in the transaction that marks a reader's messages of a case as read. */
export async function cancelUnreadNotices(executor: Executor, read: { caseId: string; readerId: string }): Promise<void> {
  const closed = await executor
    .deleteFrom("chat_unread_notices")
    .where("case_id", "=", read.caseId)
    .where("recipient_id", "=", read.readerId)
    .returning(["job_id", "sent_at"])
    .executeTakeFirst();
  if (closed?.job_id != null && closed.sent_at === null) {
    await executor.deleteFrom("jobs").where("id", "=", closed.job_id).where("status", "=", "queued").execute();
  }
}

const noticePayload = z.object({ caseId: z.uuid(), recipientId: z.string().min(1).max(100) });

/** "Maître Prénom Nom", "l'équipe Recours" or the client's name: who wrote the unread messages, never what. */
function senderLabel(sender: { role: string; first_name: string; last_name: string }): string {
  if (sender.role === "lawyer") return lawyerTitle(sender);
  if (sender.role === "admin") return "l'équipe Recours";
  return `${sender.first_name} ${sender.last_name}`;
}

/**
 * Runs a notice's job at its due time: queues the email (through the email job, which sends it at most once) if the
 * burst is still open, its recipient still a party to the case, and a message from someone else still unread.
 */
export const handleUnreadNoticeJob: JobHandler = async (job: ClaimedJob, database: Kysely<Database>) => {
  const parsed = noticePayload.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError("contenu de tâche d'avis de message invalide");
  const { caseId, recipientId } = parsed.data;
  const queued = await database.transaction().execute(async (trx) => {
    const notice = await trx
      .selectFrom("chat_unread_notices")
      .select(["created_at", "sent_at", "job_id"])
      .where("case_id", "=", caseId)
      .where("recipient_id", "=", recipientId)
      .forUpdate()
      .executeTakeFirst();
    if (!notice || notice.job_id !== job.id || notice.sent_at !== null) return false; // read in the meantime, or already sent
    const theCase = await trx
      .selectFrom("cases")
      .select(["case_number", "user_id", "assigned_lawyer_id"])
      .where("id", "=", caseId)
      .executeTakeFirst();
    const recipient = await trx.selectFrom("profiles").select(["email", "first_name"]).where("id", "=", recipientId).executeTakeFirst();
    const context = theCase && recipient ? { ...theCase, ...recipient } : undefined;
    const stillParty = context !== undefined && (context.user_id === recipientId || context.assigned_lawyer_id === recipientId);
    const senders = context && stillParty
      ? await trx
          .selectFrom("case_chat_messages as m")
          .innerJoin("profiles as p", "p.id", "m.sender_id")
          .select(["p.role", "p.first_name", "p.last_name", sql<Date>`min(m.created_at)`.as("first_at")])
          .where("m.case_id", "=", caseId)
          // What the recipient reads (decision 0036): the client reads the others' messages, the lawyer the client's.
          .where("m.sender_id", context.user_id === recipientId ? "<>" : "=", context.user_id)
          .where("m.read_status", "=", false)
          .groupBy(["p.id", "p.role", "p.first_name", "p.last_name"])
          .orderBy("first_at")
          .limit(3)
          .execute()
      : [];
    if (!context || !stillParty || senders.length === 0) {
      await trx.deleteFrom("chat_unread_notices").where("case_id", "=", caseId).where("recipient_id", "=", recipientId).execute();
      logger.info({ jobId: job.id, caseId }, "avis de message non envoyé : plus rien à lire ou destinataire hors du dossier");
      return false;
    }
    const names = [...new Set(senders.map(senderLabel))];
    // The template says "{{expediteur}} vous a écrit": "Maître X, avec l'équipe Recours, vous a écrit" stays singular.
    const others = names.slice(1);
    const expediteur =
      others.length === 0 ? names[0]! : `${names[0]}, avec ${others.length === 1 ? others[0] : `${others.slice(0, -1).join(", ")} et ${others.at(-1)}`},`;
    await enqueueEmail(trx, {
      to: context.email,
      template: "nouveau-message",
      variables: {
        prenom: context.first_name,
        expediteur: expediteur.charAt(0).toUpperCase() + expediteur.slice(1),
        numero_dossier: context.case_number,
        lien: publicLink(`/case/${caseId}/chat`),
      },
    });
    await trx
      .updateTable("chat_unread_notices")
      .set({ sent_at: new Date() })
      .where("case_id", "=", caseId)
      .where("recipient_id", "=", recipientId)
      .execute();
    return true;
  });
  if (queued) jobsEnqueued();
};

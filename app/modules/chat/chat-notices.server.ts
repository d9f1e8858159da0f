import type { Executor } from "~/modules/jobs/jobs.server";

/**
 * Email notices for chat messages left unread (issue 13 §6).
 * The chat calls these two hooks inside the transaction that sends or reads messages;
 * the notice logic itself lives here.
 */

export interface SentChatMessage {
  caseId: string;
  messageId: string;
  senderId: string;
  createdAt: Date;
}

/** Called in the transaction that inserts a chat message. */
export async function scheduleUnreadNotice(_executor: Executor, _message: SentChatMessage): Promise<void> {}

/** Called in the transaction that marks a reader's messages of a case as read. */
export async function cancelUnreadNotices(_executor: Executor, _read: { caseId: string; readerId: string }): Promise<void> {}

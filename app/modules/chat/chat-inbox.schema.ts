import { z } from "zod";

export const INBOX_PAGE_SIZE = 50;

/** /avocat/messages?view=non-lues&page=… — a wrong page is page 1 and a wrong view is every conversation, never an error. */
export const inboxQuerySchema = z.object({
  view: z.enum(["toutes", "non-lues"]).catch("toutes").default("toutes"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** Who wrote a message, as the reader sees it. */
export type SenderKind = "me" | "client" | "lawyer" | "admin";

export function senderName(kind: SenderKind, person: { firstName: string; lastName: string }): string {
  if (kind === "me") return "Vous";
  if (kind === "lawyer") return `Maître ${person.firstName} ${person.lastName}`;
  if (kind === "admin") return `${person.firstName} ${person.lastName} (équipe Recours)`;
  return `${person.firstName} ${person.lastName}`;
}

export function chatPath(caseId: string): string {
  return `/case/${encodeURIComponent(caseId)}/chat`;
}

/** "1 message non lu", "3 messages non lus". */
export function unreadLabel(count: number): string {
  return count >= 2 ? `${count} messages non lus` : `${count} message non lu`;
}

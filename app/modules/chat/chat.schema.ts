import { z } from "zod";
import { UUID_PATTERN } from "~/lib/uuid";
import { NUL_MESSAGE } from "~/lib/form";

/** Characters of one message (counted as people count them: one emoji is one character). */
export const CHAT_MESSAGE_MAX = 10_000;
/** Messages of the first page and of each older page. */
export const CHAT_PAGE_SIZE = 50;
/** How often the page asks for news when the event stream cannot be opened. */
export const CHAT_POLL_MILLISECONDS = 4000;

export const chatMessages = {
  sendFailed: "Erreur lors de l'envoi du message",
  loadFailed: "Erreur lors du chargement des messages",
  blank: "Écrivez un message ou joignez un fichier.",
  tooLong: `Votre message ne peut pas dépasser ${CHAT_MESSAGE_MAX.toLocaleString("fr-FR")} caractères.`,
  noAccess: "Vous n'avez pas accès à ce dossier",
  lostAccess: "Vous n'avez plus accès à ce dossier.",
  draft: "La messagerie s'ouvrira une fois votre dossier soumis.",
  fileNotFound: "Le fichier joint est introuvable. Veuillez le joindre à nouveau.",
  tooFast: (wait: string) => `Vous avez envoyé beaucoup de messages en peu de temps\u202f: celui-ci n'est pas parti. Réessayez dans ${wait}.`,
} as const;

/** Code points, as PostgreSQL's length() counts them. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Line breaks as one character, outer blank lines and spaces dropped; a NUL is not a character anyone typed. */
export function normaliseMessage(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\u0000/g, "").trim();
}

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const sendMessageSchema = z
  .object({
    message: z
      .string()
      .default("")
      .refine((value) => !CONTROL.test(value.replace(/\u0000/g, "")), NUL_MESSAGE)
      .transform(normaliseMessage)
      .refine((value) => characterCount(value) <= CHAT_MESSAGE_MAX, chatMessages.tooLong),
    fileId: z
      .string()
      .regex(UUID_PATTERN)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Proposed by the page so that a retried post never makes a second message. */
    clientId: z
      .string()
      .regex(UUID_PATTERN)
      .optional()
      .or(z.literal("").transform(() => undefined)),
  })
  .refine((value) => value.message.length > 0 || value.fileId !== undefined, { message: chatMessages.blank, path: ["message"] });
export type SendMessageInput = z.output<typeof sendMessageSchema>;

export type ChatRole = "user" | "lawyer" | "admin";

export interface ChatFileView {
  id: string;
  name: string;
  mediaType: string;
  sizeBytes: number;
  image: boolean;
  /** "converting" or "failed": no thumbnail and no link (file-states.ts). */
  state: string | null;
}

/** One message as every party's page receives it (text only: the page renders it as text, never as HTML). */
export interface ChatMessageView {
  id: string;
  /** Position in the case's event stream. */
  seq: number;
  senderId: string;
  senderName: string;
  senderRole: ChatRole;
  text: string;
  createdAt: string;
  readAt: string | null;
  file: ChatFileView | null;
}

export type ChatEvent =
  | { kind: "message"; position: number; message: ChatMessageView }
  | { kind: "read"; position: number; ids: string[]; readAt: string };

export const roleTag: Record<ChatRole, string | null> = { user: null, lawyer: "(Avocat)", admin: "(Admin)" };

/** The viewer's own messages sit on the right, the others' on the left, for every viewer (decision 0072). */
export function isOwnMessage(message: { senderId: string }, viewerId: string): boolean {
  return message.senderId === viewerId;
}

/** Adds messages to a thread kept in (created_at, id) order, each once; a newer copy (read since) wins. */
export function mergeMessages(thread: ChatMessageView[], incoming: ChatMessageView[]): ChatMessageView[] {
  const byId = new Map(thread.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => (a.createdAt === b.createdAt ? a.seq - b.seq : a.createdAt < b.createdAt ? -1 : 1));
}

import { sql, type Transaction } from "kysely";
import { retryDelayLabel } from "~/lib/retry-delay";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { assertUser, type Actor, type UserActor } from "~/platform/actor";
import { consumeAttempt } from "~/platform/attempt-limiter.server";
import type { CaseStatus, Database, Executor } from "~/platform/database-schema";
import { keysetCursor, encodeCursor } from "~/platform/keyset";
import { cursorTime, olderThan } from "~/platform/keyset.server";
import { notifyLive } from "~/platform/live-events.server";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { isUuid } from "~/lib/uuid";
import { caseAccess, mayPostInChat, type CaseAccess, type CaseViewer } from "~/modules/cases/case-access.server";
import { cancelUnreadNotices, scheduleUnreadNotice } from "./chat-notices.server";
import { servedFileName } from "~/modules/files/file-names";
import { chatMessages, CHAT_PAGE_SIZE, type ChatEvent, type ChatMessageView, type ChatRole, type SendMessageInput } from "./chat.schema";

/** The case of a chat as the page shows it (the loader's data: no actor in it). */
export interface ChatCase {
  id: string;
  caseNumber: string;
  status: CaseStatus;
  ownerId: string;
  lawyerId: string | null;
  viewer: CaseViewer;
}

/** The live-event topic of a case's chat. */
export function chatTopic(caseId: string): string {
  return `chat:${caseId}`;
}

function chatCaseOf(access: CaseAccess): ChatCase {
  return { id: access.caseId, caseNumber: access.caseNumber, status: access.status, ownerId: access.ownerId, lawyerId: access.assignedLawyerId, viewer: access.viewer };
}

type MessageRow = {
  id: string;
  seq: number;
  sender_id: string;
  message: string;
  created_at: Date;
  read_at: Date | null;
  read_seq: number | null;
  file_id: string | null;
  file_name: string | null;
  first_name: string;
  last_name: string;
  role: string;
  media_type: string | null;
  size_bytes: number | null;
  file_status: string | null;
};

function messagesQuery(executor: Executor) {
  return executor
    .selectFrom("case_chat_messages as m")
    .innerJoin("profiles as p", "p.id", "m.sender_id")
    .leftJoin("stored_files as f", "f.id", "m.file_id")
    .select([
      "m.id",
      "m.seq",
      "m.sender_id",
      "m.message",
      "m.created_at",
      "m.read_at",
      "m.read_seq",
      "m.file_id",
      "m.file_name",
      "p.first_name",
      "p.last_name",
      "p.role",
      "f.media_type",
      "f.size_bytes",
      "f.status as file_status",
    ]);
}

function roleOf(role: string): ChatRole {
  return role === "lawyer" || role === "admin" ? role : "user";
}

export function messageView(row: MessageRow): ChatMessageView {
  return {
    id: row.id,
    seq: Number(row.seq),
    senderId: row.sender_id,
    senderName: `${row.first_name} ${row.last_name}`,
    senderRole: roleOf(row.role),
    text: row.message,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at ? row.read_at.toISOString() : null,
    file:
      row.file_id && row.file_name
        ? {
            id: row.file_id,
            name: row.media_type ? servedFileName(row.file_name, row.media_type) : row.file_name,
            mediaType: row.media_type ?? "application/octet-stream",
            sizeBytes: Number(row.size_bytes ?? 0),
            image: row.media_type === "image/jpeg" || row.media_type === "image/png",
            state: row.file_status,
          }
        : null,
  };
}

export interface ChatThreadView {
  chat: ChatCase;
  viewerId: string;
  /** Oldest first. */
  messages: ChatMessageView[];
  /** The cursor of the next older page, or null at the start of the conversation. */
  olderCursor: string | null;
  /** The event stream position the page starts from (no event before it is missing from `messages`). */
  position: number;
}

/** A page of the thread: the latest 50 messages, or the 50 before `before` (a keyset cursor from a previous page). */
export async function chatThreadFor(actor: Actor, caseId: string, options: { before?: string | null } = {}): Promise<ChatThreadView> {
  const access = await caseAccess(actor, caseId);
  const database = db();
  const cursor = options.before ? keysetCursor.safeParse(options.before) : null;
  // The position is read first: a message committed between the two reads comes again as an event, never lost.
  const position = await currentPosition(caseId);
  let query = messagesQuery(database)
    .select(cursorTime("m.created_at").as("cursor_at"))
    .where("m.case_id", "=", caseId)
    .orderBy("m.created_at", "desc")
    .orderBy("m.id", "desc")
    .limit(CHAT_PAGE_SIZE + 1);
  if (cursor?.success && isUuid(cursor.data.id)) query = query.where(olderThan("m.created_at", "m.id", cursor.data));
  const rows = await query.execute();
  const more = rows.length > CHAT_PAGE_SIZE;
  const page = rows.slice(0, CHAT_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    chat: chatCaseOf(access),
    viewerId: access.actor.userId,
    messages: page.map((row) => messageView(row as MessageRow)).reverse(),
    olderCursor: more && last ? encodeCursor(last.cursor_at, last.id) : null,
    position,
  };
}

/** The case's latest event position: its newest message or read receipt. */
export async function currentPosition(caseId: string): Promise<number> {
  // ORDER BY (case_id, seq) so that only the per-case index serves it: with max(seq) the planner may walk the global
  // seq index backwards and filter, reading millions of rows for a case whose messages are old.
  const row = await sql<{ seq: number | null; read_seq: number | null }>`
    SELECT
      (SELECT seq FROM case_chat_messages WHERE case_id = ${caseId} ORDER BY case_id DESC, seq DESC LIMIT 1) AS seq,
      (SELECT read_seq FROM case_chat_messages WHERE case_id = ${caseId} AND read_seq IS NOT NULL
        ORDER BY case_id DESC, read_seq DESC LIMIT 1) AS read_seq`.execute(db());
  return Math.max(Number(row.rows[0]?.seq ?? 0), Number(row.rows[0]?.read_seq ?? 0));
}

/**
 * Marks as read what the other side wrote, in the transaction `trx` that holds the case lock: the owner reads the
 * staff's messages, the assigned lawyer the owner's. Admins only observe: their reading marks nothing (decision 0036).
 */
async function markReadLocked(trx: Transaction<Database>, chat: CaseAccess): Promise<number> {
  if (chat.viewer === "admin") return 0;
  const readSeq = await sql<{ seq: string | number }>`SELECT nextval('case_chat_event_seq') AS seq`.execute(trx);
  let update = trx
    .updateTable("case_chat_messages")
    .set({ read_status: true, read_at: sql`now()`, read_seq: Number(readSeq.rows[0]!.seq) })
    .where("case_id", "=", chat.caseId)
    .where("read_status", "=", false);
  update = chat.viewer === "owner" ? update.where("sender_id", "!=", chat.ownerId) : update.where("sender_id", "=", chat.ownerId);
  const result = await update.executeTakeFirst();
  const count = Number(result.numUpdatedRows);
  if (count > 0) {
    await cancelUnreadNotices(trx, { caseId: chat.caseId, readerId: chat.actor.userId });
    await notifyLive(chatTopic(chat.caseId), "read").execute(trx);
  }
  return count;
}

/** The reader has the chat open and visible: the other side's messages become read (notified live). */
export async function markChatRead(actor: Actor, caseId: string): Promise<{ marked: number }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const chat = await caseAccess(actor, caseId, { executor: trx, lock: "no-key-update" });
      return { marked: await markReadLocked(trx, chat) };
    });
}

export type SendResult =
  | { ok: true; message: ChatMessageView }
  | { ok: false; status: 409 | 422 | 429; message: string; retryAfterSeconds?: number };

/** The staff journal's action when a person's chat posts pass the per-minute limit (once per window). */
export const CHAT_FLOOD_ACTION = "chat.rate-limited";
const CHAT_WINDOW_SECONDS = 60;

/**
 * Counts a post against the person's per-minute budget, all cases together (decision 62). The first refusal of a
 * window goes to the staff journal, naming the person.
 */
async function admitChatPost(actor: UserActor, caseId: string): Promise<SendResult | null> {
  const limit = runtime().env.CHAT_MESSAGES_PER_MINUTE;
  const counted = await consumeAttempt(db(), [{ key: `chat-post:${actor.userId}`, limit }], CHAT_WINDOW_SECONDS);
  if (counted.allowed) return null;
  if (counted.attempts === limit + 1) {
    await recordStaffAction(db(), actor, {
      action: CHAT_FLOOD_ACTION,
      targetType: "user",
      targetId: actor.userId,
      after: { limit, windowSeconds: CHAT_WINDOW_SECONDS, caseId },
    }).catch((error: unknown) => logger.error({ err: error, userId: actor.userId }, "messagerie : écriture au journal impossible"));
  }
  const wait = counted.retryAfterSeconds;
  return { ok: false, status: 429, message: chatMessages.tooFast(retryDelayLabel(wait)), retryAfterSeconds: wait };
}

/**
 * Sends a message (text, a file already uploaded by the actor, or both). The case row is locked first so that the
 * case's event positions follow commit order (decision 0035). Sending also reads: what the sender had on screen
 * from the other side becomes read (a page without JavaScript has no other way to say so).
 */
export async function sendChatMessage(actor: Actor, caseId: string, input: SendMessageInput): Promise<SendResult> {
  assertUser(actor);
  const flood = await admitChatPost(actor, caseId);
  if (flood) return flood;
  return db()
    .transaction()
    .execute(async (trx): Promise<SendResult> => {
      const chat = await caseAccess(actor, caseId, { executor: trx, lock: "no-key-update" });
      if (!mayPostInChat(chat)) return { ok: false, status: 409, message: chatMessages.draft };
      if (input.clientId) {
        const earlier = await messagesQuery(trx).where("m.id", "=", input.clientId).where("m.case_id", "=", caseId).where("m.sender_id", "=", actor.userId).executeTakeFirst();
        if (earlier) return { ok: true, message: messageView(earlier as MessageRow) };
        const taken = await trx.selectFrom("case_chat_messages").select("id").where("id", "=", input.clientId).executeTakeFirst();
        if (taken) return { ok: false, status: 409, message: chatMessages.sendFailed };
      }
      let fileName: string | null = null;
      if (input.fileId) {
        // Only a file the sender stored, not yet attached to any message.
        const file = await trx
          .selectFrom("stored_files as f")
          .leftJoin("case_chat_messages as m", "m.file_id", "f.id")
          .select(["f.id", "f.original_name", "f.status", "m.id as used_by"])
          .where("f.id", "=", input.fileId)
          .where("f.owner_id", "=", actor.userId)
          // Held until the message references it: the janitor cannot remove an unclaimed file being attached now.
          .forShare("f")
          .executeTakeFirst();
        if (!file || file.used_by || file.status === "failed") return { ok: false, status: 422, message: chatMessages.fileNotFound };
        fileName = file.original_name;
      }
      await markReadLocked(trx, chat);
      const inserted = await trx
        .insertInto("case_chat_messages")
        .values({
          ...(input.clientId ? { id: input.clientId } : {}),
          case_id: caseId,
          sender_id: actor.userId,
          message: input.message.replace(/\u0000/g, ""),
          file_id: input.fileId ?? null,
          file_name: fileName,
        })
        .returning(["id", "created_at"])
        .executeTakeFirstOrThrow();
      await scheduleUnreadNotice(trx, { caseId, messageId: inserted.id, senderId: actor.userId, createdAt: inserted.created_at });
      await notifyLive(chatTopic(caseId), "message").execute(trx);
      const row = await messagesQuery(trx).where("m.id", "=", inserted.id).executeTakeFirstOrThrow();
      return { ok: true, message: messageView(row as MessageRow) };
    });
}

type EventRow = MessageRow & { key: number };

/** Messages and read receipts of a case after `position`, oldest event first (at most `limit` rows). */
export async function eventRowsAfter(caseId: string, position: number, limit: number): Promise<EventRow[]> {
  const rows = await messagesQuery(db())
    .select(sql<number>`greatest(m.seq, coalesce(m.read_seq, 0))`.as("key"))
    .where("m.case_id", "=", caseId)
    .where((eb) => eb.or([eb("m.seq", ">", position), eb("m.read_seq", ">", position)]))
    .orderBy(sql`greatest(m.seq, coalesce(m.read_seq, 0))`)
    .orderBy("m.seq")
    .limit(limit)
    .execute();
  const events = rows.map((row) => ({ ...(row as MessageRow), key: Number(row.key) }));
  // A full page may end inside one read receipt (rows sharing a key): keep that receipt for the next page whole.
  if (events.length === limit) {
    const lastKey = events[events.length - 1]!.key;
    const whole = events.filter((row) => row.key !== lastKey);
    if (whole.length > 0) return whole;
  }
  return events;
}

/** What a reader at `position` has not seen: a new message whole, a message it has as a read receipt. */
export function eventsFor(rows: EventRow[], position: number): ChatEvent[] {
  const events: ChatEvent[] = [];
  for (const row of rows) {
    if (row.key <= position) continue;
    if (Number(row.seq) > position) {
      events.push({ kind: "message", position: row.key, message: messageView(row) });
      continue;
    }
    const previous = events[events.length - 1];
    const readAt = row.read_at!.toISOString();
    if (previous?.kind === "read" && previous.position === row.key) previous.ids.push(row.id);
    else events.push({ kind: "read", position: row.key, ids: [row.id], readAt });
  }
  return events;
}

/** The polling fallback: events after `position` (at most 200 rows; ask again from the returned position). */
export async function chatEventsAfter(actor: Actor, caseId: string, position: number): Promise<{ events: ChatEvent[]; position: number }> {
  await caseAccess(actor, caseId);
  const rows = await eventRowsAfter(caseId, position, 200);
  const events = eventsFor(rows, position);
  return { events, position: events.reduce((max, event) => Math.max(max, event.position), position) };
}

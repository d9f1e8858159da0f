import { sql } from "kysely";
import { assertRole, assertUser, type Actor } from "~/platform/actor";
import type { CaseStatus, Role } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { chatPath, INBOX_PAGE_SIZE, senderName, type InboxQuery, type SenderKind } from "./chat-inbox.schema";

/*
 * The read side of the chat for lists (issue 13 §7, decision 38): the lawyer's inbox, unread counts, the client's
 * recent activity. As the chat marks reading (decision 0036), a lawyer's unread messages are the client's messages
 * not read yet (an admin's message is addressed to the client), and a client's are the lawyer's and the team's. Every
 * count uses the partial index case_chat_messages_unread_idx; the inbox reads case_chat_summaries in display order.
 */

export interface InboxRow {
  caseId: string;
  caseNumber: string;
  status: CaseStatus;
  client: { firstName: string; lastName: string };
  unread: number;
  last: { at: string; sender: string; excerpt: string | null; fileName: string | null } | null;
  chatHref: string;
}

export interface InboxPage {
  view: InboxQuery["view"];
  rows: InboxRow[];
  page: number;
  pageCount: number;
  total: number;
  unreadTotal: number;
}

function senderKind(senderId: string, role: Role | null, viewerId: string, ownerId: string): SenderKind {
  if (senderId === viewerId) return "me";
  if (senderId === ownerId) return "client";
  return role === "admin" ? "admin" : role === "lawyer" ? "lawyer" : "client";
}

/** The clients' unread messages in the lawyer's cases (spec client-areas §7, decision 38): dashboard card and inbox. */
export async function lawyerUnreadCount(actor: Actor): Promise<number> {
  assertRole(actor, "lawyer");
  const result = await sql<{ unread: number }>`
    SELECT count(*)::int AS unread
    FROM cases c JOIN case_chat_messages m ON m.case_id = c.id AND NOT m.read_status AND m.sender_id = c.user_id
    WHERE c.assigned_lawyer_id = ${actor.userId}`.execute(db());
  return result.rows[0]?.unread ?? 0;
}

/**
 * The lawyer's assigned cases, latest message first (cases without a message last), with unread counts; 'non-lues'
 * keeps the conversations with a message of the client still unread.
 */
export async function lawyerInbox(actor: Actor, query: InboxQuery): Promise<InboxPage> {
  assertRole(actor, "lawyer");
  const database = db();
  const onlyUnread = query.view === "non-lues";
  // A conversation is unread when a message of its client waits in the partial index of unread messages.
  const unreadFilter = onlyUnread
    ? sql`AND EXISTS (SELECT 1 FROM cases o JOIN case_chat_messages u ON u.case_id = o.id AND NOT u.read_status AND u.sender_id = o.user_id
        WHERE o.id = s.case_id)`
    : sql``;
  const [total, unreadTotal] = await Promise.all([
    sql<{ total: number }>`SELECT count(*)::int AS total FROM case_chat_summaries s WHERE s.lawyer_id = ${actor.userId} ${unreadFilter}`.execute(database),
    lawyerUnreadCount(actor),
  ]);
  const count = total.rows[0]?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / INBOX_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await sql<{
    case_id: string;
    case_number: string;
    status: CaseStatus;
    user_id: string;
    first_name: string;
    last_name: string;
    last_message_at: Date | null;
    last_sender_id: string | null;
    last_excerpt: string | null;
    last_file_name: string | null;
    sender_role: Role | null;
    sender_first_name: string | null;
    sender_last_name: string | null;
    unread: number;
  }>`
    SELECT s.case_id, c.case_number, c.status, c.user_id, owner.first_name, owner.last_name,
      s.last_message_at, s.last_sender_id, s.last_excerpt, s.last_file_name,
      sender.role AS sender_role, sender.first_name AS sender_first_name, sender.last_name AS sender_last_name,
      (SELECT count(*)::int FROM case_chat_messages m
        WHERE m.case_id = s.case_id AND NOT m.read_status AND m.sender_id = c.user_id) AS unread
    FROM (
      SELECT * FROM case_chat_summaries s WHERE s.lawyer_id = ${actor.userId} ${unreadFilter}
      ORDER BY s.last_message_at DESC NULLS LAST, s.case_id DESC
      LIMIT ${INBOX_PAGE_SIZE} OFFSET ${(page - 1) * INBOX_PAGE_SIZE}
    ) s
    JOIN cases c ON c.id = s.case_id
    JOIN profiles owner ON owner.id = c.user_id
    LEFT JOIN profiles sender ON sender.id = s.last_sender_id
    ORDER BY s.last_message_at DESC NULLS LAST, s.case_id DESC`.execute(database);
  return {
    view: query.view,
    page,
    pageCount,
    total: count,
    unreadTotal,
    rows: rows.rows.map((row) => ({
      caseId: row.case_id,
      caseNumber: row.case_number,
      status: row.status,
      client: { firstName: row.first_name, lastName: row.last_name },
      unread: row.unread,
      chatHref: chatPath(row.case_id),
      last:
        row.last_message_at && row.last_sender_id
          ? {
              at: new Date(row.last_message_at).toISOString(),
              sender: senderName(senderKind(row.last_sender_id, row.sender_role, actor.userId, row.user_id), {
                firstName: row.sender_first_name ?? "",
                lastName: row.sender_last_name ?? "",
              }),
              excerpt: row.last_excerpt,
              fileName: row.last_file_name,
            }
          : null,
    })),
  };
}

/** Unread messages from others per case of the acting client (cases without any are absent). */
export async function clientUnreadByCase(actor: Actor): Promise<Record<string, number>> {
  assertUser(actor);
  const result = await sql<{ case_id: string; unread: number }>`
    SELECT m.case_id, count(*)::int AS unread
    FROM cases c JOIN case_chat_messages m ON m.case_id = c.id AND NOT m.read_status AND m.sender_id <> ${actor.userId}
    WHERE c.user_id = ${actor.userId}
    GROUP BY m.case_id`.execute(db());
  return Object.fromEntries(result.rows.map((row) => [row.case_id, row.unread]));
}

/** A case's messages from others not read yet, as a column of a query over the client's own cases (their dashboard). */
export function clientUnreadColumn(clientId: string, caseIdColumn: string) {
  return sql<number>`(SELECT count(*)::int FROM case_chat_messages m
    WHERE m.case_id = ${sql.ref(caseIdColumn)} AND NOT m.read_status AND m.sender_id <> ${clientId})`;
}

export type ActivityItem =
  | {
      kind: "message";
      id: string;
      at: string;
      caseId: string;
      caseNumber: string;
      sender: string;
      excerpt: string | null;
      fileName: string | null;
      unread: boolean;
      href: string;
    }
  | { kind: "status"; id: string; at: string; caseId: string; caseNumber: string; fromStatus: CaseStatus | null; toStatus: CaseStatus; href: string };

export const ACTIVITY_LIMIT = 8;

/** The client's recent activity: messages they received and status changes of their cases, newest first. */
export async function clientRecentActivity(actor: Actor, limit = ACTIVITY_LIMIT): Promise<ActivityItem[]> {
  assertUser(actor);
  // Messages and status changes in one query (decision 0093): each branch keeps its own newest `limit`.
  const result = await sql<{
    kind: "message" | "status";
    id: string;
    case_id: string;
    case_number: string;
    created_at: Date;
    excerpt: string | null;
    file_name: string | null;
    read_status: boolean | null;
    sender_id: string | null;
    role: Role | null;
    first_name: string | null;
    last_name: string | null;
    from_status: CaseStatus | null;
    to_status: CaseStatus | null;
  }>`
    (SELECT 'message' AS kind, m.id::text AS id, c.id AS case_id, c.case_number, m.created_at, chat_excerpt(m.message) AS excerpt,
        m.file_name, m.read_status, m.sender_id, p.role, p.first_name, p.last_name,
        NULL::text AS from_status, NULL::text AS to_status
      FROM cases c
      CROSS JOIN LATERAL (
        SELECT id, created_at, message, file_name, read_status, sender_id FROM case_chat_messages
        WHERE case_id = c.id AND sender_id <> ${actor.userId}
        ORDER BY created_at DESC LIMIT ${limit}
      ) m
      JOIN profiles p ON p.id = m.sender_id
      WHERE c.user_id = ${actor.userId}
      ORDER BY m.created_at DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'status', h.id::text, c.id, c.case_number, h.created_at, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        h.from_status, h.to_status
      FROM cases c
      CROSS JOIN LATERAL (
        SELECT id, created_at, from_status, to_status FROM case_status_history
        WHERE case_id = c.id AND from_status IS DISTINCT FROM to_status
        ORDER BY created_at DESC LIMIT ${limit}
      ) h
      WHERE c.user_id = ${actor.userId}
      ORDER BY h.created_at DESC LIMIT ${limit})`.execute(db());
  const items: ActivityItem[] = result.rows.map((row) =>
    row.kind === "message"
      ? {
          kind: "message" as const,
          id: `message-${row.id}`,
          at: new Date(row.created_at).toISOString(),
          caseId: row.case_id,
          caseNumber: row.case_number,
          sender: senderName(senderKind(row.sender_id!, row.role!, actor.userId, actor.userId), { firstName: row.first_name!, lastName: row.last_name! }),
          excerpt: row.excerpt,
          fileName: row.file_name,
          unread: !row.read_status,
          href: chatPath(row.case_id),
        }
      : {
          kind: "status" as const,
          id: `status-${row.id}`,
          at: new Date(row.created_at).toISOString(),
          caseId: row.case_id,
          caseNumber: row.case_number,
          fromStatus: row.from_status,
          toStatus: row.to_status!,
          href: `/case/${encodeURIComponent(row.case_id)}`,
        },
  );
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1)).slice(0, limit);
}

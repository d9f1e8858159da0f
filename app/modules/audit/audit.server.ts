import { sql, type Kysely, type Transaction } from "kysely";
import { assertRole, type Actor, type UserActor } from "~/platform/actor";
import type { Database } from "~/platform/database-schema";
import { containsPattern } from "~/platform/like-pattern";
import { db } from "~/platform/runtime.server";
import { encodeCursor } from "~/platform/keyset";
import { cursorTime, olderThan } from "~/platform/keyset.server";
import { ACCESS_LOG_PAGE_SIZE, JOURNAL_PAGE_SIZE, PERSONAL_DATA_READ_ACTIONS, type JournalQuery, type PersonalDataReadAction } from "./audit.schema";

/**
 * What a staff member did, for the append-only journal (staff_audit_log). `action` is a dotted verb
 * ("case.assigned", "allocation.saved", "user.role-changed"…), `target` what it was done to. `before`/`after`
 * hold the changed values only, never a secret (no password, token, second-factor seed or file content).
 */
export interface StaffActionEntry {
  action: string;
  targetType: string;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records a staff action. Call it with the transaction that makes the change, so the journal and the change
 * land together or not at all.
 */
export async function recordStaffAction(
  db: Kysely<Database> | Transaction<Database>,
  actor: UserActor,
  entry: StaffActionEntry,
): Promise<void> {
  await db
    .insertInto("staff_audit_log")
    .values({
      actor_id: actor.userId,
      actor_email: actor.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      client_address: actor.clientAddress.slice(0, 100),
      before: entry.before == null ? null : JSON.stringify(entry.before),
      after: entry.after == null ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/**
 * A person the journal names, as their profile reads today. `name` and `email` are null when the account was
 * deleted (a pseudonymised tombstone or no profile left): the page shows "Compte supprimé" with the id.
 */
export interface JournalPerson {
  id: string;
  name: string | null;
  email: string | null;
}

export interface JournalEntry {
  id: number;
  createdAt: string;
  actorId: string;
  /** The address the actor had when acting (the journal's own record). */
  actorEmail: string;
  actor: JournalPerson;
  /** The person the action was on or about: a `user` target, or the subject of a read of personal data; else null. */
  targetPerson: JournalPerson | null;
  action: string;
  targetType: string;
  targetId: string;
  clientAddress: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface JournalPage {
  entries: JournalEntry[];
  /** The cursor of the next page, when there is one. */
  next: string | null;
}

/**
 * Admin: the journal, newest first, filtered by actor (email, exact or partial), action and target, one keyset
 * page at a time (each filter has its index, see migration 0026).
 */
const FULL_ADDRESS = /^[^@\s%_]+@[^@\s%_]+\.[a-z]{2,}$/i;

/** The id of the person an entry is about: a `user` target, or the subject a read of personal data names. */
const TARGET_PERSON_ID = sql<string | null>`CASE WHEN l.target_type = 'user' THEN l.target_id ELSE l.after ->> 'subjectUserId' END`;

function journalPerson(id: string, row: { first_name: string | null; last_name: string | null; email: string | null; deleted_at: Date | null }): JournalPerson {
  if (row.first_name === null || row.deleted_at !== null) return { id, name: null, email: null };
  return { id, name: `${row.first_name} ${row.last_name ?? ""}`.trim(), email: row.email };
}

export async function listJournal(actor: Actor, query: JournalQuery): Promise<JournalPage> {
  assertRole(actor, "admin");
  // The names come in the same query: two primary-key lookups per row of the page, no query per row.
  const rows = await db()
    .selectFrom("staff_audit_log as l")
    .leftJoin("profiles as ap", "ap.id", "l.actor_id")
    .leftJoin("profiles as tp", (join) => join.onRef("tp.id", "=", TARGET_PERSON_ID))
    .selectAll("l")
    .select([
      "ap.first_name as actor_first_name",
      "ap.last_name as actor_last_name",
      "ap.email as actor_current_email",
      "ap.deleted_at as actor_deleted_at",
      "tp.first_name as target_first_name",
      "tp.last_name as target_last_name",
      "tp.email as target_email",
      "tp.deleted_at as target_deleted_at",
    ])
    .select(TARGET_PERSON_ID.as("target_person_id"))
    .select(cursorTime("l.created_at").as("cursor_at"))
    // A whole address uses the actor index's exact match; a part of one searches.
    .$if(FULL_ADDRESS.test(query.actor), (q) => q.where(sql`lower(l.actor_email)`, "=", query.actor.toLowerCase()))
    .$if(query.actor !== "" && !FULL_ADDRESS.test(query.actor), (q) => q.where("l.actor_email", "ilike", containsPattern(query.actor)))
    .$if(query.action !== "", (q) => q.where("l.action", "=", query.action))
    .$if(query.target !== "", (q) => q.where("l.target_type", "=", query.target))
    .$if(query.targetId !== "", (q) => q.where("l.target_id", "=", query.targetId))
    .$if(query.after !== undefined && /^\d+$/.test(query.after.id), (q) => q.where(olderThan("l.created_at", "l.id", query.after!)))
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(JOURNAL_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, JOURNAL_PAGE_SIZE);
  const entries = page.map((row) => ({
    id: Number(row.id),
    createdAt: row.created_at.toISOString(),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    actor: journalPerson(row.actor_id, {
      first_name: row.actor_first_name,
      last_name: row.actor_last_name,
      email: row.actor_current_email,
      deleted_at: row.actor_deleted_at,
    }),
    targetPerson: row.target_person_id
      ? journalPerson(row.target_person_id, {
          first_name: row.target_first_name,
          last_name: row.target_last_name,
          email: row.target_email,
          deleted_at: row.target_deleted_at,
        })
      : null,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    clientAddress: row.client_address,
    before: (row.before ?? null) as Record<string, unknown> | null,
    after: (row.after ?? null) as Record<string, unknown> | null,
  }));
  const last = page.at(-1);
  return { entries, next: rows.length > JOURNAL_PAGE_SIZE && last ? encodeCursor(last.cursor_at, last.id) : null };
}

export interface PersonalDataRead {
  action: PersonalDataReadAction;
  subjectUserId: string;
  targetType: string;
  targetId: string;
  /** What was read, for the journal and the person's list (never the data itself). */
  details?: Record<string, unknown>;
}

/**
 * Records a staff member's read of someone's personal data (issue 16, item 5): the journal names the person in
 * `after.subjectUserId`, which the person's own list reads through migration 0082's index. A read of one's own
 * data is not recorded. With `coalesceMinutes`, a read of the same thing by the same person already recorded within
 * that time is not recorded again (a page's loader runs again after each of its actions).
 */
export async function recordPersonalDataRead(
  executor: Kysely<Database> | Transaction<Database>,
  actor: UserActor,
  read: PersonalDataRead,
  options: { coalesceMinutes?: number } = {},
): Promise<void> {
  await recordPersonalDataReads(executor, actor, [read], options);
}

/**
 * Several reads shown by one page (a list naming many people), recorded as recordPersonalDataRead records each: one
 * query finds those already recorded within `coalesceMinutes`, one insert writes the others (not two per person).
 */
export async function recordPersonalDataReads(
  executor: Kysely<Database> | Transaction<Database>,
  actor: UserActor,
  reads: readonly PersonalDataRead[],
  options: { coalesceMinutes?: number } = {},
): Promise<void> {
  const key = (action: string, targetType: string, targetId: string) => `${action}\u0000${targetType}\u0000${targetId}`;
  let pending = reads.filter((read) => read.subjectUserId !== actor.userId);
  pending = pending.filter((read, index) => pending.findIndex((other) => key(other.action, other.targetType, other.targetId) === key(read.action, read.targetType, read.targetId)) === index);
  if (pending.length === 0) return;
  if (options.coalesceMinutes) {
    const recent = await executor
      .selectFrom("staff_audit_log")
      .select(["action", "target_type", "target_id"])
      .where("actor_id", "=", actor.userId)
      .where("action", "in", [...new Set(pending.map((read) => read.action))])
      .where("target_type", "in", [...new Set(pending.map((read) => read.targetType))])
      .where("target_id", "in", [...new Set(pending.map((read) => read.targetId))])
      .where("created_at", ">", sql<Date>`now() - make_interval(mins => ${options.coalesceMinutes})`)
      .execute();
    const recorded = new Set(recent.map((row) => key(row.action, row.target_type, row.target_id)));
    pending = pending.filter((read) => !recorded.has(key(read.action, read.targetType, read.targetId)));
    if (pending.length === 0) return;
  }
  await executor
    .insertInto("staff_audit_log")
    .values(
      pending.map((read) => ({
        actor_id: actor.userId,
        actor_email: actor.email,
        action: read.action,
        target_type: read.targetType,
        target_id: read.targetId,
        client_address: actor.clientAddress.slice(0, 100),
        before: null,
        after: JSON.stringify({ ...read.details, subjectUserId: read.subjectUserId, actorRole: actor.role }),
      })),
    )
    .execute();
}

/** The actions as SQL literals: the partial index's predicate must be provable from the query's own text. */
const READ_ACTIONS_SQL = sql.join(PERSONAL_DATA_READ_ACTIONS.map((action) => sql.lit(action)));

/** One page of the staff reads of a person's data (privacy's access log words them): migration 0082's partial index serves the filter and the order. */
export function personalDataReadsQuery(userId: string, cursor?: { at: string; id: string }) {
  return db()
    .selectFrom("staff_audit_log as l")
    .leftJoin("profiles as p", "p.id", "l.actor_id")
    .select(["l.id", "l.created_at", "l.action", "l.after", "p.first_name", "p.last_name", "p.role"])
    .select(cursorTime("l.created_at").as("cursor_at"))
    .where(sql<string>`l.after ->> 'subjectUserId'`, "=", userId)
    .where(sql<boolean>`l.action IN (${READ_ACTIONS_SQL})`)
    .$if(cursor !== undefined && /^\d+$/.test(cursor.id), (q) => q.where(olderThan("l.created_at", "l.id", cursor!)))
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(ACCESS_LOG_PAGE_SIZE + 1);
}

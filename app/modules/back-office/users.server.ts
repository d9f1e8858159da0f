import { sql } from "kysely";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { assertRole, NotFoundError, type Actor } from "~/platform/actor";
import type { Role } from "~/platform/database-schema";
import { encodeCursor } from "~/platform/keyset";
import { cursorTime, olderThan } from "~/platform/keyset.server";
import { containsPattern, FULL_ADDRESS } from "~/platform/like-pattern";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { BACK_OFFICE_PAGE_SIZE, backOfficeMessages, type UserListQuery } from "./back-office.schema";

export interface UserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  country: string;
  identityVerified: boolean;
  profileCompleted: boolean;
  createdAt: string;
  lawyer: { firstName: string; lastName: string; email: string } | null;
}

/** The columns of a UserRow: the person (p) and their lawyer (l, left joined). */
const USER_ROW_COLUMNS = [
  "p.id",
  "p.email",
  "p.first_name",
  "p.last_name",
  "p.role",
  "p.country",
  "p.identity_verified",
  "p.profile_completed",
  "p.created_at",
  "l.first_name as lawyer_first_name",
  "l.last_name as lawyer_last_name",
  "l.email as lawyer_email",
] as const;

function userRow(row: {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  country: string;
  identity_verified: boolean;
  profile_completed: boolean;
  created_at: Date;
  lawyer_first_name: string | null;
  lawyer_last_name: string | null;
  lawyer_email: string | null;
}): UserRow {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    country: row.country,
    identityVerified: row.identity_verified,
    profileCompleted: row.profile_completed,
    createdAt: row.created_at.toISOString(),
    lawyer: row.lawyer_email ? { firstName: row.lawyer_first_name!, lastName: row.lawyer_last_name!, email: row.lawyer_email } : null,
  };
}

export interface UserPage {
  users: UserRow[];
  next: string | null;
}

/**
 * Admin: accounts newest first, searched on email and names (case-insensitive substring, trigram indexes),
 * filtered by role and verification, one keyset page at a time.
 */
export async function listUsers(actor: Actor, query: UserListQuery): Promise<UserPage> {
  assertRole(actor, "admin");
  const term = query.q;
  // A whole address is one equality lookup in the unique index of lower(email); when it finds no one, the term goes
  // on to the contains search (decision 0057).
  const exact = FULL_ADDRESS.test(term)
    ? await db().selectFrom("profiles").select("id").where(sql`lower(email)`, "=", term.toLowerCase()).executeTakeFirst()
    : undefined;
  const rows = await db()
    .selectFrom("profiles as p")
    .leftJoin("profiles as l", "l.id", "p.assigned_lawyer_id")
    .select(USER_ROW_COLUMNS)
    .select(cursorTime("p.created_at").as("cursor_at"))
    .$if(exact !== undefined, (q) => q.where("p.id", "=", exact!.id))
    .$if(term !== "" && exact === undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb("p.email", "ilike", containsPattern(term)),
          eb("p.first_name", "ilike", containsPattern(term)),
          eb("p.last_name", "ilike", containsPattern(term)),
        ]),
      ),
    )
    .$if(query.role !== undefined, (q) => q.where("p.role", "=", query.role!))
    .$if(query.verification !== "tous", (q) => q.where("p.identity_verified", "=", query.verification === "verifies"))
    .$if(query.after !== undefined, (q) => q.where(olderThan("p.created_at", "p.id", query.after!)))
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .limit(BACK_OFFICE_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, BACK_OFFICE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    users: page.map(userRow),
    next: rows.length > BACK_OFFICE_PAGE_SIZE && last ? encodeCursor(last.cursor_at, last.id) : null,
  };
}

export interface UserDetail extends UserRow {
  emailVerified: boolean;
  secondFactorEnabled: boolean;
  activeSessions: number;
  identity: { status: "verified" | "pending" | "rejected" | "none"; pendingDocuments: number; rejectedDocuments: number };
  cases: { id: string; caseNumber: string; status: string; scamType: string | null; createdAt: string; lawyer: string | null }[];
}

/** Admin: one person's panel — profile, account security facts, identity review state and cases. */
export async function userDetail(actor: Actor, userId: string): Promise<UserDetail> {
  assertRole(actor, "admin");
  const database = db();
  const row = await database
    .selectFrom("profiles as p")
    .innerJoin("user as u", "u.id", "p.id")
    .leftJoin("profiles as l", "l.id", "p.assigned_lawyer_id")
    .select([...USER_ROW_COLUMNS, "u.emailVerified", "u.twoFactorEnabled"])
    .where("p.id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  const [sessions, documents, cases] = await Promise.all([
    database
      .selectFrom("session")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("userId", "=", userId)
      .where("expiresAt", ">", new Date())
      .executeTakeFirstOrThrow(),
    database
      .selectFrom("identity_verification_documents")
      .select(["status"])
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", userId)
      .where("obsolete", "=", false)
      .groupBy("status")
      .execute(),
    database
      .selectFrom("cases as c")
      .leftJoin("profiles as l", "l.id", "c.assigned_lawyer_id")
      .select(["c.id", "c.case_number", "c.status", "c.scam_type", "c.created_at", "l.first_name", "l.last_name"])
      .where("c.user_id", "=", userId)
      .orderBy("c.created_at", "desc")
      .limit(100)
      .execute(),
  ]);
  const count = (status: string) => Number(documents.find((document) => document.status === status)?.n ?? 0);
  const pending = count("pending");
  const rejected = count("rejected");
  return {
    ...userRow(row),
    emailVerified: row.emailVerified,
    secondFactorEnabled: Boolean(row.twoFactorEnabled),
    activeSessions: Number(sessions.n),
    identity: {
      status: row.identity_verified ? "verified" : pending > 0 ? "pending" : rejected > 0 ? "rejected" : "none",
      pendingDocuments: pending,
      rejectedDocuments: rejected,
    },
    cases: cases.map((item) => ({
      id: item.id,
      caseNumber: item.case_number,
      status: item.status,
      scamType: item.scam_type,
      createdAt: item.created_at.toISOString(),
      lawyer: item.first_name ? `${item.first_name} ${item.last_name}` : null,
    })),
  };
}

export type RoleChangeResult =
  | { ok: true; sessionsEnded: number; mustEnrolSecondFactor: boolean }
  | { ok: false; status: 400 | 409; message: string };

/**
 * Admin: gives an account another role. A privilege change: every session of the person ends, and a new lawyer or
 * admin without a second factor must enrol one at their next sign-in (the guards send them there). Nobody changes
 * their own role, and the last admin stays admin. Journalled with the role before and after.
 */
export async function changeRole(actor: Actor, input: { userId: string; role: Role }): Promise<RoleChangeResult> {
  assertRole(actor, "admin");
  if (input.userId === actor.userId) return { ok: false, status: 409, message: backOfficeMessages.roleOwn };
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<RoleChangeResult> => {
      // Admin rows are locked first, in one order, so two demotions at once cannot leave no admin.
      const admins = await sql<{ id: string }>`SELECT id FROM profiles WHERE role = 'admin' ORDER BY id FOR UPDATE`.execute(trx);
      const target = await trx
        .selectFrom("profiles as p")
        .innerJoin("user as u", "u.id", "p.id")
        .select(["p.id", "p.role", "p.lawyer_level", "u.twoFactorEnabled"])
        .where("p.id", "=", input.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!target) throw new NotFoundError();
      if (target.role === input.role) return { ok: false, status: 409, message: backOfficeMessages.roleUnchanged };
      if (target.role === "admin" && admins.rows.length <= 1) return { ok: false, status: 409, message: backOfficeMessages.roleLastAdmin };
      await trx
        .updateTable("profiles")
        .set({ role: input.role, ...(input.role === "lawyer" && !target.lawyer_level ? { lawyer_level: "basic" } : {}) })
        .where("id", "=", target.id)
        .execute();
      const ended = await trx.deleteFrom("session").where("userId", "=", target.id).executeTakeFirst();
      const sessionsEnded = Number(ended.numDeletedRows);
      const mustEnrolSecondFactor = input.role !== "user" && !target.twoFactorEnabled;
      await recordStaffAction(trx, actor, {
        action: "user.role-changed",
        targetType: "user",
        targetId: target.id,
        before: { role: target.role },
        after: { role: input.role, sessionsEnded, mustEnrolSecondFactor },
      });
      return { ok: true, sessionsEnded, mustEnrolSecondFactor };
    });
  if (result.ok) logger.info({ adminId: actor.userId, userId: input.userId, role: input.role }, "rôle modifié par un administrateur");
  return result;
}

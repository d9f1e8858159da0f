import { caseListColumns, caseListFields } from "./payment-totals.server";
import { caseWithPeople } from "./case-with-people.server";
import type { CaseListItem } from "./payment-totals";
import { sql, type SqlBool } from "kysely";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { assertRole, NotFoundError, type Actor } from "~/platform/actor";
import type { CaseStatus } from "~/platform/database-schema";
import { containsPattern, FULL_ADDRESS, FULL_CASE_NUMBER } from "~/platform/like-pattern";
import { encodeCursor } from "~/platform/keyset";
import { cursorTime, flaggedOlderThan } from "~/platform/keyset.server";
import { db } from "~/platform/runtime.server";
import {
  ADMIN_CASE_PAGE_SIZE,
  adminCaseMessages,
  type CaseAgreementState,
  FINISHED_STATUSES,
  scamTypesMatching,
  type AdminCaseQuery,
  type AssignLawyerInput,
} from "./admin-cases.schema";
import { notifyAssignment } from "./case-assignment.server";
import { withHistoryContext } from "./case-history.server";

export interface AdminCaseRow extends CaseListItem {
  createdAt: string;
  waitingForLawyer: boolean;
  /** The state of the case's current fee agreement (its latest revision not replaced), or "none". */
  agreement: CaseAgreementState;
  client: { email: string; firstName: string; lastName: string };
  lawyer: { id: string; firstName: string; lastName: string } | null;
}

export interface LawyerChoice {
  id: string;
  firstName: string;
  lastName: string;
  percentage: number | null;
  allocationActive: boolean;
}

export interface AdminCasePage {
  rows: AdminCaseRow[];
  nextCursor: string | null;
  waitingCount: number;
  lawyers: LawyerChoice[];
}

/**
 * The admin's case list: cases waiting for a lawyer first, then newest first, with the owner and the lawyer; search on
 * case number, client email or name, and scam type (its French label too); filter by status or 'not assigned';
 * the fee agreement's state (filterable); keyset pagination on (waiting, created_at, id).
 */
export async function adminCaseList(actor: Actor, query: AdminCaseQuery): Promise<AdminCasePage> {
  assertRole(actor, "admin");
  const database = db();
  const waiting = sql<boolean>`(c.status = 'submitted')`;
  // One probe per listed row, backwards on the (case_id, revision) unique index. Read here, not through the agreements
  // module, which sits above cases.
  const agreement = sql<CaseAgreementState>`coalesce((
    SELECT a.state FROM fee_agreements a WHERE a.case_id = c.id AND a.state <> 'replaced' ORDER BY a.revision DESC LIMIT 1), 'none')`;
  let list = caseWithPeople(database).select([
    ...caseListColumns(),
    "c.created_at",
    cursorTime("c.created_at").as("cursor_at"),
    waiting.as("waiting"),
    agreement.as("agreement"),
    "o.email",
    "o.first_name",
    "o.last_name",
    "c.assigned_lawyer_id",
    "l.first_name as lawyer_first_name",
    "l.last_name as lawyer_last_name",
  ]);
  if (query.status !== "tous") list = list.where("c.status", "=", query.status as CaseStatus);
  if (query.filter === "non-assignes") list = list.where("c.assigned_lawyer_id", "is", null).where("c.status", "<>", "draft");
  if (query.agreement !== "toutes") list = list.where(agreement, "=", query.agreement);
  // A whole case number or email address is one equality lookup in a unique index; only when it finds nothing does
  // the term go on to the contains search below (decision 0057).
  const exact = query.q ? await exactCaseSearch(query.q) : null;
  if (exact) {
    list = exact.caseId ? list.where("c.id", "=", exact.caseId) : list.where("c.user_id", "=", exact.userId!);
  } else if (query.q) {
    const pattern = containsPattern(query.q);
    const types = scamTypesMatching(query.q);
    // The expression of the trigram index profiles_search_trgm_idx (migration 0036).
    const people = database
      .selectFrom("profiles")
      .select("id")
      .where(sql<string>`email || ' ' || first_name || ' ' || last_name`, "ilike", pattern);
    if (types.length > 0) {
      // A scam-type term matches many cases: filter while walking the list's index, which stops at one page.
      list = list.where((eb) =>
        eb.or([
          eb("c.scam_type", "in", types),
          eb("c.case_number", "ilike", pattern),
          eb("c.scam_type", "ilike", pattern),
          eb("c.user_id", "in", people),
        ]),
      );
    } else {
      // A number, an email or a name matches few cases: find them through the trigram indexes, then sort them.
      // A term shaped like a case number ("RC-2026-0001", "000123") skips the people.
      const numberOnly = /^(rc-?)?[\d-]+$/i.test(query.q);
      list = list.where("c.id", "in", (eb) => {
        const byCase = eb
          .selectFrom("cases")
          .select("id")
          .where((inner) => inner.or([inner("case_number", "ilike", pattern), inner("scam_type", "ilike", pattern)]));
        return numberOnly ? byCase : byCase.unionAll(eb.selectFrom("cases").select("id").where("user_id", "in", people));
      });
    }
  }
  if (query.after) list = list.where(flaggedOlderThan(waiting, "c.created_at", "c.id", query.after));
  const [rows, waitingCount, lawyers] = await Promise.all([
    list
      .orderBy(waiting, "desc")
      .orderBy("c.created_at", "desc")
      .orderBy("c.id", "desc")
      .limit(ADMIN_CASE_PAGE_SIZE + 1)
      .execute(),
    database
      .selectFrom("cases")
      .select(sql<number>`count(*)::int`.as("n"))
      .where(sql<SqlBool>`status = 'submitted'`)
      .executeTakeFirstOrThrow(),
    query.assign ? lawyerChoices() : Promise.resolve([]),
  ]);
  const page = rows.slice(0, ADMIN_CASE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map((row) => ({
      ...caseListFields(row),
      createdAt: row.created_at.toISOString(),
      waitingForLawyer: row.waiting,
      agreement: row.agreement,
      client: { email: row.email, firstName: row.first_name, lastName: row.last_name },
      lawyer:
        row.assigned_lawyer_id && row.lawyer_first_name !== null && row.lawyer_last_name !== null
          ? { id: row.assigned_lawyer_id, firstName: row.lawyer_first_name, lastName: row.lawyer_last_name }
          : null,
    })),
    nextCursor: rows.length > ADMIN_CASE_PAGE_SIZE && last ? encodeCursor(last.cursor_at, last.id, last.waiting) : null,
    waitingCount: waitingCount.n,
    lawyers,
  };
}

/** The case with this exact number, or the person with this exact address (unique indexes), or null. */
async function exactCaseSearch(term: string): Promise<{ caseId?: string; userId?: string } | null> {
  if (FULL_CASE_NUMBER.test(term)) {
    const found = await db().selectFrom("cases").select("id").where("case_number", "=", term.toUpperCase()).executeTakeFirst();
    return found ? { caseId: found.id } : null;
  }
  if (FULL_ADDRESS.test(term)) {
    const found = await db().selectFrom("profiles").select("id").where(sql`lower(email)`, "=", term.toLowerCase()).executeTakeFirst();
    return found ? { userId: found.id } : null;
  }
  return null;
}

async function lawyerChoices(): Promise<LawyerChoice[]> {
  const rows = await db()
    .selectFrom("profiles as p")
    .leftJoin("lawyer_allocation as a", "a.lawyer_id", "p.id")
    .select(["p.id", "p.first_name", "p.last_name", "a.allocation_percentage", "a.active"])
    .where("p.role", "=", "lawyer")
    .orderBy("p.last_name")
    .orderBy("p.first_name")
    .orderBy("p.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    percentage: row.allocation_percentage,
    allocationActive: row.active ?? true,
  }));
}

export type AssignByAdminResult =
  | { ok: true; reassigned: boolean; lawyerName: string }
  | { ok: false; status: 400 | 409; message: string };

/**
 * An admin assigns or reassigns a lawyer (spec: status assigned, assigned_lawyer_id, assigned_at). Under the
 * assignment lock; the history row names the admin; the staff journal records 'case.assigned' or
 * 'case.reassigned'; the client's lawyer follows when it was empty or the previous lawyer of this case; the client
 * and the new lawyer are emailed. Drafts and finished cases are refused.
 */
export async function assignCaseByAdmin(actor: Actor, input: AssignLawyerInput): Promise<AssignByAdminResult> {
  assertRole(actor, "admin");
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<AssignByAdminResult> => {
      await trx.selectFrom("case_assignment_state").select("id").where("id", "=", 1).forUpdate().execute();
      const theCase = await trx
        .selectFrom("cases")
        .select(["id", "status", "user_id", "case_number", "assigned_lawyer_id"])
        .where("id", "=", input.caseId)
        .forUpdate()
        .executeTakeFirst();
      if (!theCase) throw new NotFoundError();
      if (theCase.status === "draft") return { ok: false, status: 409, message: adminCaseMessages.draft };
      if (FINISHED_STATUSES.includes(theCase.status)) return { ok: false, status: 409, message: adminCaseMessages.finished };
      const lawyer = await trx
        .selectFrom("profiles")
        .select(["id", "first_name", "last_name"])
        .where("id", "=", input.lawyerId)
        .where("role", "=", "lawyer")
        .executeTakeFirst();
      if (!lawyer) return { ok: false, status: 400, message: adminCaseMessages.unknownLawyer };
      const lawyerName = `Maître ${lawyer.first_name} ${lawyer.last_name}`;
      if (theCase.assigned_lawyer_id === lawyer.id) return { ok: false, status: 409, message: adminCaseMessages.sameLawyer };

      const previous = theCase.assigned_lawyer_id;
      await withHistoryContext(trx, { actorId: actor.userId }, () =>
        trx
          .updateTable("cases")
          .set({ assigned_lawyer_id: lawyer.id, assigned_at: sql`clock_timestamp()`, status: "assigned", opened_at: null })
          .where("id", "=", theCase.id)
          .execute(),
      );
      await trx
        .updateTable("profiles")
        .set({ assigned_lawyer_id: lawyer.id })
        .where("id", "=", theCase.user_id)
        .where((eb) => (previous ? eb.or([eb("assigned_lawyer_id", "is", null), eb("assigned_lawyer_id", "=", previous)]) : eb("assigned_lawyer_id", "is", null)))
        .execute();
      await recordStaffAction(trx, actor, {
        action: previous ? "case.reassigned" : "case.assigned",
        targetType: "case",
        targetId: theCase.id,
        before: { lawyerId: previous, status: theCase.status },
        after: { lawyerId: lawyer.id, status: "assigned" },
      });
      const client = await trx.selectFrom("profiles").select(["email", "first_name"]).where("id", "=", theCase.user_id).executeTakeFirstOrThrow();
      await notifyAssignment(trx, { caseId: theCase.id, caseNumber: theCase.case_number, client, lawyerId: lawyer.id });
      return { ok: true, reassigned: previous !== null, lawyerName };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

import { caseListColumns, caseListFields } from "./payment-totals.server";
import type { CaseListItem } from "./payment-totals";
import { sql, type SqlBool } from "kysely";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { enqueueEmailToPeople } from "~/modules/notifications/notifications.server";
import { assertRole, NotFoundError, type Actor } from "~/platform/actor";
import type { CaseOutcome } from "~/platform/database-schema";
import { containsPattern } from "~/platform/like-pattern";
import { db } from "~/platform/runtime.server";
import { withHistoryContext, publicLink } from "./case-history.server";
import { caseStatusLabel } from "./cases.schema";
import {
  LAWYER_CASE_PAGE_SIZE,
  CLOSING_STATUSES,
  LAWYER_TRANSITIONS,
  lawyerCaseMessages,
  OUTCOMES_WITH_RECOVERY,
  STATUS_EXPLANATIONS,
  type LawyerCaseQuery,
  type LawyerClientQuery,
  type LawyerTargetStatus,
  type StatusChangeInput,
} from "./lawyer-cases.schema";

export interface LawyerCaseRow extends CaseListItem {
  assignedAt: string | null;
  isNew: boolean;
  client: { firstName: string; lastName: string; identityVerified: boolean };
  nextStatuses: readonly LawyerTargetStatus[];
}

export interface LawyerCasePage {
  rows: LawyerCaseRow[];
  total: number;
  page: number;
  pageCount: number;
  newCount: number;
}

/**
 * The cases assigned to the acting lawyer, newest assignment first: filter by status or 'Nouveaux dossiers'
 * (assigned and not opened yet), search on case number or client name.
 */
export async function lawyerCaseList(actor: Actor, query: LawyerCaseQuery): Promise<LawyerCasePage> {
  assertRole(actor, "lawyer");
  const database = db();
  let list = database.selectFrom("cases as c").where("c.assigned_lawyer_id", "=", actor.userId);
  if (query.status !== "tous") list = list.where("c.status", "=", query.status);
  if (query.view === "nouveaux") list = list.where("c.status", "=", "assigned").where("c.opened_at", "is", null);
  if (query.q) {
    const pattern = containsPattern(query.q);
    // The name search stays within the clients of this lawyer's cases: their ids are gathered once from the lawyer's
    // cases, then read by primary key. Joined to every case's owner, the planner hashed the whole profiles table
    // (100 000 rows) for a lawyer's 500 cases, filtered or not (decision 0057).
    list = list.where((eb) =>
      eb.or([
        eb("c.case_number", "ilike", pattern),
        sql<SqlBool>`c.user_id IN (
          SELECT p.id FROM profiles p
          WHERE p.id = ANY (ARRAY(SELECT mine.user_id FROM cases mine WHERE mine.assigned_lawyer_id = ${actor.userId}))
            AND (p.first_name ILIKE ${pattern} OR p.last_name ILIKE ${pattern}
              OR p.first_name || ' ' || p.last_name ILIKE ${pattern} OR p.last_name || ' ' || p.first_name ILIKE ${pattern}))`,
      ]),
    );
  }
  const [rows, count, fresh] = await Promise.all([
    list
      .innerJoin("profiles as p", "p.id", "c.user_id")
      .select([
        ...caseListColumns(),
        "c.assigned_at",
        "c.opened_at",
        "p.first_name",
        "p.last_name",
        "p.identity_verified",
      ])
      .orderBy("c.assigned_at", "desc")
      .orderBy("c.id", "desc")
      .limit(LAWYER_CASE_PAGE_SIZE)
      .offset((query.page - 1) * LAWYER_CASE_PAGE_SIZE)
      .execute(),
    list.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
    database
      .selectFrom("cases")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("assigned_lawyer_id", "=", actor.userId)
      .where("status", "=", "assigned")
      .where("opened_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      ...caseListFields(row),
      assignedAt: row.assigned_at ? row.assigned_at.toISOString() : null,
      isNew: row.status === "assigned" && row.opened_at === null,
      client: { firstName: row.first_name, lastName: row.last_name, identityVerified: row.identity_verified },
      nextStatuses: LAWYER_TRANSITIONS[row.status] ?? [],
    })),
    total: count.n,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(count.n / LAWYER_CASE_PAGE_SIZE)),
    newCount: fresh.n,
  };
}

export interface LawyerClientRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneMobile: string | null;
  identityVerified: boolean;
  activeCases: number;
  latestCase: { id: string; caseNumber: string } | null;
}

/** The acting lawyer's clients (spec: role user, assigned_lawyer_id = the lawyer), verified or not. */
export async function lawyerClients(actor: Actor, query: LawyerClientQuery): Promise<{ rows: LawyerClientRow[]; verified: number; total: number }> {
  assertRole(actor, "lawyer");
  // The lawyer's clients first (their index), then the filters and the search over those few rows: as one query the
  // planner could instead intersect the trigram indexes of every profile (decision 0057).
  let list = db()
    .with(
      (cte) => cte("mine").materialized(),
      (database) => database.selectFrom("profiles").selectAll().where("role", "=", "user").where("assigned_lawyer_id", "=", actor.userId),
    )
    .selectFrom("mine as p");
  const counts = await list
    .select([sql<number>`count(*)::int`.as("total"), sql<number>`count(*) FILTER (WHERE p.identity_verified)::int`.as("verified")])
    .executeTakeFirstOrThrow();
  if (query.verification !== "tous") list = list.where("p.identity_verified", "=", query.verification === "verifies");
  if (query.q) {
    const pattern = containsPattern(query.q);
    list = list.where((eb) =>
      eb.or([
        eb("p.first_name", "ilike", pattern),
        eb("p.last_name", "ilike", pattern),
        eb("p.email", "ilike", pattern),
        eb(sql<string>`p.first_name || ' ' || p.last_name`, "ilike", pattern),
      ]),
    );
  }
  const rows = await list
    .select([
      "p.id",
      "p.first_name",
      "p.last_name",
      "p.email",
      "p.phone_mobile",
      "p.identity_verified",
      sql<number>`(SELECT count(*) FROM cases c WHERE c.user_id = p.id AND c.assigned_lawyer_id = ${actor.userId}
        AND c.status <> 'closed')::int`.as("active_cases"),
      sql<string | null>`(SELECT c.id::text FROM cases c WHERE c.user_id = p.id AND c.assigned_lawyer_id = ${actor.userId}
        ORDER BY c.assigned_at DESC LIMIT 1)`.as("latest_case_id"),
      sql<string | null>`(SELECT c.case_number FROM cases c WHERE c.user_id = p.id AND c.assigned_lawyer_id = ${actor.userId}
        ORDER BY c.assigned_at DESC LIMIT 1)`.as("latest_case_number"),
    ])
    .orderBy("p.last_name")
    .orderBy("p.first_name")
    .orderBy("p.id")
    .limit(500)
    .execute();
  return {
    total: counts.total,
    verified: counts.verified,
    rows: rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phoneMobile: row.phone_mobile,
      identityVerified: row.identity_verified,
      activeCases: row.active_cases,
      latestCase: row.latest_case_id && row.latest_case_number ? { id: row.latest_case_id, caseNumber: row.latest_case_number } : null,
    })),
  };
}

/**
 * Marks a case as opened by its lawyer (it leaves 'Nouveaux dossiers'). Another lawyer's case, or an unknown one,
 * is NotFoundError. For the case page's loader, and the /avocat/dossiers/:caseId link.
 */
export async function markCaseOpened(actor: Actor, caseId: string): Promise<void> {
  assertRole(actor, "lawyer");
  const updated = await db()
    .updateTable("cases")
    .set({ opened_at: sql`coalesce(opened_at, now())` })
    .where("id", "=", caseId)
    .where("assigned_lawyer_id", "=", actor.userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new NotFoundError();
}

export type StatusChangeResult =
  | { ok: true; status: LawyerTargetStatus; unchanged: boolean }
  | { ok: false; status: 400 | 409; message: string };

/**
 * The lawyer moves their case assigned → in_progress → resolved or closed, with an optional note (kept in the
 * history, shown in the timeline). The client is emailed; the staff journal records 'case.status-changed'. A case
 * that is not theirs is NotFoundError; the same move twice (a double click) changes nothing the second time.
 */
export async function changeCaseStatusByLawyer(actor: Actor, input: StatusChangeInput): Promise<StatusChangeResult> {
  assertRole(actor, "lawyer");
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<StatusChangeResult> => {
      const theCase = await trx
        .selectFrom("cases")
        .select(["id", "status", "user_id", "case_number"])
        .where("id", "=", input.caseId)
        .where("assigned_lawyer_id", "=", actor.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!theCase) throw new NotFoundError();
      if (theCase.status === input.status) return { ok: true, status: input.status, unchanged: true };
      if (!(LAWYER_TRANSITIONS[theCase.status] ?? []).includes(input.status)) {
        return { ok: false, status: 409, message: lawyerCaseMessages.notAllowed };
      }
      // Issue 30: work starts under a signed fee agreement, or for a documented urgency (journalled below).
      const startsWork = input.status === "in_progress" && theCase.status === "assigned";
      const agreementActive =
        startsWork &&
        (await trx.selectFrom("fee_agreements").select("id").where("case_id", "=", theCase.id).where("state", "=", "active").executeTakeFirst()) !== undefined;
      if (startsWork && !agreementActive && input.urgency === "") return { ok: false, status: 409, message: lawyerCaseMessages.agreementRequired };
      // Issue 31: ending a case records its outcome and the ledger's total at this moment (the case row is locked).
      const closing = CLOSING_STATUSES.includes(input.status);
      let outcome: { outcome: CaseOutcome; outcome_reason: string | null; outcome_recovered_cents: number } | null = null;
      if (closing) {
        if (!input.outcome) return { ok: false, status: 400, message: lawyerCaseMessages.outcomeRequired };
        if (input.outcome === "not_pursued" && input.outcomeReason === "") return { ok: false, status: 400, message: lawyerCaseMessages.reasonRequired };
        const ledger = await trx
          .selectFrom("case_recoveries")
          .select(sql<string>`coalesce(sum(amount_cents), 0)`.as("total"))
          .where("case_id", "=", theCase.id)
          .executeTakeFirstOrThrow();
        const recovered = Number(ledger.total);
        if (OUTCOMES_WITH_RECOVERY.includes(input.outcome) && recovered <= 0) return { ok: false, status: 409, message: lawyerCaseMessages.nothingRecorded };
        if (input.outcome === "nothing_recovered" && recovered > 0) return { ok: false, status: 409, message: lawyerCaseMessages.somethingRecorded };
        outcome = {
          outcome: input.outcome,
          outcome_reason: input.outcome === "not_pursued" ? input.outcomeReason : null,
          outcome_recovered_cents: recovered,
        };
      }
      await withHistoryContext(trx, { actorId: actor.userId, note: input.note || null }, () =>
        trx
          .updateTable("cases")
          .set({ status: input.status, opened_at: sql`coalesce(opened_at, now())`, ...(outcome ? { ...outcome, outcome_at: sql<Date>`now()` } : {}) })
          .where("id", "=", theCase.id)
          .execute(),
      );
      await recordStaffAction(trx, actor, {
        action: "case.status-changed",
        targetType: "case",
        targetId: theCase.id,
        before: { status: theCase.status },
        after: {
          status: input.status,
          withNote: input.note !== "",
          ...(outcome ? { outcome: outcome.outcome, recoveredCents: outcome.outcome_recovered_cents } : {}),
          ...(startsWork && !agreementActive ? { withoutAgreement: true, urgency: input.urgency } : {}),
        },
      });
      await enqueueEmailToPeople(trx, [theCase.user_id], {
        template: "dossier-statut",
        variables: ({ firstName }) => ({
          prenom: firstName,
          numero_dossier: theCase.case_number,
          statut: caseStatusLabel(input.status),
          explication: STATUS_EXPLANATIONS[input.status],
          lien: publicLink(`/case/${theCase.id}`),
        }),
      });
      return { ok: true, status: input.status, unchanged: false };
    });
  if (result.ok && !result.unchanged) jobsEnqueued();
  return result;
}

/**
 * How a page runs the lawyer's status change (with back-office's caseRowAction): the list and the case page post the
 * same form to their own action, which differ only by where they return.
 */
export function lawyerStatusChange(actor: Actor, back: (url: URL) => string) {
  return {
    fields: ["note", "urgency", "outcome", "outcomeReason", "status", "caseId"],
    failed: lawyerCaseMessages.changeFailed,
    unknownCase: lawyerCaseMessages.unknownCase,
    run: (input: StatusChangeInput) => changeCaseStatusByLawyer(actor, input),
    back,
    toast: (result: Extract<StatusChangeResult, { ok: true }>) => ({
      title: lawyerCaseMessages.changed,
      description: `Nouveau statut\u202f: ${caseStatusLabel(result.status)}. Le client est prévenu par email.`,
      tone: "success" as const,
    }),
  };
}

import { sql, type Transaction } from "kysely";
import { formatDate, parisIsoDay } from "~/lib/format";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { caseAccess, type CaseAccess } from "~/modules/cases/case-access.server";
import { lawyerTitle } from "~/modules/cases/case-history.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { NotFoundError, type Actor } from "~/platform/actor";
import type { Database, DocumentRequestStatus, Executor } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { emailAbout, lockedItem, refuse, setItemStatus, type DocumentRequestFailure } from "./document-request-items.server";
import {
  documentRequestMessages as messages,
  type DocumentKind,
  type DocumentRequestInput,
  type DocumentRequestsPanel,
  type DocumentRequestView,
} from "./document-requests.schema";
import type { EvidenceItem } from "./evidence.schema";
import { evidenceOf, sharedEvidence } from "./evidence.server";

/**
 * Issue 32 (decision 85): the assigned lawyer asks the client for documents as a checklist. The client sends a file
 * against an item (the evidence pipeline, uploadEvidence with `documentRequestId`) or answers that they do not have
 * it; the lawyer accepts the item, which closes it, or asks again. Anyone else gets the case's 404.
 */

export type DocumentRequestResult = { ok: true } | DocumentRequestFailure;

/** The case statuses in which documents are asked for and answered. */
function isOpen(access: CaseAccess): boolean {
  return access.status !== "draft" && access.status !== "closed";
}


async function emailClientRequest(trx: Transaction<Database>, access: CaseAccess, label: string, dueOn: string | null) {
  const lawyer = await trx.selectFrom("profiles").select(["first_name", "last_name"]).where("id", "=", access.actor.userId).executeTakeFirst();
  await emailAbout(trx, access, access.ownerId, "document-demande", label, {
    avocat: lawyer ? lawyerTitle(lawyer) : "Votre avocat",
    echeance: dueOn ? ` Il est attendu au plus tard le ${formatDate(dueOn)}.` : "",
  });
}

/** A lawyer's write: the case locked, theirs (else the case's 404), in progress (else 409). */
async function lawyerAccess(trx: Transaction<Database>, actor: Actor, caseId: string): Promise<CaseAccess | DocumentRequestFailure> {
  const access = await caseAccess(actor, caseId, { executor: trx, lock: "no-key-update" });
  if (access.viewer !== "lawyer") throw new NotFoundError();
  return isOpen(access) ? access : refuse(409, messages.caseNotOpen);
}

async function inTransaction(work: (trx: Transaction<Database>) => Promise<DocumentRequestResult>): Promise<DocumentRequestResult> {
  const result = await db().transaction().execute(work);
  if (result.ok) jobsEnqueued();
  return result;
}

/** The assigned lawyer asks for one document; the client is told by e-mail. */
export async function requestDocument(actor: Actor, caseId: string, input: DocumentRequestInput): Promise<DocumentRequestResult> {
  return inTransaction(async (trx) => {
    const access = await lawyerAccess(trx, actor, caseId);
    if ("ok" in access) return access;
    const inserted = await trx
      .insertInto("case_document_requests")
      .values({
        case_id: access.caseId,
        kind: input.kind,
        label: input.label,
        note: input.note,
        due_on: input.dueOn,
        requested_by: access.actor.userId,
        status_changed_by: access.actor.userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordStaffAction(trx, access.actor, {
      action: "document-request.created",
      targetType: "case",
      targetId: access.caseId,
      after: { requestId: inserted.id, kind: input.kind, label: input.label, dueOn: input.dueOn },
    });
    await emailClientRequest(trx, access, input.label, input.dueOn);
    return { ok: true };
  });
}

/**
 * The lawyer closes an item the client answered (a file sent, or "je ne l'ai pas"): accepted. A waiting item, 409;
 * an accepted one, 409.
 */
export async function acceptDocument(actor: Actor, caseId: string, requestId: string): Promise<DocumentRequestResult> {
  return lawyerChange(actor, caseId, requestId, "accepted", ["provided", "unavailable"], messages.nothingToAccept);
}

/** The lawyer asks again for an item the client answered (a file that does not do, or "je ne l'ai pas"). */
export async function reopenDocument(actor: Actor, caseId: string, requestId: string): Promise<DocumentRequestResult> {
  return lawyerChange(actor, caseId, requestId, "requested", ["provided", "unavailable"], messages.nothingToReopen);
}

async function lawyerChange(
  actor: Actor,
  caseId: string,
  requestId: string,
  to: "accepted" | "requested",
  from: DocumentRequestStatus[],
  wrongState: string,
): Promise<DocumentRequestResult> {
  return inTransaction(async (trx) => {
    const access = await lawyerAccess(trx, actor, caseId);
    if ("ok" in access) return access;
    const item = await lockedItem(trx, access.caseId, requestId);
    if (!item) return refuse(404, messages.requestUnknown);
    if (item.status === "accepted") return refuse(409, messages.closed);
    if (!from.includes(item.status)) return refuse(409, wrongState);
    await setItemStatus(trx, item.id, to, access.actor.userId);
    await recordStaffAction(trx, access.actor, {
      action: to === "accepted" ? "document-request.accepted" : "document-request.reopened",
      targetType: "case",
      targetId: access.caseId,
      before: { requestId: item.id, status: item.status },
      after: { requestId: item.id, status: to },
    });
    if (to === "requested") {
      const { due_on } = await trx.selectFrom("case_document_requests").select("due_on").where("id", "=", item.id).executeTakeFirstOrThrow();
      await emailClientRequest(trx, access, item.label, due_on);
    }
    return { ok: true };
  });
}

/** The client answers "Je ne l'ai pas" to an item still waiting, with a reason; the lawyer is told by e-mail. */
export async function answerDocumentUnavailable(actor: Actor, caseId: string, requestId: string, reason: string): Promise<DocumentRequestResult> {
  return inTransaction(async (trx) => {
    const access = await caseAccess(actor, caseId, { executor: trx, lock: "no-key-update" });
    if (access.viewer !== "owner") throw new NotFoundError();
    if (!isOpen(access)) return refuse(409, messages.caseNotOpen);
    const item = await lockedItem(trx, access.caseId, requestId);
    if (!item) return refuse(404, messages.requestUnknown);
    if (item.status === "accepted") return refuse(409, messages.closed);
    if (item.status === "provided") return refuse(409, messages.alreadyProvided);
    if (item.status === "unavailable") return refuse(409, messages.alreadyUnavailable);
    await setItemStatus(trx, item.id, "unavailable", access.actor.userId, reason);
    if (access.assignedLawyerId) await emailAbout(trx, access, access.assignedLawyerId, "document-indisponible", item.label);
    return { ok: true };
  });
}

/** Internal: the checklist of a case already checked, oldest first, each item with its files. */
export async function documentRequestsOf(
  executor: Executor,
  caseId: string,
  now: Date = new Date(),
  caseEvidence: Promise<EvidenceItem[]> = evidenceOf(executor, caseId),
): Promise<DocumentRequestView[]> {
  const [rows, evidence] = await Promise.all([
    executor
      .selectFrom("case_document_requests")
      .select(["id", "kind", "label", "note", "due_on", "status", "unavailable_reason", "requested_at", "status_changed_at"])
      .where("case_id", "=", caseId)
      .orderBy("requested_at")
      .orderBy("id")
      .execute(),
    caseEvidence,
  ]);
  const today = parisIsoDay(now);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as DocumentKind,
    label: row.label,
    note: row.note,
    dueOn: row.due_on,
    status: row.status,
    overdue: row.status === "requested" && row.due_on !== null && row.due_on < today,
    unavailableReason: row.unavailable_reason,
    requestedAt: row.requested_at.toISOString(),
    statusChangedAt: row.status_changed_at.toISOString(),
    files: evidence.filter((item) => item.documentRequestId === row.id),
  }));
}

/** The case page's checklist, for whoever may read the case; who may ask and who may answer. */
export async function documentRequestsFor(actor: Actor, caseId: string, now: Date = new Date()): Promise<DocumentRequestsPanel> {
  const access = await caseAccess(actor, caseId);
  const open = isOpen(access);
  return {
    caseId: access.caseId,
    viewer: access.viewer,
    items: await documentRequestsOf(db(), access.caseId, now, sharedEvidence(access)),
    mayRequest: open && access.viewer === "lawyer",
    mayAnswer: open && access.viewer === "owner",
  };
}

/**
 * The lawyer's dashboard: items still waited for (nothing sent, no answer) past their due date (Paris days), by case,
 * across the cases assigned to them and in progress.
 */
export async function overdueDocumentsByCase(executor: Executor, lawyerId: string, now: Date = new Date()): Promise<{ caseId: string; caseNumber: string; count: number }[]> {
  const rows = await executor
    .selectFrom("case_document_requests as r")
    .innerJoin("cases as c", "c.id", "r.case_id")
    .select(["c.id", "c.case_number", sql<number>`count(*)::int`.as("n")])
    .where("c.assigned_lawyer_id", "=", lawyerId)
    .where("c.status", "<>", "closed")
    .where("r.status", "=", "requested")
    .where("r.due_on", "<", parisIsoDay(now))
    .groupBy(["c.id", "c.case_number"])
    .orderBy("c.case_number")
    .execute();
  return rows.map((row) => ({ caseId: row.id, caseNumber: row.case_number, count: row.n }));
}

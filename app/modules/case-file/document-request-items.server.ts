import type { Transaction } from "kysely";
import type { FieldErrors } from "~/lib/form";
import { isUuid } from "~/lib/uuid";
import type { CaseAccess } from "~/modules/cases/case-access.server";
import { publicLink } from "~/modules/cases/case-history.server";
import { enqueueEmailToPeople, type EmailTemplateKey } from "~/modules/notifications/notifications.server";
import type { Database, DocumentRequestStatus, Executor } from "~/platform/database-schema";
import { DOCUMENT_KIND_EVIDENCE, DOCUMENT_REQUESTS_ANCHOR, documentRequestMessages as messages, type DocumentKind } from "./document-requests.schema";

/** What the checklist's use cases and the evidence upload share (apart, so that the upload does not import the list). */

export type DocumentRequestFailure = { ok: false; status: 400 | 404 | 409; formError?: string; fieldErrors?: FieldErrors };

export function refuse(status: 404 | 409, formError: string): DocumentRequestFailure {
  return { ok: false, status, formError };
}

/** The item of this case, locked for the transaction, or null (another case's item, an unknown or malformed id). */
export async function lockedItem(trx: Transaction<Database>, caseId: string, requestId: string) {
  if (!isUuid(requestId)) return null;
  const row = await trx
    .selectFrom("case_document_requests")
    .select(["id", "kind", "label", "status"])
    .where("id", "=", requestId)
    .where("case_id", "=", caseId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Moves an item to `status` by `by` (the trigger stamps the time and writes the history); a reason for "unavailable" only. */
export async function setItemStatus(trx: Transaction<Database>, itemId: string, status: DocumentRequestStatus, by: string, reason: string | null = null): Promise<void> {
  await trx.updateTable("case_document_requests").set({ status, unavailable_reason: reason, status_changed_by: by }).where("id", "=", itemId).execute();
}

/** Queues one of the checklist's e-mails: the item's label and the case number, nothing of the documents. */
export async function emailAbout(trx: Transaction<Database>, access: CaseAccess, to: string, template: EmailTemplateKey, label: string, more: Record<string, string> = {}) {
  await enqueueEmailToPeople(trx, [to], {
    template,
    variables: (person) => ({ prenom: person.firstName, numero_dossier: access.caseNumber, document: label, lien: publicLink(`/case/${access.caseId}#${DOCUMENT_REQUESTS_ANCHOR}`), ...more }),
  });
}

/**
 * Internal, for the evidence upload: the item a file is sent against, checked before the file streams (of this
 * case, else 404; not accepted, else 409). Returns the evidence category the file gets, and its label (the
 * description when the client gives none).
 */
export async function uploadTarget(executor: Executor, caseId: string, requestId: string): Promise<{ category: string; label: string } | DocumentRequestFailure> {
  const item = isUuid(requestId)
    ? await executor.selectFrom("case_document_requests").select(["kind", "label", "status"]).where("id", "=", requestId).where("case_id", "=", caseId).executeTakeFirst()
    : undefined;
  if (!item) return refuse(404, messages.requestUnknown);
  if (item.status === "accepted") return refuse(409, messages.closed);
  return { category: DOCUMENT_KIND_EVIDENCE[item.kind as DocumentKind], label: item.label };
}

/**
 * Internal, in the evidence upload's transaction (case locked, the client's): the item locked and checked again,
 * marked provided, and the lawyer told. Returns the refusal, or null once done.
 */
export async function markDocumentProvided(trx: Transaction<Database>, access: CaseAccess, requestId: string): Promise<DocumentRequestFailure | null> {
  const item = await lockedItem(trx, access.caseId, requestId);
  if (!item) return refuse(404, messages.requestUnknown);
  if (item.status === "accepted") return refuse(409, messages.closed);
  if (item.status !== "provided") await setItemStatus(trx, item.id, "provided", access.actor.userId);
  if (access.assignedLawyerId) await emailAbout(trx, access, access.assignedLawyerId, "document-fourni", item.label);
  return null;
}


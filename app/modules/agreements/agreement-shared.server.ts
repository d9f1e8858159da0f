import { buffer } from "node:stream/consumers";
import { formatDate } from "~/lib/format";
import { caseAccess, type CaseAccess } from "~/modules/cases/case-access.server";
import { fileStorage } from "~/modules/files/files.server";
import { NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import type { Executor, FeeAgreementState } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { sha256Hex } from "./seal.server";

// What the agreement's use cases share; private to the module (its public entry is agreements.server.ts).

export const OPEN_STATES: readonly FeeAgreementState[] = ["proposed", "signed", "countersigned", "active"];

export type Failure = { ok: false; status: 400 | 404 | 409 | 429 | 503; formError?: string; fieldErrors?: Record<string, string> };

export interface RequestOrigin {
  ipAddress: string;
  userAgent: string;
}

/**
 * An agreement's columns as its readers show them (`fee_agreements as a` joined to `fee_agreement_templates as t`):
 * the case page's panel and the person's data export.
 */
export const AGREEMENT_COLUMNS = [
  "a.id",
  "a.revision",
  "a.state",
  "a.base_fee_cents",
  "a.base_fee_due",
  "a.result_percent_bp",
  "a.vat_rate_bp",
  "a.foreseen_costs",
  "a.document_sha256",
  "a.early_start_requested",
  "a.proposed_at",
  "a.client_signed_at",
  "a.lawyer_signed_at",
  "a.activated_at",
  "a.withdrawn_at",
  "t.title as template_title",
  "t.version as template_version",
] as const;

/** Only the client and the assigned lawyer act on an agreement; an admin or anyone else gets the same 404. */
export async function partyAccess(actor: Actor, caseId: string, party: "owner" | "lawyer", executor?: Executor): Promise<CaseAccess & { actor: UserActor }> {
  const access = await caseAccess(actor, caseId, executor ? { executor, lock: "no-key-update" } : {});
  if (access.viewer !== party) throw new NotFoundError();
  return access;
}

/** An agreement of this case (the case already checked), optionally locked; another case's or an unknown one is 404. */
export async function agreementOfCase(executor: Executor, caseId: string, agreementId: string, lock = false) {
  let query = executor
    .selectFrom("fee_agreements")
    .select(["id", "state", "document_sha256", "lawyer_id"])
    .where("id", "=", agreementId)
    .where("case_id", "=", caseId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row;
}

/** A stored document's bytes if they still match their recorded SHA-256, else null (altered or unreadable). */
export async function verifiedBytes(fileId: string, expectedSha256: string): Promise<Buffer | null> {
  try {
    const { stream } = await fileStorage().open(fileId);
    const bytes = await buffer(stream);
    return sha256Hex(bytes) === expectedSha256 ? bytes : null;
  } catch (error) {
    logger.warn({ err: error, fileId }, "convention : document illisible ou altéré");
    return null;
  }
}

/** "Identité vérifiée par Recours le 12/03/2026 (contrôle n° 42)", from the identity review journal. */
export async function identityReference(executor: Executor, userId: string): Promise<string> {
  const review = await executor
    .selectFrom("identity_review_audit")
    .select(["id", "created_at"])
    .where("subject_user_id", "=", userId)
    .where("identity_verified", "=", true)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return review
    ? `Identité vérifiée par Recours le ${formatDate(review.created_at)} (pièces d'identité et justificatif de domicile, contrôle n°\u00a0${review.id})`
    : "Identité vérifiée par Recours (pièces d'identité et justificatif de domicile)";
}

import { caseAccess } from "~/modules/cases/case-access.server";
import type { Actor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { verifiedBytes } from "./agreement-shared.server";

export type AgreementDocument = { ok: true; fileName: string; pdf: Buffer } | { ok: false; status: 404 | 409; message: string };

/**
 * The proposal or the sealed agreement, for the case's client, its lawyer or an admin. A document whose bytes no
 * longer match their recorded SHA-256 is never served: "altered".
 */
export async function agreementDocument(actor: Actor, caseId: string, agreementId: string, kind: "proposal" | "sealed"): Promise<AgreementDocument> {
  const access = await caseAccess(actor, caseId);
  const row = await db()
    .selectFrom("fee_agreement_documents as d")
    .innerJoin("fee_agreements as a", "a.id", "d.agreement_id")
    .select(["d.file_id", "d.sha256", "a.revision"])
    .where("a.id", "=", agreementId)
    .where("a.case_id", "=", access.caseId)
    .where("d.kind", "=", kind)
    .executeTakeFirst();
  if (!row) return { ok: false, status: 404, message: "Ce document n'existe pas." };
  const bytes = await verifiedBytes(row.file_id, row.sha256);
  if (!bytes) {
    logger.error({ agreementId, kind }, "convention : document altéré, non servi");
    return { ok: false, status: 409, message: "Ce document a été altéré depuis son enregistrement\u202f: il n'est pas servi. Notre équipe est prévenue." };
  }
  const name = kind === "sealed" ? `convention-signee-${access.caseNumber}.pdf` : `convention-${access.caseNumber}-v${row.revision}.pdf`;
  return { ok: true, fileName: name, pdf: bytes };
}

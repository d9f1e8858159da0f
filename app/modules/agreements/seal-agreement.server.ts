import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { formatDate } from "~/lib/format";
import { publicLink, withHistoryContext } from "~/modules/cases/case-history.server";
import { fileStorage } from "~/modules/files/files.server";
import { jobsEnqueued, PermanentJobError, type JobHandler } from "~/modules/jobs/jobs.server";
import { enqueueEmailToPeople } from "~/modules/notifications/notifications.server";
import type { Database } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { verifiedBytes } from "./agreement-shared.server";
import type { AgreementEvidence, SignerEvidence } from "./evidence";
import { sealAgreementPdf, sha256Hex } from "./seal.server";
import { withdrawalLastDay } from "./withdraw-agreement.server";

export const SEAL_AGREEMENT_JOB = "agreements.seal";

const METHOD_TEXT = {
  "password-email-code": "Mot de passe et code à usage unique envoyé par e-mail",
  totp: "Code à usage unique de l'application d'authentification (TOTP)",
} as const;

function withdrawalSentence(clientSignedAt: Date): string {
  return `Le client peut se rétracter sans motif jusqu'au ${formatDate(withdrawalLastDay(clientSignedAt))} inclus, depuis la page du dossier («\u202fMe rétracter\u202f») ou par e-mail à son avocat.`;
}

/**
 * The seal job: appends the evidence page to the signed proposal, seals it, stores it and only then marks the
 * agreement active. Runs again after a crash (at least once); the sealed document is recorded once.
 */
export async function sealCountersignedAgreement(database: Kysely<Database>, agreementId: string): Promise<"sealed" | "nothing-to-do"> {
  const agreement = await database
    .selectFrom("fee_agreements as a")
    .innerJoin("cases as c", "c.id", "a.case_id")
    .innerJoin("fee_agreement_templates as t", "t.id", "a.template_id")
    .innerJoin("fee_agreement_documents as d", (join) => join.onRef("d.agreement_id", "=", "a.id").on("d.kind", "=", "proposal"))
    .select(["a.id", "a.state", "a.case_id", "a.document_sha256", "a.proposed_at", "a.client_signed_at", "c.case_number", "c.user_id", "t.title", "t.version", "d.file_id", "a.lawyer_id"])
    .where("a.id", "=", agreementId)
    .executeTakeFirst();
  if (!agreement || agreement.state !== "countersigned") return "nothing-to-do";
  const proposal = await verifiedBytes(agreement.file_id, agreement.document_sha256);
  if (!proposal) throw new PermanentJobError(`convention ${agreementId} : le document signé ne correspond plus à son empreinte`);
  const signatures = await database.selectFrom("fee_agreement_signatures").selectAll().where("agreement_id", "=", agreement.id).orderBy("signed_at").execute();
  const signers: SignerEvidence[] = signatures.map((signature) => ({
    role: signature.role,
    fullName: signature.full_name,
    identityReference: signature.identity_reference,
    email: signature.email,
    ipAddress: signature.ip_address,
    userAgent: signature.user_agent,
    method: METHOD_TEXT[signature.method],
    consentedAt: signature.consented_at.toISOString(),
    signedAt: signature.signed_at.toISOString(),
    ...(signature.role === "client" ? { earlyStartRequested: signature.early_start_requested } : {}),
  }));
  const evidence: AgreementEvidence = {
    agreementId: agreement.id,
    caseNumber: agreement.case_number,
    templateTitle: agreement.title,
    templateVersion: agreement.version,
    documentSha256: agreement.document_sha256,
    proposedAt: agreement.proposed_at.toISOString(),
    signers,
  };
  const { sealed } = await sealAgreementPdf({ pdf: new Uint8Array(proposal), evidence });
  const digest = sha256Hex(sealed);
  const outcome = await database.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom("fee_agreements").select(["state"]).where("id", "=", agreement.id).forUpdate().executeTakeFirst();
    if (locked?.state !== "countersigned") return "nothing-to-do" as const;
    const stored = await fileStorage().put({
      executor: trx,
      body: Readable.from([Buffer.from(sealed)]),
      ownerId: agreement.user_id,
      originalName: `convention-signee-${agreement.case_number}.pdf`,
      mediaType: "application/pdf",
    });
    await trx.insertInto("fee_agreement_documents").values({ agreement_id: agreement.id, kind: "sealed", file_id: stored.id, sha256: digest }).execute();
    await withHistoryContext(trx, { actorId: null, systemReason: "scellement-convention" }, () =>
      trx.updateTable("fee_agreements").set({ state: "active", activated_at: new Date() }).where("id", "=", agreement.id).execute(),
    );
    await enqueueEmailToPeople(trx, [agreement.user_id, agreement.lawyer_id ?? agreement.user_id], {
      template: "convention-en-vigueur",
      variables: () => ({
        numero_dossier: agreement.case_number,
        retractation: agreement.client_signed_at ? withdrawalSentence(agreement.client_signed_at) : "",
        lien: publicLink(`/case/${agreement.case_id}/convention`),
      }),
    });
    return "sealed" as const;
  });
  if (outcome === "sealed") jobsEnqueued();
  return outcome;
}

export function createSealAgreementHandler(): JobHandler {
  return async (job, database) => {
    const agreementId = job.payload.agreementId;
    if (typeof agreementId !== "string") throw new PermanentJobError("tâche de scellement sans convention");
    const outcome = await sealCountersignedAgreement(database, agreementId);
    logger.info({ agreementId, outcome }, "convention : scellement");
  };
}

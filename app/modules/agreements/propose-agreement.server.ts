import { Readable } from "node:stream";
import { sql } from "kysely";
import { operatorIdentity } from "~/content/operator.server";
import { VAT_RATE_BP, amountHtTtc, formatEuroCents, parseEurosToCents, parsePercentToBp, percentHtTtc } from "~/lib/fees";
import { recordStaffAction } from "~/modules/audit/audit.server";
import type { CaseAccess } from "~/modules/cases/case-access.server";
import { publicLink, withHistoryContext } from "~/modules/cases/case-history.server";
import { fileStorage } from "~/modules/files/files.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { enqueueEmailToPeople } from "~/modules/notifications/notifications.server";
import { NotFoundError, type Actor } from "~/platform/actor";
import type { Executor } from "~/platform/database-schema";
import { db, runtime } from "~/platform/runtime.server";
import { renderAgreementPdf, type AgreementDocumentInput } from "./agreement-pdf.server";
import { agreementPanelFor } from "./agreement-panel.server";
import { identityReference, OPEN_STATES, partyAccess, type Failure } from "./agreement-shared.server";
import { agreementMessages as messages, type ProposalInput } from "./agreements.schema";
import { sha256Hex } from "./seal.server";
import type { AgreementTemplate } from "./templates.schema";
import { currentTemplate } from "./templates.server";

// The lawyer's proposal: the form's bounds, the preview and the proposal itself.

export interface ProposalForm {
  caseId: string;
  caseNumber: string;
  template: Pick<AgreementTemplate, "id" | "version" | "title" | "baseFeeDue">;
  bounds: { baseFeeMin: string; baseFeeMax: string; baseFeeFixed: boolean; percentMin: string; percentMax: string };
  defaults: { baseFee: string; resultPercent: string };
  blocked: string | null;
}

function centsToInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace(".", ",");
}

function bpToInput(bp: number): string {
  return String(bp / 100).replace(".", ",");
}

/** What the lawyer's proposal form needs: the current template's bounds and defaults. */
export async function proposalFormFor(actor: Actor, caseId: string): Promise<ProposalForm> {
  const panel = await agreementPanelFor(actor, caseId);
  if (panel.viewer !== "lawyer") throw new NotFoundError();
  const template = await currentTemplate();
  return {
    caseId: panel.caseId,
    caseNumber: panel.caseNumber,
    template: { id: template.id, version: template.version, title: template.title, baseFeeDue: template.baseFeeDue },
    bounds: {
      baseFeeMin: amountHtTtc(template.baseFeeMinCents),
      baseFeeMax: amountHtTtc(template.baseFeeMaxCents),
      baseFeeFixed: template.baseFeeMinCents === template.baseFeeMaxCents,
      percentMin: percentHtTtc(template.resultPercentMinBp),
      percentMax: percentHtTtc(template.resultPercentMaxBp),
    },
    defaults: { baseFee: centsToInput(template.baseFeeMaxCents), resultPercent: bpToInput(template.resultPercentMaxBp) },
    blocked: panel.proposeBlocked ?? (panel.mayPropose ? null : messages.notPossible),
  };
}

type CheckedProposal = { ok: true; baseFeeCents: number; resultPercentBp: number; foreseenCosts: string };

function checkProposal(template: AgreementTemplate, input: ProposalInput): CheckedProposal | Failure {
  const fieldErrors: Record<string, string> = {};
  const baseFeeCents = parseEurosToCents(input.baseFee);
  const resultPercentBp = parsePercentToBp(input.resultPercent);
  if (baseFeeCents === null) fieldErrors.baseFee = messages.baseFeeInvalid;
  else if (baseFeeCents < template.baseFeeMinCents || baseFeeCents > template.baseFeeMaxCents) {
    fieldErrors.baseFee = messages.baseFeeOutOfBounds(formatEuroCents(template.baseFeeMinCents), formatEuroCents(template.baseFeeMaxCents));
  }
  if (resultPercentBp === null) fieldErrors.resultPercent = messages.percentInvalid;
  else if (resultPercentBp < template.resultPercentMinBp || resultPercentBp > template.resultPercentMaxBp) {
    fieldErrors.resultPercent = messages.percentOutOfBounds(percentHtTtc(template.resultPercentMinBp).split(" (")[0]!, percentHtTtc(template.resultPercentMaxBp).split(" (")[0]!);
  }
  if (Object.keys(fieldErrors).length > 0 || baseFeeCents === null || resultPercentBp === null) return { ok: false, status: 400, fieldErrors };
  return { ok: true, baseFeeCents, resultPercentBp, foreseenCosts: input.foreseenCosts };
}

function postalAddress(row: { address: string | null; postal_code: string | null; city: string | null }): string {
  return [row.address, [row.postal_code, row.city].filter(Boolean).join(" ")].filter(Boolean).join(", ") || "Non renseignée";
}

async function documentInput(
  executor: Executor,
  access: CaseAccess,
  template: AgreementTemplate,
  values: { revision: number; baseFeeCents: number; resultPercentBp: number; foreseenCosts: string; proposedAt: Date },
): Promise<AgreementDocumentInput | Failure> {
  const people = await executor
    .selectFrom("profiles")
    .select(["id", "first_name", "last_name", "email", "address", "postal_code", "city", "bar_name", "bar_number", "identity_verified"])
    .where("id", "in", [access.ownerId, access.assignedLawyerId ?? access.ownerId])
    .execute();
  const client = people.find((person) => person.id === access.ownerId);
  const lawyer = people.find((person) => person.id === access.assignedLawyerId);
  if (!client || !lawyer) throw new NotFoundError();
  if (!lawyer.bar_name || !lawyer.bar_number) {
    return { ok: false, status: 409, formError: "Renseignez votre barreau et votre numéro d'inscription avant de proposer une convention." };
  }
  if (!client.identity_verified) {
    return { ok: false, status: 409, formError: "L'identité de votre client n'est pas encore vérifiée\u202f: la convention pourra lui être proposée ensuite." };
  }
  const operator = operatorIdentity(runtime().env);
  return {
    caseNumber: access.caseNumber,
    revision: values.revision,
    templateTitle: template.title,
    templateVersion: template.version,
    sections: template.sections,
    client: {
      fullName: `${client.first_name} ${client.last_name}`,
      email: client.email,
      address: postalAddress(client),
      reference: await identityReference(executor, client.id),
    },
    lawyer: {
      fullName: `Maître ${lawyer.first_name} ${lawyer.last_name}`,
      email: lawyer.email,
      address: postalAddress(lawyer),
      reference: `Avocat au ${lawyer.bar_name}, n°\u00a0${lawyer.bar_number}`,
      barName: lawyer.bar_name,
      barNumber: lawyer.bar_number,
    },
    operator: { name: operator.name, email: operator.email },
    baseFeeCents: values.baseFeeCents,
    baseFeeDue: template.baseFeeDue,
    resultPercentBp: values.resultPercentBp,
    vatRateBp: VAT_RATE_BP,
    foreseenCosts: values.foreseenCosts,
    proposedAt: values.proposedAt,
  };
}

async function nextRevision(executor: Executor, caseId: string): Promise<number> {
  const row = await executor
    .selectFrom("fee_agreements")
    .select(sql<number>`coalesce(max(revision), 0)::int`.as("last"))
    .where("case_id", "=", caseId)
    .executeTakeFirstOrThrow();
  return row.last + 1;
}

export type PreviewResult = { ok: true; fileName: string; pdf: Buffer } | Failure;

/** The PDF the client would receive, not stored: the lawyer reads it before sending. */
export async function previewProposal(actor: Actor, caseId: string, input: ProposalInput): Promise<PreviewResult> {
  const access = await partyAccess(actor, caseId, "lawyer");
  const template = await currentTemplate();
  const checked = checkProposal(template, input);
  if (!checked.ok) return checked;
  const documentValues = await documentInput(db(), access, template, { ...checked, revision: await nextRevision(db(), access.caseId), proposedAt: new Date() });
  if ("ok" in documentValues) return documentValues;
  return { ok: true, fileName: `apercu-convention-${access.caseNumber}.pdf`, pdf: await renderAgreementPdf(documentValues) };
}

export type ProposeResult = { ok: true; agreementId: string; revision: number } | Failure;

/**
 * The assigned lawyer proposes the agreement: the PDF is made from the current template and the values typed,
 * stored through the storage gateway with its SHA-256, and the client is told by e-mail (no amount in it). A
 * proposal the client has not signed yet is replaced (the client then reads and signs the new one).
 */
export async function proposeAgreement(actor: Actor, caseId: string, input: ProposalInput): Promise<ProposeResult> {
  const access = await partyAccess(actor, caseId, "lawyer");
  if (access.status !== "assigned" && access.status !== "in_progress") return { ok: false, status: 409, formError: messages.notPossible };
  const template = await currentTemplate();
  const checked = checkProposal(template, input);
  if (!checked.ok) return checked;
  const revision = await nextRevision(db(), access.caseId);
  const proposedAt = new Date();
  const documentValues = await documentInput(db(), access, template, { ...checked, revision, proposedAt });
  if ("ok" in documentValues) return documentValues;
  const pdf = await renderAgreementPdf(documentValues);
  const digest = sha256Hex(pdf);
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<ProposeResult> => {
      const locked = await partyAccess(actor, caseId, "lawyer", trx);
      if (locked.status !== "assigned" && locked.status !== "in_progress") return { ok: false, status: 409, formError: messages.notPossible };
      if ((await nextRevision(trx, locked.caseId)) !== revision) return { ok: false, status: 409, formError: messages.notPossible };
      const open = await trx.selectFrom("fee_agreements").select(["id", "state"]).where("case_id", "=", locked.caseId).where("state", "in", [...OPEN_STATES]).forUpdate().execute();
      if (open.some((row) => row.state !== "proposed")) {
        return { ok: false, status: 409, formError: "Une convention est déjà signée pour ce dossier\u202f: elle ne peut plus être remplacée." };
      }
      const agreementId = await withHistoryContext(trx, { actorId: actor.kind === "user" ? actor.userId : null }, async () => {
        if (open.length > 0) await trx.updateTable("fee_agreements").set({ state: "replaced" }).where("id", "in", open.map((row) => row.id)).execute();
        const inserted = await trx
          .insertInto("fee_agreements")
          .values({
            case_id: locked.caseId,
            revision,
            template_id: template.id,
            lawyer_id: locked.assignedLawyerId,
            client_id: locked.ownerId,
            base_fee_cents: checked.baseFeeCents,
            base_fee_due: template.baseFeeDue,
            result_percent_bp: checked.resultPercentBp,
            vat_rate_bp: VAT_RATE_BP,
            foreseen_costs: checked.foreseenCosts,
            document_sha256: digest,
            proposed_at: proposedAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return inserted.id;
      });
      const stored = await fileStorage().put({
        executor: trx,
        body: Readable.from([pdf]),
        ownerId: locked.ownerId,
        originalName: `convention-${locked.caseNumber}-v${revision}.pdf`,
        mediaType: "application/pdf",
      });
      await trx.insertInto("fee_agreement_documents").values({ agreement_id: agreementId, kind: "proposal", file_id: stored.id, sha256: digest }).execute();
      await recordStaffAction(trx, locked.actor, {
        action: "agreement.proposed",
        targetType: "case",
        targetId: locked.caseId,
        after: { agreementId, revision, templateVersion: template.version, replaced: open.length },
      });
      await enqueueEmailToPeople(trx, [locked.ownerId], {
        template: "convention-proposee",
        variables: ({ firstName }) => ({
          prenom: firstName,
          avocat: documentValues.lawyer.fullName,
          numero_dossier: locked.caseNumber,
          lien: publicLink(`/case/${locked.caseId}/convention`),
        }),
      });
      return { ok: true, agreementId, revision };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

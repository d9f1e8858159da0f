import { amountHtTtc, percentHtTtc } from "~/lib/fees";
import { caseAccess, type CaseViewer } from "~/modules/cases/case-access.server";
import type { Actor } from "~/platform/actor";
import type { Executor, FeeAgreementState, FeeBaseDue } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { AGREEMENT_COLUMNS, OPEN_STATES, verifiedBytes } from "./agreement-shared.server";
import { AGREEMENT_STATE_LABELS, SIGNING_CODE_TRIES } from "./agreements.schema";
import { withdrawalLastDay, withinWithdrawalPeriod } from "./withdraw-agreement.server";

/** Whether a case has an agreement in force (the lawyer's move to "En cours" needs one). */
export async function hasActiveAgreement(executor: Executor, caseId: string): Promise<boolean> {
  const row = await executor.selectFrom("fee_agreements").select("id").where("case_id", "=", caseId).where("state", "=", "active").executeTakeFirst();
  return row !== undefined;
}

export interface AgreementSummary {
  id: string;
  revision: number;
  state: FeeAgreementState;
  stateLabel: string;
  templateTitle: string;
  templateVersion: number;
  baseFeeText: string;
  baseFeeDue: FeeBaseDue;
  resultPercentText: string;
  foreseenCosts: string;
  documentSha256: string;
  proposedAt: string;
  clientSignedAt: string | null;
  lawyerSignedAt: string | null;
  activatedAt: string | null;
  withdrawnAt: string | null;
  earlyStartRequested: boolean;
  /** "yyyy-MM-dd", while a withdrawal is possible in principle (signed and not withdrawn). */
  withdrawalLastDay: string | null;
  withdrawalOpen: boolean;
  /** The sealed PDF's state once active: intact, or altered (its bytes no longer match the recorded hash). */
  sealed: { sha256: string; intact: boolean } | null;
}

export interface AgreementEventView {
  agreementId: string;
  revision: number;
  toState: FeeAgreementState;
  at: string;
}

export interface AgreementPanel {
  caseId: string;
  caseNumber: string;
  viewer: CaseViewer;
  current: AgreementSummary | null;
  /** Earlier proposals and withdrawn agreements, newest first. */
  earlier: Pick<AgreementSummary, "id" | "revision" | "stateLabel" | "proposedAt">[];
  events: AgreementEventView[];
  mayPropose: boolean;
  /** Why the lawyer cannot propose yet (a missing bar, a client not verified), or null. */
  proposeBlocked: string | null;
  maySign: boolean;
  mayCountersign: boolean;
  mayWithdraw: boolean;
  clientIdentityVerified: boolean;
  /** The code the client asked for: when it expires, while it is usable. */
  pendingCodeExpiresAt: string | null;
}

type AgreementRow = Awaited<ReturnType<typeof agreementRows>>[number];

function agreementRows(executor: Executor, caseId: string) {
  return executor
    .selectFrom("fee_agreements as a")
    .innerJoin("fee_agreement_templates as t", "t.id", "a.template_id")
    .leftJoin("fee_agreement_documents as s", (join) => join.onRef("s.agreement_id", "=", "a.id").on("s.kind", "=", "sealed"))
    .select([...AGREEMENT_COLUMNS, "s.file_id as sealed_file_id", "s.sha256 as sealed_sha256"])
    .where("a.case_id", "=", caseId)
    .orderBy("a.revision", "desc")
    .execute();
}

function summaryOf(row: AgreementRow, sealedIntact: boolean | null, now: Date): AgreementSummary {
  const signedAt = row.client_signed_at;
  const withdrawable = signedAt !== null && (row.state === "signed" || row.state === "countersigned" || row.state === "active");
  return {
    id: row.id,
    revision: row.revision,
    state: row.state,
    stateLabel: AGREEMENT_STATE_LABELS[row.state],
    templateTitle: row.template_title,
    templateVersion: row.template_version,
    baseFeeText: amountHtTtc(row.base_fee_cents, row.vat_rate_bp),
    baseFeeDue: row.base_fee_due,
    resultPercentText: percentHtTtc(row.result_percent_bp, row.vat_rate_bp),
    foreseenCosts: row.foreseen_costs,
    documentSha256: row.document_sha256,
    proposedAt: row.proposed_at.toISOString(),
    clientSignedAt: signedAt?.toISOString() ?? null,
    lawyerSignedAt: row.lawyer_signed_at?.toISOString() ?? null,
    activatedAt: row.activated_at?.toISOString() ?? null,
    withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
    earlyStartRequested: row.early_start_requested,
    withdrawalLastDay: signedAt && row.state !== "withdrawn" ? withdrawalLastDay(signedAt) : null,
    withdrawalOpen: withdrawable && withinWithdrawalPeriod(signedAt, now),
    sealed: row.sealed_sha256 ? { sha256: row.sealed_sha256, intact: sealedIntact ?? false } : null,
  };
}

/** The fee agreement part of the case page, for its client, its lawyer and admins (read only). */
export async function agreementPanelFor(actor: Actor, caseId: string, now: Date = new Date()): Promise<AgreementPanel> {
  const access = await caseAccess(actor, caseId);
  const database = db();
  const [rows, people, events, code] = await Promise.all([
    agreementRows(database, access.caseId),
    // The client and the assigned lawyer in one read.
    database
      .selectFrom("profiles")
      .select(["id", "identity_verified", "bar_name", "bar_number"])
      .where("id", "in", access.assignedLawyerId ? [access.ownerId, access.assignedLawyerId] : [access.ownerId])
      .execute(),
    database
      .selectFrom("fee_agreement_events as e")
      .innerJoin("fee_agreements as a", "a.id", "e.agreement_id")
      .select(["e.agreement_id", "a.revision", "e.to_state", "e.created_at"])
      .where("e.case_id", "=", access.caseId)
      .orderBy("e.created_at")
      .orderBy("e.id")
      .execute(),
    access.viewer === "owner"
      ? database
          .selectFrom("fee_agreement_codes as k")
          .innerJoin("fee_agreements as a", "a.id", "k.agreement_id")
          .select(["k.expires_at"])
          .where("a.case_id", "=", access.caseId)
          .where("a.state", "=", "proposed")
          .where("k.user_id", "=", access.ownerId)
          .where("k.used_at", "is", null)
          .where("k.attempts", "<", SIGNING_CODE_TRIES)
          .where("k.expires_at", ">", now)
          .orderBy("k.created_at", "desc")
          .limit(1)
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  const client = people.find((person) => person.id === access.ownerId);
  if (!client) throw new Error(`profil introuvable pour le dossier ${access.caseId}`);
  const lawyer = access.assignedLawyerId ? people.find((person) => person.id === access.assignedLawyerId) : undefined;
  const currentRow = rows.find((row) => row.state !== "replaced" && row.state !== "withdrawn") ?? rows[0];
  const intact = currentRow?.sealed_file_id && currentRow.sealed_sha256 ? (await verifiedBytes(currentRow.sealed_file_id, currentRow.sealed_sha256)) !== null : null;
  const current = currentRow ? summaryOf(currentRow, intact, now) : null;
  const openAgreement = rows.find((row) => OPEN_STATES.includes(row.state) && row.state !== "proposed");
  const caseOpen = access.status === "assigned" || access.status === "in_progress";
  const proposeBlocked =
    access.viewer !== "lawyer"
      ? null
      : !lawyer?.bar_name || !lawyer.bar_number
        ? "Renseignez votre barreau et votre numéro d'inscription (page Mon compte) avant de proposer une convention."
        : !client.identity_verified
          ? "L'identité de votre client n'est pas encore vérifiée\u202f: la convention pourra lui être proposée ensuite."
          : null;
  return {
    caseId: access.caseId,
    caseNumber: access.caseNumber,
    viewer: access.viewer,
    current,
    earlier: rows.filter((row) => row.id !== currentRow?.id).map((row) => ({ id: row.id, revision: row.revision, stateLabel: AGREEMENT_STATE_LABELS[row.state], proposedAt: row.proposed_at.toISOString() })),
    events: events.map((event) => ({ agreementId: event.agreement_id, revision: event.revision, toState: event.to_state, at: event.created_at.toISOString() })),
    mayPropose: access.viewer === "lawyer" && caseOpen && openAgreement === undefined && proposeBlocked === null,
    proposeBlocked,
    maySign: access.viewer === "owner" && current?.state === "proposed" && client.identity_verified,
    mayCountersign: access.viewer === "lawyer" && current?.state === "signed",
    mayWithdraw: access.viewer === "owner" && (current?.withdrawalOpen ?? false),
    clientIdentityVerified: client.identity_verified,
    pendingCodeExpiresAt: code?.expires_at.toISOString() ?? null,
  };
}

import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { sql, type Kysely, type Transaction } from "kysely";
import { operatorIdentity } from "~/content/operator.server";
import { VAT_RATE_BP, amountHtTtc, formatEuroCents, parseEurosToCents, parsePercentToBp, percentHtTtc } from "~/lib/fees";
import { formatDate, formatDateTime, parisIsoDay } from "~/lib/format";
import { checkCurrentPassword, confirmWithSecondFactor } from "~/modules/accounts/accounts.server";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { caseAccess, type CaseAccess, type CaseViewer } from "~/modules/cases/case-access.server";
import { publicLink, withHistoryContext } from "~/modules/cases/case-history.server";
import { fileStorage } from "~/modules/files/files.server";
import { enqueueJob, jobsEnqueued, PermanentJobError, type JobHandler } from "~/modules/jobs/jobs.server";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import type { Database, Executor, FeeAgreementState, FeeBaseDue } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { renderAgreementPdf, type AgreementDocumentInput } from "./agreement-pdf.server";
import {
  AGREEMENT_STATE_LABELS,
  agreementMessages as messages,
  SIGNING_CODE_MINUTES,
  SIGNING_CODE_TRIES,
  WITHDRAWAL_DAYS,
  afterWithdrawalText,
  type ClientSignatureInput,
  type CountersignatureInput,
  type EmailWithdrawalInput,
  type ProposalInput,
} from "./agreements.schema";
import type { AgreementEvidence, SignerEvidence } from "./evidence";
import { sealAgreementPdf, sha256Hex } from "./seal.server";
import type { AgreementTemplate } from "./templates.schema";
import { currentTemplate } from "./templates.server";

export const SEAL_AGREEMENT_JOB = "agreements.seal";
const CODE_REQUESTS_PER_HOUR = 5;
const OPEN_STATES: readonly FeeAgreementState[] = ["proposed", "signed", "countersigned", "active"];

type Failure = { ok: false; status: 400 | 404 | 409 | 429 | 503; formError?: string; fieldErrors?: Record<string, string> };

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** Whether a case has an agreement in force (the lawyer's move to "En cours" needs one). */
export async function hasActiveAgreement(executor: Executor, caseId: string): Promise<boolean> {
  const row = await executor.selectFrom("fee_agreements").select("id").where("case_id", "=", caseId).where("state", "=", "active").executeTakeFirst();
  return row !== undefined;
}

/** The last day (Europe/Paris, "yyyy-MM-dd") the client may withdraw: the 14th day after the day they signed. */
export function withdrawalLastDay(clientSignedAt: Date): string {
  const day = new Date(`${parisIsoDay(clientSignedAt)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + WITHDRAWAL_DAYS);
  return day.toISOString().slice(0, 10);
}

export function withinWithdrawalPeriod(clientSignedAt: Date, now: Date = new Date()): boolean {
  return parisIsoDay(now) <= withdrawalLastDay(clientSignedAt);
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
    .select([
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
      "s.file_id as sealed_file_id",
      "s.sha256 as sealed_sha256",
    ])
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

/** A stored document's bytes if they still match their recorded SHA-256, else null (altered or unreadable). */
async function verifiedBytes(fileId: string, expectedSha256: string): Promise<Buffer | null> {
  try {
    const { stream } = await fileStorage().open(fileId);
    const bytes = await buffer(stream);
    return sha256Hex(bytes) === expectedSha256 ? bytes : null;
  } catch (error) {
    logger.warn({ err: error, fileId }, "convention : document illisible ou altéré");
    return null;
  }
}

/** The fee agreement part of the case page, for its client, its lawyer and admins (read only). */
export async function agreementPanelFor(actor: Actor, caseId: string, now: Date = new Date()): Promise<AgreementPanel> {
  const access = await caseAccess(actor, caseId);
  const database = db();
  const [rows, client, lawyer, events, code] = await Promise.all([
    agreementRows(database, access.caseId),
    database.selectFrom("profiles").select(["identity_verified"]).where("id", "=", access.ownerId).executeTakeFirstOrThrow(),
    access.assignedLawyerId
      ? database.selectFrom("profiles").select(["bar_name", "bar_number"]).where("id", "=", access.assignedLawyerId).executeTakeFirst()
      : Promise.resolve(undefined),
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

// ---------------------------------------------------------------------------------------------------------------
// The proposal

/** Only the client and the assigned lawyer act on an agreement; an admin or anyone else gets the same 404. */
async function partyAccess(actor: Actor, caseId: string, party: "owner" | "lawyer", executor?: Executor): Promise<CaseAccess & { actor: UserActor }> {
  const access = await caseAccess(actor, caseId, executor ? { executor, lock: "no-key-update" } : {});
  if (access.viewer !== party) throw new NotFoundError();
  return access;
}

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

/** "Identité vérifiée par Recours le 12/03/2026 (contrôle n° 42)", from the identity review journal. */
async function identityReference(executor: Executor, userId: string): Promise<string> {
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
      const client = await trx.selectFrom("profiles").select(["email", "first_name"]).where("id", "=", locked.ownerId).executeTakeFirstOrThrow();
      await enqueueEmail(trx, {
        to: client.email,
        template: "convention-proposee",
        variables: {
          prenom: client.first_name,
          avocat: documentValues.lawyer.fullName,
          numero_dossier: locked.caseNumber,
          lien: publicLink(`/case/${locked.caseId}/convention`),
        },
      });
      return { ok: true, agreementId, revision };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The client's signature

function codeDigest(agreementId: string, code: string): string {
  return createHmac("sha256", runtime().authSecret).update(`fee-agreement-code|${agreementId}|${code}`).digest("hex");
}

export type CodeRequestResult = { ok: true; expiresAt: string } | Failure;

/** Sends the client a 6-digit code for this agreement (10 minutes, 5 tries); a new one replaces the previous. */
export async function requestSigningCode(actor: Actor, caseId: string, agreementId: string, now: Date = new Date()): Promise<CodeRequestResult> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<CodeRequestResult> => {
      const access = await partyAccess(actor, caseId, "owner", trx);
      const agreement = await trx
        .selectFrom("fee_agreements")
        .select(["id", "state"])
        .where("id", "=", agreementId)
        .where("case_id", "=", access.caseId)
        .forUpdate()
        .executeTakeFirst();
      if (!agreement) throw new NotFoundError();
      if (agreement.state !== "proposed") return { ok: false, status: 409, formError: messages.changed };
      const recent = await trx
        .selectFrom("fee_agreement_codes")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("agreement_id", "=", agreement.id)
        .where("created_at", ">", new Date(now.getTime() - 3600_000))
        .executeTakeFirstOrThrow();
      if (recent.n >= CODE_REQUESTS_PER_HOUR) {
        return { ok: false, status: 429, formError: "Vous avez demandé trop de codes. Réessayez dans une heure." };
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const expiresAt = new Date(now.getTime() + SIGNING_CODE_MINUTES * 60_000);
      // One usable code at a time: asking again retires the previous one.
      await trx.updateTable("fee_agreement_codes").set({ used_at: now }).where("agreement_id", "=", agreement.id).where("used_at", "is", null).execute();
      await trx
        .insertInto("fee_agreement_codes")
        .values({ agreement_id: agreement.id, user_id: access.actor.userId, code_hash: codeDigest(agreement.id, code), expires_at: expiresAt, created_at: now })
        .execute();
      await enqueueEmail(trx, {
        to: access.actor.email,
        template: "convention-code",
        variables: { prenom: access.actor.firstName, numero_dossier: access.caseNumber, code },
        secret: ["code"],
      });
      return { ok: true, expiresAt: expiresAt.toISOString() };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

type CodeCheck = "ok" | "wrong" | "expired" | "too-many";

/** Spends one try of the client's latest code; a right code is used up at once. */
async function checkSigningCode(trx: Executor, agreementId: string, userId: string, code: string, now: Date): Promise<CodeCheck> {
  const latest = await trx
    .selectFrom("fee_agreement_codes")
    .select(["id", "code_hash", "attempts", "expires_at", "used_at"])
    .where("agreement_id", "=", agreementId)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!latest || latest.used_at !== null || latest.expires_at <= now) return "expired";
  if (latest.attempts >= SIGNING_CODE_TRIES) return "too-many";
  const expected = Buffer.from(latest.code_hash, "hex");
  const given = Buffer.from(codeDigest(agreementId, code), "hex");
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  await trx
    .updateTable("fee_agreement_codes")
    .set({ attempts: latest.attempts + 1, ...(matches ? { used_at: now } : {}) })
    .where("id", "=", latest.id)
    .execute();
  if (matches) return "ok";
  return latest.attempts + 1 >= SIGNING_CODE_TRIES ? "too-many" : "wrong";
}

/** An agreement of this case (the case already checked), optionally locked; another case's or an unknown one is 404. */
async function agreementOfCase(executor: Executor, caseId: string, agreementId: string, lock = false) {
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

export interface RequestOrigin {
  ipAddress: string;
  userAgent: string;
}

export type SignResult = { ok: true } | Failure;

/**
 * The client signs: the document they read must be the current proposal (else "La convention a changé, relisez-la"),
 * they consent, re-enter their password and the emailed code. The signature's evidence is recorded; the lawyer is
 * told to countersign.
 */
export async function signAsClient(actor: Actor, caseId: string, input: ClientSignatureInput, origin: RequestOrigin, now: Date = new Date()): Promise<SignResult> {
  const access = await partyAccess(actor, caseId, "owner");
  const agreement = await agreementOfCase(db(), access.caseId, input.agreementId);
  if (agreement.state !== "proposed" || agreement.document_sha256 !== input.documentSha256) return { ok: false, status: 409, formError: messages.changed };
  const identity = await db().selectFrom("profiles").select(["identity_verified", "first_name", "last_name"]).where("id", "=", access.ownerId).executeTakeFirstOrThrow();
  if (!identity.identity_verified) return { ok: false, status: 409, formError: "Votre identité doit être vérifiée avant de signer la convention." };
  const password = await checkCurrentPassword(access.actor, input.password, "signature-convention");
  if (!password.ok) {
    if (password.reason === "busy") return { ok: false, status: 503, formError: "Le service est très sollicité. Réessayez dans quelques secondes\u202f: rien n'est perdu." };
    if (password.reason === "too-many") return { ok: false, status: 429, formError: "Trop d'essais de mot de passe. Réessayez plus tard." };
    return { ok: false, status: 400, fieldErrors: { password: "Mot de passe incorrect." } };
  }
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<SignResult> => {
      await partyAccess(actor, caseId, "owner", trx);
      const locked = await agreementOfCase(trx, access.caseId, agreement.id, true);
      if (locked.state !== "proposed" || locked.document_sha256 !== input.documentSha256) return { ok: false, status: 409, formError: messages.changed };
      const code = await checkSigningCode(trx, locked.id, access.actor.userId, input.code, now);
      if (code === "expired") return { ok: false, status: 400, fieldErrors: { code: messages.codeExpired } };
      if (code === "too-many") return { ok: false, status: 429, fieldErrors: { code: messages.codeTooManyTries } };
      if (code === "wrong") return { ok: false, status: 400, fieldErrors: { code: messages.codeWrong } };
      await trx
        .insertInto("fee_agreement_signatures")
        .values({
          agreement_id: locked.id,
          role: "client",
          signer_id: access.actor.userId,
          full_name: `${identity.first_name} ${identity.last_name}`,
          identity_reference: await identityReference(trx, access.ownerId),
          email: access.actor.email,
          ip_address: origin.ipAddress,
          user_agent: origin.userAgent.slice(0, 500),
          method: "password-email-code",
          document_sha256: locked.document_sha256,
          consented_at: now,
          early_start_requested: input.earlyStart,
        })
        .execute();
      await withHistoryContext(trx, { actorId: access.actor.userId }, () =>
        trx.updateTable("fee_agreements").set({ state: "signed", client_signed_at: now, early_start_requested: input.earlyStart }).where("id", "=", locked.id).execute(),
      );
      const lawyer = locked.lawyer_id ? await trx.selectFrom("profiles").select(["email", "last_name"]).where("id", "=", locked.lawyer_id).executeTakeFirst() : undefined;
      if (lawyer) {
        await enqueueEmail(trx, {
          to: lawyer.email,
          template: "convention-signee-client",
          variables: { nom: lawyer.last_name, numero_dossier: access.caseNumber, lien: publicLink(`/case/${access.caseId}/convention`) },
        });
      }
      return { ok: true };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The lawyer's countersignature, then the seal

export type CountersignResult = { ok: true } | Failure;

/** The lawyer countersigns with their second factor; the seal follows in a job, and only then is the agreement active. */
export async function countersign(actor: Actor, caseId: string, input: CountersignatureInput, origin: RequestOrigin, now: Date = new Date()): Promise<CountersignResult> {
  const access = await partyAccess(actor, caseId, "lawyer");
  const agreement = await agreementOfCase(db(), access.caseId, input.agreementId);
  if (agreement.state !== "signed" || agreement.document_sha256 !== input.documentSha256) return { ok: false, status: 409, formError: messages.notPossible };
  const confirmation = await confirmWithSecondFactor(access.actor, input.code);
  if (!confirmation.ok) {
    if (confirmation.reason === "too-many") return { ok: false, status: 429, formError: "Trop d'essais. Réessayez dans quelques minutes." };
    return { ok: false, status: 400, fieldErrors: { code: confirmation.reason === "replayed" ? "Ce code a déjà servi. Attendez le code suivant de votre application." : messages.totpWrong } };
  }
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<CountersignResult> => {
      await partyAccess(actor, caseId, "lawyer", trx);
      const locked = await agreementOfCase(trx, access.caseId, agreement.id, true);
      if (locked.state !== "signed" || locked.document_sha256 !== input.documentSha256) return { ok: false, status: 409, formError: messages.notPossible };
      const lawyer = await trx.selectFrom("profiles").select(["first_name", "last_name", "bar_name", "bar_number"]).where("id", "=", access.actor.userId).executeTakeFirstOrThrow();
      await trx
        .insertInto("fee_agreement_signatures")
        .values({
          agreement_id: locked.id,
          role: "lawyer",
          signer_id: access.actor.userId,
          full_name: `Maître ${lawyer.first_name} ${lawyer.last_name}`,
          identity_reference: `Avocat au ${lawyer.bar_name ?? "barreau non renseigné"}, n°\u00a0${lawyer.bar_number ?? "non renseigné"}, compte Recours vérifié par double authentification`,
          email: access.actor.email,
          ip_address: origin.ipAddress,
          user_agent: origin.userAgent.slice(0, 500),
          method: "totp",
          document_sha256: locked.document_sha256,
          consented_at: now,
        })
        .execute();
      await withHistoryContext(trx, { actorId: access.actor.userId }, () =>
        trx.updateTable("fee_agreements").set({ state: "countersigned", lawyer_signed_at: now }).where("id", "=", locked.id).execute(),
      );
      await recordStaffAction(trx, access.actor, { action: "agreement.countersigned", targetType: "case", targetId: access.caseId, after: { agreementId: locked.id } });
      await enqueueJob(trx, { kind: SEAL_AGREEMENT_JOB, payload: { agreementId: locked.id }, maxAttempts: 10 });
      return { ok: true };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

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
    const people = await trx.selectFrom("profiles").select(["email"]).where("id", "in", [agreement.user_id, agreement.lawyer_id ?? agreement.user_id]).execute();
    for (const person of people) {
      await enqueueEmail(trx, {
        to: person.email,
        template: "convention-en-vigueur",
        variables: {
          numero_dossier: agreement.case_number,
          retractation: agreement.client_signed_at ? withdrawalSentence(agreement.client_signed_at) : "",
          lien: publicLink(`/case/${agreement.case_id}/convention`),
        },
      });
    }
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

// ---------------------------------------------------------------------------------------------------------------
// Withdrawal

export type WithdrawalResult = { ok: true; earlyStart: boolean } | Failure;

async function withdraw(
  actor: UserActor,
  access: CaseAccess,
  agreementId: string,
  channel: "application" | "email",
  sentOn: Date,
  trx: Transaction<Database>,
  now: Date,
): Promise<WithdrawalResult> {
  const locked = await trx
    .selectFrom("fee_agreements")
    .select(["id", "state", "client_signed_at", "early_start_requested", "lawyer_id"])
    .where("id", "=", agreementId)
    .where("case_id", "=", access.caseId)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) throw new NotFoundError();
  if (!locked.client_signed_at || !["signed", "countersigned", "active"].includes(locked.state)) return { ok: false, status: 409, formError: messages.notPossible };
  if (!withinWithdrawalPeriod(locked.client_signed_at, sentOn)) return { ok: false, status: 409, formError: messages.withdrawalClosed };
  if (channel === "email" && parisIsoDay(sentOn) < parisIsoDay(locked.client_signed_at)) {
    return { ok: false, status: 400, fieldErrors: { sentOn: "Cette date est antérieure à la signature de la convention par le client." } };
  }
  await withHistoryContext(trx, { actorId: actor.userId }, () =>
    trx.updateTable("fee_agreements").set({ state: "withdrawn", withdrawn_at: now, withdrawal_channel: channel }).where("id", "=", locked.id).execute(),
  );
  const people = await trx.selectFrom("profiles").select(["email"]).where("id", "in", [access.ownerId, locked.lawyer_id ?? access.ownerId]).execute();
  for (const person of people) {
    await enqueueEmail(trx, {
      to: person.email,
      template: "convention-retractee",
      variables: {
        numero_dossier: access.caseNumber,
        date: formatDateTime(now),
        suite: afterWithdrawalText(locked.early_start_requested),
        lien: publicLink(`/case/${access.caseId}`),
      },
    });
  }
  return { ok: true, earlyStart: locked.early_start_requested };
}

/** The client withdraws within 14 days of signing (L221-18): one confirmation, an acknowledgement to both. */
export async function withdrawAgreement(actor: Actor, caseId: string, agreementId: string, now: Date = new Date()): Promise<WithdrawalResult> {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const access = await partyAccess(actor, caseId, "owner", trx);
      return withdraw(access.actor, access, agreementId, "application", now, trx, now);
    });
  if (result.ok) jobsEnqueued();
  return result;
}

/** The lawyer records the model form the client sent by e-mail; the day it was sent must be within the 14 days. */
export async function recordEmailWithdrawal(actor: Actor, caseId: string, input: EmailWithdrawalInput, now: Date = new Date()): Promise<WithdrawalResult> {
  const sentOn = new Date(`${input.sentOn}T12:00:00Z`);
  if (input.sentOn > parisIsoDay(now)) return { ok: false, status: 400, fieldErrors: { sentOn: "La date d'envoi ne peut pas être dans le futur." } };
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const access = await partyAccess(actor, caseId, "lawyer", trx);
      const outcome = await withdraw(access.actor, access, input.agreementId, "email", sentOn, trx, now);
      if (outcome.ok) {
        await recordStaffAction(trx, access.actor, { action: "agreement.withdrawal-recorded", targetType: "case", targetId: access.caseId, after: { agreementId: input.agreementId, sentOn: input.sentOn } });
      }
      return outcome;
    });
  if (result.ok) jobsEnqueued();
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Documents

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

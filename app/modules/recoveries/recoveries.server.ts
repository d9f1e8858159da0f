import type { Readable } from "node:stream";
import type { Transaction } from "kysely";
import { formatEuroCents, formatPercentBp } from "~/lib/fees";
import { fieldErrors } from "~/lib/form";
import { formatDate } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { caseAccess, type CaseViewer } from "~/modules/cases/case-access.server";
import { sharedPayments, type PaymentRow } from "~/modules/case-file/payments.server";
import { lawyerTitle } from "~/modules/cases/case-history.server";
import { fileStorage, StoredFileNotReadyError, type StoredFile } from "~/modules/files/files.server";
import { UploadError } from "~/modules/files/upload-error";
import { receiveUpload } from "~/modules/files/upload-pipeline.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { NotFoundError, type Actor } from "~/platform/actor";
import type { CaseStatus, Database, Executor, FeeBaseDue } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { renderDetailedAccountPdf } from "./detailed-account-pdf.server";
import type { CaseFeeFigures, CostView, DetailedAccount, FeePaymentView, RecoveryEntryView } from "./recovery-views";
import { approvedCostsCents, costEntries } from "./case-costs.server";
import { feePaymentEntries, paidUnderAgreementCents } from "./fee-payments.server";
import { emailClient, entryDayError, lawyerEntryContext, ledgerEntryViews, reversalReason, reversibleEntry, type Failure } from "./lawyer-entry.server";
import { computeFees, type FeeFigures } from "./fee-computation";
import { RECOVERY_SOURCE_LABELS, recoveryMessages as messages, recoverySchema, type RecoveryInput } from "./recoveries.schema";


/** A case is finished once resolved, completed or closed: the base fee payable "at the end" is then due. */
const FINISHED: readonly CaseStatus[] = ["resolved", "completed", "closed"];

// ---------------------------------------------------------------------------------------------------------------
// Fee figures (shared with invoicing)


/**
 * The fee figures of a case from its active agreement and the ledger entries recorded under it, in the caller's
 * transaction; null when no agreement is in force. Only the costs the client approved count; the sums already paid are
 * those recorded under the agreement, reversals deducted.
 */
export async function feeFiguresForCase(executor: Executor, caseId: string): Promise<CaseFeeFigures | null> {
  const agreement = await executor
    .selectFrom("fee_agreements as a")
    .innerJoin("cases as c", "c.id", "a.case_id")
    .select(["a.id", "a.base_fee_cents", "a.base_fee_due", "a.result_percent_bp", "a.vat_rate_bp", "c.status"])
    .where("a.case_id", "=", caseId)
    .where("a.state", "=", "active")
    .executeTakeFirst();
  if (!agreement) return null;
  const [ledger, costsCents, paidCents] = await Promise.all([
    executor.selectFrom("case_recoveries").select(["amount_cents"]).where("agreement_id", "=", agreement.id).execute(),
    approvedCostsCents(executor, agreement.id),
    paidUnderAgreementCents(executor, agreement.id),
  ]);
  const terms = { baseFeeCents: agreement.base_fee_cents, resultPercentBp: agreement.result_percent_bp, vatRateBp: agreement.vat_rate_bp, baseFeeDue: agreement.base_fee_due };
  const baseFeeDue = agreement.base_fee_due === "signature" || FINISHED.includes(agreement.status);
  return {
    agreementId: agreement.id,
    terms,
    baseFeeDue,
    figures: computeFees(terms, { ledgerCents: ledger.map((row) => Number(row.amount_cents)), baseFeeDue, approvedCostsCents: costsCents, alreadyPaidCents: paidCents }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading


export interface RecoveriesPanel {
  caseId: string;
  caseNumber: string;
  viewer: CaseViewer;
  entries: RecoveryEntryView[];
  netCents: number;
  netText: string;
  agreementActive: boolean;
  /** The assigned lawyer, with an agreement in force. */
  mayRecord: boolean;
  /** The case's payments the lawyer may relate a sum to (lawyer only). */
  payments: { id: string; label: string }[];
  fees: FeeTexts | null;
  /** Costs proposed by the lawyer: the client answers the pending ones. */
  costs: CostView[];
  /** Sums the client paid the lawyer. */
  feePayments: FeePaymentView[];
}

export interface FeeTexts {
  figures: FeeFigures;
  baseFeeDue: boolean;
  baseFeeDueAt: FeeBaseDue;
  resultPercentText: string;
  vatRateText: string;
}

function paymentLabel(payment: Pick<PaymentRow, "paidOn" | "amount" | "currency">): string {
  const amount = Number(payment.amount).toLocaleString("fr-FR", { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return `Paiement du ${formatDate(payment.paidOn)} (${amount}\u00a0${payment.currency === "EUR" ? "€" : payment.currency})`;
}

/** `casePayments`: the case's payments, read once with the other sections of the page (decision 0093). */
async function ledgerEntries(executor: Executor, caseId: string, casePayments: Promise<PaymentRow[]>): Promise<RecoveryEntryView[]> {
  const [rows, payments] = await Promise.all([
    executor
      .selectFrom("case_recoveries as r")
      .leftJoin("profiles as p", "p.id", "r.recorded_by")
      .select(["r.id", "r.recovered_on", "r.amount_cents", "r.source", "r.payment_ids", "r.note", "r.reverses_id", "r.reason", "r.created_at", "r.proof_file_id", "p.first_name", "p.last_name", "p.role"])
      .where("r.case_id", "=", caseId)
      .orderBy("r.created_at")
      .orderBy("r.id")
      .execute(),
    casePayments,
  ]);
  const paymentById = new Map(payments.map((payment) => [payment.id, payment]));
  return ledgerEntryViews(rows, (row) => ({
    recoveredOn: row.recovered_on,
    source: row.source,
    sourceLabel: RECOVERY_SOURCE_LABELS[row.source],
    payments: row.payment_ids.map((id) => {
      const payment = paymentById.get(id);
      return { id, label: payment ? paymentLabel(payment) : "Paiement supprimé du dossier" };
    }),
    hasProof: row.proof_file_id !== null,
  }));
}

function feeTexts(fees: CaseFeeFigures | null): FeeTexts | null {
  if (!fees) return null;
  return {
    figures: fees.figures,
    baseFeeDue: fees.baseFeeDue,
    baseFeeDueAt: fees.terms.baseFeeDue,
    resultPercentText: formatPercentBp(fees.terms.resultPercentBp),
    vatRateText: formatPercentBp(fees.terms.vatRateBp),
  };
}

/** The "Sommes récupérées" part of the case page: its client, its lawyer and admins read every entry. */
export async function recoveriesFor(actor: Actor, caseId: string): Promise<RecoveriesPanel> {
  const access = await caseAccess(actor, caseId);
  const database = db();
  const [entries, fees, costs, feePayments, payments] = await Promise.all([
    ledgerEntries(database, access.caseId, sharedPayments(access)),
    feeFiguresForCase(database, access.caseId),
    costEntries(database, access.caseId),
    feePaymentEntries(database, access.caseId),
    access.viewer === "lawyer" ? sharedPayments(access) : Promise.resolve([]),
  ]);
  const netCents = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  return {
    caseId: access.caseId,
    caseNumber: access.caseNumber,
    viewer: access.viewer,
    entries,
    netCents,
    netText: formatEuroCents(netCents),
    agreementActive: fees !== null,
    mayRecord: access.viewer === "lawyer" && fees !== null,
    // By day then id, as the lawyer's list always was (the shared read also orders by creation within a day).
    payments: [...payments]
      .sort((a, b) => (a.paidOn < b.paidOn ? -1 : a.paidOn > b.paidOn ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((payment) => ({ id: payment.id, label: paymentLabel(payment) })),
    fees: feeTexts(fees),
    costs,
    feePayments,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Recording and reversing

export type RecordResult = { ok: true; recoveryId: string } | Failure;

/** The proof file's form field (one file: a bank statement, a decision…). */
export const PROOF_FILE_FIELD = "proof";

/**
 * The assigned lawyer records a sum that came back, on a case whose agreement is in force. The client is told by
 * e-mail (no amount in it) and the action is kept in the staff journal. Anyone else gets the case's 404.
 */
export async function recordRecovery(actor: Actor, caseId: string, input: RecoveryInput, now: Date = new Date()): Promise<RecordResult> {
  const result = await db()
    .transaction()
    .execute((trx) => recordInTransaction(trx, actor, caseId, input, null, now));
  if (result.ok) jobsEnqueued();
  return result;
}

class RecordRefusal extends Error {
  constructor(readonly failure: Failure) {
    super("refus");
  }
}

export type UploadRecordResult = RecordResult & { values: Record<string, string> };

/**
 * The same, from the lawyer's multipart form with an optional proof file: the file goes through the upload pipeline
 * (type from the bytes, checked, encrypted) and is recorded in the transaction of the entry; any refusal discards it.
 */
export async function recordRecoveryWithProof(actor: Actor, caseId: string, request: Request, now: Date = new Date()): Promise<UploadRecordResult> {
  const access = await caseAccess(actor, caseId);
  if (access.viewer !== "lawyer") throw new NotFoundError();
  let values: Record<string, string> = {};
  try {
    const upload = await receiveUpload(request, { ownerId: access.ownerId, fileFields: { [PROOF_FILE_FIELD]: 1 }, requireFile: false }, async (trx, received) => {
      values = received.fields;
      const parsed = recoverySchema.safeParse(received.fields);
      if (!parsed.success) throw new RecordRefusal({ ok: false, status: 400, fieldErrors: fieldErrors(parsed.error) });
      const result = await recordInTransaction(trx, actor, caseId, parsed.data, received.files[0]?.file.id ?? null, now);
      if (!result.ok) throw new RecordRefusal(result);
      return result;
    });
    jobsEnqueued();
    return { ...upload.result, values };
  } catch (error) {
    if (error instanceof RecordRefusal) return { ...error.failure, values };
    if (error instanceof UploadError) return { ok: false, status: 400, fieldErrors: { [PROOF_FILE_FIELD]: error.message }, values };
    throw error;
  }
}

async function recordInTransaction(trx: Transaction<Database>, actor: Actor, caseId: string, input: RecoveryInput, proofFileId: string | null, now: Date): Promise<RecordResult> {
  const context = await lawyerEntryContext(trx, actor, caseId, messages.noActiveAgreement);
  if ("ok" in context) return context;
  const { access, agreementId } = context;
  const fieldErrors: Record<string, string> = {};
  const dayError = await entryDayError(trx, access.caseId, input.recoveredOn, now, messages);
  if (dayError) fieldErrors.recoveredOn = dayError;
  const paymentIds = [...new Set(input.paymentIds)];
  if (paymentIds.some((id) => !isUuid(id))) fieldErrors.paymentIds = messages.paymentUnknown;
  else if (paymentIds.length > 0) {
    const found = await trx.selectFrom("case_payments").select(["id"]).where("case_id", "=", access.caseId).where("id", "in", paymentIds).execute();
    if (found.length !== paymentIds.length) fieldErrors.paymentIds = messages.paymentUnknown;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, fieldErrors };
  const inserted = await trx
    .insertInto("case_recoveries")
    .values({
      case_id: access.caseId,
      agreement_id: agreementId,
      recovered_on: input.recoveredOn,
      amount_cents: input.amount,
      source: input.source,
      payment_ids: paymentIds,
      note: input.note,
      proof_file_id: proofFileId,
      recorded_by: access.actor.userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordStaffAction(trx, access.actor, {
    action: "recovery.recorded",
    targetType: "case",
    targetId: access.caseId,
    after: { recoveryId: inserted.id, amountCents: input.amount, recoveredOn: input.recoveredOn, source: input.source, paymentIds, proofFileId },
  });
  await emailClient(trx, access, "somme-recuperee", "recuperations");
  return { ok: true, recoveryId: inserted.id };
}

export type ProofDownload = { ok: true; file: StoredFile; stream: Readable } | { ok: false; status: 404 | 409; message: string };

/** An entry's proof file, for the case's client, its lawyer or an admin; anyone else the case's 404. */
export async function recoveryProof(actor: Actor, caseId: string, recoveryId: string): Promise<ProofDownload> {
  const access = await caseAccess(actor, caseId);
  const row = isUuid(recoveryId)
    ? await db().selectFrom("case_recoveries").select(["proof_file_id"]).where("id", "=", recoveryId).where("case_id", "=", access.caseId).executeTakeFirst()
    : undefined;
  if (!row?.proof_file_id) return { ok: false, status: 404, message: "Ce justificatif n'existe pas." };
  try {
    return { ok: true, ...(await fileStorage().open(row.proof_file_id)) };
  } catch (error) {
    if (error instanceof StoredFileNotReadyError) return { ok: false, status: 409, message: "Ce justificatif est en cours de traitement. Réessayez dans quelques minutes." };
    throw error;
  }
}

export type ReverseResult = { ok: true; reversalId: string } | Failure;

/**
 * The lawyer cancels an entry by a reversal: its exact opposite, dated like it (the period figures net out), with a
 * reason. A reversal is never reversed, and an entry is reversed once (the table's trigger and unique key agree). The
 * client is told by e-mail, without any amount.
 */
export async function reverseRecovery(actor: Actor, caseId: string, recoveryId: string, reason: string): Promise<ReverseResult> {
  const trimmed = reversalReason(reason, messages);
  if (typeof trimmed !== "string") return trimmed;
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<ReverseResult> => {
      const access = await reversibleEntry(trx, actor, caseId, "case_recoveries", recoveryId, messages);
      if ("ok" in access) return access;
      const entry = await trx.selectFrom("case_recoveries").select(["id", "agreement_id", "recovered_on", "amount_cents", "source"]).where("id", "=", recoveryId).executeTakeFirstOrThrow();
      const amount = -Number(entry.amount_cents);
      const inserted = await trx
        .insertInto("case_recoveries")
        .values({
          case_id: access.caseId,
          agreement_id: entry.agreement_id,
          recovered_on: entry.recovered_on,
          amount_cents: amount,
          source: entry.source,
          reverses_id: entry.id,
          reason: trimmed,
          recorded_by: access.actor.userId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordStaffAction(trx, access.actor, {
        action: "recovery.reversed",
        targetType: "case",
        targetId: access.caseId,
        after: { recoveryId: inserted.id, reverses: entry.id, amountCents: amount, reason: trimmed },
      });
      await emailClient(trx, access, "somme-recuperee-contre-passee", "recuperations");
      return { ok: true, reversalId: inserted.id };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The detailed account (compte détaillé, RIN 11.7)


/** The detailed account of a case for its client, its lawyer or an admin; null while no agreement is in force. */
export async function detailedAccountFor(actor: Actor, caseId: string, now: Date = new Date()): Promise<DetailedAccount | null> {
  const access = await caseAccess(actor, caseId);
  const database = db();
  const fees = await feeFiguresForCase(database, access.caseId);
  if (!fees) return null;
  const [entries, costs, feePayments, people] = await Promise.all([
    ledgerEntries(database, access.caseId, sharedPayments(access)),
    costEntries(database, access.caseId),
    feePaymentEntries(database, access.caseId),
    database
      .selectFrom("profiles")
      .select(["id", "first_name", "last_name", "bar_name", "bar_number"])
      .where("id", "in", [access.ownerId, access.assignedLawyerId ?? access.ownerId])
      .execute(),
  ]);
  const client = people.find((person) => person.id === access.ownerId);
  const lawyer = people.find((person) => person.id === access.assignedLawyerId);
  return {
    caseId: access.caseId,
    caseNumber: access.caseNumber,
    clientName: client ? `${client.first_name} ${client.last_name}` : "Client",
    lawyerName: lawyer ? lawyerTitle(lawyer) : "Avocat non désigné",
    lawyerBar: lawyer?.bar_name ? `${lawyer.bar_name}${lawyer.bar_number ? `, n°\u00a0${lawyer.bar_number}` : ""}` : "Barreau non renseigné",
    terms: fees.terms,
    baseFeeDue: fees.baseFeeDue,
    figures: fees.figures,
    entries,
    costs,
    feePayments,
    generatedAt: now,
  };
}

export type DetailedAccountDocument = { ok: true; fileName: string; pdf: Buffer } | { ok: false; status: 409; message: string };

export async function detailedAccountDocument(actor: Actor, caseId: string, now: Date = new Date()): Promise<DetailedAccountDocument> {
  const account = await detailedAccountFor(actor, caseId, now);
  if (!account) return { ok: false, status: 409, message: "Aucune convention d'honoraires n'est en vigueur pour ce dossier\u202f: il n'y a pas encore de compte détaillé." };
  return { ok: true, fileName: `compte-detaille-${account.caseNumber}.pdf`, pdf: await renderDetailedAccountPdf(account) };
}

export type { CaseFeeFigures, CostView, DetailedAccount, FeePaymentView, RecoveryEntryView } from "./recovery-views";
export { approvedCostsCents, decideCost, proposeCost, withdrawCost } from "./case-costs.server";
export { recordFeePayment, reverseFeePayment } from "./fee-payments.server";

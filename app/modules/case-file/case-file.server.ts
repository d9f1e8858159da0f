import { sql, type Kysely, type Transaction } from "kysely";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { isUuid } from "~/lib/uuid";
import { caseAccess, mayEditCaseFile, type CaseAccess, type CaseViewer } from "~/modules/cases/case-access.server";
import type { CurrencyTotal } from "~/modules/cases/payment-totals";
import type { Actor } from "~/platform/actor";
import type { Database } from "~/platform/database-schema";
import type { FieldErrors } from "~/lib/form";
import { db } from "~/platform/runtime.server";
import { cancelBankReminders, scheduleBankReminders } from "./bank-reminders.server";
import { caseFileMessages, type IdentifierInput, type PaymentInput } from "./case-file.schema";
import { MATCHABLE_IDENTIFIER_KINDS, totalsByCurrency } from "./case-file-format";
import { computeDeadlines, parisToday, type Deadlines } from "./deadlines";
import { readIdentifiers, type IdentifierRow } from "./identifiers.server";
import { paymentFromRow, sharedPayments, type PaymentRow } from "./payments.server";

export type CaseFileResult = { ok: true; id: string } | { ok: false; status: 400 | 404 | 409; formError?: string; fieldErrors?: FieldErrors };

/** Runs `change` in a transaction on the case locked for it, once the actor may still edit its file (409 otherwise). */
function editCaseFile(
  actor: Actor,
  caseId: string,
  change: (trx: Transaction<Database>, access: CaseAccess) => Promise<CaseFileResult>,
): Promise<CaseFileResult> {
  return db()
    .transaction()
    .execute(async (trx): Promise<CaseFileResult> => {
      const access = await caseAccess(actor, caseId, { executor: trx, lock: "update" });
      if (!mayEditCaseFile(access)) return { ok: false, status: 409, formError: caseFileMessages.readOnly };
      return change(trx, access);
    });
}

/** Staff changes go to the journal (the client's own are in the case itself). */
async function journal(trx: Transaction<Database>, access: CaseAccess, action: string, targetId: string, after: Record<string, unknown> | null, before: Record<string, unknown> | null = null) {
  if (access.viewer === "owner") return;
  await recordStaffAction(trx, access.actor, { action, targetType: "case", targetId: access.caseId, before, after: { ...after, id: targetId } });
}

function paymentSummary(input: { paidOn: string; amount: string; currency: string; method: string; beneficiaryKind: string }) {
  return { paidOn: input.paidOn, amount: input.amount, currency: input.currency, method: input.method, beneficiaryKind: input.beneficiaryKind };
}

function paymentValues(input: PaymentInput) {
  return {
    paid_on: input.paidOn,
    amount: input.amount,
    currency: input.currency,
    method: input.method,
    beneficiary_kind: input.beneficiaryKind,
    beneficiary: input.beneficiary,
    wallet_network: input.walletNetwork,
    payer_bank: input.payerBank,
    note: input.note,
  };
}

/** Adds a payment (client while draft or submitted, assigned lawyer, admin) and queues its bank-deadline reminders. */
export async function addPayment(actor: Actor, caseId: string, input: PaymentInput): Promise<CaseFileResult> {
  const result = await editCaseFile(actor, caseId, async (trx, access) => {
    const row = await trx
      .insertInto("case_payments")
      .values({ case_id: access.caseId, created_by: access.actor.userId, ...paymentValues(input) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await scheduleBankReminders(trx, { id: row.id, paidOn: input.paidOn, method: input.method });
    await journal(trx, access, "case.payment-added", row.id, paymentSummary(input));
    return { ok: true, id: row.id };
  });
  if (result.ok) jobsEnqueued();
  return result;
}

export async function updatePayment(actor: Actor, caseId: string, paymentId: string, input: PaymentInput): Promise<CaseFileResult> {
  if (!isUuid(paymentId)) return { ok: false, status: 404, formError: caseFileMessages.paymentUnknown };
  const result = await editCaseFile(actor, caseId, async (trx, access) => {
    const before = await trx.selectFrom("case_payments").selectAll().where("id", "=", paymentId).where("case_id", "=", access.caseId).executeTakeFirst();
    if (!before) return { ok: false, status: 404, formError: caseFileMessages.paymentUnknown };
    await trx.updateTable("case_payments").set(paymentValues(input)).where("id", "=", paymentId).execute();
    await cancelBankReminders(trx, [paymentId]);
    await scheduleBankReminders(trx, { id: paymentId, paidOn: input.paidOn, method: input.method });
    const old = paymentFromRow(before);
    await journal(trx, access, "case.payment-changed", paymentId, paymentSummary(input), paymentSummary(old));
    return { ok: true, id: paymentId };
  });
  if (result.ok) jobsEnqueued();
  return result;
}

/** Deletes a payment, its IBAN or wallet identifier (cascade) and its queued reminders. */
export async function deletePayment(actor: Actor, caseId: string, paymentId: string): Promise<CaseFileResult> {
  if (!isUuid(paymentId)) return { ok: false, status: 404, formError: caseFileMessages.paymentUnknown };
  return editCaseFile(actor, caseId, async (trx, access) => {
    const deleted = await trx.deleteFrom("case_payments").where("id", "=", paymentId).where("case_id", "=", access.caseId).returningAll().executeTakeFirst();
    if (!deleted) return { ok: false, status: 404, formError: caseFileMessages.paymentUnknown };
    await cancelBankReminders(trx, [paymentId]);
    await journal(trx, access, "case.payment-deleted", paymentId, null, paymentSummary(paymentFromRow(deleted)));
    return { ok: true, id: paymentId };
  });
}

export async function addIdentifier(actor: Actor, caseId: string, input: IdentifierInput): Promise<CaseFileResult> {
  return editCaseFile(actor, caseId, async (trx, access) => {
    const row = await trx
      .insertInto("case_identifiers")
      .values({ case_id: access.caseId, kind: input.kind, value: input.value, normalized: input.normalized, note: input.note, created_by: access.actor.userId })
      .onConflict((conflict) => conflict.columns(["case_id", "kind", "normalized"]).where("payment_id", "is", null).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) return { ok: false, status: 409, fieldErrors: { value: caseFileMessages.identifierDuplicate } };
    await journal(trx, access, "case.identifier-added", row.id, { kind: input.kind });
    return { ok: true, id: row.id };
  });
}

export async function deleteIdentifier(actor: Actor, caseId: string, identifierId: string): Promise<CaseFileResult> {
  if (!isUuid(identifierId)) return { ok: false, status: 404, formError: caseFileMessages.identifierUnknown };
  return editCaseFile(actor, caseId, async (trx, access) => {
    const row = await trx.selectFrom("case_identifiers").select(["id", "kind", "payment_id"]).where("id", "=", identifierId).where("case_id", "=", access.caseId).executeTakeFirst();
    if (!row) return { ok: false, status: 404, formError: caseFileMessages.identifierUnknown };
    if (row.payment_id) return { ok: false, status: 409, formError: caseFileMessages.identifierFromPayment };
    await trx.deleteFrom("case_identifiers").where("id", "=", identifierId).execute();
    await journal(trx, access, "case.identifier-deleted", identifierId, null, { kind: row.kind });
    return { ok: true, id: identifierId };
  });
}

/** Other cases sharing one identifier. Lawyers get the count and the numbers of their own cases only. */
export interface IdentifierLinks {
  kind: string;
  normalized: string;
  otherCases: number;
  /** Cases the viewer may open: every one for an admin (first 20), the lawyer's own for a lawyer. */
  openable: { id: string; caseNumber: string }[];
}

const LINKS_SHOWN = 20;

/**
 * The linked cases of a case, in one query: each matchable identifier of the case joined, through the
 * (kind, normalized, case_id) index, to the same key in other cases. Never for the client (another victim's case).
 */
export async function linkedCases(actor: Actor, caseId: string): Promise<IdentifierLinks[]> {
  const access = await caseAccess(actor, caseId);
  return readLinkedCases(access);
}

async function readLinkedCases(access: CaseAccess): Promise<IdentifierLinks[]> {
  if (access.viewer === "owner") return [];
  return selectLinkedCases(db(), { caseId: access.caseId, viewerId: access.actor.userId, seeAll: access.viewer === "admin" });
}

/**
 * The linked-cases query itself (no access check: readLinkedCases, and the bench). `seeAll`: every other case is
 * openable; else only those assigned to `viewerId`.
 */
export async function selectLinkedCases(
  executor: Kysely<Database>,
  query: { caseId: string; viewerId: string; seeAll: boolean },
): Promise<IdentifierLinks[]> {
  const kinds = [...MATCHABLE_IDENTIFIER_KINDS];
  const rows = await sql<{ kind: string; normalized: string; other_cases: number; openable: string[] | null }>`
    SELECT m.kind, m.normalized, count(DISTINCT o.case_id)::int AS other_cases,
           (array_agg(DISTINCT c.case_number || '|' || c.id::text)
              FILTER (WHERE ${query.seeAll} OR c.assigned_lawyer_id = ${query.viewerId}))[1:${LINKS_SHOWN}] AS openable
      FROM case_identifiers m
      JOIN case_identifiers o
        ON o.kind = m.kind AND o.normalized = m.normalized AND o.case_id <> m.case_id
       AND o.kind IN (${sql.join(kinds)})
      JOIN cases c ON c.id = o.case_id
     WHERE m.case_id = ${query.caseId} AND m.kind IN (${sql.join(kinds)})
     GROUP BY m.kind, m.normalized`.execute(executor);
  return rows.rows.map((row) => ({
    kind: row.kind,
    normalized: row.normalized,
    otherCases: row.other_cases,
    openable: (row.openable ?? []).map((entry) => {
      const [caseNumber, id] = entry.split("|") as [string, string];
      return { id, caseNumber };
    }),
  }));
}

export interface CaseFileIdentifier extends IdentifierRow {
  links: IdentifierLinks | null;
}

export interface CaseFileView {
  viewer: CaseViewer;
  canEdit: boolean;
  payments: PaymentRow[];
  totals: CurrencyTotal[];
  identifiers: CaseFileIdentifier[];
  deadlines: Deadlines;
  today: string;
}

/** Everything the case page shows of the case file: payments and totals, identifiers and their links, deadlines. */
export async function caseFileFor(actor: Actor, caseId: string, now: Date = new Date()): Promise<CaseFileView> {
  const database = db();
  const access = await caseAccess(actor, caseId);
  const [payments, identifiers, links, facts] = await Promise.all([
    sharedPayments(access),
    readIdentifiers(access.caseId),
    readLinkedCases(access),
    database
      .selectFrom("cases as c")
      .innerJoin("profiles as o", "o.id", "c.user_id")
      .select(["c.first_contact_date", "c.filed_complaint", "o.country"])
      .where("c.id", "=", access.caseId)
      .executeTakeFirstOrThrow(),
  ]);
  const linksByKey = new Map(links.map((link) => [`${link.kind}:${link.normalized}`, link]));
  const today = parisToday(now);
  return {
    viewer: access.viewer,
    canEdit: mayEditCaseFile(access),
    payments,
    totals: totalsByCurrency(payments),
    identifiers: identifiers.map((identifier) => ({ ...identifier, links: linksByKey.get(`${identifier.kind}:${identifier.normalized}`) ?? null })),
    deadlines: computeDeadlines({
      payments,
      firstContactDate: facts.first_contact_date,
      filedComplaint: facts.filed_complaint,
      clientCountry: facts.country,
      today,
    }),
    today,
  };
}

/** One payment of a case, for its edit form. */
export async function paymentFor(actor: Actor, caseId: string, paymentId: string): Promise<{ payment: PaymentRow; canEdit: boolean; caseNumber: string } | null> {
  const access = await caseAccess(actor, caseId);
  if (!isUuid(paymentId)) return null;
  const row = await db().selectFrom("case_payments").selectAll().where("id", "=", paymentId).where("case_id", "=", access.caseId).executeTakeFirst();
  return row ? { payment: paymentFromRow(row), canEdit: mayEditCaseFile(access), caseNumber: access.caseNumber } : null;
}

/** The case's number and whether the actor may change its file (404 otherwise), for the forms' pages. */
export async function caseFileHeader(actor: Actor, caseId: string): Promise<{ caseId: string; caseNumber: string; canEdit: boolean }> {
  const access = await caseAccess(actor, caseId);
  return { caseId: access.caseId, caseNumber: access.caseNumber, canEdit: mayEditCaseFile(access) };
}

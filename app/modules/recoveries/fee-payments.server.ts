import { recordStaffAction } from "~/modules/audit/audit.server";
import type { Actor } from "~/platform/actor";
import type { Executor } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { entryDayError, lawyerEntryContext, ledgerEntryViews, reversalReason, reversibleEntry, type Failure } from "./lawyer-entry.server";
import { feePaymentMessages as messages, type FeePaymentInput } from "./recoveries.schema";
import type { FeePaymentView } from "./recovery-views";

/**
 * Sums the client paid the lawyer (issue 31, decision 83): recorded by the assigned lawyer under the agreement in
 * force, TTC, append-only like the recoveries ledger (a correction is a reversal with a reason). They are the "sums
 * already received" of the fee figures and the detailed account.
 */

/** Every entry of a case, oldest first, reversals included. */
export async function feePaymentEntries(executor: Executor, caseId: string): Promise<FeePaymentView[]> {
  const rows = await executor
    .selectFrom("case_fee_payments as f")
    .leftJoin("profiles as p", "p.id", "f.recorded_by")
    .select(["f.id", "f.received_on", "f.amount_cents", "f.label", "f.note", "f.reverses_id", "f.reason", "f.created_at", "p.first_name", "p.last_name", "p.role"])
    .where("f.case_id", "=", caseId)
    .orderBy("f.created_at")
    .orderBy("f.id")
    .execute();
  return ledgerEntryViews(rows, (row) => ({ receivedOn: row.received_on, label: row.label }));
}

/** What the client paid under an agreement, reversals deducted (TTC). */
export async function paidUnderAgreementCents(executor: Executor, agreementId: string): Promise<number> {
  const row = await executor
    .selectFrom("case_fee_payments")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("amount_cents"), eb.val("0")).as("total"))
    .where("agreement_id", "=", agreementId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export type FeePaymentResult = { ok: true; paymentId: string } | Failure;

/** The assigned lawyer records a sum received from the client; journaled. Anyone else gets the case's 404. */
export async function recordFeePayment(actor: Actor, caseId: string, input: FeePaymentInput, now: Date = new Date()): Promise<FeePaymentResult> {
  return db()
    .transaction()
    .execute(async (trx): Promise<FeePaymentResult> => {
      const context = await lawyerEntryContext(trx, actor, caseId, messages.noActiveAgreement);
      if ("ok" in context) return context;
      const { access, agreementId } = context;
      const dayError = await entryDayError(trx, access.caseId, input.receivedOn, now, messages);
      if (dayError) return { ok: false, status: 400, fieldErrors: { receivedOn: dayError } };
      const inserted = await trx
        .insertInto("case_fee_payments")
        .values({ case_id: access.caseId, agreement_id: agreementId, received_on: input.receivedOn, amount_cents: input.paidAmount, label: input.paidFor, note: input.paidNote, recorded_by: access.actor.userId })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordStaffAction(trx, access.actor, {
        action: "fee-payment.recorded",
        targetType: "case",
        targetId: access.caseId,
        after: { paymentId: inserted.id, amountCents: input.paidAmount, receivedOn: input.receivedOn, label: input.paidFor },
      });
      return { ok: true, paymentId: inserted.id };
    });
}

/** The lawyer cancels a sum received by its exact opposite, dated like it, with a reason; once, never a reversal. */
export async function reverseFeePayment(actor: Actor, caseId: string, paymentId: string, reason: string): Promise<FeePaymentResult> {
  const trimmed = reversalReason(reason, messages);
  if (typeof trimmed !== "string") return trimmed;
  return db()
    .transaction()
    .execute(async (trx): Promise<FeePaymentResult> => {
      const access = await reversibleEntry(trx, actor, caseId, "case_fee_payments", paymentId, messages);
      if ("ok" in access) return access;
      const entry = await trx.selectFrom("case_fee_payments").select(["id", "agreement_id", "received_on", "amount_cents", "label"]).where("id", "=", paymentId).executeTakeFirstOrThrow();
      const amount = -Number(entry.amount_cents);
      const inserted = await trx
        .insertInto("case_fee_payments")
        .values({ case_id: access.caseId, agreement_id: entry.agreement_id, received_on: entry.received_on, amount_cents: amount, label: entry.label, reverses_id: entry.id, reason: trimmed, recorded_by: access.actor.userId })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordStaffAction(trx, access.actor, {
        action: "fee-payment.reversed",
        targetType: "case",
        targetId: access.caseId,
        after: { paymentId: inserted.id, reverses: entry.id, amountCents: amount, reason: trimmed },
      });
      return { ok: true, paymentId: inserted.id };
    });
}

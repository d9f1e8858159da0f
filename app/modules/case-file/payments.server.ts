import type { Actor } from "~/platform/actor";
import type { Selectable } from "kysely";
import type { BeneficiaryKind, CasePaymentTable, PaymentCurrency, PaymentMethod, WalletNetwork } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { caseAccess, sharedCaseRead, type CaseAccess } from "~/modules/cases/case-access.server";

/** A payment as every reader gets it (case page, PDFs). Dates "yyyy-MM-dd", amounts exact decimal strings. */
export interface PaymentRow {
  id: string;
  caseId: string;
  paidOn: string;
  amount: string;
  currency: PaymentCurrency;
  method: PaymentMethod;
  beneficiaryKind: BeneficiaryKind;
  /** IBAN in electronic format (show with formatIban), wallet address as typed, or free text. */
  beneficiary: string;
  walletNetwork: WalletNetwork | null;
  /** The victim's bank, debited by this payment (the bank letter's addressee). */
  payerBank: string | null;
  note: string | null;
  createdAt: string;
}

/** The case's payments, oldest first. 404 (NotFoundError) for a case the actor may not read. */
export async function listPayments(actor: Actor, caseId: string): Promise<PaymentRow[]> {
  const access = await caseAccess(actor, caseId);
  return readPayments(access.caseId);
}

/** The case's payments, read once for the sections sharing this access answer (decision 0093). */
export function sharedPayments(access: CaseAccess): Promise<PaymentRow[]> {
  return sharedCaseRead(access, "payments", () => readPayments(access.caseId));
}

/** No access check: callers have made one. */
export async function readPayments(caseId: string): Promise<PaymentRow[]> {
  const rows = await db()
    .selectFrom("case_payments")
    .selectAll()
    .where("case_id", "=", caseId)
    .orderBy("paid_on")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(paymentFromRow);
}

export function paymentFromRow(row: Omit<Selectable<CasePaymentTable>, "created_by" | "updated_at">): PaymentRow {
  return {
    id: row.id,
    caseId: row.case_id,
    paidOn: row.paid_on,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    beneficiaryKind: row.beneficiary_kind,
    beneficiary: row.beneficiary,
    walletNetwork: row.wallet_network,
    payerBank: row.payer_bank,
    note: row.note,
    createdAt: row.created_at.toISOString(),
  };
}

import { sql } from "kysely";
import type { Actor } from "~/platform/actor";
import type { BeneficiaryKind, PaymentCurrency, PaymentMethod, WalletNetwork } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { caseAccess } from "./case-access.server";
import type { CurrencyTotal } from "./case-file-format";

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
  const database = db();
  const access = await caseAccess(database, actor, caseId);
  return readPayments(access.caseId);
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

export function paymentFromRow(row: {
  id: string;
  case_id: string;
  paid_on: string;
  amount: string;
  currency: PaymentCurrency;
  method: PaymentMethod;
  beneficiary_kind: BeneficiaryKind;
  beneficiary: string;
  wallet_network: WalletNetwork | null;
  payer_bank: string | null;
  note: string | null;
  created_at: Date;
}): PaymentRow {
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

/**
 * The payments' totals of the case whose id is at `caseIdColumn`, as a column of a list query (one small indexed
 * aggregate per listed row): [{ currency, amount, count }], euros first, or null without payments.
 */
export function paymentTotalsColumn(caseIdColumn: string) {
  return sql<CurrencyTotal[] | null>`(
    SELECT jsonb_agg(jsonb_build_object('currency', t.currency, 'amount', t.amount::text, 'count', t.n)
                     ORDER BY t.currency <> 'EUR', t.currency)
      FROM (SELECT currency, sum(amount) AS amount, count(*)::int AS n
              FROM case_payments WHERE case_id = ${sql.ref(caseIdColumn)} GROUP BY currency) t)`;
}

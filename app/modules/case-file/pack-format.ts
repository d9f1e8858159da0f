/** The PDFs' formatting on top of the case file's (case-file-format.ts): French money, IBAN by groups of four. */
import { formatDate } from "~/lib/format";
import { paymentMethodLabel } from "~/modules/cases/cases.schema";
import type { BeneficiaryKind, IdentifierKind, PaymentCurrency, WalletNetwork } from "~/platform/database-schema";
import { formatIban, formatMoney, IDENTIFIER_KIND_LABELS, WALLET_NETWORK_LABELS } from "./case-file-format";

export { formatMoney, totalsByCurrency } from "./case-file-format";

/**
 * A payment's beneficiary as the PDFs print it: IBAN by groups of four, wallet with its network. In a sentence
 * (`inProse`) the IBAN is named and its groups held together by no-break spaces.
 */
export function beneficiaryText(payment: { beneficiaryKind: BeneficiaryKind; beneficiary: string; walletNetwork: WalletNetwork | null }, inProse = false): string {
  if (payment.beneficiaryKind === "iban") return inProse ? `l'IBAN ${formatIban(payment.beneficiary).replace(/ /g, "\u00a0")}` : formatIban(payment.beneficiary);
  if (payment.beneficiaryKind === "wallet" && payment.walletNetwork) return `${payment.beneficiary} (${WALLET_NETWORK_LABELS[payment.walletNetwork]})`;
  return payment.beneficiary;
}

/** A payment's first cells in the PDFs' payment tables: date, amount, method, beneficiary. */
export function paymentCells(
  payment: { paidOn: string; amount: string; currency: PaymentCurrency; method: string } & Parameters<typeof beneficiaryText>[0],
): string[] {
  return [formatDate(payment.paidOn), formatMoney(payment.amount, payment.currency), paymentMethodLabel(payment.method), beneficiaryText(payment)];
}

export function identifierText(identifier: { kind: IdentifierKind; value: string }): string {
  return identifier.kind === "iban" ? formatIban(identifier.value) : identifier.value;
}

export function identifierKindLabel(kind: IdentifierKind): string {
  return IDENTIFIER_KIND_LABELS[kind] ?? kind;
}

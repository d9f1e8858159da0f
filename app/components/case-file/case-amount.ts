import { formatEuros } from "~/modules/cases/cases.schema";
import { formatTotals } from "~/modules/case-file/case-file-format";
import type { CurrencyTotal } from "~/modules/cases/payment-totals";

/** A case's amount in a list: the sums of its payments per currency once there are any, else the typed total. */
export function caseAmountText(row: { paymentTotals?: readonly CurrencyTotal[]; totalAmountLost: string | null }): string {
  return row.paymentTotals && row.paymentTotals.length > 0 ? formatTotals(row.paymentTotals) : formatEuros(row.totalAmountLost);
}

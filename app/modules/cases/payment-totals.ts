import type { CaseStatus, PaymentCurrency } from "~/platform/database-schema";

/** A case's payments in one currency: what the case lists and the case file show as its total. */
export interface CurrencyTotal {
  currency: PaymentCurrency;
  /** Decimal string, exact. */
  amount: string;
  count: number;
}

/** What the admin and lawyer case lists show of every case. */
export interface CaseListItem {
  id: string;
  caseNumber: string;
  scamType: string | null;
  totalAmountLost: string | null;
  paymentTotals: CurrencyTotal[];
  status: CaseStatus;
}

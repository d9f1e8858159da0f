import type { PaymentCurrency } from "~/platform/database-schema";

/** A case's payments in one currency: what the case lists and the case file show as its total. */
export interface CurrencyTotal {
  currency: PaymentCurrency;
  /** Decimal string, exact. */
  amount: string;
  count: number;
}

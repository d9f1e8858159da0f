import { formatCurrency } from "~/lib/format";

/** A signed amount, always with cents, U+202F as thousands separator and before "€" ("−1 234,50 €"). Browser-safe. */
export function invoiceAmount(cents: number): string {
  const formatted = formatCurrency(Math.abs(cents) / 100, "EUR", true);
  return cents < 0 ? `\u2212${formatted}` : formatted;
}

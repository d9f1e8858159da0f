import type { FieldErrors } from "~/lib/form";

/** What the case page's action answers to a form of the "Sommes récupérées" section: its intent, errors and the values typed. */
export interface RecoveryActionData {
  intent: "recovery" | "recovery-reversal" | "cost" | "cost-decision" | "cost-withdrawal" | "fee-payment" | "fee-payment-reversal";
  fieldErrors: FieldErrors;
  formError?: string;
  values: Record<string, string | undefined>;
}

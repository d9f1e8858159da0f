/** A destructive action posts this field once the person has confirmed it (dialog, or confirmation page). */
export const CONFIRMATION_FIELD = "confirmation";
export const CONFIRMATION_VALUE = "oui";

export interface ConfirmationRequest {
  title: string;
  description: string;
  confirmLabel: string;
  /** The fields to post again, confirmed. */
  fields: Record<string, string>;
}

export function isConfirmed(values: Record<string, string>): boolean {
  return values[CONFIRMATION_FIELD] === CONFIRMATION_VALUE;
}

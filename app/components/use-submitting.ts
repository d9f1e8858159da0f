import { useNavigation } from "react-router";

export interface SubmittingMatch {
  /** Only a post to this path (its query ignored). */
  action?: string;
  /** Only a post whose form carries this field with this value (a row's id, an intent). */
  field?: readonly [name: string, value: string];
}

/** Whether a form is being posted (the page's buttons say so and stay disabled), optionally only the one matched. */
export function useSubmitting(match: SubmittingMatch = {}): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  if (match.action !== undefined && navigation.formAction?.split("?")[0] !== match.action) return false;
  if (match.field && navigation.formData?.get(match.field[0]) !== match.field[1]) return false;
  return true;
}

import { fieldErrors, type FieldErrors } from "~/lib/form";
import { CASE_FIELDS as CASE_FIELD_NAMES, caseDraftSchema, caseMessages, EMPTY_CASE_FORM, type CaseDraftInput, type CaseField, type CaseFormValues } from "./case-draft.schema";

// The new-case wizard's steps in one place, for the route (without JavaScript) and the component (with it): which
// steps, in what order, what each requires before the next, where a button leads, and when a draft is complete.

export type WizardStep = 1 | 2 | 3;

export const WIZARD_STEPS: readonly { step: WizardStep; title: string }[] = [
  { step: 1, title: "Type d'arnaque" },
  { step: 2, title: "Description" },
  { step: 3, title: "Récapitulatif" },
];

export const LAST_WIZARD_STEP: WizardStep = 3;

/** "1", "2" or "3" (the `step` query parameter or field) as a step; anything else is none. */
export function wizardStepOf(value: string | null | undefined): WizardStep | null {
  return value === "1" || value === "2" || value === "3" ? (Number(value) as WizardStep) : null;
}

/** The wizard's address for a draft at a step: a reload or a later visit resumes it there. */
export function wizardPath(draftId: string, step: WizardStep): string {
  return `/create-case?id=${encodeURIComponent(draftId)}&step=${step}`;
}

/** Spec §2: 1 → 2 needs a scam type; 2 → 3 needs contact method, first contact date and description. */
export function missingForStep(step: 1 | 2, input: CaseDraftInput): Partial<Record<CaseField, string>> {
  if (step === 1) return input.scam_type ? {} : { scam_type: caseMessages.scamTypeRequired };
  const missing: Partial<Record<CaseField, string>> = {};
  if (!input.contact_method) missing.contact_method = caseMessages.contactMethodRequired;
  if (!input.first_contact_date) missing.first_contact_date = caseMessages.firstContactDateRequired;
  if (!input.detailed_description) missing.detailed_description = caseMessages.descriptionRequired;
  return missing;
}

/** The furthest step the draft may open on; a draft is complete (may be submitted) when it reaches the last one. */
export function reachableStep(input: CaseDraftInput): WizardStep {
  if (Object.keys(missingForStep(1, input)).length > 0) return 1;
  if (Object.keys(missingForStep(2, input)).length > 0) return 2;
  return 3;
}

/** Whether a button's intent moves between steps ("next", "step-N") rather than saving or submitting. */
export function isStepMove(intent: string): boolean {
  return intent === "next" || intent.startsWith("step-");
}

/** Where a move button leads from a step: "next" to the next one, "step-N" to step N, anything else nowhere. */
export function moveTarget(intent: string, from: WizardStep): WizardStep {
  if (intent === "next") return Math.min(from + 1, LAST_WIZARD_STEP) as WizardStep;
  return wizardStepOf(intent.replace(/^step-/, "")) ?? from;
}

/** What a move forward from a step still lacks (going back, or from the summary, needs nothing). */
export function missingToMove(from: WizardStep, target: WizardStep, input: CaseDraftInput): Partial<Record<CaseField, string>> {
  return target > from && from < LAST_WIZARD_STEP ? missingForStep(from as 1 | 2, input) : {};
}

/**
 * The errors that stop the form's values from being saved (target null) or from moving to `target`: the draft's own
 * errors first, then what the step left requires.
 */
export function wizardErrors(values: CaseFormValues, from: WizardStep, target: WizardStep | null): FieldErrors {
  const parsed = caseDraftSchema.safeParse(values);
  if (!parsed.success) return fieldErrors(parsed.error);
  return target === null ? {} : missingToMove(from, target, parsed.data);
}

/** The furthest step the form's values reach, or `fallback` while they do not parse. */
export function reachableFor(values: CaseFormValues, fallback: WizardStep): WizardStep {
  const parsed = caseDraftSchema.safeParse(values);
  return parsed.success ? reachableStep(parsed.data) : fallback;
}

/** The form's values as a post of the wizard: the draft, the intent and the step it was sent from. */
export function wizardFormData(values: CaseFormValues, draftId: string, intent: string, step: WizardStep): FormData {
  const form = new FormData();
  form.set("draftId", draftId);
  form.set("intent", intent);
  form.set("step", String(step));
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, item);
    else if (value !== "") form.set(name, value);
  }
  return form;
}

/**
 * What can be saved of the form's values when the person leaves the wizard: everything, except a field whose value
 * could never be saved (a date in the future, "-5 €"), which is left as the draft had it empty.
 */
export function savableValues(values: CaseFormValues): CaseFormValues {
  const parsed = caseDraftSchema.safeParse(values);
  if (parsed.success) return values;
  const kept: Record<string, unknown> = { ...values };
  for (const field of Object.keys(fieldErrors(parsed.error))) {
    if (Object.hasOwn(EMPTY_CASE_FORM, field)) kept[field] = EMPTY_CASE_FORM[field as CaseField];
  }
  return kept as unknown as CaseFormValues;
}

/** Whether the form holds nothing the person typed or chose (leaving such a new wizard creates no draft). */
export function isBlankCaseForm(values: CaseFormValues): boolean {
  return CASE_FIELD_NAMES.every((field) => {
    const value = values[field];
    return Array.isArray(value) ? value.length === 0 : value === "";
  });
}

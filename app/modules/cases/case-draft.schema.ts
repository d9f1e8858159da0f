import { z } from "zod";
import { trimmedText } from "~/lib/form";
import { EARLIEST_DATE, latestDayAnywhere, parseFrenchDate, todayIsoDate } from "~/lib/dates";
import { CONTACT_METHODS, EVIDENCE_TYPES, PAYMENT_METHODS, WIZARD_SCAM_TYPES } from "./case-choices";

// A case draft as the wizard's form posts it: limits, messages, amounts, the schema and the form's values.

export const DESCRIPTION_MAX = 10_000;
export const DETAILS_MAX = 2_000;
export const COMPLAINT_FIELD_MAX = 200;

export const caseMessages = {
  scamTypeRequired: "Choisissez le type d'arnaque",
  scamTypeUnknown: "Ce type d'arnaque n'existe pas. Choisissez-en un dans la liste.",
  contactMethodRequired: "Indiquez comment l'escroc vous a contacté",
  contactMethodUnknown: "Ce moyen de contact n'existe pas. Choisissez-en un dans la liste.",
  firstContactDateRequired: "Indiquez la date du premier contact",
  dateFormat: "Format de date invalide",
  dateInvalid: "Date invalide",
  dateInFuture: "La date du premier contact ne peut pas être dans le futur",
  descriptionRequired: "Décrivez ce qui s'est passé",
  descriptionTooLong: `La description ne peut pas dépasser ${DESCRIPTION_MAX.toLocaleString("fr-FR").replace(/\u202f/g, " ")} caractères.`,
  tooLong: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères.`,
  amountInvalid: "Saisissez un montant en euros, par exemple 1 234,56",
  amountNegative: "Le montant ne peut pas être négatif",
  amountTooLarge: "Ce montant est trop élevé. Vérifiez le nombre de chiffres.",
  paymentMethodUnknown: "Ce moyen de paiement n'existe pas. Choisissez dans la liste.",
  evidenceTypeUnknown: "Ce type de preuve n'existe pas. Choisissez dans la liste.",
  controlCharacter: "Ce champ contient un caractère non autorisé.",
  oneDraft: "Vous devez vérifier votre identité pour créer des dossiers",
  submitNeedsVerification: "Vous devez vérifier votre identité pour soumettre un dossier",
  submitIncomplete: "Le dossier est incomplet\u202f: complétez l'étape 2 (moyen de contact, date du premier contact et description) avant de le soumettre.",
  alreadySubmitted: "Ce dossier a déjà été soumis\u202f: il ne peut plus être modifié.",
  noAccess: "Vous n'avez pas accès à ce dossier",
  clientsOnly: "Le dépôt de dossiers est réservé aux clients.",
  draftSaved: "Brouillon sauvegardé avec succès",
  draftFailed: "Erreur lors de la sauvegarde du brouillon",
  leaveSaveFailed:
    "Votre brouillon n'a pas pu être enregistré\u202f: vérifiez votre connexion à Internet et réessayez. Si vous quittez quand même la page, ce que vous venez de saisir sera perdu.",
  submitted: "Dossier soumis avec succès",
  submitFailed: "Erreur lors de la soumission du dossier",
} as const;

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const EURO_SIGNS = /(€|eur(os?)?)/gi;
const SPACES = /[\s\u00a0\u202f']/g;

export type ParsedAmount = { kind: "empty" } | { kind: "ok"; value: string } | { kind: "invalid" | "negative" | "too-large" };

/**
 * A sum typed the French way: "1 234,56", "1234.56", "1.234,56", "12 500 €". Returned as a decimal string with at
 * most two decimals (stored as NUMERIC, never a float). "-5", "NaN", "1e309", "Infinity" are refused.
 */
export function parseEuroAmount(raw: string): ParsedAmount {
  let text = raw.replace(EURO_SIGNS, "").replace(SPACES, "");
  if (text === "") return { kind: "empty" };
  if (/^[-−]/.test(text)) return /\d/.test(text) ? { kind: "negative" } : { kind: "invalid" };
  if (text.startsWith("+")) text = text.slice(1);
  if (text.includes(",")) {
    // A comma is the decimal mark; dots are then thousands separators (1.234,56).
    if (!/^\d{1,3}(\.\d{3})*,\d{0,2}$|^\d+,\d{0,2}$/.test(text)) return { kind: "invalid" };
    text = text.replace(/\./g, "").replace(",", ".");
  } else if (/^\d{1,3}(\.\d{3})+$/.test(text)) {
    text = text.replace(/\./g, "");
  }
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return { kind: "invalid" };
  const [units, cents = ""] = text.split(".") as [string, string?];
  const integer = units.replace(/^0+(?=\d)/, "");
  if (integer.length > 12) return { kind: "too-large" };
  return { kind: "ok", value: cents ? `${integer}.${cents.padEnd(2, "0")}` : integer };
}

/** A stored NUMERIC shown back in the form: "1234.50" → "1 234,50". */
export function amountForInput(value: string | null | undefined): string {
  if (!value) return "";
  const [units, cents] = value.split(".") as [string, string?];
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return cents && Number(cents) !== 0 ? `${grouped},${cents.padEnd(2, "0")}` : grouped;
}

function optionalText(max: number, message = caseMessages.tooLong(max)) {
  return trimmedText()
    .refine((value) => value.length <= max, message)
    .refine((value) => !CONTROL.test(value), caseMessages.controlCharacter);
}

function optionalChoice<const Values extends readonly string[]>(values: Values, unknownMessage: string) {
  return trimmedText()
    .refine((value) => value === "" || (values as readonly string[]).includes(value), unknownMessage)
    .transform((value) => value as Values[number] | "");
}

function choiceList<const Values extends readonly string[]>(values: Values, unknownMessage: string) {
  return z
    .array(z.string())
    .optional()
    .transform((list) => [...new Set((list ?? []).map((value) => value.trim()).filter(Boolean))])
    .refine((list) => list.every((value) => (values as readonly string[]).includes(value)), unknownMessage)
    .transform((list) => list as Values[number][]);
}

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true" || value === "1");

/** The latest allowed first-contact day: the person's own today in the browser, any zone's today on the server. */
function latestContactDate(): string {
  return typeof window === "undefined" ? latestDayAnywhere() : todayIsoDate();
}

const firstContactDate = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const parsed = parseFrenchDate(value ?? "");
    if (parsed.kind === "empty") return "";
    if (parsed.kind === "format") ctx.addIssue({ code: "custom", message: caseMessages.dateFormat });
    else if (parsed.kind === "invalid" || parsed.iso < EARLIEST_DATE) ctx.addIssue({ code: "custom", message: caseMessages.dateInvalid });
    else if (parsed.iso > latestContactDate()) ctx.addIssue({ code: "custom", message: caseMessages.dateInFuture });
    else return parsed.iso;
    return z.NEVER;
  });

const amount = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const parsed = parseEuroAmount(value ?? "");
    if (parsed.kind === "empty") return null;
    if (parsed.kind === "ok") return parsed.value;
    const message =
      parsed.kind === "negative" ? caseMessages.amountNegative : parsed.kind === "too-large" ? caseMessages.amountTooLarge : caseMessages.amountInvalid;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

/**
 * Every field of the wizard, each optional: what a draft may hold. A value that could never be right (an unknown
 * scam type, a date in the future, "-5 €", a description over the limit) is refused; a missing one is not, so a
 * draft can be saved at any moment. Unknown fields (status, user_id, case_number…) are dropped.
 */
export const caseDraftSchema = z.object({
  scam_type: optionalChoice(WIZARD_SCAM_TYPES, caseMessages.scamTypeUnknown),
  contact_method: optionalChoice(CONTACT_METHODS, caseMessages.contactMethodUnknown),
  contact_method_details: optionalText(DETAILS_MAX),
  first_contact_date: firstContactDate,
  total_amount_lost: amount,
  payment_methods: choiceList(PAYMENT_METHODS, caseMessages.paymentMethodUnknown),
  contacted_bank: checkbox,
  bank_contact_details: optionalText(DETAILS_MAX),
  filed_complaint: checkbox,
  complaint_status: optionalText(COMPLAINT_FIELD_MAX),
  complaint_reference: optionalText(COMPLAINT_FIELD_MAX),
  detailed_description: optionalText(DESCRIPTION_MAX, caseMessages.descriptionTooLong),
  evidence_types: choiceList(EVIDENCE_TYPES, caseMessages.evidenceTypeUnknown),
});
export type CaseDraftInput = z.output<typeof caseDraftSchema>;

export const CASE_FIELDS = [
  "scam_type",
  "contact_method",
  "contact_method_details",
  "first_contact_date",
  "total_amount_lost",
  "payment_methods",
  "contacted_bank",
  "bank_contact_details",
  "filed_complaint",
  "complaint_status",
  "complaint_reference",
  "detailed_description",
  "evidence_types",
] as const;
export type CaseField = (typeof CASE_FIELDS)[number];
const LIST_FIELDS = new Set<CaseField>(["payment_methods", "evidence_types"]);

/** The wizard's values as the form holds them: text as typed, lists of ticked values, ticked boxes as "on". */
export interface CaseFormValues {
  scam_type: string;
  contact_method: string;
  contact_method_details: string;
  first_contact_date: string;
  total_amount_lost: string;
  payment_methods: string[];
  contacted_bank: string;
  bank_contact_details: string;
  filed_complaint: string;
  complaint_status: string;
  complaint_reference: string;
  detailed_description: string;
  evidence_types: string[];
}

export const EMPTY_CASE_FORM: CaseFormValues = {
  scam_type: "",
  contact_method: "",
  contact_method_details: "",
  first_contact_date: "",
  total_amount_lost: "",
  payment_methods: [],
  contacted_bank: "",
  bank_contact_details: "",
  filed_complaint: "",
  complaint_status: "",
  complaint_reference: "",
  detailed_description: "",
  evidence_types: [],
};

/** Reads the wizard's fields from a posted form (lists keep every ticked value). Other fields are ignored. */
export function caseFormValues(form: FormData): CaseFormValues {
  const values: Record<string, string | string[]> = { ...EMPTY_CASE_FORM };
  for (const field of CASE_FIELDS) {
    if (LIST_FIELDS.has(field)) values[field] = form.getAll(field).filter((value): value is string => typeof value === "string");
    else {
      const value = form.get(field);
      values[field] = typeof value === "string" ? value : "";
    }
  }
  return values as unknown as CaseFormValues;
}

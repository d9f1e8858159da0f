import { z } from "zod";
import { EARLIEST_DATE, latestDayAnywhere, parseFrenchDate, todayIsoDate } from "~/lib/dates";
import type { CaseStatus } from "~/platform/database-schema";
import { formatCurrency } from "~/lib/format";

export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  draft: "Brouillon",
  submitted: "Soumis",
  under_review: "En cours d'examen",
  assigned: "Assigné",
  in_progress: "En cours",
  resolved: "Résolu",
  completed: "Terminé",
  closed: "Fermé",
};

function isCaseStatus(value: string): value is CaseStatus {
  return Object.hasOwn(CASE_STATUS_LABELS, value);
}

/** Spec §4: a status the interface does not know is shown, and handled, as a draft. */
export function normalizeCaseStatus(status: string | null | undefined): CaseStatus {
  return status && isCaseStatus(status) ? status : "draft";
}

export function caseStatusLabel(status: string | null | undefined): string {
  return CASE_STATUS_LABELS[normalizeCaseStatus(status)];
}

/**
 * The case list's labels (romance, investment, phone…) and the wizard's values (romance_scam, investment_scam…)
 * differ in the spec; both are labelled.
 */
export const SCAM_TYPE_LABELS: Readonly<Record<string, string>> = {
  romance: "Arnaque sentimentale",
  romance_scam: "Arnaque sentimentale",
  investment: "Arnaque à l'investissement",
  investment_scam: "Arnaque à l'investissement",
  phishing: "Hameçonnage",
  fake_website: "Faux site web",
  phone: "Arnaque téléphonique",
  cryptocurrency_scam: "Arnaque aux cryptomonnaies",
  fake_job_offer: "Fausse offre d'emploi",
  technical_support_scam: "Faux support technique",
  lottery_scam: "Arnaque à la loterie",
  other: "Autre",
};

export const SCAM_TYPE_MISSING_LABEL = "Non précisé";

/** Unknown values are shown as stored (spec §3). */
export function scamTypeLabel(scamType: string | null | undefined): string {
  if (!scamType) return SCAM_TYPE_MISSING_LABEL;
  return Object.hasOwn(SCAM_TYPE_LABELS, scamType) ? SCAM_TYPE_LABELS[scamType]! : scamType;
}

export const AMOUNT_MISSING_LABEL = "Non renseigné";

/** Euros without decimals, French style ("12 500 €"). Amounts arrive as NUMERIC strings from the database. */
export function formatEuros(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || (typeof amount === "string" && amount.trim() === "")) {
    return AMOUNT_MISSING_LABEL;
  }
  const value = typeof amount === "number" ? amount : Number(amount);
  return Number.isFinite(value) ? formatCurrency(value, "EUR", false) : AMOUNT_MISSING_LABEL;
}

// ——— The new case wizard (spec §2, §3, §5) ———

export const WIZARD_SCAM_TYPES = [
  "romance_scam",
  "investment_scam",
  "fake_website",
  "phishing",
  "cryptocurrency_scam",
  "fake_job_offer",
  "technical_support_scam",
  "lottery_scam",
  "other",
] as const;
export type WizardScamType = (typeof WIZARD_SCAM_TYPES)[number];

/** Step 1: each scam type with its one-line explanation. */
export const SCAM_TYPE_EXPLANATIONS: Record<WizardScamType, string> = {
  romance_scam: "Une personne rencontrée en ligne gagne votre confiance, puis vous demande de l'argent.",
  investment_scam: "Un placement promettant des gains élevés : faux courtier, faux livret, faux site de trading.",
  fake_website: "Un site marchand ou de services qui encaisse sans jamais livrer.",
  phishing: "Un faux message (banque, impôts, colis) pour obtenir vos codes ou vos coordonnées bancaires.",
  cryptocurrency_scam: "Des cryptomonnaies achetées ou confiées à une plateforme qui ne rend pas l'argent.",
  fake_job_offer: "Une offre d'emploi ou de mission qui vous fait payer ou encaisser des fonds.",
  technical_support_scam: "Un faux technicien prend la main sur votre ordinateur ou vous fait payer un dépannage.",
  lottery_scam: "Un gain, un héritage ou un remboursement à débloquer contre des frais.",
  other: "Une autre escroquerie : faux conseiller bancaire, usurpation d'identité, fraude au président…",
};

/** Step 2's description placeholder, by scam type (spec §2). */
export const DESCRIPTION_PLACEHOLDERS: Record<WizardScamType | "", string> = {
  "": "Racontez ce qui s'est passé, dans l'ordre : le premier contact, ce qu'on vous a promis ou demandé, les paiements, le moment où vous avez compris.",
  romance_scam:
    "Où avez-vous rencontré cette personne ? Sous quel nom ? Quelles raisons a-t-elle données pour demander de l'argent, et combien avez-vous envoyé, à quelles dates ?",
  investment_scam:
    "Quel site ou quelle société ? Qui vous a conseillé ? Combien avez-vous placé, quels gains étaient affichés, et que s'est-il passé quand vous avez voulu retirer ?",
  fake_website:
    "Quelle est l'adresse du site ? Qu'avez-vous commandé, à quelle date, pour quel montant, et comment avez-vous payé ?",
  phishing:
    "Quel message avez-vous reçu (email, SMS, appel) ? Au nom de qui ? Quelles informations avez-vous données, et quelles opérations ont ensuite eu lieu ?",
  cryptocurrency_scam:
    "Sur quelle plateforme ou à quelle adresse avez-vous envoyé des cryptomonnaies ? Lesquelles, combien, à quelles dates ?",
  fake_job_offer:
    "Quelle offre, publiée où, au nom de quelle entreprise ? Que vous a-t-on demandé de payer ou de recevoir sur votre compte ?",
  technical_support_scam:
    "Comment le faux technicien vous a-t-il contacté ? A-t-il pris la main sur votre ordinateur ? Quels paiements ou virements ont eu lieu ?",
  lottery_scam:
    "Quel gain ou quel héritage vous a-t-on annoncé ? Quels frais vous a-t-on demandés, par quel moyen, et combien avez-vous payé ?",
  other: "Racontez ce qui s'est passé, dans l'ordre : le premier contact, ce qu'on vous a promis ou demandé, les paiements, le moment où vous avez compris.",
};

export const CONTACT_METHODS = [
  "phone",
  "email",
  "sms",
  "messaging_app",
  "social_network",
  "dating_site",
  "website",
  "in_person",
  "other",
] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  phone: "Appel téléphonique",
  email: "Email",
  sms: "SMS",
  messaging_app: "Messagerie (WhatsApp, Telegram…)",
  social_network: "Réseau social",
  dating_site: "Site ou application de rencontre",
  website: "Site internet ou publicité",
  in_person: "En personne",
  other: "Autre",
};
/** What "details" means for each contact method (the field appears once a method is chosen). */
export const CONTACT_DETAILS_HINTS: Record<ContactMethod, string> = {
  phone: "Le numéro qui vous a appelé, le nom donné par l'interlocuteur.",
  email: "L'adresse email de l'expéditeur.",
  sms: "Le numéro ou le nom de l'expéditeur.",
  messaging_app: "L'application, le numéro ou le pseudonyme utilisé.",
  social_network: "Le réseau et le nom du profil.",
  dating_site: "Le site ou l'application, et le nom du profil.",
  website: "L'adresse du site ou de la publicité.",
  in_person: "Le lieu et la personne rencontrée.",
  other: "Comment le contact a eu lieu.",
};

export const PAYMENT_METHODS = [
  "bank_transfer",
  "credit_card",
  "cryptocurrency",
  "paypal",
  "western_union",
  "money_gram",
  "cash",
  "other",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: "Virement bancaire",
  credit_card: "Carte bancaire",
  cryptocurrency: "Cryptomonnaie",
  paypal: "PayPal",
  western_union: "Western Union",
  money_gram: "MoneyGram",
  cash: "Espèces",
  other: "Autre",
};

export const EVIDENCE_TYPES = [
  "payment_receipts",
  "conversation_screenshots",
  "email_exchanges",
  "bank_statements",
  "recipient_iban",
  "contracts_documents",
] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
export const EVIDENCE_TYPE_LABELS: Record<EvidenceType, string> = {
  payment_receipts: "Preuves de paiement (reçus, confirmations)",
  conversation_screenshots: "Captures d'écran des conversations",
  email_exchanges: "Échanges d'emails",
  bank_statements: "Relevés bancaires",
  recipient_iban: "IBAN ou coordonnées du bénéficiaire",
  contracts_documents: "Contrats ou documents reçus",
};

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
  submitIncomplete: "Le dossier est incomplet : complétez l'étape 2 (moyen de contact, date du premier contact et description) avant de le soumettre.",
  alreadySubmitted: "Ce dossier a déjà été soumis : il ne peut plus être modifié.",
  noAccess: "Vous n'avez pas accès à ce dossier",
  clientsOnly: "Le dépôt de dossiers est réservé aux clients.",
  draftSaved: "Brouillon sauvegardé avec succès",
  draftFailed: "Erreur lors de la sauvegarde du brouillon",
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
  return z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value.length <= max, message)
    .refine((value) => !CONTROL.test(value), caseMessages.controlCharacter);
}

function optionalChoice<const Values extends readonly string[]>(values: Values, unknownMessage: string) {
  return z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
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

export type WizardStep = 1 | 2 | 3;

/** Spec §2: 1 → 2 needs a scam type; 2 → 3 needs contact method, first contact date and description. */
export function missingForStep(step: 1 | 2, input: CaseDraftInput): Partial<Record<CaseField, string>> {
  if (step === 1) return input.scam_type ? {} : { scam_type: caseMessages.scamTypeRequired };
  const missing: Partial<Record<CaseField, string>> = {};
  if (!input.contact_method) missing.contact_method = caseMessages.contactMethodRequired;
  if (!input.first_contact_date) missing.first_contact_date = caseMessages.firstContactDateRequired;
  if (!input.detailed_description) missing.detailed_description = caseMessages.descriptionRequired;
  return missing;
}

/** The furthest step the draft may open on. */
export function reachableStep(input: CaseDraftInput): WizardStep {
  if (Object.keys(missingForStep(1, input)).length > 0) return 1;
  if (Object.keys(missingForStep(2, input)).length > 0) return 2;
  return 3;
}

export function contactMethodLabel(value: string | null | undefined): string {
  if (!value) return "Non précisé";
  return Object.hasOwn(CONTACT_METHOD_LABELS, value) ? CONTACT_METHOD_LABELS[value as ContactMethod] : value;
}

export function paymentMethodLabel(value: string): string {
  return Object.hasOwn(PAYMENT_METHOD_LABELS, value) ? PAYMENT_METHOD_LABELS[value as PaymentMethod] : value;
}

export function evidenceTypeLabel(value: string): string {
  return Object.hasOwn(EVIDENCE_TYPE_LABELS, value) ? EVIDENCE_TYPE_LABELS[value as EvidenceType] : value;
}

// ——— The case page ———

/** One line of the timeline, in plain French, as the client reads it (staff read "Le dossier…"). */
export function timelineText(status: string, options: { lawyerName: string | null; forOwner: boolean; first: boolean }): string {
  const your = options.forOwner ? "Votre dossier" : "Le dossier";
  const lawyer = options.lawyerName ? `Maître ${options.lawyerName}` : "un avocat partenaire";
  switch (normalizeCaseStatus(status)) {
    case "draft":
      return options.first ? `${your} a été créé en brouillon` : `${your} est revenu en brouillon`;
    case "submitted":
      return options.forOwner ? "Vous avez soumis votre dossier" : "Le dossier a été soumis";
    case "under_review":
      return `${your} est en cours d'examen par notre équipe`;
    case "assigned":
      return `${your} a été transmis à ${lawyer}`;
    case "in_progress":
      return `${lawyer.charAt(0).toUpperCase()}${lawyer.slice(1)} travaille sur ${options.forOwner ? "votre" : "le"} dossier`;
    case "resolved":
      return `${your} est résolu`;
    case "completed":
      return `${your} est terminé`;
    case "closed":
      return `${your} a été fermé`;
  }
}

/** What happens next, at each status, said to the client. */
export function nextStepText(status: string, lawyerName: string | null): string {
  const lawyer = lawyerName ? `Maître ${lawyerName}` : "L'avocat chargé de votre dossier";
  switch (normalizeCaseStatus(status)) {
    case "draft":
      return "Complétez votre dossier puis soumettez-le. La soumission est possible dès que votre identité est vérifiée.";
    case "submitted":
      return "Votre dossier va être transmis automatiquement à un avocat partenaire. Vous recevrez un email dès qu'il lui sera confié.";
    case "under_review":
      return "Notre équipe vérifie votre dossier avant de le confier à un avocat partenaire. Vous recevrez un email à chaque étape.";
    case "assigned":
      return `${lawyer} étudie votre dossier et vous écrira dans la messagerie du dossier. Préparez vos preuves : il pourra vous les demander.`;
    case "in_progress":
      return `${lawyer} agit pour vous. Répondez à ses questions dans la messagerie du dossier : c'est là qu'il vous tient informé.`;
    case "resolved":
    case "completed":
      return "Votre avocat vous a présenté l'issue de votre dossier dans la messagerie. Vous pouvez toujours lui écrire.";
    case "closed":
      return "Ce dossier est fermé. Ses messages restent consultables. Pour une nouvelle démarche, créez un nouveau dossier.";
  }
}

/** The line under 'Dossier soumis avec succès': whether a lawyer already has the case. */
export function submittedDescription(caseNumber: string, assigned: boolean): string {
  return assigned
    ? `Dossier ${caseNumber} : il est confié à un avocat partenaire. Vous recevez un email de confirmation, et vous pouvez suivre chaque étape depuis la page du dossier.`
    : `Dossier ${caseNumber} : vous recevrez un email dès qu'un avocat partenaire l'aura pris en charge.`;
}

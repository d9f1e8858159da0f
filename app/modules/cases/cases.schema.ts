import type { CaseStatus } from "~/platform/database-schema";

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

const euros = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Euros without decimals, French style ("12 500 €"). Amounts arrive as NUMERIC strings from the database. */
export function formatEuros(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || (typeof amount === "string" && amount.trim() === "")) {
    return AMOUNT_MISSING_LABEL;
  }
  const value = typeof amount === "number" ? amount : Number(amount);
  return Number.isFinite(value) ? euros.format(value) : AMOUNT_MISSING_LABEL;
}

// A fixed time zone keeps the server render and the browser's hydration identical.
const dates = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Paris",
});

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** dd/MM/yyyy. A "yyyy-MM-dd" DATE is reformatted as is; an instant is shown as its day in Paris. */
export function formatDate(value: string | Date): string {
  if (typeof value === "string") {
    const dateOnly = DATE_ONLY.exec(value);
    if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  }
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : dates.format(date);
}

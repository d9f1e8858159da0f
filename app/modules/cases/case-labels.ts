import type { CaseOutcome, CaseStatus } from "~/platform/database-schema";
import { formatEuroCents } from "~/lib/fees";
import { formatCurrency } from "~/lib/format";
import { CONTACT_METHOD_LABELS, EVIDENCE_TYPE_LABELS, PAYMENT_METHOD_LABELS, type ContactMethod, type EvidenceType, type PaymentMethod } from "./case-choices";

// How a case reads in French: statuses, types, amounts, dates and the case page's sentences (shared with the browser).

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
  fake_investment: "Faux placement",
  fake_bank_advisor: "Faux conseiller bancaire",
  ceo_fraud: "Fraude au président (FOVI)",
  ponzi_scheme: "Ponzi ou vente pyramidale (MLM)",
  identity_theft: "Usurpation d'identité",
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

/** The outcome of a closed case as the timeline says it (issue 31): what came back, in euros, or why nothing did. */
export function outcomeTimelineText(outcome: CaseOutcome, recoveredCents: number, forOwner: boolean): string {
  const recovered = `${formatEuroCents(recoveredCents)} ${recoveredCents >= 200 ? "récupérés" : "récupéré"}`;
  switch (outcome) {
    case "recovered_in_full":
      return `Dossier clôturé\u202f: ${recovered} (récupération totale)`;
    case "recovered_in_part":
      return `Dossier clôturé\u202f: ${recovered} (récupération partielle)`;
    case "nothing_recovered":
      return "Dossier clôturé sans somme récupérée";
    case "withdrawn_by_client":
      return `Dossier clôturé\u202f: ${forOwner ? "vous avez retiré votre dossier" : "retiré par le client"}${recoveredCents > 0 ? ` (${recovered})` : ""}`;
    case "not_pursued":
      return `Dossier clôturé\u202f: la procédure n'est pas poursuivie${recoveredCents > 0 ? ` (${recovered})` : ""}`;
  }
}

/** One line of the timeline, in plain French, as the client reads it (staff read "Le dossier…"). */
export function timelineText(
  status: string,
  options: { lawyerName: string | null; forOwner: boolean; first: boolean; outcome?: { outcome: CaseOutcome; recoveredCents: number } | null },
): string {
  if (options.outcome && (status === "resolved" || status === "closed")) {
    return outcomeTimelineText(options.outcome.outcome, options.outcome.recoveredCents, options.forOwner);
  }
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

/** A submitted case that no lawyer could take (the assignment runs in the submission, so it waits for the team). */
export const WAITING_FOR_LAWYER_LABEL = "En attente d'un avocat";

export const WAITING_FOR_LAWYER_NEXT_STEP =
  "Aucun avocat partenaire n'était disponible à la soumission de votre dossier. Notre équipe est prévenue et le confie elle-même à un avocat\u202f: vous recevrez un email dès que ce sera fait. Vous n'avez rien d'autre à faire d'ici là.";

export function isWaitingForLawyer(status: string, hasLawyer: boolean): boolean {
  return normalizeCaseStatus(status) === "submitted" && !hasLawyer;
}

/** What happens next, at each status, said to the assigned lawyer (the case page they read). */
export function lawyerNextStepText(status: string, clientName: string): string {
  switch (normalizeCaseStatus(status)) {
    case "assigned":
      return `Ce dossier vient de vous être confié. Lisez le récit et les preuves de ${clientName}, proposez-lui la convention d'honoraires, puis passez le dossier « En cours » une fois qu'elle est signée par vous deux. Écrivez à votre client dans la messagerie du dossier.`;
    case "in_progress":
      return `Vous traitez ce dossier. Tenez ${clientName} informé dans la messagerie du dossier\u202f; une fois l'affaire terminée, marquez le dossier comme résolu ou fermez-le.`;
    case "resolved":
    case "completed":
      return `Vous avez marqué ce dossier comme résolu. ${clientName} peut encore vous écrire dans la messagerie du dossier.`;
    case "closed":
      return "Ce dossier est fermé. Ses messages restent consultables.";
    case "draft":
    case "submitted":
    case "under_review":
      return "Ce dossier ne vous est pas encore confié.";
  }
}

/** What happens next, at each status, said to the client. */
export function nextStepText(status: string, lawyerName: string | null): string {
  const lawyer = lawyerName ? `Maître ${lawyerName}` : "L'avocat chargé de votre dossier";
  switch (normalizeCaseStatus(status)) {
    case "draft":
      return "Complétez votre dossier puis soumettez-le. La soumission est possible dès que votre identité est vérifiée.";
    case "submitted":
      // The assignment runs in the submission itself: a submitted case has found no lawyer and waits for the team.
      return WAITING_FOR_LAWYER_NEXT_STEP;
    case "under_review":
      return "Notre équipe vérifie votre dossier avant de le confier à un avocat partenaire. Vous recevrez un email à chaque étape.";
    case "assigned":
      return `${lawyer} étudie votre dossier et vous proposera une convention d'honoraires à lire et signer en ligne avant de commencer. Il vous écrira dans la messagerie du dossier. Préparez vos preuves\u202f: il pourra vous les demander.`;
    case "in_progress":
      return `${lawyer} agit pour vous. Répondez à ses questions dans la messagerie du dossier\u202f: c'est là qu'il vous tient informé.`;
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
    ? `Dossier ${caseNumber}\u202f: il est confié à un avocat partenaire. Vous recevez un email de confirmation, et vous pouvez suivre chaque étape depuis la page du dossier.`
    : `Dossier ${caseNumber}\u202f: vous recevrez un email dès qu'un avocat partenaire l'aura pris en charge.`;
}

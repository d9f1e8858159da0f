import { z } from "zod";
import { CASE_OUTCOMES, type CaseOutcome, type CaseStatus } from "~/platform/database-schema";

export const LAWYER_CASE_PAGE_SIZE = 25;
export const NOTE_MAX = 2000;

/** The lawyer's moves: assigned → in_progress → resolved or closed. */
export const LAWYER_TRANSITIONS: Partial<Record<CaseStatus, readonly LawyerTargetStatus[]>> = {
  assigned: ["in_progress"],
  in_progress: ["resolved", "closed"],
};
export const LAWYER_TARGET_STATUSES = ["in_progress", "resolved", "closed"] as const;
export type LawyerTargetStatus = (typeof LAWYER_TARGET_STATUSES)[number];

/** The button of each move. */
export const TRANSITION_LABELS: Record<LawyerTargetStatus, string> = {
  in_progress: "Passer en cours",
  resolved: "Marquer comme résolu",
  closed: "Fermer le dossier",
};

/** What the client is told, in the email and beside the status. */
export const STATUS_EXPLANATIONS: Record<LawyerTargetStatus, string> = {
  in_progress: "Votre avocat a commencé à travailler sur votre dossier.",
  resolved: "Votre avocat indique que votre dossier est résolu.",
  closed: "Votre avocat a clôturé votre dossier.",
};

/** The outcome a lawyer gives when moving a case to "Résolu" or "Fermé" (issue 31), as the form offers it. */
export const OUTCOME_LABELS: Record<CaseOutcome, string> = {
  recovered_in_full: "Récupéré en totalité",
  recovered_in_part: "Récupéré en partie",
  nothing_recovered: "Rien récupéré",
  withdrawn_by_client: "Retiré par le client",
  not_pursued: "Non poursuivi",
};
export const OUTCOMES_WITH_RECOVERY: readonly CaseOutcome[] = ["recovered_in_full", "recovered_in_part"];
/** The moves that end a case and so need an outcome. */
export const CLOSING_STATUSES: readonly LawyerTargetStatus[] = ["resolved", "closed"];

export const lawyerCaseMessages = {
  statusRequired: "Choisissez le nouveau statut du dossier.",
  noteTooLong: `La note ne peut pas dépasser ${NOTE_MAX} caractères.`,
  noteCharacters: "La note contient un caractère non autorisé.",
  notAllowed: "Ce changement de statut n'est pas possible pour ce dossier.",
  agreementRequired:
    "Le dossier ne peut passer «\u202fEn cours\u202f» qu'une fois la convention d'honoraires signée par votre client et par vous (loi n° 71-1130, art. 10). En cas d'urgence, indiquez-en la raison dans le champ «\u202fUrgence\u202f».",
  urgencyTooLong: `La raison de l'urgence ne peut pas dépasser ${NOTE_MAX} caractères.`,
  outcomeRequired: "Indiquez l'issue du dossier pour le marquer comme résolu ou le fermer.",
  outcomeUnknown: "Choisissez une des issues proposées.",
  reasonRequired: "Indiquez pourquoi le dossier n'est pas poursuivi.",
  reasonTooLong: `La raison ne peut pas dépasser ${NOTE_MAX} caractères.`,
  nothingRecorded:
    "Aucune somme récupérée n'est inscrite pour ce dossier. Inscrivez d'abord les sommes récupérées, ou choisissez une autre issue.",
  somethingRecorded:
    "Des sommes récupérées sont inscrites pour ce dossier\u202f: choisissez «\u202fRécupéré en totalité\u202f» ou «\u202fRécupéré en partie\u202f».",
  changed: "Statut du dossier mis à jour",
  changeFailed: "Erreur lors du changement de statut",
  unknownCase: "Ce dossier n'existe pas.",
} as const;

export const LAWYER_CASE_VIEWS = ["tous", "nouveaux"] as const;
export const LAWYER_STATUS_FILTERS = ["tous", "assigned", "in_progress", "resolved", "closed"] as const;

export const lawyerCaseQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(LAWYER_STATUS_FILTERS).catch("tous"),
  view: z.enum(LAWYER_CASE_VIEWS).catch("tous"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type LawyerCaseQuery = z.output<typeof lawyerCaseQuerySchema>;

export const CLIENT_VERIFICATION_FILTERS = ["tous", "verifies", "non-verifies"] as const;

export const lawyerClientQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  verification: z.enum(CLIENT_VERIFICATION_FILTERS).catch("tous"),
});
export type LawyerClientQuery = z.output<typeof lawyerClientQuerySchema>;

export const statusChangeSchema = z.object({
  caseId: z.uuid({ error: lawyerCaseMessages.unknownCase }),
  status: z.enum(LAWYER_TARGET_STATUSES, { error: lawyerCaseMessages.statusRequired }),
  note: z
    .string()
    .max(NOTE_MAX, lawyerCaseMessages.noteTooLong)
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(value), lawyerCaseMessages.noteCharacters)
    .transform((value) => value.trim())
    .optional()
    .default(""),
  /** Starting work without an active fee agreement: the urgency that justifies it (art. 10's exception), journalled. */
  urgency: z
    .string()
    .max(NOTE_MAX, lawyerCaseMessages.urgencyTooLong)
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(value), lawyerCaseMessages.noteCharacters)
    .transform((value) => value.trim())
    .optional()
    .default(""),
  /** Required by the use case for "resolved" and "closed" only (the form shows it with every move of a case in progress). */
  outcome: z.preprocess((value) => (value === "" ? undefined : value), z.enum(CASE_OUTCOMES, { error: lawyerCaseMessages.outcomeUnknown }).optional()),
  /** Why the case is not pursued: required with that outcome, ignored with the others. */
  outcomeReason: z
    .string()
    .max(NOTE_MAX, lawyerCaseMessages.reasonTooLong)
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(value), lawyerCaseMessages.noteCharacters)
    .transform((value) => value.trim())
    .optional()
    .default(""),
});
export type StatusChangeInput = z.output<typeof statusChangeSchema>;

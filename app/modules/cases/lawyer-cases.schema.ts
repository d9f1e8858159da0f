import { z } from "zod";
import type { CaseStatus } from "~/platform/database-schema";

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

export const lawyerCaseMessages = {
  statusRequired: "Choisissez le nouveau statut du dossier.",
  noteTooLong: `La note ne peut pas dépasser ${NOTE_MAX} caractères.`,
  noteCharacters: "La note contient un caractère non autorisé.",
  notAllowed: "Ce changement de statut n'est pas possible pour ce dossier.",
  agreementRequired:
    "Le dossier ne peut passer «\u202fEn cours\u202f» qu'une fois la convention d'honoraires signée par votre client et par vous (loi n° 71-1130, art. 10). En cas d'urgence, indiquez-en la raison dans le champ «\u202fUrgence\u202f».",
  urgencyTooLong: `La raison de l'urgence ne peut pas dépasser ${NOTE_MAX} caractères.`,
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
});
export type StatusChangeInput = z.output<typeof statusChangeSchema>;

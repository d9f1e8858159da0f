import { z } from "zod";
import type { CaseStatus, FeeAgreementState } from "~/platform/database-schema";
import { flaggedKeysetCursor } from "~/platform/keyset";
import { CASE_STATUS_LABELS, SCAM_TYPE_LABELS } from "./cases.schema";

export const ADMIN_CASE_PAGE_SIZE = 25;

export const adminCaseMessages = {
  assigned: "Avocat assigné avec succès",
  assignFailed: "Erreur lors de l'assignation de l'avocat",
  loadFailed: "Erreur lors du chargement des dossiers",
  chooseLawyer: "Choisissez un avocat.",
  unknownLawyer: "Cet avocat n'existe pas ou n'est plus avocat.",
  draft: "Un brouillon ne peut pas être assigné\u202f: le client doit d'abord le soumettre.",
  finished: "Ce dossier est terminé\u202f: il ne peut plus être réassigné.",
  sameLawyer: "Ce dossier est déjà confié à cet avocat.",
  unknownCase: "Ce dossier n'existe pas.",
} as const;

export const ADMIN_CASE_STATUSES = Object.keys(CASE_STATUS_LABELS) as CaseStatus[];

/** Statuses after which a case is not reassigned. */
export const FINISHED_STATUSES: readonly CaseStatus[] = ["resolved", "completed", "closed"];

export const ADMIN_CASE_FILTERS = ["tous", "non-assignes"] as const;

/** A case's fee agreement as the admin list names it: its current revision's state, or none. */
export type CaseAgreementState = Exclude<FeeAgreementState, "replaced"> | "none";

export const CASE_AGREEMENT_LABELS: Record<CaseAgreementState, string> = {
  none: "Aucune",
  proposed: "Proposée",
  signed: "Signée par le client",
  countersigned: "Contre-signée",
  active: "En vigueur",
  withdrawn: "Rétractée",
};

/** The list's filter on the agreement: "toutes", or one state (like the status filter). */
export const ADMIN_AGREEMENT_FILTERS = ["toutes", "none", "proposed", "signed", "countersigned", "active", "withdrawn"] as const satisfies readonly (
  | CaseAgreementState
  | "toutes"
)[];

export const adminCaseQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(["tous", ...ADMIN_CASE_STATUSES] as [string, ...string[]]).catch("tous"),
  filter: z.enum(ADMIN_CASE_FILTERS).catch("tous"),
  agreement: z.enum(ADMIN_AGREEMENT_FILTERS).catch("toutes"),
  after: flaggedKeysetCursor.optional().catch(undefined),
  /** The one case whose assignment form is open: the lawyer list is loaded and sent only for it. */
  assign: z.uuid().optional().catch(undefined),
});
export type AdminCaseQuery = z.output<typeof adminCaseQuerySchema>;

export const assignLawyerSchema = z.object({
  caseId: z.uuid({ error: adminCaseMessages.unknownCase }),
  lawyerId: z
    .string({ error: adminCaseMessages.chooseLawyer })
    .trim()
    .min(1, adminCaseMessages.chooseLawyer)
    .max(100, adminCaseMessages.unknownLawyer)
    .regex(/^[A-Za-z0-9_-]+$/, adminCaseMessages.unknownLawyer),
});
export type AssignLawyerInput = z.output<typeof assignLawyerSchema>;

/** Wizard values whose French label (or the value itself) contains the term, for the scam-type search. */
export function scamTypesMatching(term: string): string[] {
  const needle = term.toLocaleLowerCase("fr");
  if (needle === "") return [];
  return Object.entries(SCAM_TYPE_LABELS)
    .filter(([value, label]) => label.toLocaleLowerCase("fr").includes(needle) || value.includes(needle))
    .map(([value]) => value);
}

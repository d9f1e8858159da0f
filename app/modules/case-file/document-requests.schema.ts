/** The documents a lawyer asks the client for (issue 32, decision 85): forms, labels and views shared with the browser. */
import { z } from "zod";
import { parseFrenchDate } from "~/lib/dates";
import { CONTROL_OR_FORMAT, trimmedText } from "~/lib/form";
import { parisIsoDay } from "~/lib/format";
import type { EvidenceType } from "~/modules/cases/cases.schema";
import type { DocumentRequestStatus } from "~/platform/database-schema";
import type { EvidenceItem } from "./evidence.schema";

/** The documents a lawyer picks from (English values, French labels), or "other" with their own words. */
export const DOCUMENT_KIND_LABELS = {
  bank_statement: "Relevé bancaire",
  scammer_exchanges: "Échanges avec l'escroc",
  complaint_receipt: "Récépissé de plainte",
  identity_document: "Pièce d'identité",
  transfer_proof: "Justificatif de virement",
  other: "Autre document (à préciser)",
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KIND_LABELS;
export const DOCUMENT_KINDS = Object.keys(DOCUMENT_KIND_LABELS) as [DocumentKind, ...DocumentKind[]];

/** The evidence category a file sent against an item gets (the evidence list's filter and the pack's label). */
export const DOCUMENT_KIND_EVIDENCE: Record<DocumentKind, EvidenceType> = {
  bank_statement: "bank_statements",
  scammer_exchanges: "conversation_screenshots",
  complaint_receipt: "contracts_documents",
  identity_document: "contracts_documents",
  transfer_proof: "payment_receipts",
  other: "contracts_documents",
};

export const DOCUMENT_LABEL_MAX = 120;
export const DOCUMENT_NOTE_MAX = 1000;
export const UNAVAILABLE_REASON_MAX = 500;
/** The checklist's section on the case page (e-mails link to it). */
export const DOCUMENT_REQUESTS_ANCHOR = "documents-demandes";
/** The one reminder goes this many days before the due date. */
export const DOCUMENT_REMINDER_DAYS_BEFORE = 2;

export const documentRequestMessages = {
  kindRequired: "Choisissez le document demandé.",
  labelRequired: "Précisez le document demandé.",
  labelTooLong: `Le nom du document tient en ${DOCUMENT_LABEL_MAX} caractères au plus.`,
  oneLine: "Ce champ tient sur une seule ligne, sans caractères spéciaux.",
  dueFormat: "Format de date invalide\u202f: utilisez JJ-MM-AAAA, par exemple 14-03-2027.",
  dueInvalid: "Date invalide.",
  duePast: "La date limite ne peut pas être déjà passée\u202f: choisissez aujourd'hui ou un jour à venir.",
  noteTooLong: `La note tient en ${DOCUMENT_NOTE_MAX} caractères au plus.`,
  reasonRequired: "Expliquez en quelques mots pourquoi vous n'avez pas ce document.",
  reasonTooLong: `La raison tient en ${UNAVAILABLE_REASON_MAX} caractères au plus.`,
  requestUnknown: "Cette demande de document n'existe pas dans ce dossier. Rechargez la page.",
  caseNotOpen: "Ce dossier n'est pas en cours\u202f: les demandes de documents y sont fermées.",
  closed: "Ce document a déjà été accepté par l'avocat\u202f: la demande est close.",
  alreadyProvided: "Un fichier a déjà été envoyé pour ce document\u202f: l'avocat va l'examiner.",
  alreadyUnavailable: "Vous avez déjà indiqué ne pas avoir ce document.",
  nothingToAccept: "Le client n'a encore ni envoyé ce document ni répondu qu'il ne l'a pas.",
  nothingToReopen: "Cette demande attend déjà la réponse du client.",
} as const;

/** "JJ-MM-AAAA" (or "yyyy-MM-dd" from a date picker), optional, not before today in Paris: "yyyy-MM-dd" or null. */
const dueOn = trimmedText().transform((text, ctx) => {
  if (text === "") return null;
  const typed = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text.slice(8, 10)}-${text.slice(5, 7)}-${text.slice(0, 4)}` : text;
  const parsed = parseFrenchDate(typed);
  if (parsed.kind === "ok" && parsed.iso >= parisIsoDay()) return parsed.iso;
  ctx.addIssue({ code: "custom", message: parsed.kind === "ok" ? documentRequestMessages.duePast : parsed.kind === "invalid" ? documentRequestMessages.dueInvalid : documentRequestMessages.dueFormat });
  return z.NEVER;
});

const oneLine = (max: number, tooLong: string) =>
  trimmedText()
    .refine((value) => value.length <= max, tooLong)
    .refine((value) => !CONTROL_OR_FORMAT.test(value), documentRequestMessages.oneLine);

/** The lawyer's form: a listed document or their own words ("other"), an optional due date and note. */
export const documentRequestSchema = z
  .object({
    documentKind: z.enum(DOCUMENT_KINDS, { error: documentRequestMessages.kindRequired }),
    documentLabel: oneLine(DOCUMENT_LABEL_MAX, documentRequestMessages.labelTooLong),
    dueOn,
    documentNote: trimmedText().refine((value) => value.length <= DOCUMENT_NOTE_MAX, documentRequestMessages.noteTooLong),
  })
  .superRefine((input, ctx) => {
    if (input.documentKind === "other" && input.documentLabel === "") ctx.addIssue({ code: "custom", path: ["documentLabel"], message: documentRequestMessages.labelRequired });
  })
  .transform((input) => ({
    kind: input.documentKind,
    // A listed document is named by its label; the free text is for "other" only.
    label: input.documentKind === "other" ? input.documentLabel : DOCUMENT_KIND_LABELS[input.documentKind],
    dueOn: input.dueOn,
    note: input.documentNote,
  }));
export type DocumentRequestInput = z.output<typeof documentRequestSchema>;

/** The client's "Je ne l'ai pas": the item and a reason. */
export const documentUnavailableSchema = z.object({
  requestId: trimmedText(),
  unavailableReason: trimmedText()
    .refine((value) => value.length > 0, documentRequestMessages.reasonRequired)
    .refine((value) => value.length <= UNAVAILABLE_REASON_MAX, documentRequestMessages.reasonTooLong),
});

/** The lawyer's acceptance, or their asking again: the item. */
export const documentRequestIdSchema = z.object({ requestId: trimmedText() });

export const DOCUMENT_STATUS_LABELS: Record<DocumentRequestStatus, string> = {
  requested: "Demandé",
  provided: "Fourni",
  unavailable: "N'a pas ce document",
  accepted: "Accepté",
};
export const OVERDUE_LABEL = "En retard";

/** One item of the checklist as the case page shows it. */
export interface DocumentRequestView {
  id: string;
  kind: DocumentKind;
  label: string;
  note: string;
  dueOn: string | null;
  status: DocumentRequestStatus;
  /** Still waited for (nothing sent, no answer) past its due date. */
  overdue: boolean;
  unavailableReason: string | null;
  requestedAt: string;
  statusChangedAt: string;
  /** The evidence files sent against it. */
  files: EvidenceItem[];
}

export interface DocumentRequestsPanel {
  caseId: string;
  viewer: "owner" | "lawyer" | "admin";
  items: DocumentRequestView[];
  /** The assigned lawyer, on a case in progress. */
  mayRequest: boolean;
  /** The client, on a case in progress. */
  mayAnswer: boolean;
}

/** What the case page's action answers to a refused checklist form: which form, its errors and what was typed. */
export interface DocumentRequestActionData {
  intent: "document-request" | "document-unavailable" | "document-accept" | "document-reopen";
  fieldErrors: Record<string, string | undefined>;
  formError?: string;
  values: Record<string, string | undefined>;
}

import { z } from "zod";
import { CONTROL_OR_FORMAT } from "~/lib/form";
import { EVIDENCE_TYPE_LABELS, EVIDENCE_TYPES, type EvidenceType } from "~/modules/cases/cases.schema";

/** The file field of the evidence form, and how many files one sending may carry (same category and description). */
export const EVIDENCE_FILE_FIELD = "fichiers";
export const EVIDENCE_FILES_PER_UPLOAD = 10;
export const EVIDENCE_DESCRIPTION_MAX = 200;

export const evidenceMessages = {
  chooseCategory: "Choisissez le type de preuve.",
  describe: "Décrivez la preuve en une ligne (par exemple « Virement du 12 mars »).",
  descriptionTooLong: `La description tient en une ligne de ${EVIDENCE_DESCRIPTION_MAX} caractères au plus.`,
  descriptionOneLine: "La description tient en une seule ligne, sans caractères spéciaux.",
  caseClosed: "Ce dossier est fermé\u202f: vous ne pouvez plus y ajouter de preuves.",
  ownerOnly: "Seul le client du dossier peut y ajouter des preuves.",
  uploaded: (count: number) => (count > 1 ? `${count} preuves ajoutées au dossier.` : "Preuve ajoutée au dossier."),
  uploadFailed: "La preuve n'a pas été ajoutée",
} as const;

/** The case statuses in which the client may no longer add evidence. */
export const EVIDENCE_CLOSED_STATUSES = ["closed"] as const;

export const evidenceFieldsSchema = z.object({
  category: z.enum(EVIDENCE_TYPES, { error: evidenceMessages.chooseCategory }),
  description: z
    .string({ error: evidenceMessages.describe })
    .trim()
    .min(1, evidenceMessages.describe)
    .max(EVIDENCE_DESCRIPTION_MAX, evidenceMessages.descriptionTooLong)
    .refine((value) => !CONTROL_OR_FORMAT.test(value), evidenceMessages.descriptionOneLine),
});

export const EVIDENCE_CATEGORY_OPTIONS = EVIDENCE_TYPES.map((value) => ({ value, label: EVIDENCE_TYPE_LABELS[value] }));

export function evidenceCategoryLabel(value: string): string {
  return Object.hasOwn(EVIDENCE_TYPE_LABELS, value) ? EVIDENCE_TYPE_LABELS[value as EvidenceType] : value;
}

/** One evidence file as the case page and the complaint pack list it. */
export interface EvidenceItem {
  id: string;
  fileId: string;
  fileName: string;
  category: string;
  description: string;
  sizeBytes: number;
  mediaType: string;
  /** "converting" or "failed": no download link (file-states.ts). */
  fileStatus?: string;
  /** Hex SHA-256 of the file as the client sent it. */
  sha256: string;
  uploadedAt: string;
  /** The lawyer's document request the file answers (decision 85), if any. */
  documentRequestId?: string | null;
}

/** The case page's evidence panel and documents. */
export interface EvidencePanelView {
  caseId: string;
  items: EvidenceItem[];
  /** The client, on a case not closed. */
  canUpload: boolean;
  closed: boolean;
  /** Banks named on the transfers and card payments (one contestation letter each). */
  banks: string[];
}

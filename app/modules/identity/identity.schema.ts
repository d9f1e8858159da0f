import { z } from "zod";
import { choiceValues } from "~/lib/choices";
import { flaggedKeysetCursor } from "~/platform/keyset";
import type { DocumentSide, DocumentType } from "~/platform/database-schema";

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  cni: "Carte d'identité",
  passeport: "Passeport",
  permis: "Permis de conduire",
  carte_sejour: "Carte de séjour",
  proof_of_address: "Justificatif de domicile",
};

/** A single-page document has no side to show. */
export const DOCUMENT_SIDE_LABELS: Record<DocumentSide, string | null> = {
  recto: "recto",
  verso: "verso",
  single: null,
};

export function documentLabel(type: DocumentType, side: DocumentSide): string {
  const typeLabel = DOCUMENT_TYPE_LABELS[type] ?? type;
  const sideLabel = DOCUMENT_SIDE_LABELS[side];
  return sideLabel ? `${typeLabel} (${sideLabel})` : typeLabel;
}

/** What the person sees of their verification, in the spec's priority order (§4). */
export type IdentityStatus = "verified" | "rejected" | "pending" | "unverified";

export const IDENTITY_STATUS_LABELS: Record<IdentityStatus, string> = {
  verified: "Identité vérifiée",
  rejected: "Documents rejetés - Action requise",
  pending: "Documents en cours de vérification",
  unverified: "Identité non vérifiée",
};

export type IdentityStep = 1 | 2 | 3 | 4 | 5;
export type UploadStep = 2 | 3 | 4;

export const STEP_TITLES: Record<IdentityStep, string> = {
  1: "Tutoriel",
  2: "Première pièce d'identité",
  3: "Seconde pièce d'identité",
  4: "Justificatif de domicile",
  5: "Statut de la vérification",
};

/** The identity documents a person may send at steps 2 and 3 (step 3 excludes step 2's type). */
export const IDENTITY_DOCUMENT_TYPES = ["cni", "passeport", "permis", "carte_sejour"] as const;

export const PROOF_OF_ADDRESS_LABELS = {
  facture_eau: "Facture d'eau",
  facture_electricite: "Facture d'électricité",
  facture_gaz: "Facture de gaz",
  avis_imposition: "Avis d'imposition",
  releve_bancaire: "Relevé bancaire",
} as const;
export type ProofOfAddressChoice = keyof typeof PROOF_OF_ADDRESS_LABELS;
export const PROOF_OF_ADDRESS_TYPES = choiceValues(PROOF_OF_ADDRESS_LABELS);

/** Spec §8 (client areas): what the person reads after an upload or a step change. */
export const identityMessages = {
  missingSides: "Veuillez envoyer tous les côtés du document requis",
  /** One side missing: the field's own message (issue 29). */
  missingRecto: "Ajoutez le recto du document\u202f: la face avec votre photo.",
  missingPassportPage: "Ajoutez la page photo du passeport.",
  missingVerso: "Ajoutez le verso du document\u202f: cette pièce a deux faces.",
  missingProof: "Ajoutez votre justificatif de domicile.",
  chooseType: "Veuillez choisir le type de document.",
  chooseProof: "Veuillez choisir le type de justificatif.",
  sameTypeAsStep2: "Choisissez un document différent de votre première pièce d'identité.",
  passportOnePage: "Le passeport n'a qu'une page photo\u202f: envoyez un seul fichier.",
  stepNotReachable: "Terminez d'abord l'étape précédente.",
  alreadyVerified: "Votre identité est déjà vérifiée.",
  uploaded: { 2: "Documents envoyés avec succès\u202f!", 3: "Seconde pièce d'identité envoyée avec succès\u202f!", 4: "Justificatif de domicile envoyé avec succès\u202f!" },
  uploadFailed: { 2: "Erreur lors de l'envoi des documents", 3: "Erreur lors de l'envoi des documents", 4: "Erreur lors de l'envoi du justificatif" },
  stepCompleted: "Étape complétée avec succès\u202f!",
  statusFailed: "Erreur lors de la mise à jour du statut",
  rejectedTitle: "Documents rejetés - Resoumission requise",
} as const;

/** Spec (admin) §5: the predefined rejection reasons; the last one lets the reviewer type their own. */
export const REJECTION_REASONS = [
  "Document expiré",
  "Photo floue ou illisible",
  "Les quatre coins du document doivent être visibles",
  "Document partiellement visible ou coupé",
  "Les scans ne sont pas acceptés, un document de bonne qualité est requis",
  "Document trop ancien (plus de 3 mois)",
  "Type de justificatif non accepté (envoyez une facture d'électricité ou un relevé bancaire)",
] as const;
export const OTHER_REASON = "Autre (saisir manuellement)";

export const reviewMessages = {
  reasonRequired: "Veuillez sélectionner ou saisir une raison de rejet",
  approved: "Document approuvé",
  rejected: "Document rejeté",
  updateFailed: "Erreur lors de la mise à jour du document",
  alreadyReviewed: "Ce groupe de documents a déjà été examiné.",
  ownDocuments: "Vous ne pouvez pas examiner vos propres documents.",
  loadFailed: "Erreur lors du chargement des documents",
} as const;

/** A review decision on a group of documents, as the console's form sends it. */
export const reviewDecisionSchema = z
  .discriminatedUnion("decision", [
    z.object({ decision: z.literal("approve"), documentId: z.uuid() }),
    z.object({
      decision: z.literal("reject"),
      documentId: z.uuid(),
      reason: z.string().trim().max(1000).optional().default(""),
      otherReason: z.string().trim().max(1000).optional().default(""),
    }),
  ])
  .transform((value, context) => {
    if (value.decision === "approve") return { decision: "approve" as const, documentId: value.documentId };
    const reason = value.reason === OTHER_REASON ? value.otherReason : value.reason;
    const known = (REJECTION_REASONS as readonly string[]).includes(reason);
    if (!reason || (!known && value.reason !== OTHER_REASON)) {
      context.addIssue({ code: "custom", path: ["reason"], message: reviewMessages.reasonRequired });
      return z.NEVER;
    }
    return { decision: "reject" as const, documentId: value.documentId, reason };
  });
export type ReviewDecision = z.output<typeof reviewDecisionSchema>;

export const REVIEW_STATUS_LABELS = {
  all: "Tous",
  pending: "En attente",
  approved: "Approuvés",
  rejected: "Rejetés",
} as const;
export type ReviewStatusFilter = keyof typeof REVIEW_STATUS_LABELS;
export const REVIEW_STATUS_FILTERS = choiceValues(REVIEW_STATUS_LABELS);

export const reviewQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(REVIEW_STATUS_FILTERS).catch("all"),
  /** The keyset cursor of the page (opaque; an invalid one gives the first page). */
  after: flaggedKeysetCursor.optional().catch(undefined),
});
export type ReviewQuery = z.output<typeof reviewQuerySchema>;

/** The fields of a step's form, checked once the files have arrived. */
export const stepUploadSchema = z.object({
  documentType: z.string().trim().max(40).optional().default(""),
  proofType: z.string().trim().max(40).optional().default(""),
  submissionId: z.uuid().optional().catch(undefined),
  confirmBlurry: z.literal("on").optional().catch(undefined),
});

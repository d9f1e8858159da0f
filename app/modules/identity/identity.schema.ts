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

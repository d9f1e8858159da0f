import type { DocumentSide, DocumentType } from "~/platform/database-schema";
import type { UserDashboard } from "~/modules/dashboard/dashboard.server";

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

export const IDENTITY_STATUS_LABELS: Record<UserDashboard["identity"], string> = {
  verified: "Identité vérifiée",
  rejected: "Documents rejetés - Action requise",
  pending: "Documents en cours de vérification",
  unverified: "Identité non vérifiée",
};

/**
 * What the evidence page of a signed fee agreement states (issue 30, Code civil 1366–1367): who signed, how they were
 * identified and authenticated, from where, when, and which document. Appended to the signed PDF, then sealed.
 * Times are ISO 8601 instants; the page shows them in Europe/Paris with UTC.
 */
export interface SignerEvidence {
  role: "client" | "lawyer";
  /** "Jeanne Martin", "Maître Paul Durand". */
  fullName: string;
  /** "Identité vérifiée par Recours le 12/03/2026 (pièce d'identité et justificatif de domicile)", or the bar and its number. */
  identityReference: string;
  email: string;
  ipAddress: string;
  userAgent: string;
  /** "Mot de passe et code à usage unique envoyé par e-mail" or "Code à usage unique de l'application d'authentification (TOTP)". */
  method: string;
  /** When the signer ticked the consent box (or opened the countersignature). */
  consentedAt: string;
  signedAt: string;
  /** The client's express request that the work start within the 14 days (Code de la consommation L221-25). */
  earlyStartRequested?: boolean;
}

export interface AgreementEvidence {
  agreementId: string;
  caseNumber: string;
  templateTitle: string;
  templateVersion: number;
  /** The SHA-256 (hex) of the PDF both parties signed: the proposal, before this page was added. */
  documentSha256: string;
  proposedAt: string;
  signers: SignerEvidence[];
}

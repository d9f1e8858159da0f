/** The templates the platform sends itself (email_templates.key, seeded by migration 0004). */
export type EmailTemplateKey =
  | "confirmation-email"
  | "confirmation-nouvelle-adresse"
  | "reinitialisation-mot-de-passe"
  | "identite-verifiee"
  | "document-rejete"
  | "dossier-soumis"
  | "dossier-assigne"
  | "nouveau-message"
  | "action-sur-compte"
  | "dossier-confie-avocat"
  | "dossier-sans-avocat"
  | "dossier-statut"
  | "echeance-banque"
  | "compte-inactif"
  | "export-donnees-pret"
  | "suppression-compte-dossier-en-cours"
  // Issue 29: the person's receipt for a deletion request (a case in progress) and for a completed deletion.
  | "suppression-compte-demandee"
  | "suppression-compte-effectuee"
  // Decision 64: who is a Recours user stays private; an address change is told to the old address.
  | "tentative-inscription"
  | "adresse-deja-utilisee"
  | "adresse-email-modifiee"
  // Issue 30: the fee agreement.
  | "convention-proposee"
  | "convention-code"
  | "convention-signee-client"
  | "convention-en-vigueur"
  | "convention-retractee"
  | "somme-recuperee"
  // Issue 31: an invoice or a credit note issued in the client's case (migration 0103).
  | "facture-emise"
  | "avoir-emis"
  | "somme-recuperee-contre-passee"
  | "frais-a-approuver"
  // Issue 32: the lawyer's document requests (migration 0106).
  | "document-demande"
  | "document-fourni"
  | "document-indisponible"
  | "document-echeance-proche";

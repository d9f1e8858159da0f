/**
 * Every retention rule Recours keeps, shared by the retention jobs (retention.server.ts) and the privacy policy's
 * table (decision 0044): the page is generated from these, so it cannot say something the code does not do.
 * Browser-safe: no server import.
 */

export const DEFAULT_IDENTITY_DOCUMENT_RETENTION_DAYS = 30;
export const EMAIL_BODY_RETENTION_DAYS = 365;
export const INACTIVE_ACCOUNT_RETENTION_DAYS = 3 * 365;
/** The warning email goes this many days before an inactive account is due for deletion. */
export const INACTIVE_ACCOUNT_WARNING_DAYS = 30;
export const CLOSED_CASE_RETENTION_DAYS = 10 * 365;
export const ACCOUNTING_RETENTION_YEARS = 10;
/** Invoices and credit notes issued in the lawyers' names: kept whatever happens to the account or the case. */
export const INVOICE_RETENTION_YEARS = ACCOUNTING_RETENTION_YEARS;
export const PROSPECTING_RETENTION_YEARS = 3;
export const COOKIE_MAX_MONTHS = 13;
/** The retention jobs run once a day. */
export const RETENTION_RUN_EVERY_HOURS = 24;

export type RetentionRuleKey =
  | "identity-documents"
  | "email-bodies"
  | "expired-sessions"
  | "expired-verifications"
  | "attempt-counters"
  | "inactive-accounts"
  | "closed-cases"
  | "accounting"
  | "prospecting"
  | "technical-logs"
  | "cookies";

export interface RetentionRule {
  key: RetentionRuleKey;
  /** What is kept, as the policy names it. */
  data: string;
  /** How long, in words ('30 jours après la décision'). */
  duration: string;
  /** The length in days when a job enforces it by days; null for rules with no stored data to purge, or counted otherwise. */
  days: number | null;
  /** Why this length (legal basis). */
  basis: string;
  /** What happens at the end. */
  outcome: string;
}

function daysLabel(days: number): string {
  return days === 1 ? "1 jour" : `${days} jours`;
}

export interface RetentionSettings {
  identityDocumentDays: number;
}

/** The rules in the order the policy shows them; the identity-document length comes from the environment. */
export function retentionRules(settings: RetentionSettings = { identityDocumentDays: DEFAULT_IDENTITY_DOCUMENT_RETENTION_DAYS }): RetentionRule[] {
  return [
    {
      key: "identity-documents",
      data: "Pièces d'identité et justificatifs de domicile (fichiers)",
      duration: `${daysLabel(settings.identityDocumentDays)} après la décision de vérification`,
      days: settings.identityDocumentDays,
      basis: "Minimisation des données (RGPD, art. 5.1.c et 5.1.e)\u202f: la copie n'est plus utile une fois l'identité vérifiée",
      outcome: "Fichiers supprimés du stockage\u202f; le résultat de la vérification, sa date et la personne qui l'a faite sont conservés",
    },
    {
      key: "email-bodies",
      data: "Contenu des e-mails envoyés",
      duration: "1 an après l'envoi",
      days: EMAIL_BODY_RETENTION_DAYS,
      basis: "Intérêt légitime\u202f: prouver qu'une information vous a été envoyée",
      outcome: "Contenu effacé\u202f; le destinataire, l'objet et la date d'envoi restent dans le journal",
    },
    {
      key: "expired-sessions",
      data: "Sessions de connexion",
      duration: "Jusqu'à leur expiration, puis suppression le jour même",
      days: 0,
      basis: "Sécurité du traitement (RGPD, art. 32)",
      outcome: "Supprimées chaque jour",
    },
    {
      key: "expired-verifications",
      data: "Liens de vérification d'e-mail et de réinitialisation de mot de passe",
      duration: "Jusqu'à leur expiration, puis suppression le jour même",
      days: 0,
      basis: "Sécurité du traitement (RGPD, art. 32)",
      outcome: "Supprimés chaque jour",
    },
    {
      key: "attempt-counters",
      data: "Compteurs de tentatives de connexion (protection contre les essais répétés)",
      duration: "Jusqu'à la fin de leur fenêtre de comptage, puis suppression le jour même",
      days: 0,
      basis: "Sécurité du traitement (RGPD, art. 32)",
      outcome: "Supprimés chaque jour",
    },
    {
      key: "inactive-accounts",
      data: "Compte et données de profil",
      duration: "3 ans après la fin de la relation (dernière connexion, aucun dossier en cours)",
      days: INACTIVE_ACCOUNT_RETENTION_DAYS,
      basis: "Exécution du contrat, puis recommandation de la CNIL pour la gestion de la clientèle",
      outcome: `Un e-mail vous prévient ${daysLabel(INACTIVE_ACCOUNT_WARNING_DAYS)} avant\u202f; sans connexion de votre part, le compte est supprimé`,
    },
    {
      key: "closed-cases",
      data: "Dossier juridique (dossier, messages, pièces et paiements déclarés), conventions d'honoraires signées et leurs preuves de signature",
      duration: "10 ans après la clôture du dossier",
      days: CLOSED_CASE_RETENTION_DAYS,
      basis: "Obligation légale et défense de droits en justice (délais de prescription)",
      outcome: "Dossier et fichiers supprimés",
    },
    {
      key: "accounting",
      data: "Factures et avoirs d'honoraires (émis au nom des avocats), pièces comptables",
      duration: `${INVOICE_RETENTION_YEARS} ans après la clôture de l'exercice, même après la suppression du compte`,
      // Counted in accounting years, not days: purged by the daily job (invoicing/invoice-retention.server.ts,
      // with the database's invoice_retention_cutoff of migration 0103).
      days: null,
      basis: "Obligation légale (Code de commerce, art. L123-22)",
      outcome: "Factures et avoirs supprimés avec leur PDF, chaque jour pour ceux dont le délai est écoulé",
    },
    {
      key: "prospecting",
      data: "Données de prospection",
      duration: `${PROSPECTING_RETENTION_YEARS} ans à compter du dernier contact`,
      days: null,
      basis: "Recommandation de la CNIL\u202f; Recours ne fait aujourd'hui aucune prospection",
      outcome: "Supprimées",
    },
    {
      key: "technical-logs",
      data: "Journaux techniques (adresse IP, connexions)",
      duration: "1 an",
      days: null,
      basis: "Obligation de conservation des données de connexion (LCEN, art. 6)",
      outcome: "Supprimés",
    },
    {
      key: "cookies",
      data: "Cookies",
      duration: `${COOKIE_MAX_MONTHS} mois au maximum`,
      days: null,
      basis: "Recommandation de la CNIL (cookies strictement nécessaires)",
      outcome: "Le navigateur les supprime à leur expiration",
    },
  ];
}

export interface CookieDescription {
  /** The name the browser sees (over HTTPS better-auth's cookies take the "__Secure-" prefix). */
  name: string;
  purpose: string;
  /** Max-Age the app sets, in seconds (checked against the real responses by a test). */
  maxAgeSeconds: number;
  lifetime: string;
}

/** Every cookie the app sets: all strictly necessary, so no consent banner (CNIL, art. 82 loi Informatique et Libertés). */
export const STRICTLY_NECESSARY_COOKIES: readonly CookieDescription[] = [
  {
    name: "recours.session_token",
    purpose: "Vous garder connecté à votre espace (jeton de session signé)",
    maxAgeSeconds: 7 * 24 * 3600,
    lifetime: "7 jours au plus\u202f; supprimé à la déconnexion",
  },
  {
    name: "recours.two_factor",
    purpose: "Relier la saisie du code de vérification en deux étapes à la connexion en cours (équipe Recours)",
    maxAgeSeconds: 10 * 60,
    lifetime: "10 minutes",
  },
  {
    name: "recours_flash",
    purpose: "Afficher un message de confirmation après une action (par exemple « Document envoyé »)",
    maxAgeSeconds: 60,
    lifetime: "60 secondes",
  },
];

/** The longest lifetime the policy allows a cookie (13 months, counted as 13 × 31 days). */
export const COOKIE_MAX_AGE_LIMIT_SECONDS = COOKIE_MAX_MONTHS * 31 * 24 * 3600;

import { z } from "zod";
import { CONTROL_OR_FORMAT } from "~/lib/form";
import { keysetCursor } from "~/platform/keyset";

/**
 * Every action name the staff journal holds, with the French label the journal shows. A name missing here still
 * shows (as itself), but each module that records a new action adds its label.
 */
export const ACTION_LABELS = {
  "user.role-changed": "Rôle modifié",
  "user.sessions-ended": "Sessions terminées",
  "user.reset-link-sent": "Lien de réinitialisation envoyé",
  "user.second-factor-reset": "Double authentification réinitialisée",
  "lawyer.level-changed": "Niveau d'avocat modifié",
  "lawyer.bar-changed": "Barreau et numéro d'inscription modifiés",
  "email.sent": "E-mail manuel envoyé",
  "email.retried": "Nouvel essai d'un e-mail en échec",
  "template.created": "Modèle d'e-mail créé",
  "template.updated": "Modèle d'e-mail modifié",
  "template.deleted": "Modèle d'e-mail supprimé",
  "document.viewed": "Document consulté",
  "evidence.viewed": "Preuve d'un dossier consultée",
  "chat-file.viewed": "Pièce jointe de la messagerie consultée",
  "case.pack-generated": "Dossier de plainte (PDF) généré",
  "case.viewed": "Dossier consulté",
  "profile.sensitive-viewed": "Données d'identité du profil consultées",
  "document.approved": "Documents approuvés",
  "document.rejected": "Documents rejetés",
  "case.assigned": "Dossier attribué",
  "case.reassigned": "Dossier réattribué",
  "case.status-changed": "Statut du dossier modifié",
  "allocation.saved": "Répartition des dossiers enregistrée",
  "case.payment-added": "Paiement ajouté au dossier",
  "case.payment-changed": "Paiement du dossier modifié",
  "case.payment-deleted": "Paiement du dossier supprimé",
  "case.identifier-added": "Identifiant de l'escroc ajouté",
  "case.identifier-deleted": "Identifiant de l'escroc retiré",
  "upload.quota-reached": "Limite d'envoi de fichiers atteinte",
  "chat.rate-limited": "Trop de messages envoyés dans la messagerie",
  "agreement-template.created": "Nouvelle version du modèle de convention d'honoraires",
  "invoicing.mandate-accepted": "Mandat de facturation accepté",
  "invoicing.profile-updated": "Profil de facturation modifié",
  "invoice.issued": "Facture émise",
  "invoice.credited": "Facture annulée par un avoir",
  "recovery.recorded": "Somme récupérée enregistrée",
  "recovery.reversed": "Somme récupérée contre-passée",
  "cost.proposed": "Frais ou débours proposé au client",
  "cost.withdrawn": "Frais ou débours retiré",
  "fee-payment.recorded": "Paiement du client enregistré",
  "fee-payment.reversed": "Paiement du client contre-passé",
  "call-code.revealed": "Code d'appel du client affiché",
} as const satisfies Record<string, string>;

export type StaffActionName = keyof typeof ACTION_LABELS;

export const TARGET_TYPE_LABELS = {
  user: "Compte",
  case: "Dossier",
  "document-group": "Groupe de documents",
  "stored-file": "Fichier",
  allocation: "Répartition",
  template: "Modèle d'e-mail",
  email: "E-mail",
  "agreement-template": "Modèle de convention d'honoraires",
} as const satisfies Record<string, string>;

export type TargetType = keyof typeof TARGET_TYPE_LABELS;

export function actionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string>)[action] ?? action;
}

export function targetTypeLabel(type: string): string {
  return (TARGET_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

export const JOURNAL_PAGE_SIZE = 50;

/**
 * Staff reads of a person's data (issue 16, item 5): each names the person in `after.subjectUserId`, and the person
 * sees them in /compte/donnees. Migration 0082's partial index lists exactly these actions: keep them in step.
 */
export const PERSONAL_DATA_READ_ACTIONS = [
  "document.viewed",
  "evidence.viewed",
  "chat-file.viewed",
  "case.pack-generated",
  "case.viewed",
  "profile.sensitive-viewed",
] as const satisfies readonly StaffActionName[];
export type PersonalDataReadAction = (typeof PERSONAL_DATA_READ_ACTIONS)[number];

export const ACCESS_LOG_PAGE_SIZE = 20;

const filterText = z
  .string()
  .max(320)
  .refine((value) => !CONTROL_OR_FORMAT.test(value))
  .transform((value) => value.trim());

/** The journal's filters, read from the address: anything unreadable is dropped, never a 500. */
export const journalQuerySchema = z.object({
  actor: filterText.catch(""),
  action: z.string().regex(/^[a-z][a-z0-9.-]{1,63}$/).or(z.literal("")).catch(""),
  target: z.enum(Object.keys(TARGET_TYPE_LABELS) as [TargetType, ...TargetType[]]).or(z.literal("")).catch(""),
  targetId: filterText.catch(""),
  after: keysetCursor.optional().catch(undefined),
});
export type JournalQuery = z.output<typeof journalQuerySchema>;


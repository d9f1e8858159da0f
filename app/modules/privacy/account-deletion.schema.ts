import { z } from "zod";
import { CLOSED_CASE_RETENTION_DAYS, retentionRules, type RetentionSettings } from "./retention";

/** The deletion form (shared by the page and the action). */
export const accountDeletionSchema = z.object({
  password: z.string({ error: "Saisissez votre mot de passe." }).min(1, "Saisissez votre mot de passe.").max(1024, "Mot de passe trop long."),
  confirmation: z.literal("oui", { error: "Cochez la case pour confirmer que vous voulez supprimer votre compte." }),
});
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;

/** Cases in these statuses are being worked by a lawyer: the person closes them with the lawyer first. */
export const ACTIVE_CASE_STATUSES = ["assigned", "in_progress"] as const;

export const accountDeletionMessages = {
  wrongPassword: "Mot de passe incorrect. Votre compte n'a pas été supprimé.",
  tooManyAttempts: "Trop de tentatives. Votre compte n'a pas été supprimé\u202f; réessayez dans quelques minutes.",
  staffAccount:
    "Les comptes de l'équipe Recours (avocats, administrateurs) sont fermés par un administrateur, pour que leurs dossiers soient confiés à quelqu'un d'autre. Adressez-vous à un administrateur.",
  activeCase:
    "Votre compte ne peut pas encore être supprimé\u202f: un dossier est en cours avec votre avocat. Voyez avec lui pour clôturer le dossier, puis revenez sur cette page. Nous l'avons prévenu de votre demande.",
  deleted: "Votre compte a été supprimé",
  deletedDetail:
    "Vos documents ont été effacés et vous ne pouvez plus vous connecter. Le dossier juridique est conservé sous forme pseudonymisée pendant la durée légale, puis supprimé. Un accusé de réception vous a été envoyé par e-mail.",
  requested: "Votre demande de suppression est enregistrée",
  requestedDetail:
    "Votre compte sera supprimé une fois votre dossier clos. Nous avons prévenu votre avocat et vous avons envoyé un accusé de réception par e-mail.",
} as const;

/** Pseudonymous name and address a deleted account keeps (never deliverable: RFC 2606 reserves ".invalid"). */
export const DELETED_ACCOUNT_NAME = { first: "Compte", last: "supprimé" } as const;
export const DELETED_EMAIL_DOMAIN = "compte-supprime.invalid";

export interface DeletionExplanation {
  deletedNow: string[];
  kept: { data: string; duration: string; outcome: string }[];
}

/**
 * What the page tells the person: deleted at once, and what the law makes Recours keep, with the durations taken
 * from the retention rules (the same constants the jobs apply).
 */
export function deletionExplanation(settings?: RetentionSettings): DeletionExplanation {
  const rules = new Map(retentionRules(settings).map((rule) => [rule.key, rule]));
  const closedCases = rules.get("closed-cases")!;
  const accounting = rules.get("accounting")!;
  const emails = rules.get("email-bodies")!;
  return {
    deletedNow: [
      "Votre accès\u202f: vous êtes déconnecté(e) de tous vos appareils et ne pourrez plus vous connecter.",
      "Vos pièces d'identité, justificatifs de domicile et tous les fichiers que vous avez envoyés (preuves, pièces jointes de la messagerie)\u202f: effacés du stockage.",
      "Vos données de profil\u202f: nom, prénom, adresse e-mail, téléphones, adresse postale, numéro fiscal et date de naissance. Votre adresse e-mail redevient libre.",
      "Vos dossiers en brouillon, jamais envoyés.",
      `Le contenu des e-mails que nous vous avons envoyés (au lieu d'attendre ${emails.duration.replace(" après l'envoi", "")}).`,
    ],
    kept: [
      {
        data: "Vos dossiers envoyés, sous un pseudonyme\u202f: description, historique des statuts, messages échangés avec l'avocat, paiements et identifiants déclarés, documents ajoutés par l'avocat. Un dossier qui n'était pas clos l'est à la suppression.",
        duration: closedCases.duration,
        outcome: `${closedCases.outcome} (${CLOSED_CASE_RETENTION_DAYS / 365} ans\u202f: ${closedCases.basis.toLowerCase()})`,
      },
      {
        data: "Vos conventions d'honoraires signées et leurs preuves de signature (le PDF scellé et, pour chaque signataire, nom, adresse e-mail, adresse IP, navigateur et horodatage)\u202f: votre avocat peut toujours les consulter.",
        duration: closedCases.duration,
        outcome: `${closedCases.outcome} (${CLOSED_CASE_RETENTION_DAYS / 365} ans\u202f: ${closedCases.basis.toLowerCase()})`,
      },
      { data: accounting.data, duration: accounting.duration, outcome: `${accounting.outcome} (${accounting.basis})` },
    ],
  };
}

import { z } from "zod";
import { CONTROL_OR_FORMAT, requiredText, trimmedText } from "~/lib/form";
import type { LawyerLevel, Role } from "~/platform/database-schema";
import { keysetCursor } from "~/platform/keyset";

export const BACK_OFFICE_PAGE_SIZE = 50;
export const SEARCH_MAX = 200;
export const SEARCH_REFUSED_MESSAGE = "La recherche contient un caractère non autorisé (retour à la ligne ou caractère invisible).";

/** Spec §8 toasts. */
export const backOfficeMessages = {
  roleUpdated: "Rôle utilisateur mis à jour",
  roleError: "Erreur lors de la mise à jour du rôle",
  roleUnknown: "Ce rôle n'existe pas\u202f: choisissez Client, Avocat ou Administrateur.",
  roleOwn: "Vous ne pouvez pas modifier votre propre rôle\u202f: demandez-le à un autre administrateur.",
  roleLastAdmin: "C'est le dernier administrateur\u202f: nommez-en un autre avant de changer ce rôle.",
  roleUnchanged: "Cette personne a déjà ce rôle.",
  levelUpdated: "Niveau d'avocat mis à jour",
  levelError: "Erreur lors de la mise à jour du niveau",
  levelUnknown: "Ce niveau n'existe pas\u202f: choisissez Débutant, Intermédiaire ou Avancé.",
  barUpdated: "Barreau et numéro d'inscription mis à jour",
  barName: "Le barreau doit faire entre 1 et 100 caractères, sur une ligne.",
  barNumber: "Le numéro d'inscription ne contient que des lettres, chiffres, espaces, points, tirets ou barres obliques (30 au plus).",
  userUnknown: "Ce compte n'existe pas.",
  lawyerUnknown: "Cet avocat n'existe pas.",
  emailSent: (count: number) => `Email envoyé à ${count} destinataire(s)`,
  emailError: "Erreur lors de l'envoi de l'email",
  emailFieldsRequired: "Veuillez remplir tous les champs",
  emailInvalid: (addresses: string[]) =>
    addresses.length === 1
      ? `Cette adresse n'est pas valide\u202f: ${addresses[0]}`
      : `Ces adresses ne sont pas valides\u202f: ${addresses.join(", ")}`,
  emailTooMany: (max: number) => `Un envoi manuel est limité à ${max} destinataires\u202f: découpez la liste.`,
  emailPlaceholders: (names: string[]) =>
    `Remplacez ${names.map((name) => `{{${name}}}`).join(", ")} par le texte voulu avant l'envoi\u202f: un envoi manuel ne remplit pas les variables.`,
  emailRetried: "Nouvel essai programmé",
  emailNotRetriable: "Cet e-mail n'est pas en échec, ou ne peut pas être renvoyé.",
  templateCreated: "Modèle créé",
  templateUpdated: "Modèle mis à jour",
  templateDeleted: "Modèle supprimé",
  templateSaveError: "Erreur lors de la sauvegarde",
  templateDeleteError: "Erreur lors de la suppression",
  templateDeleteConfirm: "Êtes-vous sûr de vouloir supprimer ce modèle\u202f?",
  templateSystemDelete: "Ce modèle est envoyé par la plateforme\u202f: il peut être modifié, pas supprimé.",
  templateNameTaken: "Un modèle porte déjà ce nom.",
  templateUnknown: "Ce modèle n'existe pas.",
  templateBraces: "Les accolades ne sont pas équilibrées\u202f: chaque variable s'écrit {{nom}} (lettres minuscules, chiffres, _).",
  templateUndeclared: (names: string[]) => `Ces variables sont utilisées mais pas déclarées\u202f: ${names.join(", ")}.`,
  templateVariableFormat: "Une variable s'écrit en lettres minuscules, chiffres ou _ (exemple\u202f: prenom, numero_dossier).",
  templateRequired: (names: string[]) =>
    `La plateforme a besoin de ${names.map((name) => `{{${name}}}`).join(", ")} dans ce modèle\u202f: gardez ${names.length > 1 ? "ces variables" : "cette variable"} dans la liste et dans le texte.`,
} as const;

export const ROLE_VALUES = ["user", "lawyer", "admin"] as const satisfies readonly Role[];
export const LAWYER_LEVEL_LABELS: Record<LawyerLevel, string> = {
  basic: "Débutant",
  intermediate: "Intermédiaire",
  advanced: "Avancé",
};
export const LAWYER_LEVELS = ["basic", "intermediate", "advanced"] as const satisfies readonly LawyerLevel[];

/** What changing to each role means, as the confirmation says it. */
export const ROLE_CONSEQUENCES: Record<Role, string> = {
  user: "Ses accès d'équipe seront retirés. Ses sessions en cours seront terminées.",
  lawyer:
    "Cette personne verra les dossiers qui lui seront confiés et les documents de ses clients. Ses sessions en cours seront terminées et elle devra activer la double authentification à sa prochaine connexion.",
  admin:
    "Cette personne aura accès à tout le back-office\u202f: comptes, documents d'identité, dossiers, e-mails. Ses sessions en cours seront terminées et elle devra activer la double authentification à sa prochaine connexion.",
};

/** A search term from the address: trimmed, at most 200 characters, no control or invisible character. */
export const searchTerm = trimmedText().transform((value) => value.slice(0, SEARCH_MAX))
  .refine((value) => !CONTROL_OR_FORMAT.test(value), SEARCH_REFUSED_MESSAGE);

function searchParam() {
  return searchTerm;
}

export const VERIFICATION_FILTERS = ["tous", "verifies", "non-verifies"] as const;

export const userListQuerySchema = z.object({
  q: searchParam(),
  role: z.enum(ROLE_VALUES).optional().catch(undefined),
  verification: z.enum(VERIFICATION_FILTERS).catch("tous"),
  after: keysetCursor.optional().catch(undefined),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const lawyerListQuerySchema = z.object({ q: searchParam() });
export type LawyerListQuery = z.output<typeof lawyerListQuerySchema>;

export const emailListQuerySchema = z.object({ q: searchParam() });
export const templateListQuerySchema = z.object({ q: searchParam() });

const recordId = z.string().trim().min(1, backOfficeMessages.userUnknown).max(100, backOfficeMessages.userUnknown);

export const roleChangeSchema = z.object({
  intent: z.literal("role"),
  userId: recordId,
  role: z.enum(ROLE_VALUES, { error: backOfficeMessages.roleUnknown }),
});

export const accountActionSchema = z.object({
  intent: z.enum(["reset-link", "end-sessions", "reset-two-factor"], { error: "Action inconnue." }),
  userId: recordId,
});

export const userActionSchema = z.discriminatedUnion("intent", [roleChangeSchema, accountActionSchema], {
  error: "Action inconnue.",
});

export const levelChangeSchema = z.object({
  intent: z.literal("level"),
  lawyerId: recordId,
  level: z.enum(LAWYER_LEVELS, { error: backOfficeMessages.levelUnknown }),
});

const optionalLine = (message: string, pattern?: RegExp) =>
  z
    .string()
    .refine((value) => !CONTROL_OR_FORMAT.test(value), message)
    .transform((value) => value.trim())
    .refine((value) => value.length <= 100 && (value === "" || !pattern || pattern.test(value)), message)
    .transform((value) => (value === "" ? null : value));

export const barChangeSchema = z.object({
  intent: z.literal("bar"),
  lawyerId: recordId,
  barName: optionalLine(backOfficeMessages.barName),
  barNumber: optionalLine(backOfficeMessages.barNumber, /^[A-Za-z0-9/ .-]{1,30}$/),
});

export const lawyerActionSchema = z.discriminatedUnion("intent", [levelChangeSchema, barChangeSchema], { error: "Action inconnue." });

/** A manual send is capped: more than this is refused with a clear message, nothing queued. */
export const MANUAL_EMAIL_MAX_RECIPIENTS = 200;
export const MANUAL_EMAIL_BODY_MAX = 50_000;
export const MANUAL_EMAIL_SUBJECT_MAX = 300;

const EMAIL_FORMAT = z.email();

/** Spec: comma-separated, trimmed (empties dropped; also accepted: semicolons and line breaks, as people paste). */
export function splitRecipients(raw: string): string[] {
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const part of raw.split(/[,;\n\r]+/)) {
    const address = part.trim();
    if (address === "" || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    recipients.push(address);
  }
  return recipients;
}

export function invalidRecipients(recipients: readonly string[]): string[] {
  return recipients.filter((address) => address.length > 254 || !EMAIL_FORMAT.safeParse(address).success);
}

const PLACEHOLDER_TOKEN = /\{\{\s*([a-z0-9_]+)\s*\}\}/g;

/** The variables a text uses ({{name}}), in order of first use. */
export function usedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER_TOKEN)].map((match) => match[1]!))];
}

/** Every "{{" closes with "}}" around a well-formed name, and no stray "}}" is left. */
export function hasBalancedPlaceholders(text: string): boolean {
  const rest = text.replace(PLACEHOLDER_TOKEN, "");
  return !rest.includes("{{") && !rest.includes("}}");
}

export const manualEmailSchema = z
  .object({
    recipients: z.string().max(100_000, backOfficeMessages.emailTooMany(MANUAL_EMAIL_MAX_RECIPIENTS)).default(""),
    subject: z.string().default(""),
    body: z.string().default(""),
  })
  .transform((value) => ({
    recipients: splitRecipients(value.recipients),
    subject: value.subject.trim(),
    body: value.body.replace(/\r\n/g, "\n").trim(),
  }))
  .superRefine((value, ctx) => {
    if (value.recipients.length === 0 || value.subject === "" || value.body === "") {
      ctx.addIssue({ code: "custom", path: ["form"], message: backOfficeMessages.emailFieldsRequired });
      return;
    }
    if (value.recipients.length > MANUAL_EMAIL_MAX_RECIPIENTS) {
      ctx.addIssue({ code: "custom", path: ["recipients"], message: backOfficeMessages.emailTooMany(MANUAL_EMAIL_MAX_RECIPIENTS) });
    } else {
      const invalid = invalidRecipients(value.recipients);
      if (invalid.length > 0) {
        ctx.addIssue({ code: "custom", path: ["recipients"], message: backOfficeMessages.emailInvalid(invalid.slice(0, 10)) });
      }
    }
    if (value.subject.length > MANUAL_EMAIL_SUBJECT_MAX || /[\r\n]/.test(value.subject)) {
      ctx.addIssue({ code: "custom", path: ["subject"], message: `L'objet tient sur une ligne de ${MANUAL_EMAIL_SUBJECT_MAX} caractères au plus.` });
    }
    if (value.body.length > MANUAL_EMAIL_BODY_MAX) {
      ctx.addIssue({ code: "custom", path: ["body"], message: `Le message ne peut pas dépasser ${MANUAL_EMAIL_BODY_MAX} caractères.` });
    } else if (!hasBalancedPlaceholders(value.body) || !hasBalancedPlaceholders(value.subject)) {
      ctx.addIssue({ code: "custom", path: ["body"], message: backOfficeMessages.templateBraces });
    } else {
      const left = usedVariables(`${value.subject}\n${value.body}`);
      if (left.length > 0) ctx.addIssue({ code: "custom", path: ["body"], message: backOfficeMessages.emailPlaceholders(left) });
    }
  });
export type ManualEmailInput = z.output<typeof manualEmailSchema>;

export const retryEmailSchema = z.object({ intent: z.literal("retry"), emailId: z.uuid({ error: "E-mail inconnu." }) });

export const TEMPLATE_BODY_MAX = 50_000;

/** Spec: name, subject and body required; variables comma-separated, trimmed, empties dropped. */
export const templateSchema = z
  .object({
    name: requiredText("Le nom est requis", 200),
    subject: requiredText("L'objet est requis", 300),
    body: z
      .string({ error: "Le texte est requis" })
      .transform((value) => value.replace(/\r\n/g, "\n").trim())
      .pipe(z.string().min(1, "Le texte est requis").max(TEMPLATE_BODY_MAX, `Le texte ne peut pas dépasser ${TEMPLATE_BODY_MAX} caractères.`)),
    variables: z
      .string()
      .default("")
      .transform((value) => [...new Set(value.split(",").map((name) => name.trim()).filter((name) => name !== ""))])
      .pipe(z.array(z.string().regex(/^[a-z0-9_]{1,40}$/, backOfficeMessages.templateVariableFormat)).max(30, "30 variables au plus.")),
  })
  .superRefine((value, ctx) => {
    if (!hasBalancedPlaceholders(value.body)) ctx.addIssue({ code: "custom", path: ["body"], message: backOfficeMessages.templateBraces });
    if (!hasBalancedPlaceholders(value.subject)) ctx.addIssue({ code: "custom", path: ["subject"], message: backOfficeMessages.templateBraces });
    const undeclared = usedVariables(`${value.subject}\n${value.body}`).filter((name) => !value.variables.includes(name));
    if (undeclared.length > 0) ctx.addIssue({ code: "custom", path: ["variables"], message: backOfficeMessages.templateUndeclared(undeclared) });
  });
export type TemplateInput = z.output<typeof templateSchema>;

/**
 * The variables the platform fills in each system template, and must find there: the link (when the template
 * has one) and what names the case or the action. A save that drops one is refused.
 */
export const SYSTEM_TEMPLATE_REQUIRED_VARIABLES: Record<string, readonly string[]> = {
  "confirmation-email": ["lien"],
  "confirmation-nouvelle-adresse": ["lien"],
  "reinitialisation-mot-de-passe": ["lien"],
  "identite-verifiee": ["lien"],
  "document-rejete": ["document", "raisons", "lien"],
  "dossier-soumis": ["numero_dossier", "lien"],
  "dossier-assigne": ["numero_dossier", "avocat", "lien"],
  "nouveau-message": ["numero_dossier", "lien"],
  "action-sur-compte": ["action"],
};

/** What the preview fills each variable with, until the admin types their own values. */
export const SAMPLE_VALUES: Record<string, string> = {
  prenom: "Marie",
  nom: "Dupont",
  lien: "https://recours.example/exemple",
  numero_dossier: "RC-2026-000123",
  avocat: "Maître Claire Martin",
  document: "Carte d'identité (recto)",
  raisons: "Photo floue ou illisible",
  expediteur: "Maître Claire Martin",
  auteur: "Équipe Recours",
  date: "12 mars 2026 à 14:05",
  action: "toutes vos sessions ont été terminées\u202f; reconnectez-vous.",
};

export function sampleValue(name: string): string {
  return SAMPLE_VALUES[name] ?? `[${name}]`;
}

/** The national bar directory (Conseil national des barreaux), where anyone can check a lawyer. */
export const BAR_DIRECTORY_URL = "https://www.cnb.avocat.fr/fr/annuaire-des-avocats-de-france";

import { z } from "zod";

/**
 * The fee agreement (convention d'honoraires, issue 30): template sections, the placeholders a template's text may
 * use, and the forms of the proposal, the signatures and the withdrawal. Shared with the browser.
 */

/** The sections every template must have (loi n° 71-1130 art. 10, RIN 11.2, Code de la consommation L221-18). */
export const REQUIRED_SECTION_KINDS = ["parties", "scope", "base-fee", "result-fee", "costs", "funds", "mediator", "withdrawal"] as const;
export type RequiredSectionKind = (typeof REQUIRED_SECTION_KINDS)[number];
export type SectionKind = RequiredSectionKind | "other";

export const SECTION_KIND_LABELS: Record<SectionKind, string> = {
  parties: "Les parties",
  scope: "La mission confiée",
  "base-fee": "Les honoraires de diligence (travail accompli)",
  "result-fee": "L'honoraire complémentaire de résultat",
  costs: "Les frais et débours",
  funds: "Les fonds récupérés (compte CARPA)",
  mediator: "Le médiateur de la consommation",
  withdrawal: "Le droit de rétractation (14 jours)",
  other: "Autre clause",
};

export interface TemplateSection {
  kind: SectionKind;
  title: string;
  body: string;
}

/**
 * What a template's text may name between double braces; filled in from the proposal when the PDF is made.
 * A template that names anything else is refused at save.
 */
export const TEMPLATE_PLACEHOLDERS = {
  numero_dossier: "le numéro du dossier",
  client: "le nom du client",
  avocat: "le nom de l'avocat (Maître Prénom Nom)",
  barreau: "le barreau et le numéro de toque de l'avocat",
  email_avocat: "l'adresse e-mail professionnelle de l'avocat",
  operateur: "la raison sociale de l'éditeur de la plateforme",
  email_operateur: "l'adresse e-mail de contact de l'éditeur",
  honoraires_diligence: "les honoraires de diligence, HT et TTC",
  echeance_diligence: "quand les honoraires de diligence sont payables",
  pourcentage_resultat: "le pourcentage de résultat, HT et TTC",
  frais_prevus: "les frais et débours prévus",
  tva: "le taux de TVA",
} as const;
export type TemplatePlaceholder = keyof typeof TEMPLATE_PLACEHOLDERS;

/** What a proposal's form says when a value is outside the template's bounds or malformed. */
export const agreementMessages = {
  baseFeeInvalid: "Indiquez les honoraires de diligence en euros, par exemple 500 ou 500,50.",
  baseFeeOutOfBounds: (min: string, max: string) => `Les honoraires de diligence doivent être compris entre ${min} et ${max} HT.`,
  percentInvalid: "Indiquez le pourcentage de résultat, par exemple 15 ou 12,5.",
  percentOutOfBounds: (min: string, max: string) => `Le pourcentage de résultat doit être compris entre ${min} et ${max} HT.`,
  costsTooLong: "Les frais prévus ne peuvent pas dépasser 2 000 caractères.",
  consentRequired: "Cochez la case pour confirmer que vous avez lu la convention et que vous l'acceptez.",
  passwordRequired: "Saisissez votre mot de passe.",
  codeFormat: "Le code reçu par e-mail compte 6 chiffres.",
  codeWrong: "Ce code n'est pas le bon. Vérifiez le dernier e-mail reçu.",
  codeExpired: "Ce code a expiré ou a déjà servi. Demandez un nouveau code.",
  codeTooManyTries: "Trop d'essais avec ce code. Demandez un nouveau code.",
  changed: "La convention a changé, relisez-la",
  totpFormat: "Le code de votre application d'authentification compte 6 chiffres.",
  totpWrong: "Ce code n'est pas valide. Saisissez le code affiché maintenant par votre application.",
  withdrawalClosed: "Le délai de rétractation de 14 jours est écoulé\u202f: la convention ne peut plus être rétractée en ligne. Parlez-en à votre avocat.",
  notPossible: "Cette action n'est plus possible sur cette convention. Rechargez la page.",
} as const;

export const AGREEMENT_STATE_LABELS = {
  proposed: "Proposée, en attente de votre signature",
  signed: "Signée par le client, en attente de la contre-signature de l'avocat",
  countersigned: "Contre-signée, scellement en cours",
  active: "En vigueur",
  withdrawn: "Rétractée",
  replaced: "Remplacée par une nouvelle version",
} as const;

/** The 14-day withdrawal right (Code de la consommation L221-18), counted in whole days from the client's signature. */
export const WITHDRAWAL_DAYS = 14;
/** The emailed signing code. */
export const SIGNING_CODE_MINUTES = 10;
export const SIGNING_CODE_TRIES = 5;

const noControl = (value: string) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(value);

/** The lawyer's proposal: the case-specific values, checked against the template's bounds by the use case. */
export const proposalSchema = z.object({
  baseFee: z.string({ error: agreementMessages.baseFeeInvalid }).trim().min(1, agreementMessages.baseFeeInvalid).max(20, agreementMessages.baseFeeInvalid),
  resultPercent: z.string({ error: agreementMessages.percentInvalid }).trim().min(1, agreementMessages.percentInvalid).max(10, agreementMessages.percentInvalid),
  foreseenCosts: z
    .string()
    .max(2000, agreementMessages.costsTooLong)
    .refine(noControl, agreementMessages.costsTooLong)
    .transform((value) => value.trim())
    .optional()
    .default(""),
});
export type ProposalInput = z.output<typeof proposalSchema>;

const agreementId = z.uuid({ error: agreementMessages.notPossible });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, { error: agreementMessages.changed });

/** A 6-digit code as typed (spaces dropped), with its message when it is not one. */
function sixDigitCode(message: string) {
  return z
    .string({ error: message })
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, { error: message }));
}

/** The client's signature: the document they read (its hash), consent, the optional early start, password, emailed code. */
export const clientSignatureSchema = z.object({
  agreementId,
  documentSha256: sha256,
  consent: z.literal("on", { error: agreementMessages.consentRequired }),
  earlyStart: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
  password: z.string({ error: agreementMessages.passwordRequired }).min(1, agreementMessages.passwordRequired).max(1024),
  code: sixDigitCode(agreementMessages.codeFormat),
});
export type ClientSignatureInput = z.output<typeof clientSignatureSchema>;

export const codeRequestSchema = z.object({ agreementId });

/** The lawyer's countersignature: the document they countersign and a code of their authenticator app. */
export const countersignatureSchema = z.object({
  agreementId,
  documentSha256: sha256,
  code: sixDigitCode(agreementMessages.totpFormat),
});
export type CountersignatureInput = z.output<typeof countersignatureSchema>;

export const withdrawalSchema = z.object({ agreementId });

/** The lawyer records a withdrawal the client sent by e-mail (the model form), with the day it was sent. */
export const emailWithdrawalSchema = z.object({
  agreementId,
  sentOn: z.iso.date({ error: "Indiquez la date d'envoi de l'e-mail de rétractation." }),
});
export type EmailWithdrawalInput = z.output<typeof emailWithdrawalSchema>;

const NOTHING_DUE = "Vous ne devez rien au titre de cette convention.";
const EARLY_START_DUE =
  "Vous aviez demandé que le travail commence avant la fin du délai de rétractation\u202f: seuls restent dus les honoraires de diligence correspondant au travail déjà accompli jusqu'à votre rétractation, en proportion de la mission convenue (Code de la consommation, art. L221-25). Aucun honoraire de résultat n'est dû.";

/** What remains payable after a withdrawal, as the page and the acknowledgement say it. */
export function afterWithdrawalText(earlyStart: boolean): string {
  return earlyStart ? EARLY_START_DUE : NOTHING_DUE;
}


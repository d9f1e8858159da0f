// The choices the new-case wizard offers and their French labels (spec §2, §3, §5; shared with the browser).
import { scamType, type ScamSlug } from "~/content/site";
import { choiceValues } from "~/lib/choices";

/**
 * Step 1's choices: first the nine kinds the site's landing pages explain (in their order, "other" excepted), then
 * the other kinds the wizard always offered, "other" last. Stored values never change meaning: a type is added, never
 * renamed (the database's check lists the same values, migration 0087).
 */
export const WIZARD_SCAM_TYPES = [
  "fake_investment",
  "fake_bank_advisor",
  "phishing",
  "technical_support_scam",
  "ceo_fraud",
  "investment_scam",
  "ponzi_scheme",
  "identity_theft",
  "romance_scam",
  "fake_website",
  "cryptocurrency_scam",
  "fake_job_offer",
  "lottery_scam",
  "other",
] as const;
export type WizardScamType = (typeof WIZARD_SCAM_TYPES)[number];

/** The scam type a landing page (/arnaques/{slug}) is about: the wizard preselects it for a person coming from there. */
export const SCAM_SLUG_TYPES: Record<ScamSlug, WizardScamType> = {
  "faux-placements": "fake_investment",
  "faux-conseiller-bancaire": "fake_bank_advisor",
  phishing: "phishing",
  "faux-support-technique": "technical_support_scam",
  "arnaque-president": "ceo_fraud",
  "investissement-en-ligne": "investment_scam",
  "ponzi-mlm": "ponzi_scheme",
  "usurpation-identite": "identity_theft",
  autre: "other",
};

/** The `type` query parameter of /create-case (a landing page's slug, or a wizard value) as a scam type; else none. */
export function presetScamType(value: string | null | undefined): WizardScamType | null {
  if (!value) return null;
  if (Object.hasOwn(SCAM_SLUG_TYPES, value)) return SCAM_SLUG_TYPES[value as ScamSlug];
  return (WIZARD_SCAM_TYPES as readonly string[]).includes(value) ? (value as WizardScamType) : null;
}

/** Step 1: each scam type with its one-line explanation (the landing pages' own words for theirs). */
export const SCAM_TYPE_EXPLANATIONS: Record<WizardScamType, string> = {
  fake_investment: scamType("faux-placements").description,
  fake_bank_advisor: scamType("faux-conseiller-bancaire").description,
  phishing: "Un faux message (banque, impôts, colis) pour obtenir vos codes ou vos coordonnées bancaires.",
  technical_support_scam: "Un faux technicien prend la main sur votre ordinateur ou vous fait payer un dépannage.",
  ceo_fraud: scamType("arnaque-president").description,
  investment_scam: "Un placement promettant des gains élevés\u202f: faux courtier, faux site de trading ou de forex.",
  ponzi_scheme: scamType("ponzi-mlm").description,
  identity_theft: scamType("usurpation-identite").description,
  romance_scam: "Une personne rencontrée en ligne gagne votre confiance, puis vous demande de l'argent.",
  fake_website: "Un site marchand ou de services qui encaisse sans jamais livrer.",
  cryptocurrency_scam: "Des cryptomonnaies achetées ou confiées à une plateforme qui ne rend pas l'argent.",
  fake_job_offer: "Une offre d'emploi ou de mission qui vous fait payer ou encaisser des fonds.",
  lottery_scam: "Un gain, un héritage ou un remboursement à débloquer contre des frais.",
  other: "Une autre escroquerie\u202f: fausse location, chantage en ligne, faux recouvrement…",
};

const STORY_IN_ORDER =
  "Racontez ce qui s'est passé, dans l'ordre\u202f: le premier contact, ce qu'on vous a promis ou demandé, les paiements, le moment où vous avez compris.";

/** Step 2's description placeholder, by scam type (spec §2). */
export const DESCRIPTION_PLACEHOLDERS: Record<WizardScamType | "", string> = {
  "": STORY_IN_ORDER,
  fake_investment:
    "Quel placement vous a-t-on proposé (livret, vin, diamants, parking…), par qui et avec quel rendement\u202f? Combien avez-vous versé, à quelles dates, et que s'est-il passé quand vous avez voulu récupérer votre argent\u202f?",
  fake_bank_advisor:
    "Qui vous a appelé, depuis quel numéro, au nom de quelle banque\u202f? Qu'avez-vous validé ou communiqué (codes, virements, carte) et quelles opérations ont eu lieu\u202f?",
  romance_scam:
    "Où avez-vous rencontré cette personne\u202f? Sous quel nom\u202f? Quelles raisons a-t-elle données pour demander de l'argent, et combien avez-vous envoyé, à quelles dates\u202f?",
  investment_scam:
    "Quel site ou quelle société\u202f? Qui vous a conseillé\u202f? Combien avez-vous placé, quels gains étaient affichés, et que s'est-il passé quand vous avez voulu retirer\u202f?",
  fake_website:
    "Quelle est l'adresse du site\u202f? Qu'avez-vous commandé, à quelle date, pour quel montant, et comment avez-vous payé\u202f?",
  phishing:
    "Quel message avez-vous reçu (email, SMS, appel)\u202f? Au nom de qui\u202f? Quelles informations avez-vous données, et quelles opérations ont ensuite eu lieu\u202f?",
  ceo_fraud:
    "Qui s'est fait passer pour un dirigeant ou un fournisseur, par quel moyen\u202f? Quel virement a été demandé, vers quel compte, à quelle date et pour quel montant\u202f?",
  ponzi_scheme:
    "Quel système ou quelle société\u202f? Qui vous l'a présenté\u202f? Combien avez-vous versé, qu'avez-vous reçu en retour, et quand les paiements se sont-ils arrêtés\u202f?",
  identity_theft:
    "Qu'a-t-on fait à votre nom (compte, crédit, abonnement)\u202f? Comment l'avez-vous découvert, et quelles sommes vous sont réclamées ou ont été prélevées\u202f?",
  cryptocurrency_scam:
    "Sur quelle plateforme ou à quelle adresse avez-vous envoyé des cryptomonnaies\u202f? Lesquelles, combien, à quelles dates\u202f?",
  fake_job_offer:
    "Quelle offre, publiée où, au nom de quelle entreprise\u202f? Que vous a-t-on demandé de payer ou de recevoir sur votre compte\u202f?",
  technical_support_scam:
    "Comment le faux technicien vous a-t-il contacté\u202f? A-t-il pris la main sur votre ordinateur\u202f? Quels paiements ou virements ont eu lieu\u202f?",
  lottery_scam:
    "Quel gain ou quel héritage vous a-t-on annoncé\u202f? Quels frais vous a-t-on demandés, par quel moyen, et combien avez-vous payé\u202f?",
  other: STORY_IN_ORDER,
};

export const CONTACT_METHOD_LABELS = {
  phone: "Appel téléphonique",
  email: "Email",
  sms: "SMS",
  messaging_app: "Messagerie (WhatsApp, Telegram…)",
  social_network: "Réseau social",
  dating_site: "Site ou application de rencontre",
  website: "Site internet ou publicité",
  in_person: "En personne",
  other: "Autre",
} as const;
export type ContactMethod = keyof typeof CONTACT_METHOD_LABELS;
export const CONTACT_METHODS = choiceValues(CONTACT_METHOD_LABELS);
/** What "details" means for each contact method (the field appears once a method is chosen). */
export const CONTACT_DETAILS_HINTS: Record<ContactMethod, string> = {
  phone: "Le numéro qui vous a appelé, le nom donné par l'interlocuteur.",
  email: "L'adresse email de l'expéditeur.",
  sms: "Le numéro ou le nom de l'expéditeur.",
  messaging_app: "L'application, le numéro ou le pseudonyme utilisé.",
  social_network: "Le réseau et le nom du profil.",
  dating_site: "Le site ou l'application, et le nom du profil.",
  website: "L'adresse du site ou de la publicité.",
  in_person: "Le lieu et la personne rencontrée.",
  other: "Comment le contact a eu lieu.",
};

export const PAYMENT_METHOD_LABELS = {
  bank_transfer: "Virement bancaire",
  credit_card: "Carte bancaire",
  cryptocurrency: "Cryptomonnaie",
  paypal: "PayPal",
  western_union: "Western Union",
  money_gram: "MoneyGram",
  cash: "Espèces",
  other: "Autre",
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHOD_LABELS;
export const PAYMENT_METHODS = choiceValues(PAYMENT_METHOD_LABELS);

export const EVIDENCE_TYPE_LABELS = {
  payment_receipts: "Preuves de paiement (reçus, confirmations)",
  conversation_screenshots: "Captures d'écran des conversations",
  email_exchanges: "Échanges d'emails",
  bank_statements: "Relevés bancaires",
  recipient_iban: "IBAN ou coordonnées du bénéficiaire",
  contracts_documents: "Contrats ou documents reçus",
} as const;
export type EvidenceType = keyof typeof EVIDENCE_TYPE_LABELS;
export const EVIDENCE_TYPES = choiceValues(EVIDENCE_TYPE_LABELS);

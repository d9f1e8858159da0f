import type { EmailTemplateKey } from "./email-template-keys";

/** Said at the end of every SMS: the platform's own warning against the scams it fights (decision 0087). */
export const SMS_SAFETY_LINE = "Recours ne vous demandera jamais de code ni de paiement par SMS.";

const caseNews = "Recours : du nouveau dans votre dossier. Connectez-vous à votre espace pour le consulter.";
const actionAwaited = "Recours : votre dossier attend une action de votre part. Connectez-vous à votre espace.";
const newMessage = "Recours : un nouveau message vous attend. Connectez-vous à votre espace pour le lire.";
const staffAttention = "Recours : un dossier attend votre attention. Connectez-vous à votre espace pour le consulter.";

/**
 * The events that also go by SMS, each with its fixed text: never a message's or document's content, an amount, a
 * name or a link. A key absent here sends no SMS — the default for every new template. Left out on purpose: links
 * carrying a token (address confirmations, password reset, data export), codes (`convention-code`), sign-up and
 * address-change attempts, account security and deletion notices, manual e-mails from the back-office, and the
 * submission's confirmation (`dossier-soumis`: the person has just submitted; the assignment's notice follows).
 * Plain GSM characters only (no narrow no-break space): one SMS of at most 160 characters.
 */
const SMS_TEXTS: Partial<Record<EmailTemplateKey, string>> = {
  "identite-verifiee": caseNews,
  "document-rejete": actionAwaited,
  "dossier-assigne": caseNews,
  "dossier-statut": caseNews,
  "nouveau-message": newMessage,
  "echeance-banque": actionAwaited,
  "convention-proposee": actionAwaited,
  "convention-en-vigueur": caseNews,
  "convention-retractee": caseNews,
  "somme-recuperee": caseNews,
  "somme-recuperee-contre-passee": caseNews,
  "facture-emise": caseNews,
  "avoir-emis": caseNews,
  "frais-a-approuver": actionAwaited,
  "document-demande": actionAwaited,
  "document-echeance-proche": actionAwaited,
  "document-fourni": staffAttention,
  "document-indisponible": staffAttention,
  "dossier-confie-avocat": staffAttention,
  "convention-signee-client": staffAttention,
  "dossier-sans-avocat": staffAttention,
};

/** The whole SMS of an event, or null when the event sends none. */
export function smsTextFor(template: string): string | null {
  const text = Object.hasOwn(SMS_TEXTS, template) ? SMS_TEXTS[template as EmailTemplateKey] : undefined;
  return text ? `${text} ${SMS_SAFETY_LINE}` : null;
}

/** The templates that send an SMS (tests, the decision record). */
export const SMS_TEMPLATES = Object.keys(SMS_TEXTS) as EmailTemplateKey[];

import { z } from "zod";
import { keysetCursor } from "~/platform/keyset";

/**
 * The lawyer's invoicing profile (what an invoice must say about its seller, CGI annexe II art. 242 nonies A) and the
 * invoicing mandate (mandat de facturation) that lets Recours issue invoices in the lawyer's name. Shared with the
 * browser.
 */

/** The version of the mandate's text below: a new text needs a new acceptance. */
export const MANDATE_VERSION = "2026-11";

export const MANDATE_TEXT = [
  "Je donne mandat à Recours d'établir et d'émettre, en mon nom et pour mon compte, les factures et avoirs relatifs aux honoraires des dossiers qui me sont confiés par la plateforme, à partir de la convention d'honoraires en vigueur et des sommes enregistrées au dossier.",
  "Je reste seul responsable de mes obligations de facturation et de déclaration de TVA. Chaque facture porte la mention de ce mandat. Je peux contester une facture dans les 8 jours de son émission et mettre fin au mandat à tout moment en écrivant à Recours.",
];

export const VAT_FRANCHISE_MENTION = "TVA non applicable, art. 293 B du CGI";

export const invoicingMessages = {
  firmNameRequired: "Indiquez le nom de votre cabinet (ou votre nom d'exercice).",
  addressRequired: "Indiquez l'adresse de votre cabinet.",
  postalCodeInvalid: "Le code postal compte 5 chiffres.",
  cityRequired: "Indiquez la ville.",
  sirenInvalid: "Le numéro SIREN compte 9 chiffres et sa clé de contrôle doit être juste.",
  siretInvalid: "Le numéro SIRET compte 14 chiffres, commence par votre SIREN et sa clé de contrôle doit être juste.",
  vatNumberInvalid: "Le numéro de TVA intracommunautaire s'écrit FR, 2 caractères puis votre SIREN (par exemple FR40123456824).",
  vatChoiceRequired: "Indiquez votre numéro de TVA, ou cochez la franchise en base de TVA.",
  vatBoth: "Vous ne pouvez pas indiquer un numéro de TVA et la franchise en base à la fois.",
  mandateRequired: "Cochez la case pour accepter le mandat de facturation.",
  nothingToInvoice: "Il n'y a rien à facturer sur ce dossier pour le moment\u202f: tout ce qui est dû a déjà été facturé.",
  noActiveAgreement: "Ce dossier n'a pas de convention d'honoraires en vigueur\u202f: aucune facture ne peut être émise.",
  alreadyCredited: "Cette facture a déjà été annulée par un avoir.",
} as const;

/** "Complétez votre profil de facturation…" naming what is missing. */
export function missingForInvoicing(missing: readonly string[]): string {
  return `Avant d'émettre une facture, complétez votre profil de facturation (page Facturation)\u202f: ${missing.join(", ")}.`;
}

/** The Luhn check SIREN and SIRET use (INSEE). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let value = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return sum % 10 === 0;
}

export function sirenValid(value: string): boolean {
  return /^\d{9}$/.test(value) && luhnValid(value);
}

/** La Poste's establishments are the one exception to the Luhn rule (SIREN 356000000: digit sum a multiple of 5). */
export function siretValid(value: string, siren: string): boolean {
  if (!/^\d{14}$/.test(value) || !value.startsWith(siren)) return false;
  if (siren === "356000000") return [...value].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  return luhnValid(value);
}

/** The French VAT number's key: (12 + 3 × (SIREN mod 97)) mod 97, two digits. */
export function vatNumberValid(value: string, siren: string): boolean {
  const match = /^FR([0-9A-Z]{2})(\d{9})$/.exec(value);
  if (!match || match[2] !== siren) return false;
  if (!/^\d{2}$/.test(match[1]!)) return true;
  return Number(match[1]) === (12 + 3 * (Number(siren) % 97)) % 97;
}

const compact = (value: string) => value.replace(/[\s\u00a0\u202f.-]/g, "").toUpperCase();
const text = (max: number) => z.string().trim().max(max);

export const invoicingProfileSchema = z
  .object({
    firmName: text(200).min(1, invoicingMessages.firmNameRequired),
    address: text(300).min(1, invoicingMessages.addressRequired),
    postalCode: z.string().trim().regex(/^\d{5}$/, invoicingMessages.postalCodeInvalid),
    city: text(120).min(1, invoicingMessages.cityRequired),
    siren: z.string().transform(compact).refine(sirenValid, invoicingMessages.sirenInvalid),
    siret: z.string().optional().default("").transform(compact),
    vatNumber: z.string().optional().default("").transform(compact),
    vatFranchise: z.literal("on").optional(),
    mandate: z.literal("on").optional(),
  })
  .superRefine((value, context) => {
    if (value.siret && !siretValid(value.siret, value.siren)) context.addIssue({ code: "custom", path: ["siret"], message: invoicingMessages.siretInvalid });
    if (value.vatNumber && value.vatFranchise) context.addIssue({ code: "custom", path: ["vatNumber"], message: invoicingMessages.vatBoth });
    else if (!value.vatNumber && !value.vatFranchise) context.addIssue({ code: "custom", path: ["vatNumber"], message: invoicingMessages.vatChoiceRequired });
    else if (value.vatNumber && !vatNumberValid(value.vatNumber, value.siren)) context.addIssue({ code: "custom", path: ["vatNumber"], message: invoicingMessages.vatNumberInvalid });
  });
export type InvoicingProfileInput = z.infer<typeof invoicingProfileSchema>;

export const INVOICING_PROFILE_FIELDS = ["firmName", "address", "postalCode", "city", "siren", "siret", "vatNumber", "vatFranchise", "mandate"] as const;

/** Field errors (first message per field) from a failed parse. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

export const adminInvoiceFilterSchema = z.object({
  q: z.string().trim().max(200).optional().default(""),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().or(z.literal("")).default(""),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().or(z.literal("")).default(""),
});
export type AdminInvoiceFilter = z.infer<typeof adminInvoiceFilterSchema>;

/** /admin/factures pages by 25, newest first; `after` is the keyset cursor of the page before (malformed: the first page). */
export const ADMIN_INVOICES_PAGE_SIZE = 25;
export const adminInvoiceListSchema = adminInvoiceFilterSchema.extend({ after: keysetCursor.optional().catch(undefined) });
export type AdminInvoiceListQuery = z.infer<typeof adminInvoiceListSchema>;

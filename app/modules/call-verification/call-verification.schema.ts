import { z } from "zod";

/**
 * "Vérifier un appel" (issue 32, decision 84): the client's call code, and the public check of a contact. Shared with
 * the browser: the forms' schemas, the normalisation the public check compares with, the French messages.
 */

/** No 0/O, 1/I/L, nor U/V: what is read out over the phone cannot be taken for another character. */
export const CALL_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ23456789";
export const CALL_CODE_LENGTH = 6;

/** "K7PX3M" is shown and read as "K7P X3M". */
export function formatCallCode(code: string): string {
  return `${code.slice(0, 3)}\u00a0${code.slice(3)}`;
}

/** What the client typed, as a code: upper case, without spaces or dashes. */
export function normaliseCallCode(text: string): string {
  return text.toUpperCase().replace(/[\s\u00a0\u202f.-]+/g, "");
}

export const callCodeMessages = {
  codeRequired: "Saisissez le code qu'on vous a lu.",
  codeMalformed: `Le code fait ${CALL_CODE_LENGTH} caractères, lettres et chiffres (par exemple K7P X3M).`,
  alreadyChanged: "Ce code a déjà servi ou a changé entre-temps\u202f: le code affiché maintenant est le bon.",
  tooManyChecks: "Trop de vérifications en peu de temps. Réessayez dans quelques minutes.",
  explanation:
    "Si quelqu'un vous appelle de la part de Recours ou de votre avocat, demandez-lui de vous lire ce code. S'il ne peut pas le lire, ou s'il lit un autre code, raccrochez\u202f: ce n'est ni Recours ni votre avocat.",
  rotation: "Le code change chaque jour à minuit (heure de Paris) et après chaque utilisation.",
} as const;

export const callCodeCheckSchema = z.object({
  code: z
    .string({ error: callCodeMessages.codeRequired })
    .transform(normaliseCallCode)
    .pipe(
      z
        .string()
        .min(1, { error: callCodeMessages.codeRequired })
        .regex(new RegExp(`^[${CALL_CODE_ALPHABET}]{${CALL_CODE_LENGTH}}$`), { error: callCodeMessages.codeMalformed }),
    ),
});
export type CallCodeCheckInput = z.output<typeof callCodeCheckSchema>;

/** "Oui, on m'a lu ce code": the code the page showed, by its reference (its day and rank, never the code). */
export const callCodeConfirmSchema = z.object({ shown: z.string().regex(/^\d{4}-\d{2}-\d{2}\.\d{1,6}$/, { error: callCodeMessages.alreadyChanged }) });

/** The client's code as their pages show it. */
export interface ClientCallCode {
  /** Formatted for reading ("K7P X3M"). */
  code: string;
  /** Day and rank of the code, posted back by "Oui, on m'a lu ce code". */
  shown: string;
}

/** Who revealed a code: the assigned lawyer, or someone of the Recours team. */
export interface CodeRevealer {
  name: string;
  role: "lawyer" | "admin";
  at: string;
}

/** What the client's check of a code found. */
export type CallCodeCheck =
  | { outcome: "valid"; revealedBy: CodeRevealer; current: ClientCallCode }
  | { outcome: "not-revealed"; current: ClientCallCode }
  | { outcome: "used"; usedAt: string; current: ClientCallCode }
  | { outcome: "expired"; current: ClientCallCode }
  | { outcome: "unknown"; current: ClientCallCode };

export function revealerText(revealer: Pick<CodeRevealer, "name" | "role">): string {
  return revealer.role === "lawyer" ? `Me ${revealer.name}, votre avocat` : `${revealer.name}, de l'équipe Recours`;
}

// ——— The public check of a contact (/verifier-un-contact) ———

export type ContactKind = "email" | "phone" | "website";
export interface ContactKey {
  kind: ContactKind;
  key: string;
}

/** An e-mail address compared exactly, but for case and surrounding spaces. */
function emailKey(text: string): string | null {
  const value = text.trim().normalize("NFC").toLowerCase().replace(/^mailto:/, "");
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? value : null;
}

/** A phone number as digits: +33 / 0033 / +33 (0) become the French leading 0; another country keeps its +. */
function phoneKey(text: string): string | null {
  let value = text.trim().replace(/^tel:/i, "").replace(/\(0\)/g, "").replace(/[\s\u00a0\u202f.\-()/]/g, "");
  if (!/^\+?\d{6,15}$/.test(value) && !/^00\d{6,15}$/.test(value)) return null;
  if (value.startsWith("00")) value = `+${value.slice(2)}`;
  if (value.startsWith("+33")) value = `0${value.slice(3)}`;
  return value;
}

/** A website by its host: no scheme, "www.", port, path or query; an international name in its ASCII form. */
function websiteKey(text: string): string | null {
  const value = text.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  if (!value || /[\s@]/.test(value.split(/[/?#]/)[0] ?? "")) return null;
  try {
    const host = new URL(`http://${value}`).hostname.replace(/\.$/, "").replace(/^www\./, "");
    return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) && /[a-z]/.test(host.split(".").at(-1) ?? "") ? host : null;
  } catch {
    return null;
  }
}

/** What the text is (an address with @, a number, else a site) and its normalised form; null when it is none. */
export function contactKey(text: string): ContactKey | null {
  if (text.includes("@")) {
    const key = emailKey(text);
    return key ? { kind: "email", key } : null;
  }
  const phone = /^[\s\d+().\-/\u00a0\u202f]+$/.test(text.replace(/^tel:/i, "")) ? phoneKey(text) : null;
  if (phone) return { kind: "phone", key: phone };
  if (/^[\s\d+().\-/\u00a0\u202f]+$/.test(text)) return null;
  const site = websiteKey(text);
  return site ? { kind: "website", key: site } : null;
}

export const contactCheckMessages = {
  required: "Saisissez une adresse e-mail, un numéro de téléphone ou l'adresse d'un site.",
  unreadable: "Ce n'est ni une adresse e-mail, ni un numéro de téléphone, ni l'adresse d'un site. Vérifiez ce que vous avez saisi.",
  tooMany: "Trop de vérifications depuis votre connexion. Réessayez dans quelques minutes.",
} as const;

export const contactCheckSchema = z.object({
  contact: z
    .string({ error: contactCheckMessages.required })
    .trim()
    .min(1, { error: contactCheckMessages.required })
    .max(300, { error: contactCheckMessages.unreadable })
    .refine((value) => contactKey(value) !== null, { error: contactCheckMessages.unreadable }),
});
export type ContactCheckInput = z.output<typeof contactCheckSchema>;

/** The public answer: never anything about a client; no partial match, no list. */
export type ContactOwner = { kind: "operator" } | { kind: "lawyer"; name: string } | { kind: "none" };

export const lawyerContactMessages = {
  email: "Saisissez une adresse e-mail valide (par exemple cabinet@exemple.fr), ou laissez le champ vide.",
  phone: "Saisissez un numéro de téléphone valide (par exemple 01 23 45 67 89), ou laissez le champ vide.",
  website: "Saisissez l'adresse d'un site (par exemple www.cabinet-exemple.fr), ou laissez le champ vide.",
} as const;

const optionalContact = (kind: ContactKind, message: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .default("")
    .refine((value) => value === "" || contactKey(value)?.kind === kind, { error: message });

/** A lawyer's "Coordonnées professionnelles publiques": each optional, each checked as what it is. */
export const lawyerContactsSchema = z.object({
  publicEmail: optionalContact("email", lawyerContactMessages.email, 254),
  publicPhone: optionalContact("phone", lawyerContactMessages.phone, 30),
  publicWebsite: optionalContact("website", lawyerContactMessages.website, 300),
});
export type LawyerContactsInput = z.output<typeof lawyerContactsSchema>;
export const LAWYER_CONTACT_FIELDS = ["publicEmail", "publicPhone", "publicWebsite"] as const;

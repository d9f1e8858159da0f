import { z } from "zod";

export const NUL_MESSAGE = "Ce champ contient un caractère non autorisé.";
export const TOO_LONG_MESSAGE = (max: number) => `Ce champ ne peut pas dépasser ${max} caractères.`;

/** A trimmed text field: required message, maximum length, no control characters. */
export function requiredText(requiredMessage: string, max = 200) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, TOO_LONG_MESSAGE(max))
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(value), NUL_MESSAGE);
}

/** An optional form field read as its trimmed text: "" when absent. */
export function trimmedText() {
  return z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim());
}

export const NAME_LINE_MESSAGE =
  "Ce champ doit tenir sur une seule ligne\u202f: les retours à la ligne, tabulations et caractères invisibles ne sont pas acceptés.";
export const NAME_CHARACTERS_MESSAGE = "Utilisez seulement des lettres, des espaces, des tirets, des apostrophes et des points.";

/** Control characters (CR, LF, TAB…), format characters (zero-width, bidi overrides) and line/paragraph separators. */
export const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const NAME_CHARACTERS = /^[\p{L}\p{M} '’.-]+$/u;

/**
 * A person's first or last name: letters of any language, spaces, hyphens, apostrophes and dots, on one line.
 * Control and format characters are refused before trimming, so a trailing line break is refused too.
 */
export function personName(requiredMessage: string, max = 100) {
  return z
    .string({ error: requiredMessage })
    .refine((raw) => !CONTROL_OR_FORMAT.test(raw), NAME_LINE_MESSAGE)
    .trim()
    .min(1, requiredMessage)
    .max(max, TOO_LONG_MESSAGE(max))
    .refine(
      (value) => value === "" || CONTROL_OR_FORMAT.test(value) || (NAME_CHARACTERS.test(value) && /\p{L}/u.test(value)),
      NAME_CHARACTERS_MESSAGE,
    );
}

export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/** The first message of each field, keyed by field name. */
export function fieldErrors<Field extends string>(error: z.ZodError): FieldErrors<Field> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<Field>;
}

/** Reads a form body into a plain object of strings; repeated fields keep their last value. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

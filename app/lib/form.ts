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

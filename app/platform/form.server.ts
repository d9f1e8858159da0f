import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors, formValues, type FieldErrors } from "~/lib/form";

export const UNREADABLE_FORM_MESSAGE = "Le formulaire n'a pas pu être lu. Veuillez réessayer.";

export type ParsedForm<Output> =
  | { ok: true; data: Output; values: Record<string, string> }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

/**
 * Reads a urlencoded or multipart form and validates it with the form's shared schema.
 * Unknown fields are dropped by the schema; a body that is not a form answers 400.
 */
export async function parseForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  /** Completes the posted values before they are checked (what the browser would have filled with JavaScript). */
  complete?: (values: Record<string, string>) => Promise<Record<string, string>>,
): Promise<ParsedForm<z.output<Schema>>> {
  let values: Record<string, string>;
  try {
    const type = request.headers.get("content-type") ?? "";
    if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
      throw new Error("not a form");
    }
    values = formValues(await request.formData());
    // Multipart text fields are not seen by the root middleware: a NUL is refused here too.
    if (Object.values(values).some((value) => value.includes("\u0000"))) throw new Error("NUL");
  } catch {
    throw data({ formError: UNREADABLE_FORM_MESSAGE }, { status: 400 });
  }
  if (complete) values = await complete(values);
  const result = schema.safeParse(values);
  if (!result.success) return { ok: false, fieldErrors: fieldErrors(result.error), values };
  return { ok: true, data: result.data, values };
}

/** Init for an action's answer: its status, and Retry-After when the result says when to try again (503). */
export function answerInit(result: { status: number; retryAfterSeconds?: number }): ResponseInit {
  return result.retryAfterSeconds
    ? { status: result.status, headers: { "Retry-After": String(result.retryAfterSeconds) } }
    : { status: result.status };
}

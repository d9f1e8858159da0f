import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors, formValues, NUL_MESSAGE, type FieldErrors } from "~/lib/form";
import { CONTROL_CHARACTERS } from "./request-validation";

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
  } catch {
    throw data({ formError: UNREADABLE_FORM_MESSAGE }, { status: 400 });
  }
  // A NUL or another control character never reaches a use case, whatever the field (passwords included): the
  // field's own message when its schema has one, else NUL_MESSAGE.
  const controlled = Object.keys(values).filter((name) => CONTROL_CHARACTERS.test(values[name]!));
  if (complete) values = await complete(values);
  const result = schema.safeParse(values);
  if (!result.success || controlled.length > 0) {
    const errors: FieldErrors = result.success ? {} : fieldErrors(result.error);
    for (const name of controlled) errors[name] ??= NUL_MESSAGE;
    return { ok: false, fieldErrors: errors, values };
  }
  return { ok: true, data: result.data, values };
}

/** Init for an action's answer: its status, and Retry-After when the result says when to try again (503). */
export function answerInit(result: { status: number; retryAfterSeconds?: number }): ResponseInit {
  return result.retryAfterSeconds
    ? { status: result.status, headers: { "Retry-After": String(result.retryAfterSeconds) } }
    : { status: result.status };
}

/** A route's `headers`: a refusal's Retry-After (answerInit) reaches the page rendered without JavaScript too. */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { fieldErrors, formValues, NUL_MESSAGE, type FieldErrors } from "~/lib/form";
import { serviceBusyMessage } from "~/lib/retry-delay";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "./database-errors";
import { logger } from "./logger.server";
import { passwordPostRefusedContext } from "./request-context";
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

export interface BusyRefusal {
  ok: false;
  status: 503;
  formError: string;
  retryAfterSeconds: number;
}

/**
 * The password posts' limiter refused this post (decision 91): the route answers with this (answerInit gives the 503
 * and Retry-After) and the form's values, before any password is checked. Null when the post may go on.
 */
export function passwordPostRefusal(context: Readonly<RouterContextProvider>): BusyRefusal | null {
  const refused = context.get(passwordPostRefusedContext);
  if (!refused) return null;
  return { ok: false, status: 503, formError: serviceBusyMessage(refused.retryAfterSeconds), retryAfterSeconds: refused.retryAfterSeconds };
}

/**
 * The database was out of reach during a post (pool exhausted, connection cut, decision 94): the route answers with
 * this (answerInit gives the 503 and Retry-After) and the form's values instead of the 503 error page. Null for any
 * other error, which the caller throws again.
 */
export function databaseOutageRefusal(error: unknown): BusyRefusal | null {
  if (!isDatabaseUnavailable(error)) return null;
  logger.warn({ err: error }, "base de données injoignable pendant un envoi : 503, formulaire conservé");
  return { ok: false, status: 503, formError: serviceBusyMessage(DATABASE_RETRY_AFTER_SECONDS), retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
}

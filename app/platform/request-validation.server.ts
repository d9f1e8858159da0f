import { data, type MiddlewareFunction } from "react-router";
import { logger } from "./logger.server";
import { isCleanUrlEncoded, strictUtf8 } from "./request-validation";

export const MALFORMED_FORM_MESSAGE = "Le formulaire contient des caractères non valides. Vérifiez les informations saisies.";

/**
 * Root middleware: an urlencoded form body with invalid UTF-8, a NUL or another control character (tabs and line
 * breaks excepted) answers 400 before any action runs. The path and query string were checked by the HTTP server.
 */
export const rejectMalformedFormMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const type = request.headers.get("content-type") ?? "";
  if (request.method !== "GET" && request.method !== "HEAD" && type.startsWith("application/x-www-form-urlencoded")) {
    let clean: boolean;
    try {
      clean = isCleanUrlEncoded(strictUtf8.decode(await request.clone().arrayBuffer()));
    } catch {
      clean = false;
    }
    if (!clean) {
      logger.warn({ method: request.method }, "formulaire refusé : caractères non valides");
      throw data({ formError: MALFORMED_FORM_MESSAGE }, { status: 400 });
    }
  }
  return next();
};

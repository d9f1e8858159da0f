import { data, type MiddlewareFunction } from "react-router";
import { logger } from "./logger.server";
import { isCleanUrlEncoded, strictUtf8 } from "./request-validation";

export const MALFORMED_FORM_MESSAGE = "Le formulaire contient des caractères non valides. Vérifiez les informations saisies.";

/**
 * Root middleware: an urlencoded form body that is not UTF-8 (raw bytes or percent-escapes) or has a malformed escape
 * answers 400 before any action runs: no field value can even be shown back. A NUL or another control character in a
 * readable field is refused by parseForm, with that field's message and the form kept (400 too). The path and query
 * string were checked by the HTTP server.
 */
export const rejectMalformedFormMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const type = request.headers.get("content-type") ?? "";
  if (request.method !== "GET" && request.method !== "HEAD" && type.startsWith("application/x-www-form-urlencoded")) {
    let clean: boolean;
    try {
      clean = isCleanUrlEncoded(strictUtf8.decode(await request.clone().arrayBuffer()), false);
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

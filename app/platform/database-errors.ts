/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is wrong": a connection
 * refused, cut or terminated by an administrator, a pool that could not get a connection in time. The pages answer
 * them with 503 and a French page (decision 0053), never a 500; the next request gets a fresh connection.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown (pg_terminate_backend)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down)
  "53300", // too_many_connections
]);
const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "terminating connection due to administrator command",
  "Connection ended unexpectedly",
];

/** The Retry-After of every answer refused because the database is out of reach: the 503 page and the kept forms. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_TEXT =
  "Le service est momentanément indisponible. Rien de ce que vous avez déjà enregistré n'est perdu\u202f: réessayez dans quelques instants.";

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08") || UNAVAILABLE_NODE_CODES.has(code))) return true;
  if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((part) => message.includes(part))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** A unique constraint refused the write (SQLSTATE 23505): the caller answers "already taken", not a 500. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

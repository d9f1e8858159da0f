import pino from "pino";
import { requestScope } from "./request-scope.server";

const secretPaths = [
  "secret",
  "*.secret",
  "sessionToken",
  "*.sessionToken",
  "session_token",
  "*.session_token",
  "password",
  "*.password",
  "currentPassword",
  "*.currentPassword",
  "newPassword",
  "*.newPassword",
  "confirmPassword",
  "*.confirmPassword",
  "token",
  "*.token",
  "nif",
  "*.nif",
  // Second factor: TOTP secret and URI, the code fields of the forms, recovery codes. ("code" alone is left
  // visible: it is also the error code of database and HTTP errors.)
  "totpURI",
  "*.totpURI",
  "manualKey",
  "*.manualKey",
  "recoveryCode",
  "*.recoveryCode",
  "backupCodes",
  "*.backupCodes",
  "recoveryCodes",
  "*.recoveryCodes",
  "body.code",
  "cookie",
  "*.cookie",
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  "req.headers.cookie",
  "req.headers.authorization",
];

/** What a database error says that may carry personal data: the row's values, the query's parameters. */
const DATABASE_ERROR_PERSONAL_FIELDS = ["detail", "where", "internalQuery", "parameters", "query", "hint"];

/**
 * Errors keep their type, message, stack and codes (SQLSTATE, constraint, table, column), but not the parts of a
 * database error that quote the data ("Key (email)=(jeanne@exemple.fr) already exists").
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== "object") return serialized;
  for (const field of DATABASE_ERROR_PERSONAL_FIELDS) {
    if (field in serialized) serialized[field] = "[masqué]";
  }
  return serialized;
}

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      serializers: { err: serializeError },
      redact: { paths: secretPaths, censor: "[masqué]" },
      base: { service: "recours" },
      mixin: () => requestScope.getStore() ?? {},
    },
    destination,
  );
}

// The logger exists before the environment is validated: an unknown LOG_LEVEL falls back here and is then
// reported, in French, by parseEnv with the other problems.
const requestedLevel = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");
export const logger = createLogger(requestedLevel in pino.levels.values || requestedLevel === "silent" ? requestedLevel : "info");


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
  "motDePasse",
  "*.motDePasse",
  "currentPassword",
  "*.currentPassword",
  "newPassword",
  "*.newPassword",
  "token",
  "*.token",
  "nif",
  "*.nif",
  "cookie",
  "*.cookie",
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  "req.headers.cookie",
  "req.headers.authorization",
];

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      redact: { paths: secretPaths, censor: "[masqué]" },
      base: { service: "recours" },
      mixin: () => requestScope.getStore() ?? {},
    },
    destination,
  );
}

export const logger = createLogger(process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"));

export type Logger = typeof logger;

import pino from "pino";

const secretPaths = [
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

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  redact: { paths: secretPaths, censor: "[masqué]" },
  base: { service: "recours" },
});

export type Logger = typeof logger;

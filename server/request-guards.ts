import type { Server } from "node:http";
import type { RequestHandler } from "express";
import { clientKey } from "~/modules/accounts/client-key";
import { createWorkLimiter, WorkLimiterFullError } from "~/modules/accounts/work-limiter";
import type { Env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { isCleanTarget } from "~/platform/request-validation";

export function simplePage(title: string, text: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title} - Recours</title></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Retour à l'accueil</a></p></main></body></html>`;
}

export const MALFORMED_REQUEST_TEXT = "L'adresse demandée contient des caractères non valides. Vérifiez le lien ou la recherche.";
export const SERVICE_BUSY_TEXT = "Service momentanément surchargé, réessayez dans un instant.";

/**
 * A NUL byte, a control character or invalid UTF-8 in the path or the query string is refused with 400 before
 * any handler sees it (form bodies are checked by the root middleware of the app, see request-validation.server).
 */
export const rejectMalformedTarget: RequestHandler = (req, res, next) => {
  if (isCleanTarget(req.originalUrl)) return next();
  logger.warn({ method: req.method }, "requête refusée : adresse mal formée");
  if (req.path.startsWith("/api/")) {
    res.status(400).json({ error: MALFORMED_REQUEST_TEXT });
    return;
  }
  res.status(400).type("html").send(simplePage("Adresse non valide", MALFORMED_REQUEST_TEXT));
};

/** The form posts that check or hash a password (React Router's data requests end in ".data"). */
const PASSWORD_POSTS = new Set([
  "/connexion",
  "/inscription",
  "/reinitialiser-mot-de-passe",
  "/compte",
  "/compte/email",
  "/compte/double-authentification",
]);

/**
 * The refused posts whose route renders the answer itself (decision 91): the form again, filled, with when to retry.
 * The limiter lets them through without a slot, marked in `res.locals.passwordPostRefused` (the router context's
 * passwordPostRefusedContext); the route answers 503 from it before checking any password.
 */
const POSTS_ANSWERING_REFUSAL = new Set(["/connexion", "/inscription"]);

export const PASSWORD_POST_RETRY_AFTER_SECONDS = 5;

/**
 * Posts that check a password run a few at a time, with a short queue; beyond it they are refused at once with
 * 503 and Retry-After (decision 19). The rest of the site (pages, /healthz) never waits behind them.
 */
export function limitPasswordPosts(env: Pick<Env, "PASSWORD_HASHING_CONCURRENCY" | "PASSWORD_HASHING_QUEUE">): RequestHandler {
  const limiter = createWorkLimiter(env.PASSWORD_HASHING_CONCURRENCY, env.PASSWORD_HASHING_QUEUE);
  return (req, res, next) => {
    const path = req.path.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
    if (req.method !== "POST" || !PASSWORD_POSTS.has(path)) return next();
    limiter
      .run(
        () =>
          new Promise<void>((resolve) => {
            res.once("finish", resolve);
            res.once("close", resolve);
            next();
          }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof WorkLimiterFullError)) return next(error);
        logger.warn({ path: req.path }, "vérification de mot de passe refusée : file d'attente pleine");
        if (POSTS_ANSWERING_REFUSAL.has(path)) {
          res.locals.passwordPostRefused = { retryAfterSeconds: PASSWORD_POST_RETRY_AFTER_SECONDS };
          return next();
        }
        res.status(503).set("Retry-After", String(PASSWORD_POST_RETRY_AFTER_SECONDS)).type("html").send(simplePage("Service momentanément surchargé", SERVICE_BUSY_TEXT));
      });
  };
}

const HOST_PATTERN = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Behind a trusted reverse proxy, the host the visitor used (X-Forwarded-Host, else PUBLIC_URL's host) becomes the
 * request's Host, so that React Router's Origin check compares the browser's Origin with the public address rather
 * than with the proxy's upstream address (form posts would fail otherwise).
 */
export function forwardedHost(env: Pick<Env, "PUBLIC_URL">): RequestHandler {
  const publicHost = new URL(env.PUBLIC_URL).host;
  return (req, res, next) => {
    const forwarded = String(req.headers["x-forwarded-host"] ?? "").split(",")[0]!.trim();
    const host = forwarded || publicHost;
    if (!HOST_PATTERN.test(host)) {
      res.status(400).type("html").send(simplePage("Requête refusée", "L'hôte de la requête n'est pas valide."));
      return;
    }
    req.headers.host = host;
    req.headers["x-forwarded-host"] = host;
    next();
  };
}

export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Open connections one client address (IPv6: its /64) may hold; 0 turns the cap off. */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_SERVER_LIMITS = {
  // Slowloris: the request line and headers must arrive within 20 s, the whole request within 60 s.
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  // An idle keep-alive connection is closed after 5 s (below the 60 s of usual proxies and load balancers).
  keepAliveTimeoutMs: 5_000,
} as const;

/**
 * Explicit timeouts, and a cap on the connections one address holds open (a browser opens about six; a shared
 * office or mobile NAT a few dozen). Behind a trusted proxy every connection comes from the proxy: the cap is off
 * there and belongs to the proxy. Chat event streams count here too, and have their own caps (decision 0054).
 */
export function applyServerLimits(server: Server, limits: ServerLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  if (limits.maxConnectionsPerAddress <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const key = clientKey(socket.remoteAddress ?? "unknown");
    const count = (open.get(key) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      logger.warn({ connections: count - 1 }, "connexion refusée : trop de connexions ouvertes depuis une même adresse");
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}

/**
 * A request answered before its body was read to the end (an upload refused on its declared size or on the hourly
 * count, an action that never reads the form): once the answer is sent, the rest of the body is read and dropped, so
 * the keep-alive connection can carry the client's next request. Left paused (React Router's body stream stops
 * reading at its high-water mark), the connection would hold that next request until the keep-alive timeout and
 * reset it. A client still sending after `limitMilliseconds` is cut off.
 */
export function drainUnreadBodies(limitMilliseconds = 30_000): RequestHandler {
  return (req, res, next) => {
    res.once("finish", () => {
      if (req.complete || req.destroyed) return;
      req.removeAllListeners("data");
      const timer = setTimeout(() => req.socket.destroy(), limitMilliseconds);
      timer.unref();
      const stop = () => clearTimeout(timer);
      req.once("end", stop);
      req.once("close", stop);
      req.on("data", () => undefined);
      req.resume();
    });
    next();
  };
}

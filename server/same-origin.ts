import type { RequestHandler } from "express";
import type { Env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { simplePage } from "./request-guards";

export const CROSS_ORIGIN_TEXT = "Cette requête ne provient pas de Recours.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request comes from our own pages: its Origin is PUBLIC_URL's origin, or, without an Origin,
 * the browser says Sec-Fetch-Site: same-origin. The Host header plays no part: the client chooses it.
 */
export function isSameOriginRequest(headers: { origin?: string; "sec-fetch-site"?: string | string[] }, publicOrigin: string): boolean {
  const origin = headers.origin;
  if (origin !== undefined) return origin === publicOrigin;
  return headers["sec-fetch-site"] === "same-origin";
}

/** Every request but GET, HEAD and OPTIONS must pass isSameOriginRequest, else 403 with a French page (decision 63). */
export function requireSameOrigin(env: Pick<Env, "PUBLIC_URL">): RequestHandler {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isSameOriginRequest(req.headers, publicOrigin)) return next();
    logger.warn({ method: req.method, path: req.path, origin: req.headers.origin ?? null }, "requête refusée : autre origine");
    res.status(403).type("html").send(simplePage("Requête refusée", CROSS_ORIGIN_TEXT));
  };
}

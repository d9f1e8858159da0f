import { createContext } from "react-router";
import type { Actor } from "./actor";

export interface RequestInfo {
  requestId: string;
  nonce: string;
}

/** Set by the HTTP server for every request (see server/app.ts). */
export const requestInfoContext = createContext<RequestInfo>({ requestId: "-", nonce: "" });

/** Set by the root middleware: who is acting on this request. */
export const actorContext = createContext<Actor>({ kind: "anonymous", clientAddress: "unknown" });

/**
 * Set by the HTTP server when the password posts' limiter is full (server/request-guards.ts): the route answers 503
 * with Retry-After and the form's values, without checking any password (decision 91).
 */
export const passwordPostRefusedContext = createContext<{ retryAfterSeconds: number } | null>(null);

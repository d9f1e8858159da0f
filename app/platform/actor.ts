import type { Role } from "~/platform/database-schema";

/** Who is acting. Every exported use case takes one first and scopes its queries by it. */
export type Actor = AnonymousActor | UserActor | SystemActor;

export interface AnonymousActor {
  kind: "anonymous";
  clientAddress: string;
}

export interface UserActor {
  kind: "user";
  userId: string;
  sessionId: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  clientAddress: string;
}

export interface SystemActor {
  kind: "system";
  reason: string;
}

export const ROLES: readonly Role[] = ["user", "lawyer", "admin"];

/** Spec: an unknown role is treated as a plain user. */
export function normaliseRole(role: string | null | undefined): Role {
  return ROLES.includes(role as Role) ? (role as Role) : "user";
}

export class ForbiddenError extends Error {
  readonly status = 403;
  constructor() {
    super("Action non autorisée.");
  }
}

export class NotFoundError extends Error {
  readonly status = 404;
  constructor() {
    super("Introuvable.");
  }
}

export function assertUser(actor: Actor): asserts actor is UserActor {
  if (actor.kind !== "user") throw new ForbiddenError();
}

export function assertRole(actor: Actor, ...roles: Role[]): asserts actor is UserActor {
  assertUser(actor);
  if (!roles.includes(actor.role)) throw new ForbiddenError();
}

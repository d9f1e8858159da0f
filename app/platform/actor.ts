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
  /** "verified": the account has a second factor, and a session only exists once it was passed. */
  secondFactor: SecondFactor;
}

export type SecondFactor = "verified" | "not-enrolled";

export interface SystemActor {
  kind: "system";
  reason: string;
}

export const ROLES: readonly Role[] = ["user", "lawyer", "admin"];

/** Spec: an unknown role is treated as a plain user. */
export function normaliseRole(role: string | null | undefined): Role {
  return ROLES.includes(role as Role) ? (role as Role) : "user";
}

/**
 * A use case refusing the actor. Escaping a loader or action, it becomes the 403 page (route-errors.server.ts), with
 * `publicMessage` when one is given.
 */
export class ForbiddenError extends Error {
  readonly status = 403;
  constructor(readonly publicMessage?: string) {
    super(publicMessage ?? "Action non autorisée.");
  }
}

/**
 * Nothing the actor may see (missing, or someone else's). Escaping a loader or action, it becomes the 404 page, with
 * `publicMessage` and a way back to the dashboard when one is given.
 */
export class NotFoundError extends Error {
  readonly status = 404;
  constructor(readonly publicMessage?: string) {
    super(publicMessage ?? "Introuvable.");
  }
}

/** Lawyers and admins see identity documents and case files: their accounts must have a second factor. */
export const STAFF_ROLES: readonly Role[] = ["lawyer", "admin"];

export function isStaff(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}

/** Enrolment (and, for plain users, turning it off): the one page staff without a second factor may open. */
export const SECOND_FACTOR_ENROLMENT_PATH = "/compte/double-authentification";

/** A staff member signed in with the password only: their session is good for enrolling a second factor, nothing else. */
export function mustEnrolSecondFactor(actor: UserActor): boolean {
  return isStaff(actor.role) && actor.secondFactor !== "verified";
}

/** Signed in, whatever the second factor: only for signing out and for the enrolment use cases. */
export function assertSignedIn(actor: Actor): asserts actor is UserActor {
  if (actor.kind !== "user") throw new ForbiddenError();
}

/** Signed in and, for staff, past the second factor. Every use case of the member area asserts this (or a role). */
export function assertUser(actor: Actor): asserts actor is UserActor {
  assertSignedIn(actor);
  if (mustEnrolSecondFactor(actor)) throw new ForbiddenError();
}

export function assertRole(actor: Actor, ...roles: Role[]): asserts actor is UserActor {
  assertUser(actor);
  if (!roles.includes(actor.role)) throw new ForbiddenError();
}

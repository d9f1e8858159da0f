import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Role } from "./database-schema";
import { actorContext } from "./request-context";
import { requestedPath, signInPathReturningTo } from "~/lib/redirect-target";
import { mustEnrolSecondFactor, SECOND_FACTOR_ENROLMENT_PATH, type Actor, type UserActor } from "./actor";
import type { Toast } from "./flash.server";

/*
 * The guards read the actor that the root middleware (modules/accounts/actor-middleware.server.ts) put in the
 * context; the guard that needs a module's data lives beside it (modules/profile/completed-profile-guard.server.ts).
 */

export const toastContext = createContext<Toast | null>(null);
/** A message and an email for the sign-in form, carried by the flash cookie (see Toast.signIn). */
export const signInNoticeContext = createContext<{ message: string; email: string } | null>(null);

export function currentActor(context: Readonly<RouterContextProvider>): Actor {
  return context.get(actorContext);
}

/**
 * Anyone with a session, or a redirect to /connexion. Only the second-factor enrolment page and sign-out use this:
 * every other page goes through requireUser.
 */
export function requireSignedIn(context: Readonly<RouterContextProvider>): UserActor {
  const actor = context.get(actorContext);
  if (actor.kind !== "user") throw redirect("/connexion");
  return actor;
}

/**
 * The signed-in user, or a redirect to /connexion. A lawyer or admin who has not enrolled a second factor is sent
 * to the enrolment page instead: their password-only session opens no member page.
 */
export function requireUser(context: Readonly<RouterContextProvider>): UserActor {
  const actor = requireSignedIn(context);
  if (mustEnrolSecondFactor(actor)) throw redirect(SECOND_FACTOR_ENROLMENT_PATH);
  return actor;
}

/** A signed-in user with one of the roles, or a redirect to /dashboard. */
export function requireRole(context: Readonly<RouterContextProvider>, ...roles: Role[]): UserActor {
  const actor = requireUser(context);
  if (!roles.includes(actor.role)) throw redirect("/dashboard");
  return actor;
}

/**
 * Guards a whole route subtree: every loader and action below runs only for a signed-in user (staff: second factor
 * passed). A signed-out visit of a page is sent to the sign-in, which comes back to that page afterwards.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (context.get(actorContext).kind !== "user" && request.method === "GET") {
    throw redirect(signInPathReturningTo(requestedPath(request)));
  }
  requireUser(context);
  return next();
};

export function requireRoleMiddleware(...roles: Role[]): MiddlewareFunction<Response> {
  return ({ context }, next) => {
    requireRole(context, ...roles);
    return next();
  };
}

/** Guards the enrolment page: signed in, second factor or not. */
export const requireSignedInMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  requireSignedIn(context);
  return next();
};

/** Pages for anonymous visitors only (sign-in, sign-up): a signed-in user goes to /dashboard (or `target`, a safe page). */
export function redirectSignedIn(context: Readonly<RouterContextProvider>, target = "/dashboard"): void {
  if (context.get(actorContext).kind === "user") throw redirect(target);
}

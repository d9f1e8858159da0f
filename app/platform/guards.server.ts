import { createContext, redirect, redirectDocument, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { resolveActor } from "~/modules/accounts/accounts.server";
import { SECOND_FACTOR_ENROLMENT_PATH } from "~/modules/accounts/two-factor.schema";
import { hasCompletedProfile } from "~/modules/profile/profile.server";
import type { Role } from "./database-schema";
import { actorContext } from "./request-context";
import { requestedPath, signInPathReturningTo } from "~/lib/redirect-target";
import { mustEnrolSecondFactor, type Actor, type UserActor } from "./actor";
import { clearToastCookie, readToast, type Toast } from "./flash.server";

export const toastContext = createContext<Toast | null>(null);
/** A message and an email for the sign-in form, carried by the flash cookie (see Toast.signIn). */
export const signInNoticeContext = createContext<{ message: string; email: string } | null>(null);

/** Root middleware: resolves who is acting once per request, and consumes a pending toast. */
export const resolveActorMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(actorContext, await resolveActor(request));
  const toast = await readToast(request);
  context.set(toastContext, toast?.signIn ? null : toast);
  context.set(signInNoticeContext, toast?.signIn ? { message: toast.title, email: toast.signIn.email } : null);
  const response = await next();
  if (toast && request.method === "GET" && !response.headers.has("location")) {
    response.headers.append("set-cookie", await clearToastCookie());
  }
  return response;
};

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

export const COMPLETE_PROFILE_PATH = "/complete-profile";

/**
 * A signed-in user whose profile is completed, or a redirect to the profile form (spec, second document §6).
 * A document redirect: that page may need its own Content-Security-Policy (Google Maps), which only a full
 * page load receives.
 */
export async function requireCompletedProfile(context: Readonly<RouterContextProvider>): Promise<UserActor> {
  const actor = requireUser(context);
  if (!(await hasCompletedProfile(actor))) throw redirectDocument(COMPLETE_PROFILE_PATH);
  return actor;
}

/** Guards the enrolment page: signed in, second factor or not. */
export const requireSignedInMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  requireSignedIn(context);
  return next();
};

/** Guards a route subtree that needs a completed profile. */
export const requireCompletedProfileMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  await requireCompletedProfile(context);
  return next();
};

/** Pages for anonymous visitors only (sign-in, sign-up): a signed-in user goes to /dashboard. */
export function redirectSignedIn(context: Readonly<RouterContextProvider>): void {
  if (context.get(actorContext).kind === "user") throw redirect("/dashboard");
}

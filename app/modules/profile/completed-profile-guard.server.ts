import { redirectDocument, type RouterContextProvider } from "react-router";
import type { UserActor } from "~/platform/actor";
import { requireUser } from "~/platform/guards.server";
import { redirectQuery, safeRedirectTarget } from "~/lib/redirect-target";
import { hasCompletedProfile } from "./profile.server";

export const COMPLETE_PROFILE_PATH = "/complete-profile";

/**
 * A signed-in user whose profile is completed, or a redirect to the profile form (spec, second document §6), which
 * returns to `returnTo` once completed (else to the dashboard). A document redirect: that page may need its own
 * Content-Security-Policy (Google Maps), which only a full page load receives.
 */
export async function requireCompletedProfile(context: Readonly<RouterContextProvider>, returnTo?: string): Promise<UserActor> {
  const actor = requireUser(context);
  if (!(await hasCompletedProfile(actor))) throw redirectDocument(`${COMPLETE_PROFILE_PATH}${redirectQuery(safeRedirectTarget(returnTo))}`);
  return actor;
}

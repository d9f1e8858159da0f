import type { Route } from "./+types/verify-identity-upload";
import { submitIdentityStep } from "~/modules/identity/identity.server";
import { identityMessages, type UploadStep } from "~/modules/identity/identity.schema";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit } from "~/platform/form.server";
import { requireCompletedProfile } from "~/modules/profile/completed-profile-guard.server";

/**
 * POST /verify-identity/envoi?step=2|3|4: the page's upload script (progress bar) posts the same multipart form
 * here and gets JSON back; the plain form posts to /verify-identity itself.
 */
export async function action({ url, request, context }: Route.ActionArgs) {
  const actor = await requireCompletedProfile(context);
  const step = Number(url.searchParams.get("step"));
  if (step !== 2 && step !== 3 && step !== 4) return Response.json({ error: "Étape inconnue." }, { status: 404 });
  const result = await submitIdentityStep(actor, step as UploadStep, request);
  if (!result.ok) {
    return Response.json(
      { error: result.message, field: result.field ?? null, title: identityMessages.uploadFailed[step as UploadStep] },
      answerInit(result),
    );
  }
  const location = `/verify-identity?step=${result.nextStep}`;
  // The toast travels in the cookie; the script then navigates to the next step.
  const redirect = await redirectWithToast(location, { title: result.message, tone: "success" });
  const headers = new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store" });
  for (const cookie of redirect.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(JSON.stringify({ location }), { status: 200, headers });
}

export function loader() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}

import { randomUUID } from "node:crypto";
import QRCode from "qrcode";
import { data } from "react-router";
import type { Route } from "./+types/verify-identity";
import { IdentityStepPage } from "~/components/identity/identity-steps";
import { pageTitle } from "~/content/site";
import { completeTutorial, submitIdentityStep, verificationFor } from "~/modules/identity/identity.server";
import { identityMessages, type IdentityStep, type UploadStep } from "~/modules/identity/identity.schema";
import { env } from "~/platform/env.server";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit } from "~/platform/form.server";
import { requireCompletedProfile } from "~/modules/profile/completed-profile-guard.server";
import { redirectRenamedQuery } from "~/platform/renamed-query.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Vérification d'identité") }, { name: "robots", content: "noindex" }];

function requestedStep(url: URL): number | null {
  const raw = url.searchParams.get("step");
  const step = raw && /^[1-5]$/.test(raw) ? Number(raw) : null;
  return step;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = await requireCompletedProfile(context);
  // The phone hand-off's QR code printed or scanned before decision 71 (?etape=2) keeps working.
  redirectRenamedQuery(url);
  const view = await verificationFor(actor);
  const asked = requestedStep(url);
  const step = (asked && view.reachable[asked as IdentityStep] ? asked : view.openStep) as IdentityStep;
  const phoneUrl = `${env().PUBLIC_URL}/verify-identity?step=2`;
  const qrCode = step === 1 ? await QRCode.toString(phoneUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) : null;
  return { view, step, qrCode, phoneUrl, submissionId: randomUUID() };
}

export async function action({ url, request, context }: Route.ActionArgs) {
  const actor = await requireCompletedProfile(context);
  const step = requestedStep(url);
  if (step === 1) {
    await completeTutorial(actor);
    return redirectWithToast("/verify-identity?step=2", { title: identityMessages.stepCompleted, tone: "success" });
  }
  if (step !== 2 && step !== 3 && step !== 4) throw data(null, { status: 404 });
  const result = await submitIdentityStep(actor, step as UploadStep, request);
  if (!result.ok) {
    const failure = { error: result.message, field: result.field ?? null, title: identityMessages.uploadFailed[step as UploadStep] };
    return data(failure, answerInit(result));
  }
  const next = `/verify-identity?step=${result.nextStep}`;
  return redirectWithToast(next, { title: result.message, tone: "success" });
}

/** A refusal's Retry-After (the post and upload limits, decision 62) reaches the page without JavaScript too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export default function VerifyIdentityPage({ loaderData, actionData }: Route.ComponentProps) {
  return <IdentityStepPage {...loaderData} failure={actionData ?? null} />;
}

import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/create-case";
import { CaseWizard, OneDraftNotice, type WizardFailure as Failure } from "~/components/cases/case-wizard";
import { pageTitle } from "~/content/site";
import { fieldErrors } from "~/lib/form";
import { caseWizardFor, saveCaseDraft, submitCase } from "~/modules/cases/cases.server";
import {
  caseDraftSchema,
  caseFormValues,
  caseMessages,
  missingToMove,
  moveTarget,
  presetScamType,
  reachableStep,
  submittedDescription,
  wizardPath,
  wizardStepOf,
  type CaseFormValues,
  type WizardStep,
} from "~/modules/cases/cases.schema";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit, databaseOutageRefusal, retryAfterHeaders, UNREADABLE_FORM_MESSAGE } from "~/platform/form.server";
import type { UserActor } from "~/platform/actor";
import { requireCompletedProfile } from "~/modules/profile/completed-profile-guard.server";
import { requestedPath } from "~/lib/redirect-target";
import { redirectRenamedQuery } from "~/platform/renamed-query.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Nouveau dossier") }, { name: "robots", content: "noindex" }];

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const actor = await requireCompletedProfile(context, requestedPath(request));
  // A resume link kept from before decision 71 (?etape=N) keeps working.
  redirectRenamedQuery(url);
  const view = await caseWizardFor(actor, url.searchParams.get("id"), presetScamType(url.searchParams.get("type")));
  if (view.kind !== "wizard") return { view, step: 1 as WizardStep };
  const asked = wizardStepOf(url.searchParams.get("step"));
  const step = Math.min(asked ?? view.reachable, view.reachable) as WizardStep;
  return { view, step };
}

/** The wizard's JavaScript keeps the page: a save in the background or a move between steps needs no reload. */
export function shouldRevalidate({ currentUrl, nextUrl, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "autosave") return false;
  const id = nextUrl.searchParams.get("id");
  if (currentUrl.pathname === "/create-case" && nextUrl.pathname === "/create-case" && id && id === currentUrl.searchParams.get("id") && !formData) {
    return false;
  }
  return defaultShouldRevalidate;
}


/** A refusal shows the step the person was on, with what they typed. */
function failure(values: CaseFormValues, step: WizardStep, status: number, fields: Record<string, string | undefined>, formError: string | null = null) {
  const clean = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return data<Failure & { saved?: undefined }>({ values, step, fieldErrors: clean, formError }, { status });
}

/**
 * Every button of the wizard posts here and saves the draft first (so nothing typed is lost), then: moves to a step
 * ("step-N", "next"), finishes ("save", "leave", "submit"), or just answers (autosave: the page
 * hiding, a move made in the browser, a link followed away from the wizard). The database out of reach on the way
 * (decision 94) answers 503 with Retry-After and the step again with everything typed; the page sends it again once.
 */
export async function action({ url, request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ formError: UNREADABLE_FORM_MESSAGE }, { status: 400 });
  }
  const from = wizardStepOf(String(form.get("step") ?? "")) ?? wizardStepOf(url.searchParams.get("step")) ?? 1;
  const intent = String(form.get("intent") ?? "save");
  const values = caseFormValues(form);
  try {
    const actor = await requireCompletedProfile(context);
    return await saveAndGo(actor, String(form.get("draftId") ?? url.searchParams.get("id") ?? ""), from, intent, values);
  } catch (error) {
    const refused = databaseOutageRefusal(error);
    if (!refused) throw error;
    return data<Failure & { saved?: undefined }>(
      { values, step: from, fieldErrors: {}, formError: refused.formError, retryAfterSeconds: refused.retryAfterSeconds, intent },
      answerInit(refused),
    );
  }
}

async function saveAndGo(actor: UserActor, draftId: string, from: WizardStep, intent: string, values: CaseFormValues) {
  const parsed = caseDraftSchema.safeParse(values);
  if (!parsed.success) return failure(values, from, 422, fieldErrors(parsed.error), null);

  const saved = await saveCaseDraft(actor, draftId, parsed.data);
  if (!saved.ok) return failure(values, from, saved.status, {}, saved.message);
  if (intent === "autosave") return data({ saved: true as const, caseNumber: saved.caseNumber, savedAt: saved.savedAt });

  // "leave": the wizard's way back to the dashboard, which saves first (without JavaScript too).
  if (intent === "save" || intent === "leave") return redirectWithToast("/dashboard", { title: caseMessages.draftSaved, tone: "success" });
  if (intent === "submit") {
    const submitted = await submitCase(actor, draftId);
    if (!submitted.ok) return failure(values, from, submitted.status, {}, `${caseMessages.submitFailed}\u202f: ${submitted.message}`);
    return redirectWithToast("/dashboard", {
      title: caseMessages.submitted,
      description: submittedDescription(submitted.caseNumber, submitted.assignedLawyerId !== null),
      tone: "success",
    });
  }
  const target = moveTarget(intent, from);
  if (target > from) {
    const missing = missingToMove(from, target, parsed.data);
    if (Object.keys(missing).length > 0) return failure(values, from, 422, missing);
    if (reachableStep(parsed.data) < target) return redirect(wizardPath(draftId, reachableStep(parsed.data)));
  }
  return redirect(wizardPath(draftId, target));
}

/** The 503's Retry-After reaches the page rendered without JavaScript too. */
export const headers = retryAfterHeaders;

export default function CreateCasePage({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  if (view.kind === "one-draft") return <OneDraftNotice existingDraftId={view.existingDraftId} />;
  const failure = actionData && "values" in actionData ? actionData : null;
  return <CaseWizard view={view} initialStep={failure?.step ?? loaderData.step} failure={failure} />;
}

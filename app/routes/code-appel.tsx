import { data, Form } from "react-router";
import type { Route } from "./+types/code-appel";
import { CallCodeCard } from "~/components/call-verification/call-code-card";
import { CallCodeCheckResult } from "~/components/call-verification/call-code-check-result";
import { FormAlert } from "~/components/form-controls";
import { BackToDashboardLink, Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form";
import { pageTitle } from "~/content/site";
import { callCodeCheckSchema, callCodeConfirmSchema, callCodeMessages, type CallCodeCheck } from "~/modules/call-verification/call-verification.schema";
import { callCodeFor, checkCallCode, confirmCallCodeUsed } from "~/modules/call-verification/call-verification.server";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit, parseForm, retryAfterHeaders, UNREADABLE_FORM_MESSAGE } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Vérifier un appel") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return callCodeFor(requireUser(context));
}

type Answer = { check: CallCodeCheck | null; fieldErrors: FieldErrors; formError: string | undefined; code: string };
const reply = (answer: Partial<Answer>, init: ResponseInit) => data<Answer>({ check: null, fieldErrors: {}, formError: undefined, code: "", ...answer }, init);

/** ?intent=confirm: "Oui, on m'a lu ce code" (the code shown is used); ?intent=check: the code the client was read. */
export async function action({ url, request, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const intent = url.searchParams.get("intent");
  if (intent === "confirm") {
    const form = await parseForm(request, callCodeConfirmSchema);
    const result = form.ok ? await confirmCallCodeUsed(actor, form.data.shown) : null;
    if (result?.ok) return redirectWithToast("/code-appel", { title: "Code utilisé", description: "Un nouveau code s'affiche.", tone: "success" });
    return reply({ formError: result?.formError ?? callCodeMessages.alreadyChanged }, { status: 409 });
  }
  if (intent !== "check") return reply({ formError: UNREADABLE_FORM_MESSAGE }, { status: 400 });
  const form = await parseForm(request, callCodeCheckSchema);
  if (!form.ok) return reply({ fieldErrors: form.fieldErrors, code: form.values.code ?? "" }, { status: 400 });
  const result = await checkCallCode(actor, form.data);
  if (!result.ok) return reply({ formError: result.formError, code: form.values.code ?? "" }, answerInit(result));
  return reply({ check: result.check }, { status: 200 });
}

export default function CallCodePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <BackToDashboardLink variant="secondary" />
      <h1 className="text-3xl font-bold text-slate-900">Vérifier un appel</h1>
      <FormAlert message={actionData?.formError} />
      {actionData?.check ? <CallCodeCheckResult check={actionData.check} /> : null}
      <CallCodeCard callCode={loaderData} withCheckLink={false} />
      <section aria-labelledby="titre-verifier-code" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="titre-verifier-code" className="text-xl font-bold text-slate-900">
          Vérifier un code qu'on vous a lu
        </h2>
        <p className="mt-2 text-slate-800">Saisissez le code que votre interlocuteur vous a lu&#x202f;: nous vous disons qui l'a affiché, et quand.</p>
        <Form method="post" action="/code-appel?intent=check" noValidate className="mt-4 space-y-4">
          <TextField
            name="code"
            label="Le code qu'on vous a lu"
            hint="6 caractères, lettres et chiffres, par exemple K7P X3M."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            defaultValue={actionData?.code ?? ""}
            error={actionData?.fieldErrors.code}
          />
          <Button>Vérifier ce code</Button>
        </Form>
      </section>
    </div>
  );
}

import { data, Link, redirect } from "react-router";
import { publicPageMeta } from "~/content/seo";
import type { Route } from "./+types/connexion";
import { useResettableState } from "~/components/use-resettable-state";
import { FormAlert, PasswordField, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { TextField } from "~/components/ui/field";
import { ResendConfirmationForm } from "~/components/resend-confirmation-form";
import { safetyNotice } from "~/content/site";
import { anonymousActor, signIn } from "~/modules/accounts/accounts.server";
import { signInSchema } from "~/modules/accounts/accounts.schema";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit, parseForm, passwordPostRefusal, retryAfterHeaders } from "~/platform/form.server";
import { useAutomaticRetry } from "~/components/use-automatic-retry";
import { useRef } from "react";
import { SECOND_FACTOR_SIGN_IN_PATH } from "~/modules/accounts/two-factor.schema";
import { redirectSignedIn, signInNoticeContext } from "~/platform/guards.server";
import { Notice } from "~/components/ui/notice";
import { DEFAULT_LANDING, REDIRECT_PARAM, redirectQuery, safeRedirectTarget } from "~/lib/redirect-target";
import { publicFormPageHandle } from "~/lib/page-handle";
import { ButtonLink } from "~/components/ui/button";
import { useSubmitting } from "~/components/use-submitting";

export const handle = publicFormPageHandle;

export const meta: Route.MetaFunction = (args) =>
  publicPageMeta(args, {
    title: "Connexion",
    description:
      "Connectez-vous à votre espace Recours pour suivre vos dossiers et échanger avec votre équipe juridique.",
  });

export function loader({ url, context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const asked = url.searchParams.get(REDIRECT_PARAM);
  return { notice: context.get(signInNoticeContext), redirectTo: safeRedirectTarget(asked) };
}

export async function action({ request, context }: Route.ActionArgs) {
  redirectSignedIn(context);
  const form = await parseForm(request, signInSchema);
  const values = { email: form.values.email ?? "" };
  if (!form.ok) {
    return data({ fieldErrors: form.fieldErrors, formError: undefined, values, resendConfirmation: false, retryAfterSeconds: undefined }, { status: 400 });
  }
  const landing = safeRedirectTarget(form.values[REDIRECT_PARAM]);
  // Refused by the password posts' limiter (decision 91): the form again, filled, without checking the password.
  const result = passwordPostRefusal(context) ?? (await signIn(anonymousActor(request), form.data, request));
  if (!result.ok) {
    return data(
      {
        fieldErrors: undefined,
        formError: result.formError,
        values,
        resendConfirmation: ("resendConfirmation" in result && result.resendConfirmation) || false,
        retryAfterSeconds: result.retryAfterSeconds,
      },
      answerInit(result),
    );
  }
  if (result.next === "second-factor") {
    return redirect(`${SECOND_FACTOR_SIGN_IN_PATH}${redirectQuery(landing)}`, { headers: result.headers });
  }
  // Staff are not signed in for good until their second factor is set up: the guard sends them to enrol it, no toast.
  if (result.next === "enrol-second-factor") return redirect(landing, { headers: result.headers });
  return redirectWithToast(
    landing,
    { title: "Connexion réussie\u202f!", description: "Bienvenue sur votre espace personnel.", tone: "success" },
    result.headers,
  );
}

export const headers = retryAfterHeaders;

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const notice = loaderData?.notice ?? null;
  const busy = useSubmitting({ action: "/connexion" });
  const { errors, focusRequest, validate, clear } = useFormValidation(signInSchema, actionData?.fieldErrors);
  const [result, setResult] = useResettableState(actionData);
  const formError = result?.formError;
  const formRef = useRef<HTMLFormElement>(null);
  const retrying = useAutomaticRetry(actionData, actionData?.retryAfterSeconds, () => formRef.current?.requestSubmit());

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2">
      <section aria-labelledby="titre-connexion" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 id="titre-connexion" className="text-2xl font-bold text-slate-900">
          Connexion
        </h1>
        <p className="mt-2 text-slate-700">Accédez à votre espace pour suivre vos dossiers.</p>
        {notice ? (
          <div className="mt-4">
            <Notice id="adresse-confirmee" tone="success" title={notice.message}>
              <p>Saisissez votre mot de passe pour ouvrir votre espace.</p>
            </Notice>
          </div>
        ) : null}
        <ValidatedForm
          formRef={formRef}
          validation={{ validate, clear, errors, focusRequest }}
          className="mt-6 space-y-5"
          onEdit={() => setResult(undefined)}
        >
          <FormAlert message={formError} retrying={retrying} />
          {loaderData.redirectTo === DEFAULT_LANDING ? null : (
            <input type="hidden" name={REDIRECT_PARAM} value={loaderData.redirectTo} />
          )}
          <fieldset disabled={busy} className="space-y-5">
            <TextField
              name="email"
              label="Adresse e-mail"
              type="email"
              autoComplete="email"
              inputMode="email"
              defaultValue={actionData?.values.email ?? notice?.email}
              error={errors.email}
            />
            <PasswordField name="password" label="Mot de passe" error={errors.password} />
          </fieldset>
          <div className="text-right text-sm">
            <ButtonLink variant="link" to="/mot-de-passe-oublie">
              Mot de passe oublié&#x202f;?
            </ButtonLink>
          </div>
          <SubmitButton busy={busy} busyLabel="Connexion...">
            Se connecter
          </SubmitButton>
        </ValidatedForm>
        {result?.resendConfirmation ? <ResendConfirmationForm email={result.values.email} /> : null}
        <p className="mt-6 text-center text-sm text-slate-700">
          Pas encore de compte&#x202f;?{" "}
          <Link to="/inscription" className="font-semibold text-brand-700 underline">
            S'inscrire gratuitement
          </Link>
        </p>
      </section>
      <aside aria-labelledby="titre-engagements" className="rounded-xl bg-brand-900 p-6 text-white sm:p-8">
        <h2 id="titre-engagements" className="text-xl font-bold">
          Votre espace sécurisé
        </h2>
        <ul className="mt-4 space-y-3 text-brand-50">
          <li>Suivez l'avancement de vos dossiers en temps réel.</li>
          <li>Échangez directement avec votre avocat.</li>
          <li>Vos documents sont chiffrés et ne sont vus que par les personnes qui traitent votre dossier.</li>
          <li>{safetyNotice}</li>
        </ul>
      </aside>
    </div>
  );
}

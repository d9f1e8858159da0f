import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/connexion-verification";
import { FieldsAndSubmit, FormAlert, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { TextField } from "~/components/ui/field";
import { useResettableState } from "~/components/use-resettable-state";
import { pageTitle } from "~/content/site";
import { anonymousActor } from "~/modules/accounts/accounts.server";
import { hasOpenSignInChallenge, verifySignInSecondFactor } from "~/modules/accounts/two-factor.server";
import {
  SECOND_FACTOR_SIGN_IN_PATH,
  secondFactorSignInSchema,
  signInCodeSchema,
  signInRecoveryCodeSchema,
  TOTP_CODE_LENGTH,
  twoFactorMessages,
} from "~/modules/accounts/two-factor.schema";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { currentActor, redirectSignedIn } from "~/platform/guards.server";
import { REDIRECT_PARAM, safeRedirectTarget } from "~/lib/redirect-target";
import { useSubmitting } from "~/components/use-submitting";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Vérification en deux étapes") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  if (!(await hasOpenSignInChallenge(currentActor(context), request))) throw redirect("/connexion");
  return null;
}

export async function action({ url, request, context }: Route.ActionArgs) {
  redirectSignedIn(context);
  const form = await parseForm(request, secondFactorSignInSchema);
  const method = form.values.method === "recovery" ? "recovery" : "app";
  if (!form.ok) {
    const { method: methodError, ...fieldErrors } = form.fieldErrors;
    return data(
      { fieldErrors, formError: methodError ? twoFactorMessages.unexpected : undefined, method },
      { status: 400 },
    );
  }
  const result = await verifySignInSecondFactor(anonymousActor(request), form.data, request);
  if (result.ok) {
    return redirectWithToast(
      safeRedirectTarget(url.searchParams.get(REDIRECT_PARAM)),
      { title: "Connexion réussie\u202f!", description: "Bienvenue sur votre espace personnel.", tone: "success" },
      result.headers,
    );
  }
  if (result.restart) {
    return redirectWithToast("/connexion", { title: "Vérification interrompue", description: result.formError, tone: "error" });
  }
  return data({ fieldErrors: result.fieldErrors ?? {}, formError: result.formError, method }, { status: result.status });
}

export default function SecondFactorSignInPage({ actionData }: Route.ComponentProps) {
  const busy = useSubmitting({ action: SECOND_FACTOR_SIGN_IN_PATH });
  const [result, setResult] = useResettableState(actionData);
  const fromApp = useFormValidation(signInCodeSchema, actionData?.method === "app" ? actionData.fieldErrors : undefined);
  const fromRecovery = useFormValidation(
    signInRecoveryCodeSchema,
    actionData?.method === "recovery" ? actionData.fieldErrors : undefined,
  );
  const formError = result?.formError;

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <section aria-labelledby="titre-verification" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 id="titre-verification" className="text-2xl font-bold text-slate-900">
          Vérification en deux étapes
        </h1>
        <p className="mt-2 text-slate-700">
          Votre mot de passe est correct. Pour terminer la connexion, saisissez le code à {TOTP_CODE_LENGTH} chiffres
          affiché par votre application d'authentification.
        </p>
        <div className="mt-6">
          <FormAlert message={formError} />
        </div>
        <ValidatedForm validation={fromApp} className="mt-4 space-y-5" onEdit={() => setResult(undefined)}>
          <input type="hidden" name="method" value="app" />
          <FieldsAndSubmit busy={busy} busyLabel="Vérification..." submitLabel="Vérifier">
            <TextField name="code" label="Code de vérification" hint="Le code change toutes les 30 secondes." autoComplete="one-time-code" inputMode="numeric" autoFocus error={fromApp.errors.code} />
          </FieldsAndSubmit>
        </ValidatedForm>

        <details
          className="mt-8 rounded-lg border border-slate-300 px-4 py-3"
          open={actionData?.method === "recovery" || undefined}
        >
          <summary className="cursor-pointer font-semibold text-brand-800">Utiliser un code de secours</summary>
          <p className="mt-3 text-sm text-slate-700">
            Vous n'avez plus accès à votre application&#x202f;? Saisissez l'un des codes de secours reçus lors de l'activation.
            Chaque code ne sert qu'une seule fois.
          </p>
          <ValidatedForm validation={fromRecovery} className="mt-4 space-y-5" onEdit={() => setResult(undefined)}>
            <input type="hidden" name="method" value="recovery" />
            <FieldsAndSubmit busy={busy} busyLabel="Vérification..." submitLabel="Utiliser ce code de secours">
              <TextField name="recoveryCode" label="Code de secours" hint="Par exemple AbC12-dEf34 (majuscules et minuscules comptent)." autoComplete="off" autoCapitalize="none" spellCheck={false} error={fromRecovery.errors.recoveryCode} />
            </FieldsAndSubmit>
          </ValidatedForm>
        </details>

        <p className="mt-6 text-center text-sm text-slate-700">
          <Link to="/connexion" className="font-semibold text-brand-700 underline">
            Revenir à la connexion
          </Link>
        </p>
      </section>
    </div>
  );
}

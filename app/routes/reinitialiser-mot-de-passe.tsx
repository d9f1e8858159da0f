import { data, Link } from "react-router";
import type { Route } from "./+types/reinitialiser-mot-de-passe";
import { FormAlert, NewPasswordField, PasswordField, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { pageTitle } from "~/content/site";
import { anonymousActor, passwordResetLinkIsValid, resetPassword } from "~/modules/accounts/accounts.server";
import { messages, passwordResetSchema } from "~/modules/accounts/accounts.schema";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit, parseForm } from "~/platform/form.server";
import { redirectSignedIn } from "~/platform/guards.server";
import { useSubmitting } from "~/components/use-submitting";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Nouveau mot de passe") },
  { name: "robots", content: "noindex" },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const token = url.searchParams.get("token")?.trim() ?? "";
  const valid = token.length >= 10 && token.length <= 200 && (await passwordResetLinkIsValid(token));
  return data({ token: valid ? token : null }, { status: valid ? 200 : 400 });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, passwordResetSchema);
  if (!form.ok) {
    const linkBroken = form.fieldErrors.token !== undefined;
    return data(
      { fieldErrors: form.fieldErrors, formError: linkBroken ? messages.resetLinkInvalid : undefined, linkBroken },
      { status: 400 },
    );
  }
  const result = await resetPassword(anonymousActor(request), form.data.token, form.data.password);
  if (!result.ok) {
    return data(
      { fieldErrors: result.fieldErrors, formError: result.formError, linkBroken: result.formError === messages.resetLinkInvalid },
      answerInit(result),
    );
  }
  return redirectWithToast("/connexion", {
    title: "Mot de passe modifié",
    description: "Connectez-vous avec votre nouveau mot de passe. Vos autres appareils ont été déconnectés.",
    tone: "success",
  });
}

function AskAgain({ message }: { message: string }) {
  return (
    <>
      <p className="mt-4 text-lg text-slate-800">{message}</p>
      <Link
        to="/mot-de-passe-oublie"
        className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Demander un nouveau lien
      </Link>
    </>
  );
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmitting();
  const { errors, focusRequest, validate, clear } = useFormValidation(passwordResetSchema, actionData?.fieldErrors);
  const token = loaderData.token;
  return (
    <section aria-labelledby="titre-reinitialisation" className="mx-auto max-w-xl px-4 py-16">
      <h1 id="titre-reinitialisation" className="text-3xl font-bold text-slate-900">
        Choisir un nouveau mot de passe
      </h1>
      {!token || actionData?.linkBroken ? (
        <AskAgain message={messages.resetLinkInvalid} />
      ) : (
        <ValidatedForm validation={{ validate, clear, errors, focusRequest }} className="mt-6 space-y-5">
          <FormAlert message={actionData?.formError} />
          <input type="hidden" name="token" value={token} />
          <NewPasswordField name="password" label="Nouveau mot de passe" error={errors.password} />
          <PasswordField name="confirmation" label="Confirmer le nouveau mot de passe" autoComplete="new-password" error={errors.confirmation} />
          <SubmitButton busy={busy} busyLabel="Enregistrement...">
            Enregistrer mon nouveau mot de passe
          </SubmitButton>
        </ValidatedForm>
      )}
    </section>
  );
}

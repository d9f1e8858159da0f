import { data } from "react-router";
import type { Route } from "./+types/mot-de-passe-oublie";
import { FormAlert, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { safetyNotice } from "~/content/site";
import { publicPageMeta } from "~/content/seo";
import { anonymousActor, requestPasswordReset } from "~/modules/accounts/accounts.server";
import { emailOnlySchema } from "~/modules/accounts/accounts.schema";
import { parseForm } from "~/platform/form.server";
import { redirectSignedIn } from "~/platform/guards.server";
import { publicFormPageHandle } from "~/lib/page-handle";
import { ButtonLink } from "~/components/ui/button";
import { useSubmitting } from "~/components/use-submitting";

export const handle = publicFormPageHandle;

export const meta: Route.MetaFunction = (args) =>
  publicPageMeta(args, {
    title: "Mot de passe oublié",
    description: "Vous avez oublié le mot de passe de votre espace Recours\u202f? Recevez par email un lien pour en choisir un nouveau.",
  });

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, emailOnlySchema);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, formError: undefined, sent: undefined }, { status: 400 });
  const result = await requestPasswordReset(anonymousActor(request), form.data.email);
  if (!result.ok) return data({ fieldErrors: undefined, formError: result.formError, sent: undefined }, { status: result.status });
  return { fieldErrors: undefined, formError: undefined, sent: result.message };
}

export default function ForgottenPasswordPage({ actionData }: Route.ComponentProps) {
  const busy = useSubmitting();
  const { errors, focusRequest, validate, clear } = useFormValidation(emailOnlySchema, actionData?.fieldErrors);
  return (
    <section aria-labelledby="titre-oubli" className="mx-auto max-w-xl px-4 py-16">
      <h1 id="titre-oubli" className="text-3xl font-bold text-slate-900">
        Mot de passe oublié&#x202f;?
      </h1>
      {actionData?.sent ? (
        <div className="mt-6">
          <Notice id="demande-envoyee" tone="success" title="Demande enregistrée">
            <p>{actionData.sent}</p>
            <p>Pensez à regarder dans les courriers indésirables.</p>
          </Notice>
        </div>
      ) : (
        <>
          <p className="mt-4 text-lg text-slate-800">
            Indiquez l'adresse email de votre compte. Nous vous enverrons un lien pour choisir un nouveau mot de passe.
          </p>
          <ValidatedForm validation={{ validate, clear, errors, focusRequest }} className="mt-6 space-y-5">
            <FormAlert message={actionData?.formError} />
            <TextField name="email" label="Adresse e-mail" type="email" inputMode="email" autoComplete="email" error={errors.email} />
            <SubmitButton busy={busy} busyLabel="Envoi...">
              Recevoir le lien
            </SubmitButton>
          </ValidatedForm>
        </>
      )}
      <p className="mt-6 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">{safetyNotice}</p>
      <ButtonLink variant="link" className="mt-6" to="/connexion">
        Retour à la connexion
      </ButtonLink>
    </section>
  );
}

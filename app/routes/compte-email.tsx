import { data } from "react-router";
import type { Route } from "./+types/compte-email";
import { FormAlert, PasswordField, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { pageTitle } from "~/content/site";
import { requestEmailChange } from "~/modules/accounts/accounts.server";
import { emailChangeSchema } from "~/modules/accounts/accounts.schema";
import { answerInit, parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";
import { ButtonLink } from "~/components/ui/button";
import { useSubmitting } from "~/components/use-submitting";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Changer mon adresse email") }];

export function loader({ context }: Route.LoaderArgs) {
  return { email: requireUser(context).email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const form = await parseForm(request, emailChangeSchema);
  const values = { newEmail: form.values.newEmail ?? "" };
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, formError: undefined, sentTo: undefined, values }, { status: 400 });
  const result = await requestEmailChange(actor, form.data.newEmail, form.data.currentPassword);
  if (!result.ok) {
    return data({ fieldErrors: result.fieldErrors, formError: result.formError, sentTo: undefined, values }, answerInit(result));
  }
  return { fieldErrors: undefined, formError: undefined, sentTo: form.data.newEmail, values };
}

export default function ChangeEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmitting();
  const { errors, focusRequest, validate, clear } = useFormValidation(emailChangeSchema, actionData?.fieldErrors);
  return (
    <section aria-labelledby="titre-email" className="mx-auto max-w-xl px-4 py-12">
      <h1 id="titre-email" className="text-3xl font-bold text-slate-900">
        Changer mon adresse email
      </h1>
      <p className="mt-4 text-slate-800">
        Adresse actuelle&#x202f;: <strong className="break-all">{loaderData.email}</strong>
      </p>
      {actionData?.sentTo ? (
        <div className="mt-6">
          <Notice id="lien-envoye" tone="success" title="Vérifiez votre nouvelle adresse">
            <p>
              Nous avons envoyé un lien de confirmation à <strong className="break-all">{actionData.sentTo}</strong>. Votre
              adresse changera quand vous l'aurez ouvert en étant connecté à votre compte. D'ici là, l'ancienne reste en place.
            </p>
          </Notice>
        </div>
      ) : (
        <ValidatedForm validation={{ validate, clear, errors, focusRequest }} className="mt-6 space-y-5">
          <FormAlert message={actionData?.formError} />
          <TextField
            name="newEmail"
            label="Nouvelle adresse email"
            type="email"
            inputMode="email"
            autoComplete="email"
            defaultValue={actionData?.values.newEmail}
            error={errors.newEmail}
          />
          <PasswordField name="currentPassword" label="Mot de passe actuel" error={errors.currentPassword} />
          <SubmitButton busy={busy} busyLabel="Envoi...">
            Recevoir le lien de confirmation
          </SubmitButton>
        </ValidatedForm>
      )}
      <ButtonLink variant="link" className="mt-6" to="/compte">
        Retour à mon compte
      </ButtonLink>
    </section>
  );
}

import { data, useNavigation } from "react-router";
import type { Route } from "./+types/avocat-coordonnees";
import { SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { VERIFY_CONTACT_PATH } from "~/content/pages/verify-contact";
import { pageTitle } from "~/content/site";
import { LAWYER_CONTACT_FIELDS, lawyerContactsSchema } from "~/modules/call-verification/call-verification.schema";
import { lawyerPublicContactsFor, saveLawyerPublicContacts } from "~/modules/call-verification/call-verification.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Coordonnées professionnelles publiques") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return lawyerPublicContactsFor(requireRole(context, "lawyer"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "lawyer");
  const form = await parseForm(request, lawyerContactsSchema);
  if (!form.ok) return data({ saved: false, fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  await saveLawyerPublicContacts(actor, form.data);
  return { saved: true, fieldErrors: undefined, values: form.values };
}

export default function LawyerPublicContactsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { errors, focusRequest, validate, clear } = useFormValidation(lawyerContactsSchema, actionData?.fieldErrors);
  const value = (name: (typeof LAWYER_CONTACT_FIELDS)[number]) => (actionData && !actionData.saved ? (actionData.values[name] ?? "") : loaderData[name]);
  return (
    <section aria-labelledby="titre-coordonnees" className="mx-auto max-w-2xl px-4 py-8">
      <h1 id="titre-coordonnees" className="text-3xl font-bold text-slate-900">
        Coordonnées professionnelles publiques
      </h1>
      <p className="mt-4 text-slate-800">
        Les victimes peuvent vérifier sur la page publique{" "}
        <a href={VERIFY_CONTACT_PATH} className="font-semibold text-brand-800 underline underline-offset-2">
          Vérifier un contact
        </a>{" "}
        qu'une adresse e-mail, un numéro ou un site est bien le vôtre. Seuls les contacts saisis ici sont reconnus, à l'identique&#x202f;; laissez vide ce
        que vous ne souhaitez pas publier.
      </p>
      {actionData?.saved ? (
        <div className="mt-6">
          <Notice id="coordonnees-enregistrees" tone="success" title="Coordonnées enregistrées">
            <p>La page «&#x202f;Vérifier un contact&#x202f;» les reconnaît dès maintenant.</p>
          </Notice>
        </div>
      ) : null}
      <ValidatedForm validation={{ validate, clear, errors, focusRequest }} errorOrder={LAWYER_CONTACT_FIELDS} className="mt-6 space-y-5">
        <TextField name="publicEmail" label="Adresse e-mail professionnelle" type="email" autoComplete="email" maxLength={254} defaultValue={value("publicEmail")} error={errors.publicEmail} />
        <TextField name="publicPhone" label="Téléphone du cabinet" type="tel" autoComplete="tel" maxLength={30} defaultValue={value("publicPhone")} error={errors.publicPhone} />
        <TextField name="publicWebsite" label="Site internet du cabinet" hint="Par exemple www.cabinet-exemple.fr." autoComplete="url" maxLength={300} defaultValue={value("publicWebsite")} error={errors.publicWebsite} />
        <SubmitButton busy={navigation.state === "submitting"} busyLabel="Enregistrement…">
          Enregistrer
        </SubmitButton>
      </ValidatedForm>
    </section>
  );
}

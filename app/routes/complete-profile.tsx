import { useState, type ReactNode } from "react";
import { data } from "react-router";
import type { Route } from "./+types/complete-profile";
import { FormAlert, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { TextField } from "~/components/ui/field";
import { PhoneField } from "~/components/phone-field";
import { BirthDateField } from "~/components/profile/birth-date-field";
import { ConsentCheckbox, NewTabLink } from "~/components/profile/consent-checkbox";
import { ResidenceFields } from "~/components/profile/residence-fields";
import { useResettableState } from "~/components/use-resettable-state";
import { pageTitle, profileDataPurpose } from "~/content/site";
import {
  countryByIsoCode,
  countryByValue,
  DEFAULT_COUNTRY,
  type CountryIsoCode,
  type CountryValue,
} from "~/lib/countries";
import { completeProfile, completeResidenceFromPostalCode, profileFormFor } from "~/modules/profile/profile.server";
import {
  nifRequiredFor,
  PROFILE_FIELD_ORDER,
  PROFILE_FIELDS,
  profileFormSchema,
  profileMessages,
  type ProfileFormValues,
} from "~/modules/profile/profile.schema";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";
import { runtime } from "~/platform/runtime.server";
import { BackToDashboardLink } from "~/components/ui/button";
import { REDIRECT_PARAM, safeRedirectTarget } from "~/lib/redirect-target";
import { useSubmitting } from "~/components/use-submitting";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Compléter mon profil") },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const form = await profileFormFor(requireUser(context));
  if (!form) throw data(null, { status: 404 });
  return { ...form, googleMapsApiKey: runtime().env.GOOGLE_MAPS_API_KEY ?? null };
}

function keptValues(posted: Record<string, string>): ProfileFormValues {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, posted[field] ?? ""])) as ProfileFormValues;
}

export async function action({ url, request, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  let cityMessage: string | undefined;
  const form = await parseForm(request, profileFormSchema, async (posted) => {
    const completed = await completeResidenceFromPostalCode(actor, posted);
    cityMessage = completed.cityMessage;
    return completed.values;
  });
  const values = keptValues(form.values);
  if (!form.ok) {
    const fieldErrors = form.fieldErrors.city && cityMessage ? { ...form.fieldErrors, city: cityMessage } : form.fieldErrors;
    return data({ fieldErrors, formError: undefined, values }, { status: 400 });
  }
  const result = await completeProfile(actor, form.data);
  if (!result.ok) return data({ fieldErrors: {}, formError: result.formError, values }, { status: result.status });
  // Sent here on the way to a page (the case wizard from a landing page): back to it.
  return redirectWithToast(safeRedirectTarget(url.searchParams.get(REDIRECT_PARAM)), { ...profileMessages.saved, tone: "success" });
}

export default function CompleteProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmitting({ action: "/complete-profile" });
  const validation = useFormValidation(profileFormSchema, actionData?.fieldErrors);
  const { errors, clear } = validation;
  const [result, setResult] = useResettableState(actionData);
  const values = actionData?.values ?? loaderData.values;
  const [country, setCountry] = useState<CountryValue>(countryByValue(values.country)?.value ?? DEFAULT_COUNTRY.value);
  const phoneCountry = (field: "phoneMobileCountry" | "phoneFixedCountry") =>
    (countryByIsoCode(values[field])?.isoCode ?? DEFAULT_COUNTRY.isoCode) as CountryIsoCode;
  const nifRequired = nifRequiredFor(country);
  const clearFields = (...fields: string[]) => fields.forEach((field) => clear(field));
  /** A field's name, what was typed or saved, and its error. */
  const field = <Name extends "firstName" | "lastName" | "phoneMobile" | "phoneFixed">(name: Name) => ({ name, defaultValue: values[name], error: errors[name] });
  /** A phone number's field and its dial code's: names, what was typed or saved, its error. */
  const phoneField = (name: "phoneMobile" | "phoneFixed") => ({
    ...field(name),
    countryName: `${name}Country` as const,
    defaultCountry: phoneCountry(`${name}Country`),
    onEdit: () => clear(name),
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <BackToDashboardLink variant="secondary" />

      <section
        aria-labelledby="titre-profil"
        className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <h1 id="titre-profil" className="text-2xl font-bold text-slate-900">
          Compléter mon profil
        </h1>
        <p className="mt-2 text-slate-700">
          Ces informations permettent à votre avocat de constituer votre dossier. Tous les champs sont obligatoires,
          sauf mention contraire.
        </p>
        <p data-profile-purpose="" className="mt-2 text-slate-700">
          {profileDataPurpose}
        </p>

        <ValidatedForm
          validation={validation}
          errorOrder={PROFILE_FIELD_ORDER}
          className="mt-6 space-y-8"
          onEdit={(name) => {
            setResult(undefined);
            // A dial code's change clears its number's error.
            if (name.endsWith("Country")) clear(name.slice(0, -"Country".length));
          }}
        >
          {result?.formError ? <FormAlert message={`${profileMessages.failed.title}\u202f: ${result.formError}`} /> : null}

          <ProfileFieldset legend="Identité" busy={busy}>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField {...field("firstName")} label="Prénom" autoComplete="given-name" />
              <TextField {...field("lastName")} label="Nom" autoComplete="family-name" />
            </div>
            <BirthDateField
              name="birthDate"
              label="Date de naissance"
              defaultValue={values.birthDate}
              error={errors.birthDate}
              onEdit={() => clear("birthDate")}
            />
          </ProfileFieldset>

          <ProfileFieldset legend="Téléphone" busy={busy}>
            <PhoneField {...phoneField("phoneMobile")} label="Téléphone mobile" dialCodeLabel="Indicatif du téléphone mobile" />
            <PhoneField
              {...phoneField("phoneFixed")}
              label="Téléphone fixe (facultatif)"
              numberLabel="Numéro de téléphone fixe, sans l'indicatif"
              dialCodeLabel="Indicatif du téléphone fixe"
              autoComplete="off"
            />
          </ProfileFieldset>

          <ProfileFieldset legend="Adresse de résidence" busy={busy}>
            <ResidenceFields
              defaults={values}
              country={country}
              onCountryChange={setCountry}
              errors={errors}
              clear={clearFields}
              googleMapsApiKey={loaderData.googleMapsApiKey}
            />
          </ProfileFieldset>

          <ProfileFieldset legend="Informations fiscales" busy={busy}>
            <TextField
              name="nif"
              label={nifRequired ? "NIF (numéro fiscal)" : "NIF français (facultatif)"}
              hint={
                nifRequired
                  ? "13 chiffres commençant par 0, 1, 2 ou 3\u202f; il figure sur votre avis d'impôt."
                  : "Votre numéro fiscal français, si vous en avez un\u202f: 13 chiffres commençant par 0, 1, 2 ou 3. Facultatif si vous résidez hors de France."
              }
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              defaultValue={values.nif}
              error={errors.nif}
            />
          </ProfileFieldset>

          <ProfileFieldset legend="Vos accords" busy={busy} compact>
            <ConsentCheckbox
              name="acceptPrivacy"
              defaultChecked={values.acceptPrivacy === "on"}
              error={errors.acceptPrivacy}
            >
              J'ai lu et j'accepte la{" "}
              <NewTabLink href="/politique-confidentialite">politique de confidentialité</NewTabLink>.
            </ConsentCheckbox>
            <ConsentCheckbox
              name="acceptTerms"
              defaultChecked={values.acceptTerms === "on"}
              error={errors.acceptTerms}
            >
              J'ai lu et j'accepte les <NewTabLink href="/conditions-generales">conditions générales</NewTabLink>.
            </ConsentCheckbox>
          </ProfileFieldset>

          <SubmitButton busy={busy} busyLabel="Enregistrement...">
            Enregistrer mon profil
          </SubmitButton>
        </ValidatedForm>
      </section>
    </div>
  );
}

/** One group of the profile form, disabled while the form is being sent. */
function ProfileFieldset({ legend, busy, compact, children }: { legend: string; busy: boolean; compact?: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={busy} className={compact ? "space-y-4" : "space-y-5"}>
      <legend className="text-lg font-bold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

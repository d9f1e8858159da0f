import { data, Link } from "react-router";
import { publicPageMeta } from "~/content/seo";
import type { Route } from "./+types/inscription";
import { useResettableState } from "~/components/use-resettable-state";
import { FormAlert, NewPasswordField, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { TextField } from "~/components/ui/field";
import { CountryField } from "~/components/country-field";
import { PhoneField } from "~/components/phone-field";
import { feeStatement, feeTerms } from "~/content/fees";
import { guarantees, safetyNotice } from "~/content/site";
import type { FeeModel } from "~/lib/fees";
import { useFeeModel, useOperator } from "~/components/use-operator";
import { countryByIsoCode, countryBySignUpValue, DEFAULT_COUNTRY, type CountryIsoCode } from "~/lib/countries";
import { anonymousActor, signUp } from "~/modules/accounts/accounts.server";
import { signUpSchema } from "~/modules/accounts/accounts.schema";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit, parseForm, passwordPostRefusal, retryAfterHeaders } from "~/platform/form.server";
import { useAutomaticRetry } from "~/components/use-automatic-retry";
import { useRef } from "react";
import { redirectSignedIn } from "~/platform/guards.server";
import { publicFormPageHandle } from "~/lib/page-handle";
import { ButtonLink } from "~/components/ui/button";
import { DEFAULT_LANDING, REDIRECT_PARAM, redirectQuery, safeRedirectTarget } from "~/lib/redirect-target";
import { useSubmitting } from "~/components/use-submitting";

export const handle = publicFormPageHandle;

export const meta: Route.MetaFunction = (args) =>
  publicPageMeta(args, (site) => ({
    title: "Inscription",
    description: `Créez gratuitement votre compte Recours\u202f: analyse de votre dossier sans engagement, ${feeTerms(site.fees).nothingUpfront ? "aucun frais à l'avance" : "honoraires fixés par écrit"}, un avocat spécialisé à vos côtés.`,
  }));

/** Where the new account goes once created (a landing page sends its visitors on to the case wizard). */
function landingOf(url: URL): string {
  return safeRedirectTarget(url.searchParams.get(REDIRECT_PARAM));
}

export function loader({ url, context }: Route.LoaderArgs) {
  const landing = landingOf(url);
  redirectSignedIn(context, landing);
  return { redirectTo: landing };
}

const keptFields = ["firstName", "lastName", "email", "phoneMobileCountry", "phoneMobile", "country"] as const;

export async function action({ url, request, context }: Route.ActionArgs) {
  const landing = landingOf(url);
  redirectSignedIn(context, landing);
  const form = await parseForm(request, signUpSchema);
  const values = Object.fromEntries(keptFields.map((field) => [field, form.values[field] ?? ""]));
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, formError: undefined, values, retryAfterSeconds: undefined }, { status: 400 });
  // Refused by the password posts' limiter (decision 91): the form again, filled, without hashing the password.
  const result = passwordPostRefusal(context) ?? (await signUp(anonymousActor(request), form.data, request));
  if (!result.ok) {
    return data(
      { fieldErrors: "fieldErrors" in result ? result.fieldErrors : undefined, formError: result.formError, values, retryAfterSeconds: result.retryAfterSeconds },
      answerInit(result),
    );
  }
  if (result.confirmationSentTo) return { confirmationSentTo: result.confirmationSentTo };
  return redirectWithToast(
    landing,
    { title: "Compte créé avec succès\u202f!", description: "Bienvenue sur votre espace personnel.", tone: "success" },
    result.headers,
  );
}

const benefits = [
  "Consultation gratuite et sans engagement",
  "Analyse de votre dossier par un expert",
  "Un avocat spécialisé dans les arnaques en ligne",
  "Un accompagnement personnel jusqu'à la récupération",
];

/** The three figures beside the form; the fees come from the operator's fee model (decision 77). */
function promisesFor(model: FeeModel) {
  const fees = feeTerms(model);
  return [
    { value: guarantees.successRate, label: "de dossiers gagnés" },
    fees.nothingUpfront
      ? { value: fees.upfrontValue, label: "de frais à l'avance" }
      : { value: fees.upfrontValue, label: "d'honoraires de diligence, à la signature" },
    { value: fees.resultFeeShort, label: "en complément, sur les sommes récupérées" },
  ];
}

/** After sign-up when the address must be confirmed: what to do next, in plain words. */
function ConfirmationSent({ email }: { email: string }) {
  return (
    <section aria-labelledby="titre-confirmation" className="mx-auto max-w-xl px-4 py-16">
      <h1 id="titre-confirmation" className="text-3xl font-bold text-slate-900">
        Confirmez votre adresse email
      </h1>
      {/* The same page whether or not the address already has an account (decision 64). */}
      <p className="mt-4 text-lg text-slate-800">
        Vérifiez votre boîte mail&#x202f;: nous venons d'envoyer un email à <strong className="break-all">{email}</strong>. Ouvrez-le
        et suivez ses indications pour accéder à votre espace.
      </p>
      <p className="mt-4 text-slate-700">
        Vous ne le trouvez pas&#x202f;? Regardez dans les courriers indésirables. Un lien de confirmation est valable 24 heures&#x202f;;
        vous pourrez en demander un autre depuis la page de connexion.
      </p>
      <p className="mt-4 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">{safetyNotice}</p>
      <ButtonLink variant="link" className="mt-6" to="/connexion">
        Aller à la page de connexion
      </ButtonLink>
    </section>
  );
}

export const headers = retryAfterHeaders;

export default function SignUpPage({ loaderData, actionData }: Route.ComponentProps) {
  const operator = useOperator();
  const fees = useFeeModel();
  const busy = useSubmitting({ action: "/inscription" });
  const validation = useFormValidation(signUpSchema, actionData && "fieldErrors" in actionData ? actionData.fieldErrors : undefined);
  const { errors, clear } = validation;
  const [result, setResult] = useResettableState(actionData);
  const formRef = useRef<HTMLFormElement>(null);
  const refusal = actionData && "retryAfterSeconds" in actionData ? actionData : undefined;
  const retrying = useAutomaticRetry(refusal, refusal?.retryAfterSeconds, () => formRef.current?.requestSubmit());
  if (actionData && "confirmationSentTo" in actionData) return <ConfirmationSent email={actionData.confirmationSentTo} />;
  const formError = result && "formError" in result ? result.formError : undefined;
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  const phoneCountry = (countryByIsoCode(values?.phoneMobileCountry ?? "")?.isoCode ?? DEFAULT_COUNTRY.isoCode) as CountryIsoCode;

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[3fr_2fr]">
      <section aria-labelledby="titre-inscription" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 id="titre-inscription" className="text-2xl font-bold text-slate-900">
          Créer mon compte
        </h1>
        <p className="mt-2 text-slate-700">Gratuit et sans engagement. Vos informations restent confidentielles.</p>
        <ValidatedForm
          formRef={formRef}
          validation={validation}
          className="mt-6 space-y-5"
          onEdit={(name) => {
            setResult(undefined);
            if (name === "phoneMobileCountry") clear("phoneMobile");
          }}
        >
          <FormAlert message={formError} retrying={retrying} />
          <fieldset disabled={busy} className="space-y-5">
            <legend className="sr-only">Vos informations</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField name="firstName" label="Prénom" autoComplete="given-name" defaultValue={values?.firstName} error={errors.firstName} />
              <TextField name="lastName" label="Nom" autoComplete="family-name" defaultValue={values?.lastName} error={errors.lastName} />
            </div>
            <TextField
              name="email"
              label="Adresse e-mail"
              type="email"
              inputMode="email"
              autoComplete="email"
              defaultValue={values?.email}
              error={errors.email}
            />
            <NewPasswordField name="password" label="Mot de passe" error={errors.password} />
            <PhoneField
              name="phoneMobile"
              countryName="phoneMobileCountry"
              label="Téléphone mobile"
              defaultCountry={phoneCountry}
              defaultValue={values?.phoneMobile}
              error={errors.phoneMobile}
              onEdit={() => clear("phoneMobile")}
            />
            <CountryField name="country" defaultValue={countryBySignUpValue(values?.country ?? "")?.value ?? DEFAULT_COUNTRY.value} error={errors.country} />
          </fieldset>
          <SubmitButton busy={busy} busyLabel="Création du compte...">
            Créer mon compte gratuitement
          </SubmitButton>
          <p className="text-sm text-slate-600">
            En créant votre compte, vous acceptez nos{" "}
            <Link to="/mentions-legales" className="text-brand-700 underline">
              mentions légales
            </Link>{" "}
            et notre{" "}
            <Link to="/politique-confidentialite" className="text-brand-700 underline">
              politique de confidentialité
            </Link>
            .
          </p>
        </ValidatedForm>
        <p className="mt-6 text-center text-sm text-slate-700">
          Déjà inscrit&#x202f;?{" "}
          <Link to={`/connexion${redirectQuery(loaderData?.redirectTo ?? DEFAULT_LANDING)}`} className="font-semibold text-brand-700 underline">
            Se connecter
          </Link>
        </p>
      </section>
      <aside aria-labelledby="titre-avantages" className="space-y-6 rounded-xl bg-brand-900 p-6 text-white sm:p-8">
        <h2 id="titre-avantages" className="text-xl font-bold">
          Pourquoi nous faire confiance
        </h2>
        <ul className="space-y-3 text-brand-50">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <span aria-hidden="true">✓</span>
              {benefit}
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-3 gap-3 text-center">
          {promisesFor(fees).map((promise) => (
            <div key={promise.label} className="rounded-lg bg-brand-800 p-3">
              <dt className="text-xs text-brand-100">{promise.label}</dt>
              <dd className="order-first text-2xl font-bold">{promise.value}</dd>
            </div>
          ))}
        </dl>
        <div className="rounded-lg bg-brand-800 p-4 text-sm">
          <p className="font-semibold">Nos garanties</p>
          <p data-fee-statement="" className="mt-1 text-brand-50">
            {feeStatement(fees)}
          </p>
          <p className="mt-2 text-brand-50">{safetyNotice}</p>
        </div>
        <a href={`mailto:${operator.email}`} className="inline-flex min-h-11 items-center rounded-md bg-white px-4 py-2 font-semibold text-brand-900">
          Nous contacter
        </a>
      </aside>
    </div>
  );
}

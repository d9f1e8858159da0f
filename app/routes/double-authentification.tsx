import { useState } from "react";
import { useHydrated } from "~/components/use-resettable-state";
import type { ReactNode } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/double-authentification";
import { ErrorSummary, FieldsAndSubmit, FormAlert, PasswordField, useFormValidation } from "~/components/form-controls";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { useResettableState } from "~/components/use-resettable-state";
import { pageTitle } from "~/content/site";
import { changeSecondFactor, secondFactorSettings, type SecondFactorSettings } from "~/modules/accounts/two-factor.server";
import {
  confirmEnrolmentSchema,
  SECOND_FACTOR_ENROLMENT_PATH,
  disableTwoFactorSchema,
  startEnrolmentSchema,
  TOTP_CODE_LENGTH,
  twoFactorSettingsSchema,
  twoFactorMessages,
} from "~/modules/accounts/two-factor.schema";
import type { FieldErrors } from "~/lib/form";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireSignedIn, requireSignedInMiddleware } from "~/platform/guards.server";
import { BackToDashboardLink, Button, buttonClasses, ButtonLink } from "~/components/ui/button";

// Outside the member area on purpose: the one page a lawyer or admin without a second factor may open.
export const middleware: Route.MiddlewareFunction[] = [requireSignedInMiddleware];

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Double authentification") },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return secondFactorSettings(requireSignedIn(context));
}

type Intent = "start" | "confirm" | "disable";
type ActionResult = { intent: Intent; fieldErrors: FieldErrors; formError?: string; recoveryCodes?: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireSignedIn(context);
  const form = await parseForm(request, twoFactorSettingsSchema);
  const intent: Intent = form.values.intent === "confirm" || form.values.intent === "disable" ? form.values.intent : "start";
  if (!form.ok) {
    const { intent: unknownIntent, ...fieldErrors } = form.fieldErrors;
    const result: ActionResult = { intent, fieldErrors, formError: unknownIntent ? twoFactorMessages.unexpected : undefined };
    return data(result, { status: 400 });
  }
  const result = await changeSecondFactor(actor, form.data, request);
  if (!result.ok) {
    return data<ActionResult>({ intent, fieldErrors: result.fieldErrors ?? {}, formError: result.formError }, { status: result.status });
  }
  if (result.intent === "start") return redirect(SECOND_FACTOR_ENROLMENT_PATH);
  if (result.intent === "disable") {
    return redirectWithToast(
      SECOND_FACTOR_ENROLMENT_PATH,
      { title: "Double authentification désactivée", description: "Votre mot de passe suffit de nouveau pour vous connecter.", tone: "success" },
      result.headers,
    );
  }
  // Shown in this response only: the codes are never sent again.
  return data<ActionResult>({ intent, fieldErrors: {}, recoveryCodes: result.recoveryCodes }, { headers: result.headers });
}

export default function SecondFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const recoveryCodes = actionData?.recoveryCodes;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Double authentification</h1>
          <p className="mt-1 text-slate-700">
            Un code de votre téléphone, en plus du mot de passe, protège votre compte même si votre mot de passe est
            découvert.
          </p>
        </div>
        <Form method="post" action="/deconnexion">
          <Button
            variant="secondary" className="py-2"
            type="submit"
          >
            Se déconnecter
          </Button>
        </Form>
      </div>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : (
        <Settings settings={loaderData} result={actionData} />
      )}
    </div>
  );
}

function Settings({ settings, result }: { settings: SecondFactorSettings; result: ActionResult | undefined }) {
  if (settings.state === "on") return <Enabled settings={settings} result={result} />;
  return (
    <>
      {settings.required ? (
        <Notice id="titre-obligatoire" tone="warning" title="Étape obligatoire avant d'accéder à votre espace">
          <p>
            Votre compte donne accès à des pièces d'identité et à des dossiers de victimes&#x202f;: la double authentification
            est obligatoire pour les avocats et les administrateurs. Cela prend deux minutes.
          </p>
        </Notice>
      ) : null}
      {settings.state === "setup" ? <ScanAndConfirm settings={settings} result={result} /> : <Start result={result} />}
    </>
  );
}

function Step({ id, number, title, children }: { id: string; number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        <span className="text-brand-800">Étape {number} sur 3&#x202f;:</span> {title}
      </h2>
      <div className="mt-3 space-y-4 text-slate-800">{children}</div>
    </section>
  );
}

function useStepForm(schema: Parameters<typeof useFormValidation>[0], intent: Intent, result: ActionResult | undefined) {
  const navigation = useNavigation();
  const mine = result?.intent === intent ? result : undefined;
  const validation = useFormValidation(schema, mine?.fieldErrors);
  const [current, setCurrent] = useResettableState(mine);
  return {
    busy: navigation.state === "submitting" && navigation.formData?.get("intent") === intent,
    errors: validation.errors,
    focusRequest: validation.focusRequest,
    formError: current?.formError,
    formProps: {
      method: "post" as const,
      noValidate: true,
      className: "space-y-5",
      onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
        if (!validation.validate(event.currentTarget)) event.preventDefault();
      },
      onChange: (event: React.FormEvent<HTMLFormElement>) => {
        setCurrent(undefined);
        validation.clear((event.target as unknown as { name: string }).name);
      },
    },
  };
}

/** The current password (and any further field) posted with an intent: starting enrolment and turning it off. */
function PasswordConfirmationForm({
  form,
  intent,
  busyLabel,
  submitLabel,
  className,
  children,
}: {
  form: ReturnType<typeof useStepForm>;
  intent: Intent;
  busyLabel: string;
  submitLabel: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Form {...form.formProps} className={className ?? form.formProps.className}>
      <ErrorSummary errors={form.errors} focusRequest={form.focusRequest} />
      <FormAlert message={form.formError} />
      <input type="hidden" name="intent" value={intent} />
      <FieldsAndSubmit busy={form.busy} busyLabel={busyLabel} submitLabel={submitLabel}>
        <PasswordField name="password" label="Mot de passe actuel" error={form.errors.password} />
        {children}
      </FieldsAndSubmit>
    </Form>
  );
}

function Start({ result }: { result: ActionResult | undefined }) {
  const form = useStepForm(startEnrolmentSchema, "start", result);
  return (
    <Step id="titre-etape-mot-de-passe" number={1} title="confirmez votre mot de passe">
      <p>
        Installez d'abord sur votre téléphone une application d'authentification, par exemple FreeOTP, Google
        Authenticator, Microsoft Authenticator ou le gestionnaire de mots de passe de votre téléphone.
      </p>
      <PasswordConfirmationForm form={form} intent="start" busyLabel="Vérification..." submitLabel="Continuer" />
    </Step>
  );
}

function ScanAndConfirm({
  settings,
  result,
}: {
  settings: Extract<SecondFactorSettings, { state: "setup" }>;
  result: ActionResult | undefined;
}) {
  const form = useStepForm(confirmEnrolmentSchema, "confirm", result);
  return (
    <>
      <Step id="titre-etape-scanner" number={2} title="ajoutez Recours à votre application">
        <p>Dans votre application d'authentification, ajoutez un compte et scannez ce QR code.</p>
        <p>
          Sur ce téléphone&#x202f;?{" "}
          <a className={buttonClasses({ variant: "outline" })}
            href={settings.otpauthUri}
          >
            Ouvrir dans mon application d'authentification
          </a>
        </p>
        <img
          src={settings.qrCode}
          alt="QR code à scanner avec votre application d'authentification"
          width={220}
          height={220}
          className="size-56 rounded-md bg-white ring-1 ring-slate-300"
        />
        <div>
          <p>Vous ne pouvez pas scanner&#x202f;? Saisissez cette clé dans l'application&#x202f;:</p>
          <dl className="mt-2 grid gap-x-4 gap-y-1 rounded-md bg-slate-100 p-4 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Clé</dt>
            <dd>
              <code id="cle-manuelle" className="break-words font-mono text-base tracking-wide text-slate-900">
                {settings.manualKey}
              </code>
            </dd>
            <dt className="font-semibold">Compte</dt>
            <dd className="break-all">{settings.account}</dd>
            <dt className="font-semibold">Type</dt>
            <dd>Basé sur le temps (TOTP), {TOTP_CODE_LENGTH} chiffres, toutes les 30 secondes</dd>
          </dl>
        </div>
      </Step>
      <Step id="titre-etape-code" number={3} title="saisissez le code affiché">
        <p>L'application affiche maintenant un code pour Recours. Saisissez-le pour terminer l'activation.</p>
        <Form {...form.formProps}>
          <ErrorSummary errors={form.errors} focusRequest={form.focusRequest} />
          <FormAlert message={form.formError} />
          <input type="hidden" name="intent" value="confirm" />
          <FieldsAndSubmit busy={form.busy} busyLabel="Activation..." submitLabel="Activer la double authentification">
            <TextField name="code" label="Code affiché par l'application" hint={`${TOTP_CODE_LENGTH} chiffres`} autoComplete="one-time-code" inputMode="numeric" error={form.errors.code} />
          </FieldsAndSubmit>
        </Form>
      </Step>
    </>
  );
}

/** Copy (with JavaScript) and download as a .txt file (a plain link: works without JavaScript too). */
function RecoveryCodeActions({ codes }: { codes: string[] }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const text = `Recours\u202f: codes de secours de la double authentification\nChaque code ne sert qu'une fois.\n\n${codes.join("\n")}\n`;
  const button = buttonClasses({ variant: "secondary" });
  return (
    <div className="flex flex-wrap items-center gap-2">
      {hydrated ? (
        <button
          type="button"
          className={button}
          onClick={() => {
            void navigator.clipboard.writeText(text).then(() => setCopied(true));
          }}
        >
          Copier les codes
        </button>
      ) : null}
      <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recours-codes-de-secours.txt" className={button}>
        Télécharger les codes (.txt)
      </a>
      <p aria-live="polite" className="text-sm text-green-800">
        {copied ? "Codes copiés." : ""}
      </p>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="titre-codes-secours" className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <Notice id="titre-activee" tone="success" title="La double authentification est activée">
        <p>À chaque connexion, Recours vous demandera un code de votre application après le mot de passe.</p>
      </Notice>
      <h2 id="titre-codes-secours" className="text-xl font-bold text-slate-900">
        Vos codes de secours
      </h2>
      <p className="text-slate-800">
        Si vous perdez votre téléphone, chacun de ces codes vous permet de vous connecter une fois. Notez-les ou
        imprimez-les maintenant et gardez-les en lieu sûr, ailleurs que sur votre téléphone.{" "}
        <strong>Ils ne seront plus jamais affichés.</strong>
      </p>
      <ol aria-label="Codes de secours" className="grid gap-2 rounded-md bg-slate-100 p-4 font-mono text-lg sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="text-slate-900">
            {code}
          </li>
        ))}
      </ol>
      <RecoveryCodeActions codes={codes} />
      <p>
        <ButtonLink
          className="w-full py-3 text-base sm:w-auto"
          to="/dashboard"
        >
          J'ai enregistré mes codes de secours, continuer
        </ButtonLink>
      </p>
    </section>
  );
}

function Enabled({ settings, result }: { settings: SecondFactorSettings; result: ActionResult | undefined }) {
  const form = useStepForm(disableTwoFactorSchema, "disable", result);
  return (
    <>
      <Notice id="titre-activee" tone="success" title="La double authentification est activée">
        <p>À chaque connexion, Recours vous demande un code de votre application après le mot de passe.</p>
        {settings.required ? (
          <p>
            Elle est obligatoire pour les comptes avocat et administrateur. Si vous perdez votre téléphone, connectez-vous
            avec un code de secours, puis demandez à un administrateur de réinitialiser votre double authentification.
          </p>
        ) : null}
      </Notice>
      {settings.required ? null : (
        <section aria-labelledby="titre-desactiver" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h2 id="titre-desactiver" className="text-xl font-bold text-slate-900">
            Désactiver la double authentification
          </h2>
          <p className="mt-2 text-slate-800">Votre compte sera alors protégé par votre mot de passe seul.</p>
          <PasswordConfirmationForm form={form} intent="disable" busyLabel="Désactivation..." submitLabel="Désactiver" className="mt-4 space-y-5">
            <TextField name="code" label="Code de l'application ou code de secours" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} error={form.errors.code} />
          </PasswordConfirmationForm>
        </section>
      )}
      <p>
        <BackToDashboardLink />
      </p>
    </>
  );
}

import { AccountSection } from "~/components/account/account-section";
import { data, redirect } from "react-router";
import { DeleteAccountSection } from "~/components/account/delete-account-section";
import { EmailSection } from "~/components/account/email-section";
import type { Route } from "./+types/compte";
import { AccountDetails } from "~/components/account/account-details";
import { PasswordSection } from "~/components/account/password-section";
import { SessionsSection } from "~/components/account/sessions-section";
import { FormAlert } from "~/components/form-controls";
import { ConfirmationPanel } from "~/components/confirmed-action";
import { isConfirmed } from "~/lib/confirmation";
import { END_ALL_SESSIONS_CONFIRMATION } from "~/components/account/sessions-section";
import { pageTitle } from "~/content/site";
import { SECOND_FACTOR_ENROLMENT_PATH } from "~/modules/accounts/two-factor.schema";
import { ACCOUNT_INTENTS, accountFormSchema, accountMessages } from "~/modules/accounts/account-settings.schema";
import { accountOverviewFor, changePassword, chooseSmsNotices, endAllSessions, endSession } from "~/modules/accounts/account-settings.server";
import { SmsNoticesSection } from "~/components/account/sms-notices-section";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";
import { BackToDashboardLink, ButtonLink } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mon compte") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return accountOverviewFor(requireUser(context));
}

const notFound = () => data(null, { status: 404 });

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const form = await parseForm(request, accountFormSchema);
  if (!form.ok) {
    switch (form.values.intent) {
      case ACCOUNT_INTENTS.changePassword:
        return data({ intent: ACCOUNT_INTENTS.changePassword, fieldErrors: form.fieldErrors, formError: undefined }, { status: 400 });
      case ACCOUNT_INTENTS.endSession:
        throw notFound();
      default:
        return data({ intent: undefined, fieldErrors: undefined, formError: accountMessages.unknownAction }, { status: 400 });
    }
  }

  const input = form.data;
  switch (input.intent) {
    case ACCOUNT_INTENTS.changePassword: {
      const result = await changePassword(actor, input, request);
      if (result.ok) return redirectWithToast("/compte", { ...accountMessages.passwordChanged, tone: "success" }, result.headers);
      if (result.status === 401) throw redirect("/connexion");
      return data(
        { intent: input.intent, fieldErrors: result.fieldErrors, formError: result.formError },
        { status: result.status },
      );
    }
    case ACCOUNT_INTENTS.endSession: {
      const result = await endSession(actor, input.sessionId, request);
      if (!result.ok) throw notFound();
      if (result.signedOut) {
        return redirectWithToast("/connexion", { ...accountMessages.signedOutHere, tone: "success" }, result.headers);
      }
      return redirectWithToast("/compte", { ...accountMessages.sessionEnded, tone: "success" });
    }
    case ACCOUNT_INTENTS.endAllSessions: {
      if (!isConfirmed(form.values)) {
        return { intent: input.intent, confirmation: { ...END_ALL_SESSIONS_CONFIRMATION, fields: { intent: input.intent } } };
      }
      const headers = await endAllSessions(actor, request);
      return redirectWithToast("/connexion", { ...accountMessages.signedOutEverywhere, tone: "success" }, headers);
    }
    case ACCOUNT_INTENTS.smsNotices: {
      const result = await chooseSmsNotices(actor, input.choice === "on");
      if (!result.ok) return data({ intent: input.intent, fieldErrors: undefined, formError: accountMessages.smsNeedsMobile }, { status: 409 });
      return redirectWithToast("/compte", { ...(input.choice === "on" ? accountMessages.smsNoticesOn : accountMessages.smsNoticesOff), tone: "success" });
    }
  }
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const account = loaderData;
  if (actionData && "confirmation" in actionData && actionData.confirmation) {
    return <ConfirmationPanel request={actionData.confirmation} cancelTo="/compte" />;
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <BackToDashboardLink variant="secondary" />

      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Mon compte</h1>
        <p className="mt-1 text-slate-700">Votre mot de passe et les appareils connectés à votre espace.</p>
      </div>

      {actionData?.intent === undefined ? <FormAlert message={actionData?.formError} /> : null}

      <AccountDetails firstName={account.firstName} lastName={account.lastName} email={account.email} />

      <EmailSection />

      <PasswordSection
        email={account.email}
        changedAt={account.passwordChangedAt}
        result={actionData?.intent === ACCOUNT_INTENTS.changePassword ? actionData : undefined}
      />

      <AccountSection
        id="titre-double-authentification"
        title="Double authentification"
        intro="Un code de votre téléphone en plus du mot de passe, à chaque connexion."
      >
        <ButtonLink variant="outline" className="mt-4" to={SECOND_FACTOR_ENROLMENT_PATH}>
          Gérer la double authentification
        </ButtonLink>
      </AccountSection>

      {account.smsNotices ? (
        <SmsNoticesSection
          settings={account.smsNotices}
          formError={actionData?.intent === ACCOUNT_INTENTS.smsNotices && "formError" in actionData ? actionData.formError : undefined}
        />
      ) : null}

      <SessionsSection sessions={account.sessions} />

      <AccountSection
        id="titre-mes-donnees"
        title="Mes données"
        intro="Téléchargez tout ce que Recours conserve à votre sujet, et voyez qui l'a consulté."
      >
        <ButtonLink variant="outline" className="mt-4" to="/compte/donnees">
          Voir mes données
        </ButtonLink>
      </AccountSection>

      <DeleteAccountSection />
    </div>
  );
}

import { data } from "react-router";
import type { Route } from "./+types/verifier-email";
import { FormAlert } from "~/components/form-controls";
import { ResendConfirmationForm } from "~/components/resend-confirmation-form";
import { Notice } from "~/components/ui/notice";
import { pageTitle } from "~/content/site";
import { anonymousActor, confirmEmail, resendConfirmation } from "~/modules/accounts/accounts.server";
import { emailOnlySchema, messages } from "~/modules/accounts/accounts.schema";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { currentActor } from "~/platform/guards.server";
import { requestedPath, signInPathReturningTo } from "~/lib/redirect-target";
import { ButtonLink } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Confirmation de l'adresse email") },
  { name: "robots", content: "noindex" },
];

/**
 * Opening the link from the email: confirms the address, then shows the sign-in form with the email filled in; or
 * moves the account to its new address, for its signed-in owner only. The link itself never signs anyone in.
 */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token")?.trim() ?? "";
  if (!token || token.length > 4000) return data({ reason: "invalid" as const }, { status: 400 });
  const actor = currentActor(context);
  const result = await confirmEmail(actor, token);
  if (!result.ok && result.reason === "sign-in-required") {
    // An address change takes effect for its signed-in owner only (decision 64): sign in, then come back here.
    return redirectWithToast(signInPathReturningTo(requestedPath(request)), {
      title: "Connectez-vous pour confirmer votre nouvelle adresse",
      description: "Le changement d'adresse prendra effet une fois que vous serez connecté à votre compte.",
    });
  }
  if (!result.ok) return data({ reason: result.reason }, { status: result.reason === "other-account" ? 409 : 400 });
  if (result.emailChanged) {
    return redirectWithToast("/dashboard", {
      title: "Adresse email modifiée",
      description: "Votre compte utilise maintenant votre nouvelle adresse. Vos autres appareils ont été déconnectés.",
      tone: "success",
    });
  }
  if (actor.kind === "user") {
    return redirectWithToast("/dashboard", { title: "Adresse email confirmée", tone: "success" });
  }
  return redirectWithToast("/connexion", { title: messages.addressConfirmed, tone: "success", signIn: { email: result.email } });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, emailOnlySchema);
  if (!form.ok) return data({ sent: undefined, formError: undefined, fieldError: form.fieldErrors.email }, { status: 400 });
  const result = await resendConfirmation(anonymousActor(request), form.data.email);
  if (!result.ok) return data({ sent: undefined, formError: result.formError, fieldError: undefined }, { status: result.status });
  return { sent: result.message, formError: undefined, fieldError: undefined };
}

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const reason = loaderData && "reason" in loaderData ? loaderData.reason : "invalid";
  return (
    <section aria-labelledby="titre-confirmation" className="mx-auto max-w-xl px-4 py-16">
      <h1 id="titre-confirmation" className="text-3xl font-bold text-slate-900">
        Confirmation de votre adresse email
      </h1>
      {reason === "other-account" ? (
        <p className="mt-4 text-lg text-slate-800">{messages.confirmationLinkOtherAccount}</p>
      ) : actionData?.sent ? (
        <div className="mt-6">
          <Notice id="lien-envoye" tone="success" title="Demande enregistrée">
            <p>{actionData.sent}</p>
          </Notice>
        </div>
      ) : (
        <>
          <p className="mt-4 text-lg text-slate-800">
            {reason === "expired" ? messages.confirmationLinkExpired : messages.confirmationLinkInvalid}
          </p>
          <div className="mt-4">
            <FormAlert message={actionData?.formError} />
          </div>
          <ResendConfirmationForm error={actionData?.fieldError} />
        </>
      )}
      <ButtonLink variant="link" className="mt-6" to="/connexion">
        Retour à la connexion
      </ButtonLink>
    </section>
  );
}

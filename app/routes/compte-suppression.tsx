import { AccountSection } from "~/components/account/account-section";
import { data, Link } from "react-router";
import type { Route } from "./+types/compte-suppression";
import { FormAlert, PasswordField, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { FieldError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { pageTitle } from "~/content/site";
import { accountDeletionMessages, accountDeletionSchema, deletionExplanation } from "~/modules/privacy/account-deletion.schema";
import { deleteMyAccount, deletionOverviewFor } from "~/modules/privacy/account-deletion.server";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit, parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";
import { BackLink } from "~/components/ui/button";
import { useSubmitting } from "~/components/use-submitting";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.activeCases.length ? REQUEST_HEADING : "Supprimer mon compte") },
  { name: "robots", content: "noindex" },
];

/** With a case in progress the account cannot go at once: the page records a request instead (issue 29). */
const REQUEST_HEADING = "Demander la suppression de mon compte";

export async function loader({ context }: Route.LoaderArgs) {
  const overview = await deletionOverviewFor(requireUser(context));
  return { ...overview, explanation: deletionExplanation() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const form = await parseForm(request, accountDeletionSchema);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, formError: undefined }, { status: 400 });
  const result = await deleteMyAccount(actor, form.data);
  if (!result.ok && result.blocked) {
    // A request recorded (or already recorded): the page then says since when, and what happens next.
    return redirectWithToast("/compte/suppression", { title: accountDeletionMessages.requested, description: accountDeletionMessages.requestedDetail, tone: "success" });
  }
  if (!result.ok) return data({ fieldErrors: result.fieldErrors, formError: result.formError }, answerInit(result));
  return redirectWithToast("/", { title: accountDeletionMessages.deleted, description: accountDeletionMessages.deletedDetail, tone: "success" }, result.headers);
}

const CONFIRMATION_ID = "champ-confirmation";

export default function AccountDeletionPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmitting();
  const { errors, focusRequest, validate, clear } = useFormValidation(accountDeletionSchema, actionData?.fieldErrors);
  const { explanation } = loaderData;
  const { activeCases, waitingSince } = loaderData;
  const requestOnly = activeCases.length > 0;
  return (
    <section aria-labelledby="titre-suppression" className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <BackLink to="/compte">Retour à mon compte</BackLink>
      <div>
        <h1 id="titre-suppression" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {requestOnly ? REQUEST_HEADING : "Supprimer mon compte"}
        </h1>
        {requestOnly ? (
          <p className="mt-2 text-slate-800">
            Un dossier est en cours avec votre avocat&#x202f;: votre compte ne peut pas être supprimé tout de suite. Vous pouvez
            en demander la suppression (droit à l'effacement, article 17 du RGPD)&#x202f;: nous enregistrons votre demande,
            nous prévenons votre avocat et vous recevez un accusé de réception par e-mail. Le compte est supprimé une fois le
            dossier clos. Voici exactement ce qui se passe.
          </p>
        ) : (
          <p className="mt-2 text-slate-800">
            Vous pouvez supprimer votre compte à tout moment (droit à l'effacement, article 17 du RGPD). Voici exactement ce
            qui se passe.
          </p>
        )}
      </div>

      {!loaderData.canDelete ? (
        <Notice id="compte-equipe" tone="info" title="Compte de l'équipe Recours">
          <p>{accountDeletionMessages.staffAccount}</p>
        </Notice>
      ) : (
        <>
          <AccountSection id="titre-supprime" title={requestOnly ? "Supprimé une fois le dossier clos" : "Supprimé immédiatement"}>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800">
              {explanation.deletedNow.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </AccountSection>

          <AccountSection id="titre-conserve" title="Conservé parce que la loi l'impose, puis supprimé">
            <p className="mt-2 text-slate-800">
              Ces éléments ne portent plus votre nom&#x202f;: ils sont rattachés à un pseudonyme et ne servent qu'à répondre à une
              obligation légale ou à défendre des droits en justice.
            </p>
            <dl className="mt-3 space-y-4">
              {explanation.kept.map((item) => (
                <div key={item.data}>
                  <dt className="font-semibold text-slate-900">{item.data}</dt>
                  <dd className="mt-1 text-slate-800">
                    Durée&#x202f;: {item.duration}. À la fin&#x202f;: {item.outcome}.
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-slate-800">
              Toutes les durées figurent dans la{" "}
              <Link to="/politique-confidentialite" className="font-semibold text-brand-800 underline underline-offset-2">
                politique de confidentialité
              </Link>
              .
            </p>
          </AccountSection>

          {requestOnly ? (
            <Notice id="dossier-en-cours" tone="warning" title="Un dossier est en cours avec votre avocat">
              {waitingSince ? (
                <p>
                  Votre demande de suppression est enregistrée depuis le <time dateTime={waitingSince.iso}>{waitingSince.text}</time>{" "}
                  et votre avocat en est prévenu. Voyez avec lui, dans la messagerie du dossier, pour le clôturer. Une fois le
                  dossier clos, revenez sur cette page pour confirmer la suppression de votre compte.
                </p>
              ) : (
                <p>
                  Votre compte ne pourra être supprimé qu'après la clôture de ce dossier&#x202f;: voyez-le avec votre avocat dans
                  la messagerie du dossier. Si vous demandez la suppression ci-dessous, nous enregistrons votre demande et le
                  prévenons.
                </p>
              )}
              <ul className="mt-2 list-disc pl-5">
                {activeCases.map((item) => (
                  <li key={item.caseNumber}>
                    Dossier {item.caseNumber}
                    {item.lawyerName ? ` — ${item.lawyerName}` : ""}
                  </li>
                ))}
              </ul>
            </Notice>
          ) : null}

          {requestOnly && waitingSince ? null : (
            <section aria-labelledby="titre-confirmer" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-red-200 sm:p-6">
              <h2 id="titre-confirmer" className="text-xl font-bold text-slate-900">
                {requestOnly ? "Confirmer la demande" : "Confirmer la suppression"}
              </h2>
              {requestOnly ? (
                <p className="mt-2 text-slate-800">
                  Rien n'est supprimé tant que le dossier est en cours&#x202f;: votre demande est enregistrée, votre avocat
                  prévenu, et vous recevez un accusé de réception par e-mail. Une fois le dossier clos, vous revenez sur cette
                  page pour confirmer la suppression.
                </p>
              ) : (
                <p className="mt-2 text-slate-800">Cette action est définitive&#x202f;: un compte supprimé ne peut pas être récupéré.</p>
              )}
              <ValidatedForm validation={{ validate, clear, errors, focusRequest }} className="mt-4 space-y-5">
                <FormAlert message={actionData?.formError} />
                <PasswordField name="password" label="Votre mot de passe" error={errors.password} />
                <div>
                  <div className="flex items-start gap-3">
                    <input
                      id={CONFIRMATION_ID}
                      name="confirmation"
                      type="checkbox"
                      value="oui"
                      aria-invalid={errors.confirmation ? true : undefined}
                      aria-describedby={errors.confirmation ? `${CONFIRMATION_ID}-erreur` : undefined}
                      className="mt-3.5 size-5 shrink-0 accent-red-700"
                    />
                    <label htmlFor={CONFIRMATION_ID} className="block min-h-11 py-3 text-slate-800">
                      {requestOnly
                        ? "J'ai compris que mon compte et mes documents seront supprimés définitivement une fois le dossier clos."
                        : "J'ai compris que mon compte et mes documents seront supprimés définitivement."}
                    </label>
                  </div>
                  <FieldError id={`${CONFIRMATION_ID}-erreur`} message={errors.confirmation} />
                </div>
                <SubmitButton busy={busy} busyLabel={requestOnly ? "Envoi de la demande..." : "Suppression..."}>
                  {requestOnly ? "Demander la suppression" : "Supprimer définitivement mon compte"}
                </SubmitButton>
              </ValidatedForm>
            </section>
          )}
        </>
      )}
    </section>
  );
}

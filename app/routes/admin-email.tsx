import { data } from "react-router";
import type { Route } from "./+types/admin-email";
import { BackOfficePage, frenchDateTime } from "~/components/back-office/back-office-page";
import { EmailStatus, emailOrigin } from "~/components/back-office/email-status";
import { pageTitle } from "~/content/site";
import { emailMessage } from "~/modules/back-office/emails.server";
import { NotFoundError } from "~/platform/actor";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("E-mail envoyé") }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  try {
    return { email: await emailMessage(actor, params.emailId) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export default function AdminEmailPage({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData;
  return (
    <BackOfficePage id="titre-email" title={email.subject} backLink={{ to: "/admin/emails", label: "Retour à l'historique des e-mails" }}>
      <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-slate-900">Destinataire</dt>
        <dd className="break-all">{email.recipient}</dd>
        <dt className="font-semibold text-slate-900">Envoyé le</dt>
        <dd>{frenchDateTime(email.sentAt)}</dd>
        <dt className="font-semibold text-slate-900">Statut</dt>
        <dd>
          <EmailStatus email={email} />
        </dd>
        <dt className="font-semibold text-slate-900">Origine</dt>
        <dd>{emailOrigin(email)}</dd>
      </dl>
      <h2 className="mt-8 text-xl font-bold text-slate-900">Message</h2>
      <pre className="mt-3 whitespace-pre-wrap rounded-md bg-slate-50 p-4 font-sans ring-1 ring-slate-200">{email.body}</pre>
    </BackOfficePage>
  );
}

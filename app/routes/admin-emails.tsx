import { data, Form } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { Button, ButtonLink } from "~/components/ui/button";
import { controlClasses, Field, TextField } from "~/components/ui/field";
import type { Route } from "./+types/admin-emails";
import { BackOfficePage, FilterSelect, frenchDateTime, InlineAlert, ListAlert, SearchForm, StaffPanel, StaffTable } from "~/components/back-office/back-office-page";
import { EmailStatus, emailOrigin } from "~/components/back-office/email-status";
import { pageTitle } from "~/content/site";
import { backOfficeMessages, emailListQuerySchema, MANUAL_EMAIL_BODY_MAX, MANUAL_EMAIL_MAX_RECIPIENTS, manualEmailSchema, retryEmailSchema } from "~/modules/back-office/back-office.schema";
import { emailHistory, retryEmail, sendManualEmail } from "~/modules/back-office/emails.server";
import { listTemplates } from "~/modules/back-office/templates.server";
import { NotFoundError } from "~/platform/actor";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("E-mails") }, { name: "robots", content: "noindex" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  const parsed = emailListQuerySchema.safeParse({ q: url.searchParams.get("q") ?? undefined });
  const search = parsed.success ? parsed.data.q : "";
  const [history, templates] = await Promise.all([emailHistory(actor, search), listTemplates(actor, "")]);
  const chosen = templates.find((template) => template.id === url.searchParams.get("template")) ?? null;
  const body = {
    q: search,
    error: parsed.success ? null : (parsed.error.issues[0]?.message ?? "Recherche illisible."),
    history,
    templates: templates.map((template) => ({ id: template.id, name: template.name })),
    chosen: chosen ? { id: chosen.id, subject: chosen.subject, body: chosen.body } : null,
  };
  return parsed.success ? body : data(body, { status: 400 });
}

export async function action({ url, request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "admin");
  if (url.searchParams.get("intent") === "retry") {
    const form = await parseForm(request, retryEmailSchema);
    if (!form.ok) return data({ kind: "retry" as const, error: backOfficeMessages.emailNotRetriable, fieldErrors: {}, values: {} }, { status: 400 });
    try {
      const result = await retryEmail(actor, form.data.emailId);
      if (!result.ok) return data({ kind: "retry" as const, error: backOfficeMessages.emailNotRetriable, fieldErrors: {}, values: {} }, { status: 409 });
      return redirectWithToast("/admin/emails", { title: backOfficeMessages.emailRetried, tone: "success" });
    } catch (error) {
      if (error instanceof NotFoundError) return data({ kind: "retry" as const, error: backOfficeMessages.emailNotRetriable, fieldErrors: {}, values: {} }, { status: 404 });
      throw error;
    }
  }
  const form = await parseForm(request, manualEmailSchema);
  if (!form.ok) {
    const { form: formError, ...fieldErrors } = form.fieldErrors;
    return data(
      { kind: "send" as const, error: formError ?? backOfficeMessages.emailError, fieldErrors, values: { recipients: form.values.recipients ?? "", subject: form.values.subject ?? "", body: form.values.body ?? "" } },
      { status: 400 },
    );
  }
  const { queued } = await sendManualEmail(actor, form.data);
  return redirectWithToast("/admin/emails", {
    title: backOfficeMessages.emailSent(queued),
    description: "Les envois partent dans l'ordre\u202f; l'historique ci-dessous montre chacun dès qu'il est parti, ou son erreur.",
    tone: "success",
  });
}

export default function AdminEmailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { q, error, history, templates, chosen } = loaderData;
  const sendError = actionData?.kind === "send" ? actionData : null;
  const values = sendError?.values ?? { recipients: "", subject: chosen?.subject ?? "", body: chosen?.body ?? "" };
  const fieldErrors: Record<string, string | undefined> = sendError?.fieldErrors ?? {};
  return (
    <BackOfficePage id="titre-emails" title="E-mails" intro="Les 100 derniers e-mails envoyés par la plateforme, et l'envoi d'un e-mail manuel.">
      <section aria-labelledby="titre-statistiques" className="mt-6">
        <h2 id="titre-statistiques" className="sr-only">
          Statistiques
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-slate-700">Envoyés aujourd'hui</dt>
            <dd className="text-3xl font-bold" data-stat="sent-today">
              {history.sentToday}
            </dd>
          </div>
          <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-slate-700">Total chargé</dt>
            <dd className="text-3xl font-bold" data-stat="total-loaded">
              {history.totalLoaded}
            </dd>
          </div>
          <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-slate-700">En échec (parmi les chargés)</dt>
            <dd className="text-3xl font-bold">{history.failedLoaded}</dd>
          </div>
        </dl>
      </section>

      <StaffPanel id="titre-envoi" title="Envoyer un e-mail" className="mt-8">
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
          <FilterSelect
            id="template"
            name="template"
            label="Partir d'un modèle (facultatif)"
            value={chosen?.id ?? ""}
            options={[{ value: "", label: "Aucun" }, ...templates.map((template) => ({ value: template.id, label: template.name }))]}
          />
          <Button variant="secondary">
            Utiliser ce modèle
          </Button>
        </Form>
        <ListAlert className="mt-4 border">{sendError?.error}</ListAlert>
        <Form method="post" className="mt-4 grid gap-4" key={chosen?.id ?? "vide"}>
          <Field
            id="destinataires"
            label="Destinataires"
            hint={`Adresses séparées par des virgules, ${MANUAL_EMAIL_MAX_RECIPIENTS} au plus. Chaque destinataire reçoit son propre e-mail.`}
            error={fieldErrors.recipients}
            control={(control) => <textarea name="recipients" rows={2} defaultValue={values.recipients} className={controlClasses(fieldErrors.recipients)} {...control} />}
          />
          <TextField id="objet" name="subject" label="Objet" defaultValue={values.subject} maxLength={300} error={fieldErrors.subject} />
          <Field
            id="message"
            label="Message"
            error={fieldErrors.body}
            control={(control) => (
              <textarea name="body" rows={8} defaultValue={values.body} maxLength={MANUAL_EMAIL_BODY_MAX} className={controlClasses(fieldErrors.body)} {...control} />
            )}
          />
          <p>
            <Button>
              Envoyer
            </Button>
          </p>
        </Form>
      </StaffPanel>

      <section aria-labelledby="titre-historique" className="mt-8">
        <h2 id="titre-historique" className="text-xl font-bold text-slate-900">
          Historique
        </h2>
        <SearchForm label="Rechercher un e-mail" placeholder="Destinataire ou objet" value={q} error={error} />
        <InlineAlert>{actionData?.kind === "retry" ? actionData.error : null}</InlineAlert>
        <StaffTable caption="Les 100 derniers e-mails, du plus récent au plus ancien" rows={history.emails} empty="Aucun e-mail ne correspond." columns={[
          {
            header: "Destinataire",
            cell: (email) => <span className="break-all">{email.recipient}</span>,
          },
          {
            header: "Objet",
            cell: (email) => (
              <>
                <AppLink to={`/admin/emails/${email.id}`} className="font-semibold text-brand-800 underline">
                  {email.subject}
                </AppLink>
                {email.excerpt ? <span className="mt-1 block text-sm text-slate-700">{email.excerpt}</span> : null}
              </>
            ),
          },
          { header: "Envoyé le", cell: (email) => frenchDateTime(email.sentAt) },
          { header: "Statut", cell: (email) => <EmailStatus email={email} /> },
          { header: "Origine", cell: (email) => emailOrigin(email) },
        ]} />
        <p className="mt-3">
          <ButtonLink to="/admin/email-templates" variant="link">
            Gérer les modèles d'e-mails
          </ButtonLink>
        </p>
      </section>
    </BackOfficePage>
  );
}

import { data } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import type { Route } from "./+types/admin-email-templates";
import { BackOfficePage, frenchDate, ListAlert, SearchForm, StaffTable } from "~/components/back-office/back-office-page";
import { ConfirmationPanel, ConfirmedActionForm } from "~/components/confirmed-action";
import { pageTitle } from "~/content/site";
import { isConfirmed, type ConfirmationRequest } from "~/lib/confirmation";
import { backOfficeMessages, templateListQuerySchema } from "~/modules/back-office/back-office.schema";
import { deleteTemplate, listTemplates } from "~/modules/back-office/templates.server";
import { NotFoundError } from "~/platform/actor";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";
import { z } from "zod";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Modèles d'e-mails") }, { name: "robots", content: "noindex" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  const parsed = templateListQuerySchema.safeParse({ q: url.searchParams.get("q") ?? undefined });
  if (!parsed.success) return data({ q: "", templates: [], error: parsed.error.issues[0]?.message ?? "Recherche illisible." }, { status: 400 });
  return { q: parsed.data.q, templates: await listTemplates(actor, parsed.data.q), error: null };
}

const deleteSchema = z.object({ intent: z.literal("delete"), templateId: z.string().min(1).max(100) });

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "admin");
  const form = await parseForm(request, deleteSchema);
  if (!form.ok) return data({ error: backOfficeMessages.templateDeleteError, confirmation: null }, { status: 400 });
  try {
    if (!isConfirmed(form.values)) {
      const confirmation: ConfirmationRequest = {
        title: "Supprimer ce modèle\u202f?",
        description: backOfficeMessages.templateDeleteConfirm,
        confirmLabel: "Supprimer",
        fields: { intent: "delete", templateId: form.data.templateId },
      };
      return { confirmation, error: null };
    }
    const result = await deleteTemplate(actor, form.data.templateId);
    if (!result.ok) return data({ error: `${backOfficeMessages.templateDeleteError}\u202f: ${result.message}`, confirmation: null }, { status: result.status });
    return redirectWithToast("/admin/email-templates", { title: backOfficeMessages.templateDeleted, description: result.name, tone: "success" });
  } catch (error) {
    if (error instanceof NotFoundError) return data({ error: `${backOfficeMessages.templateDeleteError}\u202f: ${backOfficeMessages.templateUnknown}`, confirmation: null }, { status: 404 });
    throw error;
  }
}

export default function AdminEmailTemplatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { q, templates, error } = loaderData;
  if (actionData?.confirmation) return <ConfirmationPanel request={actionData.confirmation} cancelTo="/admin/email-templates" />;
  return (
    <BackOfficePage
      id="titre-modeles"
      title="Modèles d'e-mails"
      intro="Les modèles marqués « Envoyé par la plateforme » partent automatiquement (confirmation, réinitialisation, dossiers…)&#x202f;: ils se modifient mais ne se suppriment pas."
    >
      <p className="mt-4">
        <ButtonLink to="/admin/email-templates/nouveau">
          Nouveau modèle
        </ButtonLink>
      </p>
      <SearchForm label="Rechercher un modèle" placeholder="Nom ou objet" value={q} error={error} />
      <ListAlert className="mt-4 border">{actionData?.error}</ListAlert>
      <StaffTable caption="Modèles d'e-mails, du plus récent au plus ancien" rows={templates} empty="Aucun modèle ne correspond." columns={[
        {
          header: "Nom",
          cell: (template) => (
            <>
              <AppLink to={`/admin/email-templates/${template.id}`} className="font-semibold text-brand-800 underline">
                {template.name}
              </AppLink>
              {template.key ? <span className="block text-sm text-slate-700">Envoyé par la plateforme</span> : null}
            </>
          ),
        },
        { header: "Objet", cell: (template) => template.subject },
        { header: "Variables", cell: (template) => (template.variables.length ? template.variables.join(", ") : "Aucune") },
        { header: "Créé le", cell: (template) => frenchDate(template.createdAt) },
        {
          header: "Actions",
          cell: (template) => (
            <div className="flex flex-wrap gap-2">
              <ButtonLink to={`/admin/email-templates/${template.id}`} variant="secondary">
                Modifier<span className="sr-only"> {template.name}</span>
              </ButtonLink>
              {template.key ? null : (
                <ConfirmedActionForm
                  fields={{ intent: "delete", templateId: template.id }}
                  title="Supprimer ce modèle&#x202f;?"
                  description={backOfficeMessages.templateDeleteConfirm}
                  confirmLabel="Supprimer"
                  buttonClassName={buttonClasses({ variant: "secondary" })}
                >
                  Supprimer<span className="sr-only"> {template.name}</span>
                </ConfirmedActionForm>
              )}
            </div>
          ),
        },
      ]} />
    </BackOfficePage>
  );
}

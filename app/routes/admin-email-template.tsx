import { useState } from "react";
import { data, Form } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { controlClasses, FieldLabel } from "~/components/ui/field";
import type { Route } from "./+types/admin-email-template";
import { BackOfficePage, ProblemsAlert } from "~/components/back-office/back-office-page";
import { TemplatePreview } from "~/components/back-office/template-preview";
import { pageTitle } from "~/content/site";
import { backOfficeMessages, SYSTEM_TEMPLATE_REQUIRED_VARIABLES, TEMPLATE_BODY_MAX, templateSchema } from "~/modules/back-office/back-office.schema";
import { createTemplate, templateById, updateTemplate } from "~/modules/back-office/templates.server";
import { NotFoundError } from "~/platform/actor";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: pageTitle(params.templateId === "nouveau" ? "Nouveau modèle d'e-mail" : "Modifier un modèle d'e-mail") },
  { name: "robots", content: "noindex" },
];

const EMPTY = { id: null as string | null, key: null as string | null, name: "", subject: "", body: "", variables: "" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  if (params.templateId === "nouveau") return { template: EMPTY };
  try {
    const template = await templateById(actor, params.templateId);
    return { template: { ...template, variables: template.variables.join(", ") } };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireRole(context, "admin");
  const form = await parseForm(request, templateSchema);
  const values = { name: form.values.name ?? "", subject: form.values.subject ?? "", body: form.values.body ?? "", variables: form.values.variables ?? "" };
  if (!form.ok) return data({ fieldErrors: form.fieldErrors as Record<string, string>, values }, { status: 400 });
  try {
    const creating = params.templateId === "nouveau";
    const result = creating ? await createTemplate(actor, form.data) : await updateTemplate(actor, params.templateId, form.data);
    if (!result.ok) return data({ fieldErrors: result.fieldErrors as Record<string, string>, values }, { status: result.status });
    return redirectWithToast("/admin/email-templates", { title: creating ? backOfficeMessages.templateCreated : backOfficeMessages.templateUpdated, tone: "success" });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

const FIELDS = [
  { name: "name", label: "Nom", rows: 0 },
  { name: "subject", label: "Objet", rows: 0 },
  { name: "body", label: "Texte", rows: 12 },
  { name: "variables", label: "Variables", rows: 0 },
] as const;

export default function AdminEmailTemplatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { template } = loaderData;
  const initial = actionData?.values ?? template;
  const [draft, setDraft] = useState({ name: initial.name, subject: initial.subject, body: initial.body, variables: initial.variables });
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const required = template.key ? SYSTEM_TEMPLATE_REQUIRED_VARIABLES[template.key] ?? [] : [];
  const messages = Object.values(errors).filter((message): message is string => Boolean(message));
  return (
    <BackOfficePage id="titre-modele" title={template.id ? `Modifier « ${template.name} »` : "Nouveau modèle"}>
      <p className="mt-2">
        <ButtonLink variant="link" to="/admin/email-templates">
          Tous les modèles
        </ButtonLink>
      </p>
      <ProblemsAlert title={backOfficeMessages.templateSaveError} problems={messages} className="mt-4 border" />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Form method="post" className="grid content-start gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          {FIELDS.map((field) => {
            const id = `modele-${field.name}`;
            const hint =
              field.name === "variables"
                ? `Séparées par des virgules, par exemple\u202f: prenom, lien. Dans le texte\u202f: {{prenom}}.${required.length ? ` La plateforme a besoin de\u202f: ${required.join(", ")}.` : ""}`
                : null;
            const describedBy = [hint ? `${id}-aide` : null, errors[field.name] ? `${id}-erreur` : null].filter(Boolean).join(" ") || undefined;
            const common = {
              id,
              name: field.name,
              value: draft[field.name],
              onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field.name]: event.target.value })),
              "aria-invalid": errors[field.name] ? true : undefined,
              "aria-describedby": describedBy,
              className: controlClasses(undefined),
            };
            return (
              <div key={field.name}>
                <FieldLabel id={id} label={field.label} hint={hint} labelClassName="block font-semibold" hintClassName="text-sm text-slate-700" />
                {field.rows ? <textarea rows={field.rows} maxLength={TEMPLATE_BODY_MAX} {...common} /> : <input {...common} />}
                {errors[field.name] ? (
                  <p id={`${id}-erreur`} className="mt-1 font-semibold text-red-800">
                    {errors[field.name]}
                  </p>
                ) : null}
              </div>
            );
          })}
          <p>
            <Button>
              Enregistrer
            </Button>
          </p>
        </Form>
        <TemplatePreview subject={draft.subject} body={draft.body} variables={draft.variables} />
      </div>
    </BackOfficePage>
  );
}

import { data } from "react-router";
import type { Route } from "./+types/case-identifiants";
import { IdentifierForm } from "~/components/case-file/identifier-form";
import { pageTitle } from "~/content/site";
import { caseFileMessages, identifierSchema } from "~/modules/case-file/case-file.schema";
import { addIdentifier, caseFileHeader, deleteIdentifier } from "~/modules/case-file/case-file.server";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";
import { BackLink } from "~/components/ui/button";

export const meta: Route.MetaFunction = ({ data: header }) => [
  { title: pageTitle(header ? `Ajouter un identifiant — dossier ${header.caseNumber}` : "Ajouter un identifiant") },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return caseFileHeader(requireUser(context), params.caseId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const back = `/case/${params.caseId}#identifiants`;
  const fields = await request.clone().formData().catch(() => null);
  if (fields?.get("intent") === "supprimer") {
    const result = await deleteIdentifier(actor, params.caseId, String(fields.get("identifierId") ?? ""));
    if (!result.ok) return data({ fieldErrors: undefined, values: undefined, formError: result.formError }, { status: result.status });
    return redirectWithToast(back, { title: caseFileMessages.identifierDeleted, tone: "success" });
  }
  const form = await parseForm(request, identifierSchema);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values, formError: undefined }, { status: 422 });
  const result = await addIdentifier(actor, params.caseId, form.data);
  if (!result.ok) return data({ fieldErrors: result.fieldErrors, values: form.values, formError: result.formError }, { status: result.status });
  return redirectWithToast(back, { title: caseFileMessages.identifierAdded, tone: "success" });
}

export default function NewIdentifierPage({ loaderData: header, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <BackLink variant="link" to={`/case/${header.caseId}#identifiants`}>
        Retour au dossier {header.caseNumber}
      </BackLink>
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold text-slate-900">Ajouter un identifiant de l'escroc</h1>
        <p className="mt-1 text-slate-700">
          Dossier {header.caseNumber}. Un nom utilisé, un numéro de téléphone, une adresse e-mail, un site ou un profil de réseau social.
        </p>
        <div className="mt-6">
          {header.canEdit ? (
            <IdentifierForm
              action={`/case/${header.caseId}/identifiants`}
              values={(actionData?.values as Record<string, string> | undefined) ?? {}}
              errors={actionData?.fieldErrors}
              formError={actionData?.formError}
            />
          ) : (
            <p className="text-slate-800">{caseFileMessages.readOnly}</p>
          )}
        </div>
      </section>
    </div>
  );
}

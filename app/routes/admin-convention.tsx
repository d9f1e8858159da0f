import { data } from "react-router";
import type { Route } from "./+types/admin-convention";
import { BackOfficePage, frenchDateTime } from "~/components/back-office/back-office-page";
import { TemplateSections, TEMPLATE_VERSIONS_NOTE } from "~/components/back-office/agreement-template";
import { ButtonLink } from "~/components/ui/button";
import { pageTitle } from "~/content/site";
import { BASE_FEE_DUE_TEXT } from "~/lib/fees";
import { baseFeeBoundsText, resultPercentBoundsText } from "~/modules/agreements/templates.schema";
import { templateVersion } from "~/modules/agreements/templates.server";
import { NotFoundError } from "~/platform/actor";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Convention d'honoraires, version ${loaderData.template.version}` : "Convention d'honoraires") },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  try {
    return { template: await templateVersion(actor, params.templateId) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export default function AdminConventionPage({ loaderData }: Route.ComponentProps) {
  const { template } = loaderData;
  return (
    <BackOfficePage id="titre-version" title={`Version ${template.version}\u202f: ${template.title}`} intro={<p>{TEMPLATE_VERSIONS_NOTE}</p>}>
      <p className="mt-4 flex flex-wrap gap-3">
        <ButtonLink variant="secondary" to="/admin/conventions">
          Toutes les versions
        </ButtonLink>
        <ButtonLink to="/admin/conventions/nouvelle">Nouvelle version</ButtonLink>
      </p>
      <dl className="mt-6 grid gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-900">Créée</dt>
          <dd>
            {frenchDateTime(template.createdAt)}, {template.createdBy ? `par ${template.createdBy.name}` : "par la plateforme, à partir du modèle d'honoraires"}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Honoraires de diligence</dt>
          <dd>
            {baseFeeBoundsText(template)}, payables {BASE_FEE_DUE_TEXT[template.baseFeeDue]}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Honoraire complémentaire de résultat</dt>
          <dd>{resultPercentBoundsText(template)} des sommes effectivement récupérées</dd>
        </div>
      </dl>
      <h2 className="mt-8 text-2xl font-bold text-slate-900">Le texte de la convention</h2>
      <p className="mt-1 text-slate-700">Les variables entre doubles accolades sont remplies à la proposition (dossier, parties, montants).</p>
      <TemplateSections sections={template.sections} />
    </BackOfficePage>
  );
}

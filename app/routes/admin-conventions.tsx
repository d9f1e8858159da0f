import { AppLink } from "~/components/ui/app-link";

import type { Route } from "./+types/admin-conventions";
import { BackOfficePage, frenchDateTime, ProblemsAlert, StaffTable } from "~/components/back-office/back-office-page";
import { FeeModelSummary, TEMPLATE_VERSIONS_NOTE } from "~/components/back-office/agreement-template";
import { ButtonLink } from "~/components/ui/button";
import { pageTitle } from "~/content/site";
import { BASE_FEE_DUE_TEXT } from "~/lib/fees";
import { baseFeeBoundsText, boundsBeyondModel, resultPercentBoundsText } from "~/modules/agreements/templates.schema";
import { currentFeeModel, listTemplates } from "~/modules/agreements/templates.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Conventions d'honoraires") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  return { templates: await listTemplates(actor), feeModel: currentFeeModel() };
}

export default function AdminConventionsPage({ loaderData }: Route.ComponentProps) {
  const { templates, feeModel } = loaderData;
  const latest = templates[0]?.id;
  const stale = templates[0] ? boundsBeyondModel(templates[0], feeModel) : [];
  return (
    <BackOfficePage
      id="titre-conventions"
      title="Conventions d'honoraires"
      intro={
        <>
          <p>Les versions du modèle de convention d'honoraires que les avocats proposent à leurs clients. La plus récente sert aux nouvelles propositions.</p>
          <p className="mt-2 font-semibold text-slate-900">{TEMPLATE_VERSIONS_NOTE}</p>
        </>
      }
    >
      <FeeModelSummary model={feeModel} />
      <ProblemsAlert title={<>La version en vigueur ne correspond plus au modèle d'honoraires annoncé sur le site&#x202f;: enregistrez une nouvelle version.</>} problems={stale} />
      <p className="mt-6">
        <ButtonLink to="/admin/conventions/nouvelle">Nouvelle version</ButtonLink>
      </p>
      <StaffTable
        caption="Versions du modèle de convention, de la plus récente à la plus ancienne"
        rows={templates}
        empty="Aucune version."
        columns={[
          {
            header: "Version",
            cell: (template) => (
              <>
                <AppLink to={`/admin/conventions/${template.id}`} className="font-semibold text-brand-800 underline">
                  Version {template.version}
                </AppLink>
                {template.id === latest ? <span className="block text-sm text-slate-700">En vigueur pour les nouvelles propositions</span> : null}
              </>
            ),
          },
          { header: "Titre", cell: (template) => template.title },
          {
            header: "Créée",
            cell: (template) => (
              <>
                {frenchDateTime(template.createdAt)}
                <span className="block text-sm text-slate-700">{template.createdBy ? `par ${template.createdBy.name}` : "par la plateforme, à partir du modèle d'honoraires"}</span>
              </>
            ),
          },
          {
            header: "Honoraires de diligence",
            cell: (template) => `${baseFeeBoundsText(template)}, payables ${BASE_FEE_DUE_TEXT[template.baseFeeDue]}`,
          },
          { header: "Honoraire de résultat", cell: (template) => resultPercentBoundsText(template) },
        ]}
      />
    </BackOfficePage>
  );
}

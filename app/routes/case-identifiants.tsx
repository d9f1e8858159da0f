import type { Route } from "./+types/case-identifiants";
import { IdentifierForm } from "~/components/case-file/identifier-form";
import { CaseFileSubpage, caseFileSubpageMeta } from "~/components/case-file/case-file-subpage";
import { caseFileMessages, identifierSchema } from "~/modules/case-file/case-file.schema";
import { addIdentifier, caseFileHeader, deleteIdentifier } from "~/modules/case-file/case-file.server";
import { caseFileAnswer, saveCaseFileForm } from "~/modules/case-file/case-file-form-action.server";
import { requireUser } from "~/platform/guards.server";

export const meta: Route.MetaFunction = ({ data: header }) => caseFileSubpageMeta("Ajouter un identifiant", header?.caseNumber);

export async function loader({ params, context }: Route.LoaderArgs) {
  return caseFileHeader(requireUser(context), params.caseId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const back = `/case/${params.caseId}#identifiants`;
  const fields = await request.clone().formData().catch(() => null);
  if (fields?.get("intent") === "delete") {
    const result = await deleteIdentifier(actor, params.caseId, String(fields.get("identifierId") ?? ""));
    return caseFileAnswer(result, { back, title: caseFileMessages.identifierDeleted });
  }
  return saveCaseFileForm(request, identifierSchema, (input) => addIdentifier(actor, params.caseId, input), { back, title: caseFileMessages.identifierAdded });
}

export default function NewIdentifierPage({ loaderData: header, actionData }: Route.ComponentProps) {
  return (
    <CaseFileSubpage header={header} section="identifiants" title="Ajouter un identifiant de l'escroc" intro={`Dossier ${header.caseNumber}. Un nom utilisé, un numéro de téléphone, une adresse e-mail, un site ou un profil de réseau social.`}>
      <IdentifierForm
        action={`/case/${header.caseId}/identifiants`}
        values={actionData?.values ?? {}}
        errors={actionData?.fieldErrors}
        formError={actionData?.formError}
      />
    </CaseFileSubpage>
  );
}

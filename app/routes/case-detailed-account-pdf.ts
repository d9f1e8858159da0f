import { data } from "react-router";
import type { Route } from "./+types/case-detailed-account-pdf";
import { pdfResponse } from "~/modules/case-file/pdf-response";
import { detailedAccountDocument } from "~/modules/recoveries/recoveries.server";
import { requireUser } from "~/platform/guards.server";

/**
 * GET /case/:caseId/compte-detaille.pdf: the detailed account (RIN 11.7) for the case's client, its lawyer or an admin;
 * anyone else the case's 404; 409 while no agreement is in force.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = requireUser(context);
  const result = await detailedAccountDocument(actor, params.caseId);
  if (!result.ok) throw data({ message: result.message }, { status: result.status });
  return pdfResponse(result);
}

import type { Route } from "./+types/case-pack-pdf";
import { complaintPackFor } from "~/modules/case-file/complaint-pack.server";
import { pdfResponse } from "~/modules/case-file/pdf-response";
import { requireUser } from "~/platform/guards.server";

/** GET /case/:caseId/dossier.pdf: the complaint pack, generated now (client, assigned lawyer, admin; others 404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return pdfResponse(await complaintPackFor(requireUser(context), params.caseId));
}

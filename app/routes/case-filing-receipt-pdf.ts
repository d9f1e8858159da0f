import { data } from "react-router";
import type { Route } from "./+types/case-filing-receipt-pdf";
import { downloadFilingReceipt } from "~/modules/case-file/filing-receipt.server";
import { pdfResponse } from "~/modules/case-file/pdf-response";
import { requireUser } from "~/platform/guards.server";

/**
 * GET /case/:caseId/accuse-de-depot.pdf: the filing receipt stored at submission (client, assigned lawyer, admin;
 * anyone else 404). Not made yet: 404 "en cours de préparation"; altered since: 409, never served.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await downloadFilingReceipt(requireUser(context), params.caseId);
  if (!result.ok) throw data({ message: result.message }, { status: result.status });
  return pdfResponse(result);
}

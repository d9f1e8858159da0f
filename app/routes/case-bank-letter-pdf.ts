import type { Route } from "./+types/case-bank-letter-pdf";
import { bankLetterFor } from "~/modules/case-file/complaint-pack.server";
import { pdfResponse } from "~/modules/case-file/pdf-response";
import { requireUser } from "~/platform/guards.server";

/** GET /case/:caseId/lettre-banque.pdf?bank=…: the contestation letter to one of the client's banks. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const bank = url.searchParams.get("bank");
  return pdfResponse(await bankLetterFor(requireUser(context), params.caseId, bank ? bank.slice(0, 200) : null));
}

import { data } from "react-router";
import type { Route } from "./+types/case-convention-document";
import { isUuid } from "~/lib/uuid";
import { agreementDocument } from "~/modules/agreements/agreements.server";
import { pdfResponse } from "~/modules/case-file/pdf-response";
import { requireUser } from "~/platform/guards.server";

const DOCUMENTS = { "proposition.pdf": "proposal", "convention-signee.pdf": "sealed" } as const;

/**
 * GET /case/:caseId/convention/:agreementId/(proposition|convention-signee).pdf: the case's client, its lawyer or an
 * admin; anyone else 404. A document whose SHA-256 no longer matches is refused (409), never served.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = requireUser(context);
  const kind = DOCUMENTS[params.document as keyof typeof DOCUMENTS];
  if (!kind || !isUuid(params.agreementId)) throw data(null, { status: 404 });
  const result = await agreementDocument(actor, params.caseId, params.agreementId, kind);
  if (!result.ok) throw data({ message: result.message }, { status: result.status });
  return pdfResponse(result);
}

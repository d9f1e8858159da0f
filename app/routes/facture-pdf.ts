import { data } from "react-router";
import type { Route } from "./+types/facture-pdf";
import { pdfResponse } from "~/modules/case-file/pdf-response";
import { invoiceDocument } from "~/modules/invoicing/invoicing.server";
import { requireUser } from "~/platform/guards.server";

/**
 * GET /factures/:invoiceId: the invoice's or credit note's PDF for its client, its lawyer or an admin; anyone else 404.
 * A stored PDF whose SHA-256 no longer matches is never served (503).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await invoiceDocument(requireUser(context), params.invoiceId);
  if (!result.ok) throw data({ message: "La facture ne peut pas être lue pour le moment. Réessayez plus tard." }, { status: result.status });
  return pdfResponse(result);
}

import { data } from "react-router";
import type { Route } from "./+types/case-convention-preview";
import { proposalSchema } from "~/modules/agreements/agreements.schema";
import { previewProposal } from "~/modules/agreements/agreements.server";
import { pdfResponse } from "~/modules/case-file/pdf-response";
import { answerInit, parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";

/** POST /case/:caseId/convention/apercu: the PDF the client would receive, made now from the values typed, not stored. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const form = await parseForm(request, proposalSchema);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors }, { status: 400 });
  const result = await previewProposal(actor, params.caseId, form.data);
  if (!result.ok) return data({ fieldErrors: result.fieldErrors ?? {}, formError: result.formError }, answerInit(result));
  return pdfResponse(result);
}

export async function loader() {
  throw data(null, { status: 405 });
}

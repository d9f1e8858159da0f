import { data } from "react-router";
import type { z } from "zod";
import type { Actor } from "~/platform/actor";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import {
  DOCUMENT_REQUESTS_ANCHOR,
  documentRequestIdSchema,
  documentRequestSchema,
  documentUnavailableSchema,
  type DocumentRequestActionData,
} from "./document-requests.schema";
import { acceptDocument, answerDocumentUnavailable, reopenDocument, requestDocument, type DocumentRequestResult } from "./document-requests.server";

type Intent = DocumentRequestActionData["intent"];
type Toast = { title: string; description?: string };

/** Each checklist form of the case page: its shared schema, its one use case, and the toast once done. */
const FORMS: { [Name in Intent]: { schema: z.ZodType; call: (actor: Actor, caseId: string, input: never) => Promise<DocumentRequestResult>; toast: Toast } } = {
  "document-request": {
    schema: documentRequestSchema,
    call: (actor, caseId, input: z.output<typeof documentRequestSchema>) => requestDocument(actor, caseId, input),
    toast: { title: "Document demandé", description: "Votre client est prévenu par e-mail." },
  },
  "document-unavailable": {
    schema: documentUnavailableSchema,
    call: (actor, caseId, input: z.output<typeof documentUnavailableSchema>) => answerDocumentUnavailable(actor, caseId, input.requestId, input.unavailableReason),
    toast: { title: "Réponse envoyée", description: "Votre avocat est prévenu que vous n'avez pas ce document." },
  },
  "document-accept": {
    schema: documentRequestIdSchema,
    call: (actor, caseId, input: z.output<typeof documentRequestIdSchema>) => acceptDocument(actor, caseId, input.requestId),
    toast: { title: "Document accepté", description: "La demande est close." },
  },
  "document-reopen": {
    schema: documentRequestIdSchema,
    call: (actor, caseId, input: z.output<typeof documentRequestIdSchema>) => reopenDocument(actor, caseId, input.requestId),
    toast: { title: "Document redemandé", description: "Votre client est prévenu par e-mail." },
  },
};

export function isDocumentRequestIntent(intent: string | null): intent is Intent {
  return intent !== null && Object.hasOwn(FORMS, intent);
}

/**
 * A checklist post of the case page (?intent=document-…): parsed with its shared schema, one use case (which answers
 * the case's 404 to anyone it is not for), then the page at the checklist with a toast, or the form's errors.
 */
export async function documentRequestAction(request: Request, actor: Actor, caseId: string, intent: Intent) {
  const form = FORMS[intent];
  const parsed = await parseForm(request, form.schema);
  const answer = (status: number, fieldErrors: Record<string, string | undefined>, formError?: string) =>
    data<DocumentRequestActionData>({ intent, fieldErrors, values: parsed.values, ...(formError ? { formError } : {}) }, { status });
  if (!parsed.ok) return answer(400, parsed.fieldErrors);
  const result = await form.call(actor, caseId, parsed.data as never);
  if (!result.ok) return answer(result.status, result.fieldErrors ?? {}, result.formError);
  return redirectWithToast(`/case/${encodeURIComponent(caseId)}#${DOCUMENT_REQUESTS_ANCHOR}`, { ...form.toast, tone: "success" });
}

import type { Route } from "./+types/case-evidence-upload";
import { uploadEvidence } from "~/modules/case-file/evidence.server";
import { evidenceMessages } from "~/modules/case-file/evidence.schema";
import { DOCUMENT_REQUESTS_ANCHOR } from "~/modules/case-file/document-requests.schema";
import { redirectWithToast } from "~/platform/flash.server";
import { requireUser } from "~/platform/guards.server";

/**
 * POST /case/:caseId/preuves: the client adds evidence files; with ?documentRequest=<id>, against that item of the
 * lawyer's checklist (decision 85). The page's upload script (progress bar) asks for JSON; the plain form (no
 * JavaScript) gets the case page back with a toast.
 */
export async function action({ url, request, params, context }: Route.ActionArgs) {
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const documentRequestId = url.searchParams.get("documentRequest") ?? undefined;
  const result = await uploadEvidence(requireUser(context), params.caseId, request, documentRequestId === undefined ? {} : { documentRequestId });
  const location = `/case/${encodeURIComponent(params.caseId)}#${documentRequestId === undefined ? "preuves" : DOCUMENT_REQUESTS_ANCHOR}`;
  if (wantsJson) {
    if (!result.ok) {
      const headers: Record<string, string> = { "Cache-Control": "no-store" };
      if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
      return Response.json({ error: result.message, field: result.field ?? null }, { status: result.status, headers });
    }
    return Response.json({ message: result.message, count: result.items.length }, { headers: { "Cache-Control": "no-store" } });
  }
  if (!result.ok) return redirectWithToast(location, { title: evidenceMessages.uploadFailed, description: result.message, tone: "error" });
  return redirectWithToast(location, { title: result.message, tone: "success" });
}

export function loader() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}

import type { Route } from "./+types/case-chat-file-upload";
import { uploadChatAttachment } from "~/modules/chat/chat-attachments.server";
import { requireUser } from "~/platform/guards.server";

/** POST /case/:caseId/chat/fichier: the composer's attachment (multipart, XMLHttpRequest for its progress); JSON back. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const result = await uploadChatAttachment(requireUser(context), params.caseId, request);
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (!result.ok) {
    if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
    return Response.json({ error: result.message }, { status: result.status, headers });
  }
  return Response.json({ fileId: result.fileId, name: result.name }, { headers });
}

export function loader() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}

import type { Route } from "./+types/case-chat-messages";
import { sendMessageSchema } from "~/modules/chat/chat.schema";
import { markChatRead, sendChatMessage } from "~/modules/chat/chat.server";
import { parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /case/:caseId/chat/messages: the chat page's script sends (intent=send) and reads (intent=read) here and gets
 * JSON back; the plain form posts to /case/:caseId/chat itself.
 */
export async function action({ url, request, params, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const intent = url.searchParams.get("intent");
  if (intent === "read") {
    return Response.json(await markChatRead(actor, params.caseId), { headers: NO_STORE });
  }
  const form = await parseForm(request, sendMessageSchema);
  if (!form.ok) {
    return Response.json({ error: Object.values(form.fieldErrors)[0] ?? "Message invalide." }, { status: 422, headers: NO_STORE });
  }
  const result = await sendChatMessage(actor, params.caseId, form.data);
  if (!result.ok) {
    const headers: Record<string, string> = { ...NO_STORE };
    if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
    return Response.json({ error: result.message }, { status: result.status, headers });
  }
  return Response.json({ message: result.message }, { headers: NO_STORE });
}

export function loader() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}

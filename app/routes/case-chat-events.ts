import type { Route } from "./+types/case-chat-events";
import { openChatEventStream } from "~/modules/chat/chat-stream.server";
import { chatEventsAfter, chatThreadFor } from "~/modules/chat/chat.server";
import { requireUser } from "~/platform/guards.server";

/**
 * GET /case/:caseId/chat/events: the chat's Server-Sent Events (new messages, read receipts). With `?format=json` the
 * same events once, for a page that could not open the stream and polls instead; with `?format=page&before=` an older
 * page of the thread (loading on scroll).
 */
export async function loader({ url, request, params, context }: Route.LoaderArgs) {
  const actor = requireUser(context);
  if (url.searchParams.get("format") === "page") {
    const page = await chatThreadFor(actor, params.caseId, { before: url.searchParams.get("before") });
    return Response.json({ messages: page.messages, olderCursor: page.olderCursor }, { headers: { "Cache-Control": "no-store" } });
  }
  if (url.searchParams.get("format") === "json") {
    const after = Number(url.searchParams.get("after") ?? "0");
    const result = await chatEventsAfter(actor, params.caseId, Number.isSafeInteger(after) && after >= 0 ? after : 0);
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  }
  return openChatEventStream(actor, params.caseId, {
    lastEventId: request.headers.get("last-event-id"),
    after: url.searchParams.get("after"),
    signal: request.signal,
  });
}

import { data, redirect } from "react-router";
import type { Route } from "./+types/case-chat";
import { ChatPanel } from "~/components/chat/chat-panel";
import { pageTitle } from "~/content/site";
import { sendMessageSchema } from "~/modules/chat/chat.schema";
import { chatThreadFor, sendChatMessage } from "~/modules/chat/chat.server";
import { answerInit, parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";

export const meta: Route.MetaFunction = ({ data: view }) => [
  { title: pageTitle(view ? `Messagerie du dossier ${view.chat.caseNumber}` : "Messagerie") },
  { name: "robots", content: "noindex" },
];

/** The latest 50 messages, or the 50 before `?before=` (older pages, also the link a page without JavaScript follows). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const before = url.searchParams.get("before");
  return chatThreadFor(requireUser(context), params.caseId, { before });
}

/** The plain form (no JavaScript): send, then back to the thread, which shows the message. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const form = await parseForm(request, sendMessageSchema);
  if (!form.ok) {
    return data({ error: Object.values(form.fieldErrors)[0] ?? "Message invalide.", text: form.values.message ?? "" }, { status: 422 });
  }
  const result = await sendChatMessage(actor, params.caseId, form.data);
  if (!result.ok) return data({ error: result.message, text: form.values.message ?? "" }, answerInit(result));
  return redirect(`/case/${params.caseId}/chat#message-${result.message.id}`);
}

/** A refusal's Retry-After (the post and upload limits, decision 62) reaches the page without JavaScript too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export default function CaseChatPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ChatPanel key={`${loaderData.chat.id}:${loaderData.messages[0]?.id ?? ""}`} view={loaderData} refusal={actionData ?? null} />;
}

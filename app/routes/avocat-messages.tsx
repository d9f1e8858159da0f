import { AppLink } from "~/components/ui/app-link";

import { ButtonLink } from "~/components/ui/button";
import type { Route } from "./+types/avocat-messages";
import { CaseStatusBadge } from "~/components/dashboard/case-list";
import { pageTitle } from "~/content/site";
import { lawyerInbox } from "~/modules/chat/chat-inbox.server";
import { inboxQuerySchema, unreadLabel } from "~/modules/chat/chat-inbox.schema";
import { requireRole } from "~/platform/guards.server";
import { formatDateTime } from "~/lib/format";
import { redirectRenamedQuery } from "~/platform/renamed-query.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Messages") }, { name: "robots", content: "noindex" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "lawyer");
  redirectRenamedQuery(url);
  const query = inboxQuerySchema.parse(Object.fromEntries(url.searchParams));
  return lawyerInbox(actor, query);
}

function inboxLink(view: "toutes" | "non-lues", page = 1): string {
  const params = new URLSearchParams();
  if (view === "non-lues") params.set("view", view);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/avocat/messages${search ? `?${search}` : ""}`;
}

export default function LawyerMessagesPage({ loaderData: inbox }: Route.ComponentProps) {
  return (
    <section aria-labelledby="titre-messages" className="mx-auto max-w-4xl px-4 pb-10 pt-4">
      <h1 id="titre-messages" className="text-3xl font-bold text-slate-900">
        Messages
      </h1>
      <p className="mt-2 text-slate-700" data-unread-total="">
        {inbox.unreadTotal > 0 ? `${unreadLabel(inbox.unreadTotal)} dans vos dossiers.` : "Vous avez lu tous les messages de vos dossiers."} Les
        conversations les plus récentes sont en haut.
      </p>

      <nav aria-label="Vues des conversations" className="mt-6 flex flex-wrap gap-2">
        {(["toutes", "non-lues"] as const).map((view) => (
          <AppLink
            key={view}
            to={inboxLink(view)}
            aria-current={inbox.view === view ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-md px-4 font-semibold ${
              inbox.view === view ? "bg-brand-700 text-white" : "border border-slate-400 bg-white text-brand-800 hover:bg-slate-100"
            }`}
          >
            {view === "toutes" ? "Toutes les conversations" : "Non lues"}
          </AppLink>
        ))}
      </nav>

      {inbox.rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-400 bg-white px-4 py-8 text-center text-slate-700">
          {inbox.view === "non-lues" ? "Aucune conversation non lue." : "Aucun dossier ne vous est confié pour le moment."}
        </p>
      ) : (
        <ol aria-label="Conversations de vos dossiers" className="mt-6 space-y-3">
          {inbox.rows.map((row) => (
            <li
              key={row.caseId}
              data-conversation={row.caseNumber}
              className={`rounded-xl bg-white p-4 shadow-sm ring-1 ${row.unread > 0 ? "ring-2 ring-brand-700" : "ring-slate-200"}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-bold text-slate-900">
                  {row.client.firstName} {row.client.lastName}
                  <span className="block text-sm font-normal text-slate-700">Dossier {row.caseNumber}</span>
                </h2>
                <div className="flex flex-wrap items-center gap-2">
                  <CaseStatusBadge status={row.status} />
                  {row.unread > 0 ? (
                    <span data-unread-count="" className="rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-bold text-white">
                      {unreadLabel(row.unread)}
                    </span>
                  ) : null}
                </div>
              </div>
              {row.last ? (
                <p className={`mt-2 break-words text-slate-800 ${row.unread > 0 ? "font-semibold" : ""}`}>
                  <span className="text-slate-900">{row.last.sender}&#x202f;: </span>
                  {row.last.excerpt ?? (row.last.fileName ? `Pièce jointe\u202f: ${row.last.fileName}` : "")}
                  <span className="block text-sm font-normal text-slate-700">
                    <time dateTime={row.last.at}>{formatDateTime(row.last.at)}</time>
                  </span>
                </p>
              ) : (
                <p className="mt-2 text-slate-700">Aucun message pour l'instant&#x202f;: écrivez au client pour vous présenter.</p>
              )}
              <ButtonLink to={row.chatHref} variant="link">
                Ouvrir la conversation<span className="sr-only"> du dossier {row.caseNumber}</span>
              </ButtonLink>
            </li>
          ))}
        </ol>
      )}

      {inbox.pageCount > 1 ? (
        <nav aria-label="Pagination" className="mt-6 flex items-center gap-4">
          {inbox.page > 1 ? (
            <ButtonLink to={inboxLink(inbox.view, inbox.page - 1)} variant="link">
              Page précédente
            </ButtonLink>
          ) : null}
          <span>
            Page {inbox.page} sur {inbox.pageCount}
          </span>
          {inbox.page < inbox.pageCount ? (
            <ButtonLink to={inboxLink(inbox.view, inbox.page + 1)} variant="link">
              Page suivante
            </ButtonLink>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

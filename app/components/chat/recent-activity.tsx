import { Badge } from "~/components/ui/badge";
import { caseStatusLabel } from "~/modules/cases/cases.schema";
import type { ActivityItem } from "~/modules/chat/chat-inbox.server";
import { formatDateTime } from "~/lib/format";
import { ButtonLink } from "~/components/ui/button";


function describeStatus(item: Extract<ActivityItem, { kind: "status" }>): string {
  if (item.fromStatus === null) {
    if (item.toStatus === "draft") return "Brouillon créé";
    if (item.toStatus === "submitted") return "Dossier soumis";
    return `Dossier créé\u202f: ${caseStatusLabel(item.toStatus)}`;
  }
  return `Nouveau statut\u202f: ${caseStatusLabel(item.toStatus)}`;
}

/** The user dashboard's 'Activité récente': messages received and status changes, as plain text with links. */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  return (
    <section aria-labelledby="titre-activite" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="titre-activite" className="text-xl font-bold text-slate-900">
        Activité récente
      </h2>
      {items.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-400 px-4 py-8 text-center text-slate-700">Aucune activité récente</p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-200" data-activity="">
          {items.map((item) => (
            <li key={item.id} className="py-3">
              <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
                <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                <span aria-hidden="true">·</span>
                <span>Dossier {item.caseNumber}</span>
                {item.kind === "message" && item.unread ? <Badge className="bg-brand-50 text-brand-800 ring-brand-100">Non lu</Badge> : null}
              </p>
              {item.kind === "message" ? (
                <>
                  <p className="mt-1 font-semibold text-slate-900">{item.sender} vous a écrit</p>
                  {item.excerpt ? <p className="mt-1 line-clamp-2 break-words text-slate-800">« {item.excerpt} »</p> : null}
                  {item.fileName ? <p className="mt-1 break-all text-sm text-slate-700">Pièce jointe&#x202f;: {item.fileName}</p> : null}
                  <ButtonLink variant="link" className="mt-1" to={item.href}>
                    Lire le message<span className="sr-only"> du dossier {item.caseNumber}</span>
                  </ButtonLink>
                </>
              ) : (
                <>
                  <p className="mt-1 font-semibold text-slate-900">{describeStatus(item)}</p>
                  <ButtonLink variant="link" className="mt-1" to={item.href}>
                    Voir le dossier<span className="sr-only"> {item.caseNumber}</span>
                  </ButtonLink>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

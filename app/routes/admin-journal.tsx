import { Button } from "~/components/ui/button";
import { AppLink } from "~/components/ui/app-link";
import { controlClasses } from "~/components/ui/field";
import type { Route } from "./+types/admin-journal";
import { BackOfficePage, FilterSelect, frenchDateTime, NextPageLink, StaffTable } from "~/components/back-office/back-office-page";
import { Form } from "react-router";
import { pageTitle } from "~/content/site";
import { ACTION_LABELS, actionLabel, journalQuerySchema, TARGET_TYPE_LABELS, targetTypeLabel } from "~/modules/audit/audit.schema";
import { listJournal, type JournalPerson } from "~/modules/audit/audit.server";
import { requireRole } from "~/platform/guards.server";
import { redirectRenamedQuery } from "~/platform/renamed-query.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Journal des actions") }, { name: "robots", content: "noindex" }];

const ACTION_OPTIONS = [{ value: "", label: "Toutes les actions" }, ...Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))];
const TARGET_OPTIONS = [{ value: "", label: "Toutes" }, ...Object.entries(TARGET_TYPE_LABELS).map(([value, label]) => ({ value, label }))];

export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  redirectRenamedQuery(url);
  const query = journalQuerySchema.parse(Object.fromEntries(url.searchParams));
  return { query: { ...query, after: undefined }, page: await listJournal(actor, query) };
}

/** A person the journal names: name, e-mail and id; a deleted account shows as such, with its id. */
function Person({ person, recordedEmail }: { person: JournalPerson; recordedEmail?: string }) {
  const email = person.email ?? recordedEmail;
  return (
    <>
      {person.name === null ? (
        <span className="block font-semibold">Compte supprimé</span>
      ) : (
        <AppLink to={`/admin/users/${person.id}`} className="block font-semibold text-brand-800 underline">
          {person.name}
        </AppLink>
      )}
      {email ? <span className="block break-all">{email}</span> : null}
      <span className="block break-all text-sm text-slate-700">{person.id}</span>
    </>
  );
}

function Values({ values }: { values: Record<string, unknown> | null }) {
  if (!values || Object.keys(values).length === 0) return <span className="text-slate-700">—</span>;
  return (
    <dl className="text-sm">
      {Object.entries(values).map(([name, value]) => (
        <div key={name}>
          <dt className="inline font-semibold">{name}&#x202f;: </dt>
          <dd className="inline break-all">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminJournalPage({ loaderData }: Route.ComponentProps) {
  const { query, page } = loaderData;
  return (
    <BackOfficePage
      id="titre-journal"
      title="Journal des actions"
      intro="Chaque action de l'équipe&#x202f;: qui, quand, depuis quelle adresse, sur quoi, avant et après. Le journal ne peut être ni modifié ni effacé, même par la base de données de l'application."
    >
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filtres du journal">
        <div>
          <label htmlFor="filtre-acteur" className="block font-semibold">
            Auteur (adresse e-mail)
          </label>
          <input id="filtre-acteur" name="actor" defaultValue={query.actor} maxLength={320} className={controlClasses(undefined)} />
        </div>
        <FilterSelect id="filtre-action" name="action" label="Action" value={query.action} options={ACTION_OPTIONS} />
        <FilterSelect id="filtre-cible" name="target" label="Type de cible" value={query.target} options={TARGET_OPTIONS} />
        <div>
          <label htmlFor="filtre-cible-id" className="block font-semibold">
            Identifiant de la cible
          </label>
          <input id="filtre-cible-id" name="targetId" defaultValue={query.targetId} maxLength={200} className={controlClasses(undefined)} />
        </div>
        <Button>
          Filtrer
        </Button>
      </Form>
      <StaffTable caption="Actions de l'équipe, de la plus récente à la plus ancienne" rows={page.entries} empty="Aucune action ne correspond à ces filtres." columns={[
        {
          header: "Action",
          cell: (entry) => (
            <>
              <span className="font-semibold">{actionLabel(entry.action)}</span>
              <span className="block text-sm text-slate-700">{frenchDateTime(entry.createdAt)}</span>
            </>
          ),
        },
        {
          header: "Auteur",
          cell: (entry) => (
            <>
              <Person person={entry.actor} recordedEmail={entry.actorEmail} />
              <span className="block text-sm text-slate-700">{entry.clientAddress ? `depuis ${entry.clientAddress}` : "adresse non conservée"}</span>
            </>
          ),
        },
        {
          header: "Cible",
          cell: (entry) => (
            <>
              {targetTypeLabel(entry.targetType)}
              {entry.targetPerson && entry.targetPerson.id === entry.targetId ? null : (
                <span className="block break-all text-sm text-slate-700">{entry.targetId}</span>
              )}
              {entry.targetPerson ? <Person person={entry.targetPerson} /> : null}
            </>
          ),
        },
        { header: "Avant", cell: (entry) => <Values values={entry.before} /> },
        { header: "Après", cell: (entry) => <Values values={entry.after} /> },
      ]} />
      <NextPageLink next={page.next} />
    </BackOfficePage>
  );
}

import { Form, Link } from "react-router";
import type { Route } from "./+types/avocat-clients";
import { Badge } from "~/components/ui/badge";
import { ResponsiveTable } from "~/components/ui/responsive-table";
import { pageTitle } from "~/content/site";
import { lawyerClients } from "~/modules/cases/lawyer-cases.server";
import { CLIENT_VERIFICATION_FILTERS, lawyerClientQuerySchema } from "~/modules/cases/lawyer-cases.schema";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mes clients") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "lawyer");
  const query = lawyerClientQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { query, clients: await lawyerClients(actor, query) };
}

const VERIFICATION_LABELS: Record<(typeof CLIENT_VERIFICATION_FILTERS)[number], string> = {
  tous: "Tous les clients",
  verifies: "Identité vérifiée",
  "non-verifies": "Identité non vérifiée",
};

const LINK = "inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";

/** "+33612345678" → "+33 6 12 34 56 78" for reading; the link keeps the raw number. */
function readablePhone(phone: string): string {
  const france = /^\+33(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(phone);
  return france ? `+33 ${france.slice(1).join(" ")}` : phone;
}

export default function LawyerClientsPage({ loaderData }: Route.ComponentProps) {
  const { clients, query } = loaderData;
  return (
    <section aria-labelledby="titre-clients" className="mx-auto max-w-6xl px-4 pb-10 pt-4">
      <h1 id="titre-clients" className="text-3xl font-bold text-slate-900">
        Mes clients
      </h1>
      <p className="mt-2 text-slate-700">
        {clients.total} client(s), dont {clients.verified} à l'identité vérifiée. Un client non vérifié ne peut pas encore soumettre de
        nouveau dossier.
      </p>
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor="recherche" className="block font-semibold">
            Rechercher
          </label>
          <input id="recherche" name="q" type="search" defaultValue={query.q} placeholder="Nom ou email du client" className="min-h-11 w-full rounded-md border border-slate-400 px-3" />
        </div>
        <div>
          <label htmlFor="verification" className="block font-semibold">
            Vérification
          </label>
          <select id="verification" name="verification" defaultValue={query.verification} className="min-h-11 rounded-md border border-slate-400 bg-white px-2">
            {CLIENT_VERIFICATION_FILTERS.map((value) => (
              <option key={value} value={value}>
                {VERIFICATION_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
          Filtrer
        </button>
      </Form>
      <div className="mt-6">
        <ResponsiveTable
          caption="Mes clients : nom, vérification, coordonnées, dossiers actifs et dernier dossier"
          rows={clients.rows}
          rowKey={(row) => row.id}
          empty={query.q || query.verification !== "tous" ? "Aucun client ne correspond." : "Aucun client ne vous est encore confié."}
          columns={[
            { header: "Client", cell: (row) => <span className="font-semibold">{row.firstName} {row.lastName}</span> },
            {
              header: "Identité",
              cell: (row) =>
                row.identityVerified ? (
                  <Badge className="bg-green-100 text-green-950 ring-green-700">Vérifiée</Badge>
                ) : (
                  <Badge className="bg-amber-100 text-amber-950 ring-amber-600">Non vérifiée</Badge>
                ),
            },
            {
              header: "Coordonnées",
              cell: (row) => (
                <span className="flex flex-col">
                  <a href={`mailto:${row.email}`} className="break-all text-brand-800 underline">
                    {row.email}
                  </a>
                  {row.phoneMobile ? (
                    <a href={`tel:${row.phoneMobile}`} className="text-brand-800 underline">
                      {readablePhone(row.phoneMobile)}
                    </a>
                  ) : null}
                </span>
              ),
            },
            { header: "Dossiers actifs", cell: (row) => String(row.activeCases) },
            {
              header: "Dernier dossier",
              cell: (row) =>
                row.latestCase ? (
                  <Link to={`/avocat/dossiers/${row.latestCase.id}`} className={LINK}>
                    {row.latestCase.caseNumber}
                  </Link>
                ) : (
                  "Aucun"
                ),
            },
          ]}
        />
      </div>
    </section>
  );
}

import { buttonClasses, ButtonLink } from "~/components/ui/button";
import type { Route } from "./+types/avocat-clients";
import { BackOfficePage, filterOptions, FilterSelect, SearchForm, StaffTable } from "~/components/back-office/back-office-page";
import { Badge } from "~/components/ui/badge";
import { pageTitle } from "~/content/site";
import { staffListLoader } from "~/modules/back-office/staff-list.server";
import { lawyerClients } from "~/modules/cases/lawyer-cases.server";
import { CLIENT_VERIFICATION_FILTERS, lawyerClientQuerySchema } from "~/modules/cases/lawyer-cases.schema";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mes clients") }, { name: "robots", content: "noindex" }];

export const loader = staffListLoader("lawyer", lawyerClientQuerySchema, lawyerClients);

const VERIFICATION_LABELS: Record<(typeof CLIENT_VERIFICATION_FILTERS)[number], string> = {
  tous: "Tous les clients",
  verifies: "Identité vérifiée",
  "non-verifies": "Identité non vérifiée",
};

const VERIFICATION_OPTIONS = filterOptions(CLIENT_VERIFICATION_FILTERS, VERIFICATION_LABELS);

/** "+33612345678" → "+33 6 12 34 56 78" for reading; the link keeps the raw number. */
function readablePhone(phone: string): string {
  const france = /^\+33(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(phone);
  return france ? `+33 ${france.slice(1).join(" ")}` : phone;
}

export default function LawyerClientsPage({ loaderData }: Route.ComponentProps) {
  const { page: clients, query } = loaderData;
  return (
    <BackOfficePage
      id="titre-clients"
      title="Mes clients"
      backLink={false}
      intro={`${clients.total} client(s), dont ${clients.verified} à l'identité vérifiée. Un client non vérifié ne peut pas encore soumettre de nouveau dossier.`}
    >
      <SearchForm label="Rechercher" placeholder="Nom ou email du client" value={query.q} submitLabel="Filtrer">
        <FilterSelect id="verification" name="verification" label="Vérification" value={query.verification} options={VERIFICATION_OPTIONS} />
      </SearchForm>
      <StaffTable caption="Mes clients&#x202f;: nom, vérification, coordonnées, dossiers actifs et dernier dossier" rows={clients.rows} empty={query.q || query.verification !== "tous" ? "Aucun client ne correspond." : "Aucun client ne vous est encore confié."} columns={[
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
              <a href={`mailto:${row.email}`} className={buttonClasses({ variant: "subtle" }, "break-all")}>
                {row.email}
              </a>
              {row.phoneMobile ? (
                <a href={`tel:${row.phoneMobile}`} className={buttonClasses({ variant: "subtle" })}>
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
              <ButtonLink to={`/avocat/dossiers/${row.latestCase.id}`} variant="link">
                {row.latestCase.caseNumber}
              </ButtonLink>
            ) : (
              "Aucun"
            ),
        },
      ]} />
    </BackOfficePage>
  );
}

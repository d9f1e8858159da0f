import { ButtonLink } from "~/components/ui/button";
import { CaseStatusChange } from "~/components/back-office/case-status-change";
import type { Route } from "./+types/avocat-dossiers";
import { BackOfficePage, filterOptions, ListAlert, ListTabs, Pagination, ResultCount, StaffTable, useListHref } from "~/components/back-office/back-office-page";
import { CaseSearchForm, caseSummaryColumns } from "~/components/back-office/staff-case-list";
import { Badge } from "~/components/ui/badge";
import { pageTitle } from "~/content/site";
import { caseRowAction, staffListLoader } from "~/modules/back-office/staff-list.server";
import { caseStatusLabel } from "~/modules/cases/cases.schema";
import { lawyerCaseList, lawyerStatusChange, type LawyerCaseRow } from "~/modules/cases/lawyer-cases.server";
import { LAWYER_STATUS_FILTERS, lawyerCaseMessages, lawyerCaseQuerySchema, statusChangeSchema } from "~/modules/cases/lawyer-cases.schema";
import { requireRole } from "~/platform/guards.server";
import { formatDate } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mes dossiers") }, { name: "robots", content: "noindex" }];

export const loader = staffListLoader("lawyer", lawyerCaseQuerySchema, lawyerCaseList);

export async function action({ url, request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "lawyer");
  return caseRowAction(request, url, statusChangeSchema, lawyerStatusChange(actor, (url) => `/avocat/dossiers${url.search}`));
}

const STATUS_FILTER_LABELS: Record<(typeof LAWYER_STATUS_FILTERS)[number], string> = {
  tous: "Tous les statuts",
  assigned: caseStatusLabel("assigned"),
  in_progress: caseStatusLabel("in_progress"),
  resolved: caseStatusLabel("resolved"),
  closed: caseStatusLabel("closed"),
};
const STATUS_OPTIONS = filterOptions(LAWYER_STATUS_FILTERS, STATUS_FILTER_LABELS);

export default function LawyerCasesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  const href = useListHref();
  return (
    <BackOfficePage
      id="titre-dossiers-avocat"
      title="Mes dossiers"
      backLink={false}
      intro="Les dossiers qui vous sont confiés. Ouvrez un dossier pour lire le récit du client et échanger avec lui&#x202f;; passez-le en cours dès que vous commencez à le traiter."
    >
      <ListTabs
        label="Vues des dossiers"
        tabs={[
          { to: href({ view: null, page: null }), label: "Tous mes dossiers", current: query.view === "tous" },
          { to: href({ view: "nouveaux", page: null }), label: `Nouveaux dossiers (${page.newCount})`, current: query.view === "nouveaux" },
        ]}
      />

      <CaseSearchForm
        value={query.q}
        placeholder="Numéro de dossier ou nom du client"
        status={query.status}
        statuses={STATUS_OPTIONS}
        keep={{ view: query.view === "nouveaux" ? "nouveaux" : undefined }}
      />

      {actionData ? (
        <ListAlert>
          {lawyerCaseMessages.changeFailed}&#x202f;: {actionData.error}
        </ListAlert>
      ) : null}

      <ResultCount>{page.total} dossier(s)</ResultCount>
      <StaffTable caption="Mes dossiers&#x202f;: numéro, client, type d'arnaque, montant, statut, date d'attribution et actions" rows={page.rows} empty={query.view === "nouveaux" ? "Aucun nouveau dossier\u202f: vous avez ouvert tous vos dossiers." : "Aucun dossier ne correspond."} className="mt-2" columns={[
        {
          header: "Dossier",
          cell: (row) => (
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{row.caseNumber}</span>
              {row.isNew ? <Badge className="bg-amber-100 text-amber-950 ring-amber-600">Nouveau</Badge> : null}
            </span>
          ),
        },
        {
          header: "Client",
          cell: (row) => (
            <span>
              {row.client.firstName} {row.client.lastName}
              <span className="block text-xs text-slate-700">{row.client.identityVerified ? "Identité vérifiée" : "Identité non vérifiée"}</span>
            </span>
          ),
        },
        ...caseSummaryColumns<LawyerCaseRow>(),
        { header: "Attribué le", cell: (row) => (row.assignedAt ? formatDate(row.assignedAt) : "") },
        {
          header: "Actions",
          cell: (row) => (
            <div>
              <ButtonLink to={`/avocat/dossiers/${row.id}`} variant="link">
                Ouvrir<span className="sr-only"> le dossier {row.caseNumber}</span>
              </ButtonLink>
              <CaseStatusChange caseId={row.id} caseNumber={row.caseNumber} status={row.status} />
            </div>
          ),
        },
      ]} />
      {page.pageCount > 1 ? (
        <Pagination
          back={page.page > 1 ? { to: href({ page: String(page.page - 1) }), label: "Page précédente" } : null}
          status={`Page ${page.page} sur ${page.pageCount}`}
          next={page.page < page.pageCount ? { to: href({ page: String(page.page + 1) }), label: "Page suivante" } : null}
        />
      ) : null}
    </BackOfficePage>
  );
}

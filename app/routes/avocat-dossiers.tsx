import { Form, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import type { Route } from "./+types/avocat-dossiers";
import { BackOfficePage, filterOptions, ListAlert, ListTabs, Pagination, ResultCount, StaffTable, useListHref } from "~/components/back-office/back-office-page";
import { CaseSearchForm, caseSummaryColumns } from "~/components/back-office/staff-case-list";
import { Badge } from "~/components/ui/badge";
import { pageTitle } from "~/content/site";
import { caseRowAction, staffListLoader } from "~/modules/back-office/staff-list.server";
import { caseStatusLabel } from "~/modules/cases/cases.schema";
import { changeCaseStatusByLawyer, lawyerCaseList, type LawyerCaseRow } from "~/modules/cases/lawyer-cases.server";
import { LAWYER_STATUS_FILTERS, lawyerCaseMessages, lawyerCaseQuerySchema, NOTE_MAX, statusChangeSchema, TRANSITION_LABELS } from "~/modules/cases/lawyer-cases.schema";
import { requireRole } from "~/platform/guards.server";
import { formatDate } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mes dossiers") }, { name: "robots", content: "noindex" }];

export const loader = staffListLoader("lawyer", lawyerCaseQuerySchema, lawyerCaseList);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "lawyer");
  return caseRowAction(request, statusChangeSchema, {
    fields: ["note", "status", "caseId"],
    failed: lawyerCaseMessages.changeFailed,
    unknownCase: lawyerCaseMessages.unknownCase,
    run: (input) => changeCaseStatusByLawyer(actor, input),
    back: (url) => `/avocat/dossiers${url.search}`,
    toast: (result) => ({
      title: lawyerCaseMessages.changed,
      description: `Nouveau statut : ${caseStatusLabel(result.status)}. Le client est prévenu par email.`,
      tone: "success",
    }),
  });
}

const STATUS_FILTER_LABELS: Record<(typeof LAWYER_STATUS_FILTERS)[number], string> = {
  tous: "Tous les statuts",
  assigned: caseStatusLabel("assigned"),
  in_progress: caseStatusLabel("in_progress"),
  resolved: caseStatusLabel("resolved"),
  closed: caseStatusLabel("closed"),
};
const STATUS_OPTIONS = filterOptions(LAWYER_STATUS_FILTERS, STATUS_FILTER_LABELS);

function StatusChange({ row }: { row: LawyerCaseRow }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("caseId") === row.id;
  if (row.nextStatuses.length === 0) return null;
  return (
    <details className="mt-1">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
        Changer le statut<span className="sr-only"> du dossier {row.caseNumber}</span>
      </summary>
      <Form method="post" className="mt-2 flex max-w-sm flex-col gap-2 rounded-md border border-slate-300 bg-slate-50 p-3">
        <input type="hidden" name="caseId" value={row.id} />
        {/* No id: the row is rendered twice (table and phone cards). */}
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Note pour le client (facultative)
          <textarea name="note" rows={2} maxLength={NOTE_MAX} className="rounded-md border border-slate-400 p-2 font-normal" />
        </label>
        <p className="text-xs text-slate-700">La note apparaît dans l'historique du dossier ; le client est prévenu par email.</p>
        <div className="flex flex-wrap gap-2">
          {row.nextStatuses.map((status) => (
            <Button key={status} name="status" value={status} disabled={busy} variant={status === "closed" ? "secondary" : "primary"}>
              {TRANSITION_LABELS[status]}
              <span className="sr-only"> : dossier {row.caseNumber}</span>
            </Button>
          ))}
        </div>
      </Form>
    </details>
  );
}

export default function LawyerCasesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  const href = useListHref();
  return (
    <BackOfficePage
      id="titre-dossiers-avocat"
      title="Mes dossiers"
      backLink={false}
      intro="Les dossiers qui vous sont confiés. Ouvrez un dossier pour lire le récit du client et échanger avec lui ; passez-le en cours dès que vous commencez à le traiter."
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
          {lawyerCaseMessages.changeFailed} : {actionData.error}
        </ListAlert>
      ) : null}

      <ResultCount>{page.total} dossier(s)</ResultCount>
      <StaffTable caption="Mes dossiers : numéro, client, type d'arnaque, montant, statut, date d'attribution et actions" rows={page.rows} empty={query.view === "nouveaux" ? "Aucun nouveau dossier : vous avez ouvert tous vos dossiers." : "Aucun dossier ne correspond."} className="mt-2" columns={[
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
              <StatusChange row={row} />
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

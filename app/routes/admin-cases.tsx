import { Form } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { Button, ButtonLink } from "~/components/ui/button";
import { controlClasses } from "~/components/ui/field";
import type { Route } from "./+types/admin-cases";
import { BackOfficePage, FilterSelect, ListAlert, Pagination, StaffTable, useListHref } from "~/components/back-office/back-office-page";
import { CaseSearchForm, caseSummaryColumns } from "~/components/back-office/staff-case-list";
import { Badge } from "~/components/ui/badge";
import { pageTitle } from "~/content/site";
import { caseRowAction, staffListLoader } from "~/modules/back-office/staff-list.server";
import { adminCaseList, assignCaseByAdmin, type AdminCaseRow, type LawyerChoice } from "~/modules/cases/admin-cases.server";
import {
  ADMIN_AGREEMENT_FILTERS,
  ADMIN_CASE_STATUSES,
  adminCaseMessages,
  adminCaseQuerySchema,
  assignLawyerSchema,
  CASE_AGREEMENT_LABELS,
  FINISHED_STATUSES,
} from "~/modules/cases/admin-cases.schema";
import { caseStatusLabel } from "~/modules/cases/cases.schema";
import { requireRole } from "~/platform/guards.server";
import { formatDate } from "~/lib/format";
import { useSubmitting } from "~/components/use-submitting";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Dossiers") }, { name: "robots", content: "noindex" }];

export const loader = staffListLoader("admin", adminCaseQuerySchema, adminCaseList);

export async function action({ url, request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "admin");
  return caseRowAction(request, url, assignLawyerSchema, {
    fields: ["lawyerId", "caseId"],
    failed: adminCaseMessages.assignFailed,
    unknownCase: adminCaseMessages.unknownCase,
    run: (input) => assignCaseByAdmin(actor, input),
    back: (url) => {
      url.searchParams.delete("assign");
      return `/admin/cases${url.searchParams.size > 0 ? `?${url.searchParams}` : ""}`;
    },
    toast: (result) => ({
      title: adminCaseMessages.assigned,
      description: `${result.reassigned ? "Dossier réassigné à" : "Dossier confié à"} ${result.lawyerName}. Le client et l'avocat sont prévenus par email.`,
      tone: "success",
    }),
  });
}

const STATUS_OPTIONS = [{ value: "tous", label: "Tous les statuts" }, ...ADMIN_CASE_STATUSES.map((status) => ({ value: status, label: caseStatusLabel(status) }))];
const LAWYER_FILTER_OPTIONS = [
  { value: "tous", label: "Assignés ou non" },
  { value: "non-assignes", label: "Non assignés" },
];
const AGREEMENT_FILTER_OPTIONS = ADMIN_AGREEMENT_FILTERS.map((value) => ({
  value,
  label: value === "toutes" ? "Toutes les conventions" : CASE_AGREEMENT_LABELS[value],
}));

function lawyerOption(lawyer: LawyerChoice): string {
  const share =
    lawyer.percentage === null ? "" : lawyer.allocationActive ? ` (répartition ${lawyer.percentage}\u202f%)` : " (répartition inactive)";
  return `Maître ${lawyer.firstName} ${lawyer.lastName}${share}`;
}

function AssignForm({
  row,
  lawyers,
  open,
  openLink,
  closeLink,
}: {
  row: AdminCaseRow;
  lawyers: LawyerChoice[];
  open: boolean;
  openLink: string;
  closeLink: string;
}) {
  const busy = useSubmitting({ field: ["caseId", row.id] });
  if (row.status === "draft") return <span className="text-sm text-slate-700">Brouillon&#x202f;: pas encore soumis</span>;
  if (FINISHED_STATUSES.includes(row.status)) return <span className="text-sm text-slate-700">Dossier terminé</span>;
  const verb = row.lawyer ? "Réassigner" : "Assigner";
  // Closed, the row only links to its form: the lawyer list (2 000 names at scale) is sent for one case at a time.
  if (!open) {
    return (
      <ButtonLink to={openLink} preventScrollReset variant="link">
        {row.lawyer ? "Réassigner" : "Assigner un avocat"}
        <span className="sr-only"> : dossier {row.caseNumber}</span>
      </ButtonLink>
    );
  }
  if (lawyers.length === 0) return <span className="text-sm text-slate-700">Aucun avocat inscrit</span>;
  return (
    <Form method="post" className="flex max-w-xs flex-col gap-2">
      <input type="hidden" name="caseId" value={row.id} />
      {/* No id: the row is rendered twice (table and phone cards). */}
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Avocat
        <select name="lawyerId" defaultValue="" required className={`${controlClasses(undefined)} font-normal`}>
          <option value="">Choisir un avocat</option>
          {lawyers
            .filter((lawyer) => lawyer.id !== row.lawyer?.id)
            .map((lawyer) => (
              <option key={lawyer.id} value={lawyer.id}>
                {lawyerOption(lawyer)}
              </option>
            ))}
        </select>
      </label>
      <Button disabled={busy}>
        {verb}
        <span className="sr-only"> le dossier {row.caseNumber}</span>
      </Button>
      <ButtonLink to={closeLink} preventScrollReset variant="link">
        Annuler
        <span className="sr-only"> l'attribution du dossier {row.caseNumber}</span>
      </ButtonLink>
    </Form>
  );
}

export default function AdminCasesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  const href = useListHref();
  return (
    <BackOfficePage id="titre-dossiers-admin" title="Dossiers" wide>
      {page.waitingCount > 0 ? (
        <p className="mt-4 rounded-md border-2 border-amber-600 bg-amber-50 p-3 text-amber-950">
          <span className="font-semibold">{page.waitingCount} dossier(s) attendent un avocat.</span> Aucun avocat actif n'avait de
          pourcentage de répartition à leur soumission&#x202f;: assignez-les ci-dessous, ou revoyez la{" "}
          <AppLink to="/admin/lawyer-allocation" className="font-semibold underline">
            répartition des dossiers
          </AppLink>
          .
        </p>
      ) : null}

      <CaseSearchForm
        value={query.q}
        placeholder="Numéro de dossier, email ou nom du client, type d'arnaque"
        status={query.status}
        statuses={STATUS_OPTIONS}
      >
        <FilterSelect id="filter" name="filter" label="Avocat" value={query.filter} options={LAWYER_FILTER_OPTIONS} />
        <FilterSelect id="agreement" name="agreement" label="Convention" value={query.agreement} options={AGREEMENT_FILTER_OPTIONS} />
      </CaseSearchForm>

      {actionData ? (
        <ListAlert>
          {adminCaseMessages.assignFailed}&#x202f;: {actionData.error}
        </ListAlert>
      ) : null}

      <StaffTable caption="Dossiers&#x202f;: numéro, client, type d'arnaque, montant, statut, convention d'honoraires, date de création, avocat et attribution" rows={page.rows} empty="Aucun dossier ne correspond." columns={[
        {
          header: "Dossier",
          cell: (row) => (
            <span className="flex flex-col items-start gap-1">
              <AppLink to={`/case/${row.id}`} className="font-semibold text-brand-800 underline">
                {row.caseNumber}
              </AppLink>
              {row.waitingForLawyer ? (
                <Badge className="bg-amber-100 text-amber-950 ring-amber-600">En attente d'un avocat</Badge>
              ) : null}
            </span>
          ),
        },
        {
          header: "Client",
          cell: (row) => (
            <span className="flex flex-col">
              <span>
                {row.client.firstName} {row.client.lastName}
              </span>
              <span className="break-all text-xs text-slate-700">{row.client.email}</span>
            </span>
          ),
        },
        ...caseSummaryColumns<AdminCaseRow>(),
        { header: "Convention", cell: (row) => CASE_AGREEMENT_LABELS[row.agreement] },
        { header: "Créé le", cell: (row) => formatDate(row.createdAt) },
        {
          header: "Avocat",
          cell: (row) => (row.lawyer ? `Maître ${row.lawyer.firstName} ${row.lawyer.lastName}` : "Non assigné"),
        },
        {
          header: "Attribution",
          cell: (row) => (
            <AssignForm
              row={row}
              lawyers={page.lawyers}
              open={query.assign === row.id}
              openLink={href({ assign: row.id })}
              closeLink={href({ assign: null })}
            />
          ),
        },
      ]} />
      <Pagination
        back={query.after ? { to: href({ after: null, assign: null }), label: "Retour aux premiers dossiers" } : null}
        next={page.nextCursor ? { to: href({ after: page.nextCursor, assign: null }), label: "Dossiers suivants" } : null}
      />
    </BackOfficePage>
  );
}

import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { caseAmountText } from "~/components/case-file/case-amount";
import type { Route } from "./+types/admin-cases";
import { CaseStatusBadge } from "~/components/dashboard/case-list";
import { Badge } from "~/components/ui/badge";
import { ResponsiveTable } from "~/components/ui/responsive-table";
import { pageTitle } from "~/content/site";
import { adminCaseList, assignCaseByAdmin, type AdminCaseRow, type LawyerChoice } from "~/modules/cases/admin-cases.server";
import {
  ADMIN_CASE_STATUSES,
  adminCaseMessages,
  adminCaseQuerySchema,
  assignLawyerSchema,
  FINISHED_STATUSES,
} from "~/modules/cases/admin-cases.schema";
import { caseStatusLabel, formatDate, scamTypeLabel } from "~/modules/cases/cases.schema";
import { NotFoundError } from "~/platform/actor";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Dossiers") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  const query = adminCaseQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { query, page: await adminCaseList(actor, query) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "admin");
  const form = await parseForm(request, assignLawyerSchema);
  if (!form.ok) {
    return data(
      {
        caseId: form.values.caseId ?? null,
        error: form.fieldErrors.lawyerId ?? form.fieldErrors.caseId ?? adminCaseMessages.assignFailed,
      },
      { status: 400 },
    );
  }
  try {
    const result = await assignCaseByAdmin(actor, form.data);
    if (!result.ok) return data({ caseId: form.data.caseId, error: result.message }, { status: result.status });
    const back = new URL(request.url).searchParams;
    back.delete("assigner");
    return redirectWithToast(`/admin/cases${back.size > 0 ? `?${back}` : ""}`, {
      title: adminCaseMessages.assigned,
      description: `${result.reassigned ? "Dossier réassigné à" : "Dossier confié à"} ${result.lawyerName}. Le client et l'avocat sont prévenus par email.`,
      tone: "success",
    });
  } catch (error) {
    if (error instanceof NotFoundError) return data({ caseId: form.data.caseId, error: adminCaseMessages.unknownCase }, { status: 404 });
    throw error;
  }
}

const BUTTON = "inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold";
const LINK = "inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";

function lawyerOption(lawyer: LawyerChoice): string {
  const share =
    lawyer.percentage === null ? "" : lawyer.allocationActive ? ` (répartition ${lawyer.percentage} %)` : " (répartition inactive)";
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
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("caseId") === row.id;
  if (row.status === "draft") return <span className="text-sm text-slate-700">Brouillon : pas encore soumis</span>;
  if (FINISHED_STATUSES.includes(row.status)) return <span className="text-sm text-slate-700">Dossier terminé</span>;
  const verb = row.lawyer ? "Réassigner" : "Assigner";
  // Closed, the row only links to its form: the lawyer list (2 000 names at scale) is sent for one case at a time.
  if (!open) {
    return (
      <Link to={openLink} preventScrollReset className={LINK}>
        {row.lawyer ? "Réassigner" : "Assigner un avocat"}
        <span className="sr-only"> : dossier {row.caseNumber}</span>
      </Link>
    );
  }
  if (lawyers.length === 0) return <span className="text-sm text-slate-700">Aucun avocat inscrit</span>;
  return (
    <Form method="post" className="flex max-w-xs flex-col gap-2">
      <input type="hidden" name="caseId" value={row.id} />
      {/* No id: the row is rendered twice (table and phone cards). */}
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Avocat
        <select name="lawyerId" defaultValue="" required className="min-h-11 rounded-md border border-slate-400 bg-white px-2 font-normal">
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
      <button type="submit" disabled={busy} className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}>
        {verb}
        <span className="sr-only"> le dossier {row.caseNumber}</span>
      </button>
      <Link to={closeLink} preventScrollReset className={LINK}>
        Annuler
        <span className="sr-only"> l'attribution du dossier {row.caseNumber}</span>
      </Link>
    </Form>
  );
}

export default function AdminCasesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  const [params] = useSearchParams();
  const linkWith = (name: "apres" | "assigner", value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name === "apres") next.delete("assigner");
    const search = next.toString();
    return `/admin/cases${search ? `?${search}` : ""}`;
  };
  const nextLink = (cursor: string | null) => linkWith("apres", cursor);
  return (
    <section aria-labelledby="titre-dossiers-admin" className="mx-auto max-w-7xl px-4 pb-10 pt-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="titre-dossiers-admin" className="text-3xl font-bold text-slate-900">
          Dossiers
        </h1>
        <Link to="/dashboard" className={LINK}>
          Retour au dashboard
        </Link>
      </div>
      {page.waitingCount > 0 ? (
        <p className="mt-4 rounded-md border-2 border-amber-600 bg-amber-50 p-3 text-amber-950">
          <span className="font-semibold">{page.waitingCount} dossier(s) attendent un avocat.</span> Aucun avocat actif n'avait de
          pourcentage de répartition à leur soumission : assignez-les ci-dessous, ou revoyez la{" "}
          <Link to="/admin/lawyer-allocation" className="font-semibold underline">
            répartition des dossiers
          </Link>
          .
        </p>
      ) : null}

      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor="recherche" className="block font-semibold">
            Rechercher
          </label>
          <input
            id="recherche"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Numéro de dossier, email ou nom du client, type d'arnaque"
            className="min-h-11 w-full rounded-md border border-slate-400 px-3"
          />
        </div>
        <div>
          <label htmlFor="statut" className="block font-semibold">
            Statut
          </label>
          <select
            id="statut"
            name="statut"
            defaultValue={query.statut}
            className="min-h-11 rounded-md border border-slate-400 bg-white px-2"
          >
            <option value="tous">Tous les statuts</option>
            {ADMIN_CASE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {caseStatusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filtre" className="block font-semibold">
            Avocat
          </label>
          <select
            id="filtre"
            name="filtre"
            defaultValue={query.filtre}
            className="min-h-11 rounded-md border border-slate-400 bg-white px-2"
          >
            <option value="tous">Assignés ou non</option>
            <option value="non-assignes">Non assignés</option>
          </select>
        </div>
        <button type="submit" className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}>
          Filtrer
        </button>
      </Form>

      {actionData ? (
        <p role="alert" className="mt-6 rounded-md border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {adminCaseMessages.assignFailed} : {actionData.error}
        </p>
      ) : null}

      <div className="mt-6">
        <ResponsiveTable
          caption="Dossiers : numéro, client, type d'arnaque, montant, statut, date de création, avocat et attribution"
          rows={page.rows}
          rowKey={(row) => row.id}
          empty="Aucun dossier ne correspond."
          columns={[
            {
              header: "Dossier",
              cell: (row) => (
                <span className="flex flex-col items-start gap-1">
                  <Link to={`/case/${row.id}`} className="font-semibold text-brand-800 underline">
                    {row.caseNumber}
                  </Link>
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
            {
              header: "Type d'arnaque",
              cell: (row) => scamTypeLabel(row.scamType),
            },
            { header: "Montant", cell: (row) => caseAmountText(row) },
            {
              header: "Statut",
              cell: (row) => <CaseStatusBadge status={row.status} />,
            },
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
                  open={query.assigner === row.id}
                  openLink={linkWith("assigner", row.id)}
                  closeLink={linkWith("assigner", null)}
                />
              ),
            },
          ]}
        />
      </div>
      <nav aria-label="Pagination" className="mt-6 flex flex-wrap items-center gap-4">
        {query.apres ? (
          <Link to={nextLink(null)} className={LINK}>
            Retour aux premiers dossiers
          </Link>
        ) : null}
        {page.nextCursor ? (
          <Link to={nextLink(page.nextCursor)} className={LINK}>
            Dossiers suivants
          </Link>
        ) : null}
      </nav>
    </section>
  );
}

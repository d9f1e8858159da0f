import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { caseAmountText } from "~/components/case-file/case-amount";
import type { Route } from "./+types/avocat-dossiers";
import { CaseStatusBadge } from "~/components/dashboard/case-list";
import { Badge } from "~/components/ui/badge";
import { ResponsiveTable } from "~/components/ui/responsive-table";
import { pageTitle } from "~/content/site";
import { caseStatusLabel, formatDate, scamTypeLabel } from "~/modules/cases/cases.schema";
import { changeCaseStatusByLawyer, lawyerCaseList, type LawyerCaseRow } from "~/modules/cases/lawyer-cases.server";
import {
  LAWYER_STATUS_FILTERS,
  lawyerCaseMessages,
  lawyerCaseQuerySchema,
  NOTE_MAX,
  statusChangeSchema,
  TRANSITION_LABELS,
} from "~/modules/cases/lawyer-cases.schema";
import { NotFoundError } from "~/platform/actor";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mes dossiers") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "lawyer");
  const query = lawyerCaseQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { query, page: await lawyerCaseList(actor, query) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "lawyer");
  const form = await parseForm(request, statusChangeSchema);
  if (!form.ok) {
    const message = form.fieldErrors.note ?? form.fieldErrors.statut ?? form.fieldErrors.caseId ?? lawyerCaseMessages.changeFailed;
    return data({ caseId: form.values.caseId ?? null, error: message }, { status: 400 });
  }
  try {
    const result = await changeCaseStatusByLawyer(actor, form.data);
    if (!result.ok) return data({ caseId: form.data.caseId, error: result.message }, { status: result.status });
    const back = new URL(request.url);
    return redirectWithToast(`/avocat/dossiers${back.search}`, {
      title: lawyerCaseMessages.changed,
      description: `Nouveau statut : ${caseStatusLabel(result.status)}. Le client est prévenu par email.`,
      tone: "success",
    });
  } catch (error) {
    if (error instanceof NotFoundError) return data({ caseId: form.data.caseId, error: lawyerCaseMessages.unknownCase }, { status: 404 });
    throw error;
  }
}

const BUTTON = "inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold";
const LINK = "inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";

const STATUS_FILTER_LABELS: Record<(typeof LAWYER_STATUS_FILTERS)[number], string> = {
  tous: "Tous les statuts",
  assigned: caseStatusLabel("assigned"),
  in_progress: caseStatusLabel("in_progress"),
  resolved: caseStatusLabel("resolved"),
  closed: caseStatusLabel("closed"),
};

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
            <button
              key={status}
              type="submit"
              name="statut"
              value={status}
              disabled={busy}
              className={`${BUTTON} ${status === "closed" ? "border border-slate-500 bg-white text-slate-900 hover:bg-slate-100" : "bg-brand-700 text-white hover:bg-brand-800"}`}
            >
              {TRANSITION_LABELS[status]}
              <span className="sr-only"> : dossier {row.caseNumber}</span>
            </button>
          ))}
        </div>
      </Form>
    </details>
  );
}

export default function LawyerCasesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  const [params] = useSearchParams();
  const link = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const search = next.toString();
    return `/avocat/dossiers${search ? `?${search}` : ""}`;
  };
  const viewLink = (vue: "tous" | "nouveaux", label: string) => (
    <Link
      to={link({ vue: vue === "tous" ? null : vue, page: null })}
      aria-current={query.vue === vue ? "page" : undefined}
      className={`inline-flex min-h-11 items-center rounded-md px-4 font-semibold ${
        query.vue === vue ? "bg-brand-700 text-white" : "border border-slate-400 bg-white text-brand-800 hover:bg-slate-100"
      }`}
    >
      {label}
    </Link>
  );

  return (
    <section aria-labelledby="titre-dossiers-avocat" className="mx-auto max-w-6xl px-4 pb-10 pt-4">
      <h1 id="titre-dossiers-avocat" className="text-3xl font-bold text-slate-900">
        Mes dossiers
      </h1>
      <p className="mt-2 text-slate-700">
        Les dossiers qui vous sont confiés. Ouvrez un dossier pour lire le récit du client et échanger avec lui ; passez-le en cours dès que
        vous commencez à le traiter.
      </p>

      <nav aria-label="Vues des dossiers" className="mt-6 flex flex-wrap gap-2">
        {viewLink("tous", "Tous mes dossiers")}
        {viewLink("nouveaux", `Nouveaux dossiers (${page.newCount})`)}
      </nav>

      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        {query.vue === "nouveaux" ? <input type="hidden" name="vue" value="nouveaux" /> : null}
        <div className="grow">
          <label htmlFor="recherche" className="block font-semibold">
            Rechercher
          </label>
          <input
            id="recherche"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Numéro de dossier ou nom du client"
            className="min-h-11 w-full rounded-md border border-slate-400 px-3"
          />
        </div>
        <div>
          <label htmlFor="statut" className="block font-semibold">
            Statut
          </label>
          <select id="statut" name="statut" defaultValue={query.statut} className="min-h-11 rounded-md border border-slate-400 bg-white px-2">
            {LAWYER_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {STATUS_FILTER_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}>
          Filtrer
        </button>
      </Form>

      {actionData ? (
        <p role="alert" className="mt-6 rounded-md border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {lawyerCaseMessages.changeFailed} : {actionData.error}
        </p>
      ) : null}

      <p className="mt-6 text-sm text-slate-700" aria-live="polite">
        {page.total} dossier(s)
      </p>
      <div className="mt-2">
        <ResponsiveTable
          caption="Mes dossiers : numéro, client, type d'arnaque, montant, statut, date d'attribution et actions"
          rows={page.rows}
          rowKey={(row) => row.id}
          empty={query.vue === "nouveaux" ? "Aucun nouveau dossier : vous avez ouvert tous vos dossiers." : "Aucun dossier ne correspond."}
          columns={[
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
            { header: "Type d'arnaque", cell: (row) => scamTypeLabel(row.scamType) },
            { header: "Montant", cell: (row) => caseAmountText(row) },
            { header: "Statut", cell: (row) => <CaseStatusBadge status={row.status} /> },
            { header: "Attribué le", cell: (row) => (row.assignedAt ? formatDate(row.assignedAt) : "") },
            {
              header: "Actions",
              cell: (row) => (
                <div>
                  <Link to={`/avocat/dossiers/${row.id}`} className={LINK}>
                    Ouvrir<span className="sr-only"> le dossier {row.caseNumber}</span>
                  </Link>
                  <StatusChange row={row} />
                </div>
              ),
            },
          ]}
        />
      </div>
      {page.pageCount > 1 ? (
        <nav aria-label="Pagination" className="mt-6 flex items-center gap-4">
          {page.page > 1 ? (
            <Link to={link({ page: String(page.page - 1) })} className={LINK}>
              Page précédente
            </Link>
          ) : null}
          <span>
            Page {page.page} sur {page.pageCount}
          </span>
          {page.page < page.pageCount ? (
            <Link to={link({ page: String(page.page + 1) })} className={LINK}>
              Page suivante
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

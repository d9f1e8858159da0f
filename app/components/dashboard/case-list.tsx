import { Form } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { CaseAmount } from "~/components/case-file/case-amount";
import { Badge } from "~/components/ui/badge";
import { ResponsiveTable, type TableColumn } from "~/components/ui/responsive-table";
import { caseStatusLabel, normalizeCaseStatus, scamTypeLabel, WAITING_FOR_LAWYER_LABEL } from "~/modules/cases/cases.schema";
import { unreadLabel } from "~/modules/chat/chat-inbox.schema";
import type { UserDashboard } from "~/modules/dashboard/dashboard.server";
import type { CaseStatus } from "~/platform/database-schema";
import { formatDate } from "~/lib/format";

type CaseRow = UserDashboard["cases"][number];

const STATUS_STYLES: Record<CaseStatus, string> = {
  draft: "bg-slate-100 text-slate-800 ring-slate-300",
  submitted: "bg-brand-50 text-brand-800 ring-brand-100",
  under_review: "bg-amber-50 text-amber-900 ring-amber-200",
  assigned: "bg-indigo-50 text-indigo-900 ring-indigo-200",
  in_progress: "bg-sky-50 text-sky-900 ring-sky-200",
  resolved: "bg-green-50 text-green-900 ring-green-200",
  completed: "bg-green-50 text-green-900 ring-green-200",
  closed: "bg-slate-200 text-slate-800 ring-slate-300",
};

export function CaseStatusBadge({ status }: { status: string }) {
  const known = normalizeCaseStatus(status);
  return (
    <Badge className={STATUS_STYLES[known]}>{caseStatusLabel(status)}</Badge>
  );
}

const actionLink = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

function CaseActions({ row, identityVerified }: { row: CaseRow; identityVerified: boolean }) {
  const caseName = <span className="sr-only"> le dossier {row.caseNumber}</span>;
  const caseId = encodeURIComponent(row.id);
  const view = (
    <AppLink to={`/case/${caseId}`} className={actionLink}>
      Voir{caseName}
    </AppLink>
  );
  if (normalizeCaseStatus(row.status) !== "draft") {
    return (
      <div className="flex flex-col items-start gap-1">
        {view}
        <AppLink to={`/case/${caseId}/chat`} className={`${actionLink} inline-flex min-h-11 flex-wrap items-center gap-2`}>
          <span>
            Messagerie<span className="sr-only"> du dossier {row.caseNumber}</span>
          </span>
          {row.unreadMessages > 0 ? (
            <span data-unread-badge="" className="rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-bold text-white no-underline">
              {unreadLabel(row.unreadMessages)}
            </span>
          ) : null}
        </AppLink>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      {view}
      <AppLink to={`/create-case?id=${caseId}`} className={actionLink}>
        Modifier{caseName}
      </AppLink>
      {identityVerified ? (
        <Form method="post" action="/dashboard">
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="caseId" value={row.id} />
          <button type="submit" className={`${actionLink} min-h-11`}>
            Soumettre{caseName}
          </button>
        </Form>
      ) : (
        <span className="text-sm text-slate-700">Soumission après vérification de votre identité</span>
      )}
    </div>
  );
}

/** "Mes dossiers": a table on wide screens, a card per case on a phone (the UI kit's ResponsiveTable). */
export function CaseList({ cases, identityVerified }: { cases: CaseRow[]; identityVerified: boolean }) {
  const columns: readonly [TableColumn<CaseRow>, ...TableColumn<CaseRow>[]] = [
    { header: "N° de dossier", cell: (row) => <span className="font-semibold text-slate-900">{row.caseNumber}</span> },
    { header: "Type d'arnaque", cell: (row) => scamTypeLabel(row.scamType) },
    { header: "Montant", cell: (row) => <CaseAmount row={row} /> },
    {
      header: "Statut",
      cell: (row) =>
        row.waitingForLawyer ? (
          <span className="flex flex-col items-start gap-1" data-waiting-for-lawyer="">
            <Badge className="bg-amber-100 text-amber-950 ring-amber-600">{WAITING_FOR_LAWYER_LABEL}</Badge>
            <span className="text-xs text-slate-700">Notre équipe lui cherche un avocat&#x202f;; vous recevrez un email.</span>
          </span>
        ) : (
          <CaseStatusBadge status={row.status} />
        ),
    },
    { header: "Créé le", cell: (row) => <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time> },
    { header: "Actions", cell: (row) => <CaseActions row={row} identityVerified={identityVerified} /> },
  ];
  return (
    <section id="mes-dossiers" aria-labelledby="titre-dossiers" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="titre-dossiers" className="text-xl font-bold text-slate-900">
        Mes dossiers
      </h2>
      <div className="mt-4">
        <ResponsiveTable
          caption="Mes dossiers&#x202f;: numéro, type d'arnaque, montant déclaré et paiements documentés, statut, date de création et actions"
          rows={cases}
          rowKey={(row) => row.id}
          columns={columns}
          empty={
            <p className="rounded-lg border border-dashed border-slate-400 px-4 py-8 text-center text-slate-700">Aucun dossier créé</p>
          }
        />
      </div>
    </section>
  );
}

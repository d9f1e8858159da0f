import type { ReactNode } from "react";
import { StaffDestinationItem } from "~/components/staff-shell";
import { ADMIN_SECTIONS, type StaffSection } from "~/lib/staff-navigation";
import { DocumentIcon, FolderIcon, MailIcon, ScaleIcon, UsersIcon } from "~/components/ui/icons";
import { Notice } from "~/components/ui/notice";
import type { AdminDashboard } from "~/modules/dashboard/dashboard.server";
import { DashboardHeader } from "./dashboard-header";
import { IconTile } from "~/components/ui/icon-tile";
import { plural, StatSection, VerifiedSplit } from "./stat-cards";
import { Button, ButtonLink } from "~/components/ui/button";
import { Select } from "~/components/ui/field";
import { AllocationAlertsNotice } from "~/components/back-office/allocation-alerts";
import { Form } from "react-router";
import { formatEuroCents } from "~/lib/fees";
import { formatCount } from "~/lib/format";
import { OUTCOME_LABELS } from "~/modules/cases/lawyer-cases.schema";
import { OPERATOR_PERIODS } from "~/modules/results/results.schema";

const SECTION_ICONS: Record<StaffSection["icon"], ReactNode> = {
  users: <UsersIcon />,
  folder: <FolderIcon />,
  mail: <MailIcon />,
  home: <FolderIcon />,
};

export function AdminDashboardView({ dashboard }: { dashboard: AdminDashboard }) {
  const { pendingDocuments } = dashboard;
  const documentReview = ADMIN_SECTIONS.flatMap((section) => section.destinations).find(
    (destination) => destination.to === "/admin/documents",
  );

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <DashboardHeader firstName={dashboard.firstName} lastName={dashboard.lastName} title="Tableau de bord administrateur" withAccountActions={false} />

      {pendingDocuments > 0 ? (
        <Notice id="titre-attention-requise" tone="warning" title="Attention requise">
          <p>{plural(pendingDocuments, "document d'identité attend", "documents d'identité attendent")} une vérification.</p>
          <p>
            {documentReview?.available ? (
              <ButtonLink
                to={`${documentReview.to}?status=pending`}
              >
                Examiner maintenant
              </ButtonLink>
            ) : (
              <span className="font-semibold">Examiner maintenant&#x202f;: bientôt disponible</span>
            )}
          </p>
        </Notice>
      ) : null}

      <AllocationAlertsNotice id="titre-alerte-repartition" alerts={dashboard.allocation} />

      <StatSection id="titre-vue-ensemble" title="Vue d'ensemble" label="Chiffres clés de la plateforme" items={[
        { label: "Utilisateurs", value: dashboard.users, icon: <UsersIcon />, detail: <VerifiedSplit total={dashboard.users} verified={dashboard.verifiedUsers} />, link: { to: "/admin/users?role=user", label: "Voir les utilisateurs" } },
        { label: "Avocats", value: dashboard.lawyers, icon: <ScaleIcon />, link: { to: "/admin/lawyers", label: "Voir les avocats" } },
        { label: "Dossiers", value: dashboard.cases, icon: <FolderIcon />, link: { to: "/admin/cases", label: "Voir les dossiers" } },
        { label: "Documents en attente", value: pendingDocuments, icon: <DocumentIcon />, link: { to: "/admin/documents?status=pending", label: "Voir les documents en attente" } },
      ]}
      />

      <OperatorResultsSection results={dashboard.results} />

      <nav aria-label="Administration" className="grid gap-4 md:grid-cols-3">
        {ADMIN_SECTIONS.map((section) => (
          <section
            key={section.id}
            aria-labelledby={`titre-${section.id}`}
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id={`titre-${section.id}`} className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <IconTile>{SECTION_ICONS[section.icon]}</IconTile>
              {section.title}
            </h2>
            <ul className="mt-4 space-y-2">
              {section.destinations.map((destination) => (
                <li key={destination.to} className="rounded-lg border border-slate-300">
                  <StaffDestinationItem destination={destination} withDescription />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    </div>
  );
}

/** Sums recovered and cases closed by outcome over a chosen period (the fees invoiced are not shown here yet). */
function OperatorResultsSection({ results }: { results: AdminDashboard["results"] }) {
  const closed = Object.values(results.closedByOutcome).reduce((sum, count) => sum + count, 0);
  return (
    <section aria-labelledby="titre-resultats" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-operator-results="">
      <h2 id="titre-resultats" className="text-lg font-bold text-slate-900">
        Résultats des dossiers
      </h2>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Période
          <Select name="period" defaultValue={results.period} className="font-normal">
            {Object.entries(OPERATOR_PERIODS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </label>
        <Button variant="secondary">Afficher</Button>
      </Form>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-700">Sommes récupérées ({OPERATOR_PERIODS[results.period].toLowerCase()}, contre-passations déduites)</dt>
          <dd className="text-2xl font-bold text-slate-900" data-recovered="">
            {formatEuroCents(results.recoveredCents)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Honoraires facturés au nom des avocats (avoirs déduits)</dt>
          <dd className="text-2xl font-bold text-slate-900" data-invoiced="">
            {formatEuroCents(results.invoicedHtCents)} HT
          </dd>
          <dd className="text-slate-800">soit {formatEuroCents(results.invoicedTtcCents)} TTC</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Dossiers clos avec leur issue</dt>
          <dd className="text-2xl font-bold text-slate-900" data-closed="">
            {formatCount(closed)}
          </dd>
        </div>
      </dl>
      <ul className="mt-3 grid gap-1 text-slate-800 sm:grid-cols-2" aria-label="Dossiers clos par issue">
        {Object.entries(OUTCOME_LABELS).map(([outcome, label]) => (
          <li key={outcome} data-outcome={outcome}>
            {label}&#x202f;: <span className="font-semibold">{formatCount(results.closedByOutcome[outcome as keyof typeof results.closedByOutcome])}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

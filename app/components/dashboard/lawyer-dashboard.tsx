import type { ReactNode } from "react";
import { AppLink } from "~/components/ui/app-link";

import { ClockIcon, FolderIcon, InboxIcon, MessageIcon, UsersIcon } from "~/components/ui/icons";
import { Notice } from "~/components/ui/notice";
import type { LawyerDashboard } from "~/modules/dashboard/dashboard.server";
import { DashboardHeader } from "./dashboard-header";
import { plural, StatSection, VerifiedSplit } from "./stat-cards";

export function LawyerDashboardView({ dashboard }: { dashboard: LawyerDashboard }) {
  const { newCases, unreadMessages, agreementsToCountersign, overdueDocuments } = dashboard;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <DashboardHeader firstName={dashboard.firstName} lastName={dashboard.lastName} title="Tableau de bord avocat" withAccountActions={false} />

      {newCases > 0 || unreadMessages > 0 || agreementsToCountersign.length > 0 || overdueDocuments.total > 0 ? (
        <Notice id="titre-action-requise" tone="warning" title="Action requise">
          <ul className="list-disc space-y-1 pl-5">
            {newCases > 0 ? (
              <ActionItem to="/avocat/dossiers?view=nouveaux">{plural(newCases, "nouveau dossier à examiner", "nouveaux dossiers à examiner")}</ActionItem>
            ) : null}
            {agreementsToCountersign.map((item) => (
              <ActionItem key={item.caseId} to={`/case/${item.caseId}/convention`}>
                Convention signée par votre client à contre-signer (dossier {item.caseNumber})
              </ActionItem>
            ))}
            {overdueDocuments.cases.map((item) => (
              <ActionItem key={`documents-${item.caseId}`} to={`/case/${item.caseId}#documents-demandes`}>
                {plural(item.count, "document demandé en retard", "documents demandés en retard")} (dossier {item.caseNumber})
              </ActionItem>
            ))}
            {unreadMessages > 0 ? (
              <ActionItem to="/avocat/messages">{plural(unreadMessages, "message non lu dans vos dossiers", "messages non lus dans vos dossiers")}</ActionItem>
            ) : null}
          </ul>
        </Notice>
      ) : null}

      <StatSection id="titre-activite-avocat" title="Mon activité" label="Chiffres clés de votre activité" items={[
        { label: "Mes clients", value: dashboard.clients, icon: <UsersIcon />, detail: <VerifiedSplit total={dashboard.clients} verified={dashboard.verifiedClients} />, href: "/avocat/clients" },
        { label: "Dossiers actifs", value: dashboard.activeCases, icon: <FolderIcon />, href: "/avocat/dossiers" },
        { label: "Nouveaux dossiers", value: newCases, icon: <InboxIcon />, detail: "Dossiers qui vous sont confiés et que vous n'avez pas encore ouverts", href: "/avocat/dossiers?view=nouveaux" },
        { label: "Messages non lus", value: unreadMessages, icon: <MessageIcon />, detail: "Messages de vos clients et de l'équipe que vous n'avez pas encore lus", href: "/avocat/messages" },
        { label: "Documents en retard", value: overdueDocuments.total, icon: <ClockIcon />, detail: "Documents demandés à vos clients, ni envoyés ni répondus à la date prévue" },
      ]}
      />
    </div>
  );
}

/** One line of 'Action requise': a link to what waits. */
function ActionItem({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <AppLink to={to} className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2">
        {children}
      </AppLink>
    </li>
  );
}

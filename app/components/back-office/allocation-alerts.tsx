import { AppLink } from "~/components/ui/app-link";

import { plural } from "~/components/dashboard/stat-cards";
import { Notice } from "~/components/ui/notice";
import { lawyerEditHref } from "~/modules/cases/allocation.schema";
import type { AllocationAlerts, IdleLawyer } from "~/modules/cases/allocation.server";

const REASONS: Record<IdleLawyer["reason"], string> = {
  "bar-missing": "\u202f: barreau ou numéro d'inscription manquant",
  inactive: "\u202f: marqué inactif",
  zero: "\u202f: pourcentage à 0",
};

const link = "font-semibold text-brand-800 underline";

function fixHref(lawyer: IdleLawyer): string {
  return lawyer.reason === "bar-missing" ? lawyerEditHref(lawyer) : `/admin/lawyer-allocation?${new URLSearchParams({ q: lawyer.email })}`;
}

/**
 * What keeps new cases from reaching a lawyer, said to the admin (dashboard and allocation page): no lawyer able to
 * take a case, cases already waiting, lawyers left at 0 %. Nothing when all is well.
 */
export function AllocationAlertsNotice({ id, alerts }: { id: string; alerts: AllocationAlerts }) {
  const nobody = alerts.takers === 0;
  if (!nobody && alerts.idleCount === 0 && alerts.waitingCases === 0) return null;
  const others = alerts.idleCount - alerts.idleLawyers.length;
  return (
    <Notice
      id={id}
      tone={nobody || alerts.waitingCases > 0 ? "danger" : "warning"}
      title={nobody ? "Aucun avocat ne peut recevoir de nouveaux dossiers" : "Répartition des dossiers à vérifier"}
    >
      {nobody ? (
        <p>
          Les dossiers soumis attendront qu'un administrateur les assigne. Donnez un pourcentage à au moins un avocat actif dont le barreau et le
          numéro d'inscription sont renseignés&#x202f;:{" "}
          <AppLink to="/admin/lawyer-allocation" className={link}>
            répartition des dossiers
          </AppLink>
          .
        </p>
      ) : null}
      {alerts.waitingCases > 0 ? (
        <p>
          {plural(alerts.waitingCases, "dossier attend", "dossiers attendent")} un avocat.{" "}
          <AppLink to="/admin/cases?filter=non-assignes" className={link}>
            Les assigner
          </AppLink>
        </p>
      ) : null}
      {alerts.idleLawyers.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5" data-idle-lawyers="">
          {alerts.idleLawyers.map((lawyer) => (
            <li key={lawyer.lawyerId}>
              Maître {lawyer.firstName} {lawyer.lastName} reçoit 0&#x202f;% des nouveaux dossiers{REASONS[lawyer.reason]}.{" "}
              <AppLink to={fixHref(lawyer)} className={link}>
                Corriger<span className="sr-only"> pour Maître {lawyer.firstName} {lawyer.lastName}</span>
              </AppLink>
            </li>
          ))}
          {others > 0 ? <li>{plural(others, "autre avocat reçoit", "autres avocats reçoivent")} 0&#x202f;% des nouveaux dossiers.</li> : null}
        </ul>
      ) : null}
    </Notice>
  );
}

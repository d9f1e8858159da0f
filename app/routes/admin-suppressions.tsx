import { AppLink } from "~/components/ui/app-link";

import type { Route } from "./+types/admin-suppressions";
import { BackOfficePage, frenchDateTime, StaffTable } from "~/components/back-office/back-office-page";
import { Badge } from "~/components/ui/badge";
import { pageTitle } from "~/content/site";
import { listDeletionRequests } from "~/modules/privacy/account-deletion.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Suppressions de compte") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { requests: await listDeletionRequests(requireRole(context, "admin")) };
}

const ORIGIN_LABELS = { person: "Demande de la personne", inactivity: "Inactivité (3 ans)" } as const;

export default function AdminDeletionsPage({ loaderData }: Route.ComponentProps) {
  const { requests } = loaderData;
  return (
    <BackOfficePage
      id="titre-suppressions"
      title="Suppressions de compte"
      intro="Chaque suppression de compte client&#x202f;: à la demande de la personne ou après 3 ans d'inactivité. Une demande reste en attente tant qu'un dossier est en cours avec un avocat (l'avocat est prévenu par e-mail). Un compte supprimé n'est plus qu'un identifiant pseudonyme&#x202f;; son dossier juridique est purgé 10 ans après la clôture."
    >
      <StaffTable caption="Demandes de suppression, de la plus récente à la plus ancienne" rows={requests} empty="Aucune demande de suppression." className="" columns={[
        {
          header: "Demande",
          cell: (request) => (
            <>
              <span className="font-semibold">{ORIGIN_LABELS[request.origin]}</span>
              <span className="block text-sm text-slate-700">{frenchDateTime(request.requestedAt)}</span>
            </>
          ),
        },
        {
          header: "Compte",
          cell: (request) =>
            request.status === "waiting" ? (
              <AppLink to={`/admin/users/${request.userId}`} className="font-semibold text-brand-800 underline underline-offset-2">
                Voir la fiche
              </AppLink>
            ) : (
              <span className="break-all text-sm">{request.userId}</span>
            ),
        },
        {
          header: "Statut",
          cell: (request) =>
            request.status === "waiting" ? (
              <>
                <Badge className="bg-amber-50 text-amber-900 ring-amber-600">En attente</Badge>
                <span className="block text-sm text-slate-700">Dossier en cours&#x202f;: {request.blockingCases.join(", ")}</span>
              </>
            ) : (
              <>
                <Badge className="bg-green-50 text-green-900 ring-green-700">Supprimé</Badge>
                <span className="block text-sm text-slate-700">{request.completedAt ? frenchDateTime(request.completedAt) : ""}</span>
              </>
            ),
        },
        {
          header: "Fichiers effacés",
          cell: (request) => (request.status === "done" ? String(request.filesDeleted) : "—"),
        },
        {
          header: "Dossier juridique",
          cell: (request) =>
            request.status === "waiting"
              ? "—"
              : request.purgedAt
                ? `Purgé le ${frenchDateTime(request.purgedAt)}`
                : request.casesKept > 0
                  ? `${request.casesKept} dossier${request.casesKept > 1 ? "s" : ""} conservé${request.casesKept > 1 ? "s" : ""}, pseudonymisé${request.casesKept > 1 ? "s" : ""}`
                  : "Aucun dossier à conserver",
        },
      ]} />
    </BackOfficePage>
  );
}

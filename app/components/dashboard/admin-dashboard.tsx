import type { ReactNode } from "react";
import { Link } from "react-router";
import { DocumentIcon, FolderIcon, MailIcon, ScaleIcon, UsersIcon } from "~/components/ui/icons";
import { Notice } from "~/components/ui/notice";
import type { AdminDashboard } from "~/modules/dashboard/dashboard.server";
import { DashboardHeader } from "./dashboard-header";
import { IconTile } from "~/components/ui/icon-tile";
import { plural, StatCards, VerifiedSplit } from "./stat-cards";

interface LinkGroup {
  id: string;
  title: string;
  icon: ReactNode;
  links: { to: string; label: string; description: string }[];
}

const LINK_GROUPS: LinkGroup[] = [
  {
    id: "titre-gestion-utilisateurs",
    title: "Gestion des utilisateurs",
    icon: <UsersIcon />,
    links: [
      { to: "/admin/users", label: "Utilisateurs", description: "Comptes, rôles et statut de vérification" },
      {
        to: "/admin/comptes",
        label: "Sécurité des comptes",
        description: "Lien de réinitialisation, fin des sessions, double authentification",
      },
      { to: "/admin/lawyers", label: "Avocats", description: "Niveaux, clients et dossiers actifs" },
      { to: "/admin/lawyer-allocation", label: "Répartition des dossiers", description: "Part des nouveaux dossiers par avocat" },
    ],
  },
  {
    id: "titre-gestion-dossiers",
    title: "Gestion des dossiers",
    icon: <FolderIcon />,
    links: [
      { to: "/admin/cases", label: "Dossiers", description: "Suivi et attribution à un avocat" },
      { to: "/admin/documents", label: "Documents d'identité", description: "Vérification des pièces envoyées" },
    ],
  },
  {
    id: "titre-communication",
    title: "Communication",
    icon: <MailIcon />,
    links: [
      { to: "/admin/email-templates", label: "Modèles d'emails", description: "Créer et modifier les modèles" },
      { to: "/admin/emails", label: "Emails envoyés", description: "Historique et envoi manuel" },
    ],
  },
];

export function AdminDashboardView({ dashboard }: { dashboard: AdminDashboard }) {
  const { pendingDocuments } = dashboard;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <DashboardHeader firstName={dashboard.firstName} lastName={dashboard.lastName} title="Dashboard Administrateur" />

      {pendingDocuments > 0 ? (
        <Notice id="titre-attention-requise" tone="warning" title="Attention requise">
          <p>{plural(pendingDocuments, "document d'identité attend", "documents d'identité attendent")} une vérification.</p>
          <p>
            <Link
              to="/admin/documents"
              className="inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Examiner maintenant
            </Link>
          </p>
        </Notice>
      ) : null}

      <section aria-labelledby="titre-vue-ensemble">
        <h2 id="titre-vue-ensemble" className="mb-4 text-xl font-bold text-slate-900">
          Vue d'ensemble
        </h2>
        <StatCards
          label="Chiffres clés de la plateforme"
          items={[
            {
              label: "Utilisateurs",
              value: dashboard.users,
              icon: <UsersIcon />,
              detail: <VerifiedSplit total={dashboard.users} verified={dashboard.verifiedUsers} />,
            },
            { label: "Avocats", value: dashboard.lawyers, icon: <ScaleIcon /> },
            { label: "Dossiers", value: dashboard.cases, icon: <FolderIcon /> },
            { label: "Documents en attente", value: pendingDocuments, icon: <DocumentIcon /> },
          ]}
        />
      </section>

      <nav aria-label="Administration" className="grid gap-4 md:grid-cols-3">
        {LINK_GROUPS.map((group) => (
          <section
            key={group.id}
            aria-labelledby={group.id}
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id={group.id} className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <IconTile>{group.icon}</IconTile>
              {group.title}
            </h2>
            <ul className="mt-4 space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="block rounded-lg border border-slate-300 px-4 py-3 hover:border-brand-700 hover:bg-brand-50"
                  >
                    <span className="font-semibold text-brand-800">{link.label}</span>
                    <span className="block text-sm text-slate-700">{link.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    </div>
  );
}

/**
 * The staff workspace: its navigation for each role, and the pages that use the staff shell instead of the
 * marketing header and footer. A destination a later issue builds is listed with `available: false`: the shell
 * shows it as 'Bientôt disponible', without a link, never as a 404.
 */
export interface StaffDestination {
  to: string;
  label: string;
  description: string;
  available: boolean;
}

export interface StaffSection {
  id: string;
  title: string;
  icon: "users" | "folder" | "mail" | "home";
  destinations: StaffDestination[];
}

/** The staff roles of platform's Role (lib imports no layer above it; a use with a Role that is missing here fails to compile). */
export type StaffRole = "lawyer" | "admin";

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { lawyer: "Avocat", admin: "Administrateur" };

export const ROLE_LABELS: Record<"user" | StaffRole, string> = { user: "Client", ...STAFF_ROLE_LABELS };

export function isStaffRole(role: string): role is StaffRole {
  return role === "lawyer" || role === "admin";
}

const dashboard: StaffDestination = {
  to: "/dashboard",
  label: "Tableau de bord",
  description: "Chiffres clés et actions en attente",
  available: true,
};

export const ADMIN_SECTIONS: StaffSection[] = [
  {
    id: "gestion-utilisateurs", title: "Gestion des utilisateurs", icon: "users",
    destinations: [
      {
        to: "/admin/users",
        label: "Utilisateurs",
        description: "Comptes, rôles, liens de réinitialisation et sessions",
        available: true,
      },
      { to: "/admin/lawyers", label: "Avocats", description: "Niveaux, barreau, clients et dossiers actifs", available: true },
      {
        to: "/admin/lawyer-allocation",
        label: "Répartition des dossiers",
        description: "Part des nouveaux dossiers par avocat",
        available: true,
      },
      { to: "/admin/journal", label: "Journal des actions", description: "Qui a fait quoi, quand, avant et après", available: true },
      {
        to: "/admin/suppressions",
        label: "Suppressions de compte",
        description: "Demandes de suppression, en attente ou faites, et purge du dossier juridique",
        available: true,
      },
    ],
  },
  {
    id: "gestion-dossiers", title: "Gestion des dossiers", icon: "folder",
    destinations: [
      { to: "/admin/cases", label: "Dossiers", description: "Suivi et attribution à un avocat", available: true },
      { to: "/admin/documents", label: "Documents d'identité", description: "Vérification des pièces envoyées", available: true },
      {
        to: "/admin/conventions",
        label: "Conventions d'honoraires",
        description: "Versions du modèle de convention proposé aux clients",
        available: true,
      },
      { to: "/admin/factures", label: "Factures", description: "Factures et avoirs émis, export pour le comptable", available: true },
    ],
  },
  {
    id: "communication", title: "Communication", icon: "mail",
    destinations: [
      { to: "/admin/email-templates", label: "Modèles d'e-mails", description: "Créer et modifier les modèles", available: true },
      { to: "/admin/emails", label: "E-mails envoyés", description: "Historique et envoi manuel", available: true },
    ],
  },
];

export const LAWYER_SECTIONS: StaffSection[] = [
  {
    id: "activite", title: "Mon activité", icon: "folder",
    destinations: [
      dashboard,
      { to: "/avocat/dossiers", label: "Dossiers", description: "Les dossiers qui vous sont attribués", available: true },
      { to: "/avocat/clients", label: "Clients", description: "Vos clients et leur vérification", available: true },
      { to: "/avocat/messages", label: "Messages", description: "Les conversations de vos dossiers", available: true },
      { to: "/avocat/facturation", label: "Facturation", description: "Votre cabinet, SIREN, TVA et mandat de facturation", available: true },
      { to: "/avocat/coordonnees", label: "Coordonnées publiques", description: "L'e-mail, le téléphone et le site que les victimes peuvent vérifier", available: true },
    ],
  },
];

const ACCOUNT: StaffDestination = { to: "/compte", label: "Mon compte", description: "", available: true };

export function staffSections(role: StaffRole): StaffSection[] {
  if (role === "lawyer") return LAWYER_SECTIONS;
  return [{ id: "accueil", title: "Accueil", icon: "home", destinations: [dashboard] }, ...ADMIN_SECTIONS];
}

/** The pages a signed-in lawyer or administrator sees in the staff shell. */
export function isWorkspacePath(pathname: string): boolean {
  return (
    pathname === "/dashboard" ||
    pathname === "/compte" ||
    pathname.startsWith("/compte/") ||
    pathname.startsWith("/admin/") ||
    pathname.startsWith("/avocat/")
  );
}

const EXTRA_PAGES: Record<string, string> = {
  "/compte/email": "Changer d'adresse e-mail",
  "/compte/double-authentification": "Double authentification",
  "/compte/suppression": "Supprimer mon compte",
};

/** Tableau de bord / … / current page: the last item is the page itself. */
export function staffBreadcrumb(role: StaffRole, pathname: string): { to: string; label: string }[] {
  const trail = [{ to: dashboard.to, label: dashboard.label }];
  if (pathname === dashboard.to) return trail;
  if (pathname.startsWith("/compte")) {
    trail.push({ to: ACCOUNT.to, label: ACCOUNT.label });
    const extra = EXTRA_PAGES[pathname];
    if (extra) trail.push({ to: pathname, label: extra });
    return trail;
  }
  const destinations = staffSections(role).flatMap((section) => section.destinations);
  const destination = destinations.find((candidate) => candidate.to === pathname);
  if (destination) {
    trail.push({ to: pathname, label: destination.label });
    return trail;
  }
  // A record's page under a list (/admin/users/…): the list, then the page itself.
  const parent = destinations.find((candidate) => candidate.to !== "/dashboard" && pathname.startsWith(`${candidate.to}/`));
  if (parent) {
    trail.push({ to: parent.to, label: parent.label }, { to: pathname, label: "Fiche" });
    return trail;
  }
  trail.push({ to: pathname, label: "Page introuvable" });
  return trail;
}

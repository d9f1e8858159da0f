import { staffSections, type StaffRole } from "~/lib/staff-navigation";

export interface MemberLink {
  to: string;
  label: string;
}

/** A client's pages, in the order of the journey: profile, identity, cases, account. */
export const CLIENT_NAVIGATION: readonly MemberLink[] = [
  { to: "/dashboard", label: "Tableau de bord" },
  { to: "/complete-profile", label: "Mon profil" },
  { to: "/verify-identity", label: "Vérification d'identité" },
  { to: "/dashboard#mes-dossiers", label: "Mes dossiers" },
  { to: "/create-case", label: "Nouveau dossier" },
  { to: "/compte", label: "Mon compte" },
];

/**
 * The member pages the site header's menu lists to a signed-in person: a client's pages, or a lawyer's or
 * administrator's workspace (the staff navigation's available destinations) when they are on a page outside it.
 */
export function memberNavigation(role: "user" | StaffRole): readonly MemberLink[] {
  if (role === "user") return CLIENT_NAVIGATION;
  const destinations = staffSections(role)
    .flatMap((section) => section.destinations)
    .filter((destination) => destination.available)
    .map(({ to, label }) => ({ to, label }));
  return [...destinations, { to: "/compte", label: "Mon compte" }];
}

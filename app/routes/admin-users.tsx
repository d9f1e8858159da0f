import { data } from "react-router";
import type { Route } from "./+types/admin-users";
import { BackOfficePage, filterOptions, FilterSelect, frenchDate, NextPageLink, PersonCell, SearchForm, StaffTable } from "~/components/back-office/back-office-page";
import { pageTitle } from "~/content/site";
import { COUNTRIES } from "~/lib/countries";
import { ROLE_LABELS } from "~/lib/staff-navigation";
import { ROLE_VALUES, userListQuerySchema, VERIFICATION_FILTERS } from "~/modules/back-office/back-office.schema";
import { listUsers } from "~/modules/back-office/users.server";
import { requireRole } from "~/platform/guards.server";
import { redirectRenamedQuery } from "~/platform/renamed-query.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Utilisateurs") }, { name: "robots", content: "noindex" }];

const VERIFICATION_LABELS: Record<(typeof VERIFICATION_FILTERS)[number], string> = {
  tous: "Tous",
  verifies: "Identité vérifiée",
  "non-verifies": "Identité non vérifiée",
};

const ROLE_OPTIONS = [{ value: "", label: "Tous les rôles" }, ...filterOptions(ROLE_VALUES, ROLE_LABELS)];
const VERIFICATION_OPTIONS = filterOptions(VERIFICATION_FILTERS, VERIFICATION_LABELS);

export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  redirectRenamedQuery(url);
  const params = Object.fromEntries(url.searchParams);
  const parsed = userListQuerySchema.safeParse(params);
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Recherche illisible.";
    return data({ query: { q: "", role: undefined, verification: "tous" as const }, page: { users: [], next: null }, error }, { status: 400 });
  }
  return { query: parsed.data, page: await listUsers(actor, parsed.data), error: null };
}

function countryLabel(value: string): string {
  return COUNTRIES.find((country) => country.value === value)?.label ?? value;
}

function YesNo({ value }: { value: boolean }) {
  return <span className={value ? "font-semibold text-green-800" : "text-slate-700"}>{value ? "Oui" : "Non"}</span>;
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { query, page, error } = loaderData;
  return (
    <BackOfficePage
      id="titre-utilisateurs"
      title="Utilisateurs"
      intro="Les comptes, du plus récent au plus ancien. Ouvrez une fiche pour changer un rôle, envoyer un lien de réinitialisation ou terminer des sessions&#x202f;: aucun mot de passe n'est conservé en clair ni affiché."
    >
      <SearchForm label="Rechercher un utilisateur" placeholder="Adresse e-mail, prénom ou nom" value={query.q} error={error}>
        <FilterSelect id="filtre-role" name="role" label="Rôle" value={query.role ?? ""} options={ROLE_OPTIONS} />
        <FilterSelect id="filtre-verification" name="verification" label="Vérification" value={query.verification} options={VERIFICATION_OPTIONS} />
      </SearchForm>
      <StaffTable caption="Utilisateurs, du plus récent au plus ancien" rows={page.users} empty="Aucun utilisateur ne correspond à cette recherche." columns={[
        { header: "Utilisateur", cell: (user) => <PersonCell person={user} /> },
        { header: "Rôle", cell: (user) => ROLE_LABELS[user.role] },
        { header: "Pays", cell: (user) => countryLabel(user.country) },
        {
          header: "Avocat assigné",
          cell: (user) =>
            user.lawyer ? (
              <>
                {user.lawyer.firstName} {user.lawyer.lastName}
                <span className="block break-all text-slate-700">{user.lawyer.email}</span>
              </>
            ) : (
              <span className="text-slate-700">Aucun</span>
            ),
        },
        { header: "Identité vérifiée", cell: (user) => <YesNo value={user.identityVerified} /> },
        { header: "Profil complété", cell: (user) => <YesNo value={user.profileCompleted} /> },
        { header: "Inscription", cell: (user) => frenchDate(user.createdAt) },
      ]} />
      <NextPageLink next={page.next} />
    </BackOfficePage>
  );
}

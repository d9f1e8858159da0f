import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin-comptes";
import { pageTitle } from "~/content/site";
import {
  endAllSessionsOf,
  listAccountsForSecurity,
  resetSecondFactor,
  sendPasswordResetLink,
} from "~/modules/accounts/accounts.server";
import { NotFoundError } from "~/platform/actor";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Sécurité des comptes") }];

const ROLE_LABELS: Record<string, string> = { user: "Client", lawyer: "Avocat", admin: "Administrateur" };

const accountActionSchema = z.object({
  intent: z.enum(["lien-reinitialisation", "fin-sessions", "reinitialiser-2fa"], { error: "Action inconnue." }),
  userId: z.string().min(1, "Compte inconnu.").max(100, "Compte inconnu."),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  const search = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  return { search, accounts: await listAccountsForSecurity(actor, search), selfId: actor.userId };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "admin");
  const form = await parseForm(request, accountActionSchema);
  if (!form.ok) throw data({ formError: "Cette action n'a pas pu être lue." }, { status: 400 });
  const { intent, userId } = form.data;
  try {
    if (intent === "lien-reinitialisation") {
      await sendPasswordResetLink(actor, userId);
      return redirectWithToast("/admin/comptes", {
        title: "Lien envoyé",
        description: "La personne va recevoir un email pour choisir un nouveau mot de passe.",
        tone: "success",
      });
    }
    if (intent === "fin-sessions") {
      const ended = await endAllSessionsOf(actor, userId);
      return redirectWithToast("/admin/comptes", {
        title: "Sessions terminées",
        description: `${ended} session(s) terminée(s).`,
        tone: "success",
      });
    }
    await resetSecondFactor(actor, userId);
    return redirectWithToast("/admin/comptes", {
      title: "Double authentification réinitialisée",
      description: "La personne devra la configurer de nouveau à sa prochaine connexion.",
      tone: "success",
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

const actionButton = "rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100";

export default function AccountSecurityPage({ loaderData }: Route.ComponentProps) {
  const { accounts, search, selfId } = loaderData;
  return (
    <section aria-labelledby="titre-comptes" className="mx-auto max-w-6xl px-4 py-10">
      <Link to="/dashboard" className="font-semibold text-brand-800 underline underline-offset-2">
        Retour au dashboard
      </Link>
      <h1 id="titre-comptes" className="mt-4 text-3xl font-bold text-slate-900">
        Sécurité des comptes
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Aucun mot de passe n'est conservé en clair ni affiché. Pour aider quelqu'un à retrouver l'accès à son compte,
        envoyez-lui un lien de réinitialisation.
      </p>
      <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="recherche" className="sr-only">
          Rechercher un compte
        </label>
        <input
          id="recherche"
          name="q"
          type="search"
          defaultValue={search}
          placeholder="Email, prénom ou nom"
          className="w-full rounded-md border border-slate-400 px-3 py-2"
        />
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Rechercher
        </button>
      </Form>
      <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Comptes, du plus récent au plus ancien</caption>
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className="px-3 py-2">Compte</th>
              <th scope="col" className="px-3 py-2">Rôle</th>
              <th scope="col" className="px-3 py-2">Email confirmé</th>
              <th scope="col" className="px-3 py-2">Double authentification</th>
              <th scope="col" className="px-3 py-2">Sessions actives</th>
              <th scope="col" className="px-3 py-2">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {accounts.map((account) => (
              <tr key={account.id}>
                <th scope="row" className="px-3 py-2 font-normal">
                  <span className="block font-semibold">
                    {account.first_name} {account.last_name}
                  </span>
                  <span className="break-all text-slate-700">{account.email}</span>
                </th>
                <td className="px-3 py-2">{ROLE_LABELS[account.role] ?? account.role}</td>
                <td className="px-3 py-2">{account.emailVerified ? "Oui" : "Non"}</td>
                <td className="px-3 py-2">{account.twoFactorEnabled ? "Activée" : "Non activée"}</td>
                <td className="px-3 py-2">{Number(account.sessions ?? 0)}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    {(
                      [
                        ["lien-reinitialisation", "Envoyer un lien de réinitialisation"],
                        ["fin-sessions", "Déconnecter toutes les sessions"],
                        ...(account.twoFactorEnabled && account.id !== selfId
                          ? [["reinitialiser-2fa", "Réinitialiser la double authentification"]]
                          : []),
                      ] as [string, string][]
                    ).map(([intent, label]) => (
                      <Form method="post" key={intent}>
                        <input type="hidden" name="intent" value={intent} />
                        <input type="hidden" name="userId" value={account.id} />
                        <button type="submit" className={actionButton}>
                          {label}
                          <span className="sr-only">
                            {" "}
                            : {account.first_name} {account.last_name}
                          </span>
                        </button>
                      </Form>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {accounts.length === 0 ? <p className="p-4 text-slate-700">Aucun compte ne correspond à cette recherche.</p> : null}
      </div>
    </section>
  );
}

import { data, Form } from "react-router";
import { ConfirmationPanel, ConfirmedActionForm } from "~/components/confirmed-action";
import { ResponsiveTable } from "~/components/ui/responsive-table";
import { isConfirmed, type ConfirmationRequest } from "~/lib/confirmation";
import { ROLE_LABELS } from "~/lib/staff-navigation";
import { z } from "zod";
import type { Route } from "./+types/admin-comptes";
import { pageTitle } from "~/content/site";
import {
  accountLabelForAdmin,
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

/** The actions that cannot be undone ask first (a dialog with JavaScript, a confirmation page without). */
const CONFIRMATIONS = {
  "fin-sessions": {
    title: "Déconnecter toutes les sessions ?",
    description: (who: string) => `${who} sera déconnecté(e) de tous ses appareils et devra se reconnecter.`,
    confirmLabel: "Déconnecter toutes les sessions",
  },
  "reinitialiser-2fa": {
    title: "Réinitialiser la double authentification ?",
    description: (who: string) =>
      `${who} sera déconnecté(e) et devra configurer de nouveau la double authentification à sa prochaine connexion.`,
    confirmLabel: "Réinitialiser",
  },
} as const;

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
    if (intent !== "lien-reinitialisation" && !isConfirmed(form.values)) {
      const asked = CONFIRMATIONS[intent];
      const confirmation: ConfirmationRequest = {
        title: asked.title,
        description: asked.description(await accountLabelForAdmin(actor, userId)),
        confirmLabel: asked.confirmLabel,
        fields: { intent, userId },
      };
      return { confirmation };
    }
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


const ACTION_BUTTON =
  "inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100";

type AccountRow = Route.ComponentProps["loaderData"]["accounts"][number];

function AccountActions({ account, selfId }: { account: AccountRow; selfId: string }) {
  const who = `${account.first_name} ${account.last_name}`.trim();
  const named = (
    <span className="sr-only">
      {" "}
      : {account.first_name} {account.last_name}
    </span>
  );
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value="lien-reinitialisation" />
        <input type="hidden" name="userId" value={account.id} />
        <button type="submit" className={ACTION_BUTTON}>
          Envoyer un lien de réinitialisation
          {named}
        </button>
      </Form>
      <ConfirmedActionForm
        fields={{ intent: "fin-sessions", userId: account.id }}
        title={CONFIRMATIONS["fin-sessions"].title}
        description={CONFIRMATIONS["fin-sessions"].description(`${who} (${account.email})`)}
        confirmLabel={CONFIRMATIONS["fin-sessions"].confirmLabel}
        buttonClassName={ACTION_BUTTON}
      >
        Déconnecter toutes les sessions
        {named}
      </ConfirmedActionForm>
      {account.twoFactorEnabled && account.id !== selfId ? (
        <ConfirmedActionForm
          fields={{ intent: "reinitialiser-2fa", userId: account.id }}
          title={CONFIRMATIONS["reinitialiser-2fa"].title}
          description={CONFIRMATIONS["reinitialiser-2fa"].description(`${who} (${account.email})`)}
          confirmLabel={CONFIRMATIONS["reinitialiser-2fa"].confirmLabel}
          buttonClassName={ACTION_BUTTON}
        >
          Réinitialiser la double authentification
          {named}
        </ConfirmedActionForm>
      ) : null}
    </div>
  );
}

export default function AccountSecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, search, selfId } = loaderData;
  if (actionData && "confirmation" in actionData && actionData.confirmation) {
    return <ConfirmationPanel request={actionData.confirmation} cancelTo="/admin/comptes" />;
  }
  return (
    <section aria-labelledby="titre-comptes" className="mx-auto max-w-6xl px-4 pb-10 pt-4">
      <h1 id="titre-comptes" className="text-3xl font-bold text-slate-900">
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
          placeholder="Adresse e-mail, prénom ou nom"
          className="min-h-11 w-full rounded-md border border-slate-400 px-3 py-2"
        />
        <button type="submit" className="min-h-11 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Rechercher
        </button>
      </Form>
      <div className="mt-6">
        <ResponsiveTable
          caption="Comptes, du plus récent au plus ancien"
          rows={accounts}
          rowKey={(account) => account.id}
          empty="Aucun compte ne correspond à cette recherche."
          columns={[
            {
              header: "Compte",
              cell: (account) => (
                <>
                  <span className="block font-semibold">
                    {account.first_name} {account.last_name}
                  </span>
                  <span className="break-all text-slate-700">{account.email}</span>
                </>
              ),
            },
            { header: "Rôle", cell: (account) => ROLE_LABELS[account.role as keyof typeof ROLE_LABELS] ?? account.role },
            { header: "E-mail confirmé", cell: (account) => (account.emailVerified ? "Oui" : "Non") },
            { header: "Double authentification", cell: (account) => (account.twoFactorEnabled ? "Activée" : "Non activée") },
            { header: "Sessions actives", cell: (account) => Number(account.sessions ?? 0) },
            { header: "Actions", cell: (account) => <AccountActions account={account} selfId={selfId} /> },
          ]}
        />
      </div>
    </section>
  );
}

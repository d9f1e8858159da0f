import { data, Form } from "react-router";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import type { Route } from "./+types/admin-user";
import { BackOfficePage, FilterSelect, filterOptions, frenchDate, ListAlert, StaffPanel } from "~/components/back-office/back-office-page";
import { ConfirmationPanel, ConfirmedActionForm } from "~/components/confirmed-action";
import { pageTitle } from "~/content/site";
import { isConfirmed, type ConfirmationRequest } from "~/lib/confirmation";
import { COUNTRIES } from "~/lib/countries";
import { ROLE_LABELS } from "~/lib/staff-navigation";
import { endAllSessionsOf, resetSecondFactor, sendPasswordResetLink } from "~/modules/accounts/accounts.server";
import { backOfficeMessages, ROLE_CONSEQUENCES, ROLE_VALUES, userActionSchema } from "~/modules/back-office/back-office.schema";
import { changeRole, userDetail } from "~/modules/back-office/users.server";
import { caseStatusLabel, scamTypeLabel } from "~/modules/cases/cases.schema";
import { NotFoundError } from "~/platform/actor";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Fiche utilisateur") }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  try {
    return { user: await userDetail(actor, params.userId), selfId: actor.userId };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/** The account actions that cannot be undone ask first (a dialog with JavaScript, a confirmation page without). */
const CONFIRMATIONS = {
  "end-sessions": {
    title: "Déconnecter toutes les sessions\u202f?",
    description: (who: string) => `${who} sera déconnecté(e) de tous ses appareils et devra se reconnecter.`,
    confirmLabel: "Déconnecter toutes les sessions",
  },
  "reset-two-factor": {
    title: "Réinitialiser la double authentification\u202f?",
    description: (who: string) =>
      `${who} sera déconnecté(e) et devra configurer de nouveau la double authentification à sa prochaine connexion.`,
    confirmLabel: "Réinitialiser",
  },
} as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireRole(context, "admin");
  const form = await parseForm(request, userActionSchema);
  const back = `/admin/users/${encodeURIComponent(params.userId)}`;
  if (!form.ok) {
    const message = form.fieldErrors.role ?? form.fieldErrors.intent ?? form.fieldErrors.userId ?? "Cette action n'a pas pu être lue.";
    return data({ formError: message, confirmation: null }, { status: 400 });
  }
  const input = form.data;
  if (input.userId !== params.userId) return data({ formError: backOfficeMessages.userUnknown, confirmation: null }, { status: 400 });
  try {
    const user = await userDetail(actor, input.userId);
    const who = `${user.firstName} ${user.lastName} (${user.email})`;
    if (input.intent === "role") {
      if (!isConfirmed(form.values)) {
        const confirmation: ConfirmationRequest = {
          title: `Passer ${user.firstName} ${user.lastName} au rôle ${ROLE_LABELS[input.role]}\u202f?`,
          description: `${who}\u202f: ${ROLE_LABELS[user.role]} → ${ROLE_LABELS[input.role]}. ${ROLE_CONSEQUENCES[input.role]}`,
          confirmLabel: "Changer le rôle",
          fields: { intent: "role", userId: input.userId, role: input.role },
        };
        return { confirmation, formError: null };
      }
      const result = await changeRole(actor, input);
      if (!result.ok) return data({ formError: `${backOfficeMessages.roleError}\u202f: ${result.message}`, confirmation: null }, { status: result.status });
      return redirectWithToast(back, {
        title: backOfficeMessages.roleUpdated,
        description: `${result.sessionsEnded} session(s) terminée(s).${result.mustEnrolSecondFactor ? " La double authentification sera demandée à la prochaine connexion." : ""}`,
        tone: "success",
      });
    }
    if (input.intent !== "reset-link" && !isConfirmed(form.values)) {
      const asked = CONFIRMATIONS[input.intent];
      const confirmation: ConfirmationRequest = {
        title: asked.title,
        description: asked.description(who),
        confirmLabel: asked.confirmLabel,
        fields: { intent: input.intent, userId: input.userId },
      };
      return { confirmation, formError: null };
    }
    if (input.intent === "reset-link") {
      await sendPasswordResetLink(actor, input.userId);
      return redirectWithToast(back, {
        title: "Lien envoyé",
        description: "La personne va recevoir un email pour choisir un nouveau mot de passe.",
        tone: "success",
      });
    }
    if (input.intent === "end-sessions") {
      const ended = await endAllSessionsOf(actor, input.userId);
      return redirectWithToast(back, { title: "Sessions terminées", description: `${ended} session(s) terminée(s).`, tone: "success" });
    }
    await resetSecondFactor(actor, input.userId);
    return redirectWithToast(back, {
      title: "Double authentification réinitialisée",
      description: "La personne devra la configurer de nouveau à sa prochaine connexion.",
      tone: "success",
    });
  } catch (error) {
    if (error instanceof NotFoundError) return data({ formError: backOfficeMessages.userUnknown, confirmation: null }, { status: 404 });
    throw error;
  }
}

const ROLE_OPTIONS = filterOptions(ROLE_VALUES, ROLE_LABELS);

const IDENTITY_LABELS = {
  verified: "Identité vérifiée",
  pending: "Documents en attente de vérification",
  rejected: "Documents rejetés",
  none: "Aucun document envoyé",
} as const;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-semibold text-slate-900">{label}</dt>
      <dd className="break-words text-slate-800 sm:col-span-2">{children}</dd>
    </div>
  );
}

/** A button of the security panel that asks first (CONFIRMATIONS). */
function ConfirmedAccountAction({ intent, userId, who, children }: { intent: keyof typeof CONFIRMATIONS; userId: string; who: string; children: React.ReactNode }) {
  const confirmation = CONFIRMATIONS[intent];
  return (
    <ConfirmedActionForm
      fields={{ intent, userId }}
      title={confirmation.title}
      description={confirmation.description(who)}
      confirmLabel={confirmation.confirmLabel}
      buttonClassName={buttonClasses({ variant: "secondary" })}
    >
      {children}
    </ConfirmedActionForm>
  );
}

export default function AdminUserPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, selfId } = loaderData;
  const back = `/admin/users/${user.id}`;
  if (actionData?.confirmation) return <ConfirmationPanel request={actionData.confirmation} cancelTo={back} />;
  const who = `${user.firstName} ${user.lastName} (${user.email})`;
  const isSelf = user.id === selfId;
  return (
    <BackOfficePage id="titre-fiche" title={`${user.firstName} ${user.lastName}`}>
      <p className="mt-2">
        <ButtonLink variant="link" to="/admin/users">
          Tous les utilisateurs
        </ButtonLink>
      </p>
      <ListAlert className="mt-4 border">{actionData?.formError}</ListAlert>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <StaffPanel id="titre-profil" title="Profil" className="">
          <dl className="mt-3 divide-y divide-slate-200">
            <Fact label="Adresse e-mail">{user.email}</Fact>
            <Fact label="Rôle">{ROLE_LABELS[user.role]}</Fact>
            <Fact label="Pays">{COUNTRIES.find((country) => country.value === user.country)?.label ?? user.country}</Fact>
            <Fact label="Profil complété">{user.profileCompleted ? "Oui" : "Non"}</Fact>
            <Fact label="Avocat assigné">{user.lawyer ? `${user.lawyer.firstName} ${user.lawyer.lastName} (${user.lawyer.email})` : "Aucun"}</Fact>
            <Fact label="Inscription">{frenchDate(user.createdAt)}</Fact>
            <Fact label="E-mail confirmé">{user.emailVerified ? "Oui" : "Non"}</Fact>
            <Fact label="Double authentification">{user.secondFactorEnabled ? "Activée" : "Non activée"}</Fact>
            <Fact label="Sessions actives">{user.activeSessions}</Fact>
          </dl>
        </StaffPanel>
        <StaffPanel id="titre-identite" title="Vérification d'identité" className="">
          <p className="mt-3 font-semibold">{IDENTITY_LABELS[user.identity.status]}</p>
          <p className="mt-1 text-slate-700">
            {user.identity.pendingDocuments} document(s) en attente, {user.identity.rejectedDocuments} rejeté(s).
          </p>
          <p className="mt-3">
            <ButtonLink variant="link" to={`/admin/documents?q=${encodeURIComponent(user.email)}`}>
              Voir ses documents
            </ButtonLink>
          </p>
        </StaffPanel>
      </div>

      <StaffPanel id="titre-role" title="Rôle">
        {isSelf ? (
          <p className="mt-2 text-slate-700">{backOfficeMessages.roleOwn}</p>
        ) : (
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="userId" value={user.id} />
            <FilterSelect id="nouveau-role" name="role" label="Nouveau rôle" value={user.role} options={ROLE_OPTIONS} />
            <Button>
              Changer le rôle…
            </Button>
            <p className="w-full text-sm text-slate-700">Une confirmation expliquera ce que le changement implique avant de l'appliquer.</p>
          </Form>
        )}
      </StaffPanel>

      <StaffPanel id="titre-securite" title="Sécurité du compte">
        <p className="mt-2 text-slate-700">Aucun mot de passe n'est conservé en clair ni affiché&#x202f;: envoyez un lien de réinitialisation.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="reset-link" />
            <input type="hidden" name="userId" value={user.id} />
            <Button variant="secondary">
              Envoyer un lien de réinitialisation
            </Button>
          </Form>
          <ConfirmedAccountAction intent="end-sessions" userId={user.id} who={who}>
            Déconnecter toutes les sessions
          </ConfirmedAccountAction>
          {user.secondFactorEnabled && !isSelf ? (
            <ConfirmedAccountAction intent="reset-two-factor" userId={user.id} who={who}>
              Réinitialiser la double authentification
            </ConfirmedAccountAction>
          ) : null}
        </div>
        <p className="mt-3">
          <ButtonLink variant="link" to={`/admin/journal?target=user&targetId=${encodeURIComponent(user.id)}`}>
            Journal des actions sur ce compte
          </ButtonLink>
        </p>
      </StaffPanel>

      <StaffPanel id="titre-dossiers" title="Dossiers">
        {user.cases.length === 0 ? (
          <p className="mt-2 text-slate-700">Aucun dossier.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {user.cases.map((item) => (
              <li key={item.id} className="py-2">
                <span className="font-semibold">{item.caseNumber}</span> · {scamTypeLabel(item.scamType)} · {caseStatusLabel(item.status)} · créé le{" "}
                {frenchDate(item.createdAt)} · {item.lawyer ? `avocat\u202f: ${item.lawyer}` : "sans avocat"}
              </li>
            ))}
          </ul>
        )}
      </StaffPanel>
    </BackOfficePage>
  );
}

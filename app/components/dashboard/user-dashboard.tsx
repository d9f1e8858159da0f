import type { ReactNode } from "react";
import { AppLink } from "~/components/ui/app-link";
import { CallCodeCard } from "~/components/call-verification/call-code-card";

import { ExternalIcon, FolderIcon, LockIcon, PlusIcon, ShieldIcon, UserIcon } from "~/components/ui/icons";
import { Notice } from "~/components/ui/notice";
import { officialScamReporting } from "~/content/site";
import { SECOND_FACTOR_ENROLMENT_PATH } from "~/modules/accounts/two-factor.schema";
import type { UserDashboard } from "~/modules/dashboard/dashboard.server";
import { RecentActivity } from "~/components/chat/recent-activity";
import { CaseList } from "./case-list";
import { DashboardHeader } from "./dashboard-header";
import { documentLabel, IDENTITY_STATUS_LABELS } from "~/modules/identity/identity.schema";
import { Badge } from "~/components/ui/badge";
import { IconTile } from "~/components/ui/icon-tile";
import { formatCount } from "~/lib/format";
import { ButtonLink } from "~/components/ui/button";

const VERIFY_IDENTITY = "/verify-identity";
// A full page load: the profile form may have its own Content-Security-Policy (Google Maps).
const COMPLETE_PROFILE = "/complete-profile";

const IDENTITY_STYLES: Record<UserDashboard["identity"], string> = {
  verified: "bg-green-50 text-green-900 ring-green-200",
  rejected: "bg-red-50 text-red-900 ring-red-200",
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  unverified: "bg-slate-100 text-slate-800 ring-slate-300",
};

const IDENTITY_ACTIONS: Record<UserDashboard["identity"], string> = {
  verified: "Voir ma vérification",
  rejected: "Reprendre la vérification",
  pending: "Suivre ma vérification",
  unverified: "Vérifier mon identité",
};

interface Step {
  title: string;
  why: string;
  action: string;
  to: string;
  reloadDocument?: boolean;
}

/** The one thing to do now, in the order a new client goes: profile, identity, case. */
export function nextStepFor(dashboard: UserDashboard): Step | null {
  if (!dashboard.profile.profileCompleted) {
    return {
      title: "Complétez votre profil",
      why: "Votre avocat a besoin de vos coordonnées pour constituer votre dossier. Comptez 3 minutes.",
      action: "Compléter mon profil",
      to: COMPLETE_PROFILE,
      reloadDocument: true,
    };
  }
  if (dashboard.identity === "unverified" || dashboard.identity === "rejected") {
    return {
      title: "Vérifiez votre identité",
      why: "Deux pièces d'identité et un justificatif de domicile, vérifiés par notre équipe\u202f: c'est ce qui permet à un avocat d'agir en votre nom.",
      action: dashboard.identity === "rejected" ? "Reprendre la vérification" : "Vérifier mon identité",
      to: VERIFY_IDENTITY,
    };
  }
  const toSign = dashboard.agreementsToSign[0];
  if (toSign) {
    return {
      title: "Signez la convention d'honoraires",
      why: `Votre avocat vous propose la convention du dossier ${toSign.caseNumber}\u202f: lisez-la, posez-lui vos questions dans la messagerie, puis signez-la en ligne. Vous pourrez vous rétracter pendant 14 jours.`,
      action: "Lire et signer la convention",
      to: `/case/${toSign.caseId}/convention`,
    };
  }
  if (dashboard.cases.length === 0) {
    return {
      title: "Déposez votre dossier",
      why: "Racontez ce qui s'est passé et ce que vous avez perdu\u202f: un avocat spécialisé l'étudie sous 24 à 48 h.",
      action: "Déposer mon dossier",
      to: "/create-case",
    };
  }
  return null;
}

function NextStep({ dashboard }: { dashboard: UserDashboard }) {
  const step = nextStepFor(dashboard);
  if (!step) return null;
  return (
    <section
      aria-labelledby="titre-prochaine-etape"
      className="rounded-xl border-2 border-brand-700 bg-brand-50 p-5 sm:p-6"
      data-next-step=""
    >
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">Prochaine étape</p>
      <h2 id="titre-prochaine-etape" className="mt-1 text-xl font-bold text-slate-900">
        {step.title}
      </h2>
      <p className="mt-2 text-slate-800">{step.why}</p>
      <ButtonLink
        size="lg" className="mt-4"
        to={step.to}
        reloadDocument={step.reloadDocument}
      >
        {step.action}
      </ButtonLink>
    </section>
  );
}

export function UserDashboardView({ dashboard }: { dashboard: UserDashboard }) {
  const { profile, identity } = dashboard;
  const verified = identity === "verified";
  const canCreateCase = verified || !dashboard.hasDraft;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <DashboardHeader firstName={profile.firstName} lastName={profile.lastName} />

      <NextStep dashboard={dashboard} />

      <IdentityNotices dashboard={dashboard} />

      <CallCodeCard callCode={dashboard.callCode} />

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card titleId="titre-profil" title="Mon profil" icon={<UserIcon />}>
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="font-semibold text-slate-700">Adresse e-mail</dt>
              <dd className="break-all text-slate-900">{profile.email}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-700">Profil</dt>
              <dd>
                <Badge className={profile.profileCompleted ? IDENTITY_STYLES.verified : IDENTITY_STYLES.pending}>
                  {profile.profileCompleted ? "Complété" : "Incomplet"}
                </Badge>
              </dd>
            </div>
          </dl>
          {profile.profileCompleted ? (
            <CardLink to={COMPLETE_PROFILE} reloadDocument>
              Modifier mon profil
            </CardLink>
          ) : null}
        </Card>

        <Card titleId="titre-identite" title="Vérification d'identité" icon={<ShieldIcon />}>
          <p className="text-sm">
            <span className="sr-only">Statut&#x202f;: </span>
            <Badge className={IDENTITY_STYLES[identity]}>{IDENTITY_STATUS_LABELS[identity]}</Badge>
          </p>
          <CardLink to={VERIFY_IDENTITY}>{IDENTITY_ACTIONS[identity]}</CardLink>
        </Card>

        <Card titleId="titre-securite" title="Sécurité&#x202f;: double authentification" icon={<LockIcon />}>
          <p className="text-sm">
            <span className="sr-only">Statut&#x202f;: </span>
            <Badge className={dashboard.secondFactorEnabled ? IDENTITY_STYLES.verified : IDENTITY_STYLES.unverified}>
              {dashboard.secondFactorEnabled ? "Activée" : "Désactivée"}
            </Badge>
          </p>
          <p className="text-sm text-slate-700">Un code de votre téléphone en plus du mot de passe.</p>
          <CardLink to={SECOND_FACTOR_ENROLMENT_PATH}>
            {dashboard.secondFactorEnabled ? "Gérer la double authentification" : "Activer la double authentification"}
          </CardLink>
        </Card>

        <Card titleId="titre-statistiques" title="Statistiques" icon={<FolderIcon />}>
          <dl>
            <dt className="text-sm font-semibold text-slate-700">Dossiers actifs</dt>
            <dd className="mt-1 text-3xl font-bold text-slate-900">{formatCount(dashboard.activeCaseCount)}</dd>
          </dl>
        </Card>
      </div>

      <CaseList cases={dashboard.cases} identityVerified={verified} />

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="titre-actions" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="titre-actions" className="text-xl font-bold text-slate-900">
            Actions rapides
          </h2>
          <ul className="mt-4 space-y-3">
            {profile.profileCompleted ? null : (
              <QuickAction to={COMPLETE_PROFILE} icon={<UserIcon />} reloadDocument>
                Compléter mon profil
              </QuickAction>
            )}
            {verified ? null : (
              <QuickAction to={VERIFY_IDENTITY} icon={<ShieldIcon />}>
                Vérifier mon identité
              </QuickAction>
            )}
            {canCreateCase ? (
              <QuickAction to="/create-case" icon={<PlusIcon />} primary>
                Nouveau dossier
              </QuickAction>
            ) : (
              <li className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
                Vous devez vérifier votre identité pour créer des dossiers. Vous pouvez compléter votre brouillon en
                attendant.
              </li>
            )}
            <li>
              <a
                href={officialScamReporting.href}
                rel="noopener noreferrer"
                className="flex items-center gap-3 rounded-lg border border-slate-300 px-4 py-3 font-semibold text-slate-900 hover:border-brand-700 hover:bg-brand-50"
              >
                <ExternalIcon className="size-5 text-brand-800" />
                <span>
                  {officialScamReporting.label}
                  <span className="block text-sm font-normal text-slate-700">
                    {officialScamReporting.description}
                    <span className="sr-only"> (site externe)</span>
                  </span>
                </span>
              </a>
            </li>
          </ul>
        </section>

        <RecentActivity items={dashboard.activity} />
      </div>
    </div>
  );
}

function IdentityNotices({ dashboard }: { dashboard: UserDashboard }) {
  const { identity, rejectedDocuments } = dashboard;
  if (identity === "rejected") {
    return (
      <Notice id="titre-documents-rejetes" tone="danger" title="Documents rejetés - Action requise">
        <p>Certains de vos documents n'ont pas pu être validés. Envoyez-en de nouveaux pour poursuivre la vérification.</p>
        <ul className="space-y-2">
          {rejectedDocuments.map((document) => (
            <li key={document.id} className="rounded-md bg-white px-3 py-2 ring-1 ring-red-200">
              <span className="font-semibold">{documentLabel(document.documentType, document.documentSide)}</span>
              <span className="block">Raison&#x202f;: {document.rejectionReason?.trim() || "non précisée"}</span>
            </li>
          ))}
        </ul>
        <p>
          <AppLink
            to={VERIFY_IDENTITY}
            className="inline-block rounded-md bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900"
          >
            Reprendre la vérification
          </AppLink>
        </p>
      </Notice>
    );
  }
  if (identity === "pending") {
    return (
      <Notice id="titre-verification-en-cours" tone="info" title="Documents en cours de vérification">
        <p>
          Notre équipe de conformité examine vos documents. La vérification prend de 24 à 72 heures ouvrées. Vous
          recevrez un email dès qu'elle sera terminée.
        </p>
      </Notice>
    );
  }
  if (identity === "verified" && dashboard.hasDraft) {
    return (
      <Notice id="titre-identite-verifiee" tone="success" title="Identité vérifiée">
        <p>
          Vous pouvez maintenant soumettre vos brouillons. Une fois soumis, votre dossier est transmis automatiquement à
          un avocat partenaire.
        </p>
      </Notice>
    );
  }
  return null;
}

function Card({ titleId, title, icon, children }: { titleId: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <IconTile>{icon}</IconTile>
        {title}
      </h2>
      {children}
    </section>
  );
}

function CardLink({ to, reloadDocument, children }: { to: string; reloadDocument?: boolean; children: ReactNode }) {
  return (
    <p className="mt-auto">
      <ButtonLink variant="link" to={to} reloadDocument={reloadDocument}>
        {children}
      </ButtonLink>
    </p>
  );
}

function QuickAction({
  to,
  icon,
  primary,
  reloadDocument,
  children,
}: {
  to: string;
  icon: ReactNode;
  primary?: boolean;
  reloadDocument?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <AppLink
        to={to}
        reloadDocument={reloadDocument}
        className={`flex items-center gap-3 rounded-lg px-4 py-3 font-semibold ${
          primary
            ? "bg-brand-700 text-white hover:bg-brand-800"
            : "border border-slate-300 text-slate-900 hover:border-brand-700 hover:bg-brand-50"
        }`}
      >
        <span aria-hidden="true" className={primary ? "text-white" : "text-brand-800"}>
          {icon}
        </span>
        {children}
      </AppLink>
    </li>
  );
}

/**
 * Every route of app/routes.ts × every kind of visitor, over real HTTP against the production build,
 * on each database engine. Later issues add rows to `routeAccess` for the routes they create.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { legalDocumentsByPath } from "~/content/legal/documents";
import { aboutContent } from "~/content/pages/about";
import { firstStepsContent } from "~/content/pages/first-steps";
import { homeContent } from "~/content/pages/home";
import { howItWorksContent } from "~/content/pages/how-it-works";
import { lawyersContent } from "~/content/pages/lawyers";
import { resultsContent } from "~/content/pages/results";
import { testimonialsContent } from "~/content/pages/testimonials";
import { scamPages } from "~/content/scam-pages";
import { scamSlugs } from "~/content/site";
import { EXAMPLE_FEE_MODEL } from "~/content/fees";
import { NAME_LINE_MESSAGE } from "~/lib/form";
import { UNREADABLE_FORM_MESSAGE } from "~/platform/form.server";
import { stopRuntime, db } from "~/platform/runtime.server";
import { twoFactorMessages } from "~/modules/accounts/two-factor.schema";
import { caseMessages } from "~/modules/cases/cases.schema";
import { cookieHeaderFrom, seedAccount, seedEnrolledAccount, STRONG_PASSWORD } from "../support/accounts";
import { verifyContactContent } from "~/content/pages/verify-contact";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer , spaced } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";
import { signInOverHttp as signInAsBrowser } from "../support/http-sign-in";

export type Visitor = "anonymous" | "user" | "lawyer" | "admin";
export const VISITORS: readonly Visitor[] = ["anonymous", "user", "lawyer", "admin"];

/** A status, or a redirect (302 to that path), optionally with texts the page must show. */
export type Expected = { status: number; location?: string; contains?: string[] };

export interface RouteAccessRow {
  /** The route module in app/routes.ts this row exercises. */
  file: string;
  method?: "GET";
  path: string;
  expect: Record<Visitor, Expected>;
}

const ok = (contains?: string[]): Expected => ({ status: 200, ...(contains ? { contains } : {}) });
const redirectTo = (location: string): Expected => ({ status: 302, location });
const notFound: Expected = { status: 404, contains: ["404"] };
const forAll = (expected: Expected): Record<Visitor, Expected> => ({
  anonymous: expected,
  user: expected,
  lawyer: expected,
  admin: expected,
});

/**
 * The seeded people, so rows can name what their page must show. The lawyer and the admin have enrolled their
 * second factor and sign in with a code, as staff always do; staff without one are tested apart (below the table).
 */
export const SEEDED = {
  user: { firstName: "Ulysse", lastName: "Usager" },
  lawyer: { firstName: "Laure", lastName: "Avocate" },
  admin: { firstName: "Adèle", lastName: "Administratrice" },
} as const;

const legalRows: RouteAccessRow[] = Object.entries(legalDocumentsByPath).map(([path, document]) => ({
  file: "routes/legal-page.tsx",
  path,
  expect: forAll(ok([document.title, ...(document.versionFooter ? [document.versionFooter] : [])])),
}));

const scamRows: RouteAccessRow[] = scamSlugs.map((slug) => ({
  file: "routes/arnaque.tsx",
  path: `/arnaques/${slug}`,
  expect: forAll(ok([scamPages(EXAMPLE_FEE_MODEL)[slug].hero.heading, "Premiers réflexes"])),
}));

/** The back-office pages (issue 14): admins only; a user or lawyer is sent to their dashboard. */
function adminPage(file: string, path: string, admin: Expected): RouteAccessRow {
  return {
    file,
    path,
    expect: {
      anonymous: redirectTo(`/connexion?redirectTo=${encodeURIComponent(path)}`),
      user: redirectTo("/dashboard"),
      lawyer: redirectTo("/dashboard"),
      admin,
    },
  };
}

const adminPageRows: RouteAccessRow[] = [
  adminPage("routes/admin-users.tsx", "/admin/users", ok(["Utilisateurs", "Retour au tableau de bord", "Avocat assigné", SEEDED.lawyer.lastName])),
  adminPage("routes/admin-users.tsx", "/admin/users?q=%25_%27%5C&role=superadmin&verification=__proto__", ok(["Aucun utilisateur ne correspond"])),
  adminPage("routes/admin-user.tsx", "/admin/users/compte-inconnu", notFound),
  adminPage("routes/admin-lawyers.tsx", "/admin/lawyers", ok(["Avocats", "Dossiers actifs", "Clients", SEEDED.lawyer.lastName])),
  adminPage("routes/admin-emails.tsx", "/admin/emails", ok(["E-mails", "Envoyés aujourd'hui", "Total chargé", "Envoyer un e-mail"])),
  adminPage("routes/admin-emails-templates-redirect.ts", "/admin/emails/templates", { status: 301, location: "/admin/email-templates" }),
  adminPage("routes/admin-email.tsx", "/admin/emails/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10", notFound),
  adminPage("routes/admin-email.tsx", "/admin/emails/pas-un-identifiant", notFound),
  adminPage("routes/admin-email-templates.tsx", "/admin/email-templates", ok(["Modèles d'e-mails", "Réinitialisation du mot de passe", "Envoyé par la plateforme"])),
  adminPage("routes/admin-email-template.tsx", "/admin/email-templates/nouveau", ok(["Nouveau modèle", "Aperçu"])),
  adminPage("routes/admin-email-template.tsx", "/admin/email-templates/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10", notFound),
  adminPage("routes/admin-journal.tsx", "/admin/journal", ok(["Journal des actions", "Toutes les actions"])),
  adminPage("routes/admin-conventions.tsx", "/admin/conventions", ok(["Conventions d'honoraires", "Version 1", "ne modifie jamais une convention"])),
  adminPage("routes/admin-convention-new.tsx", "/admin/conventions/nouvelle", ok(["Nouvelle version du modèle de convention", "Le droit de rétractation (14 jours)"])),
  adminPage("routes/admin-convention.tsx", "/admin/conventions/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10", notFound),
  adminPage("routes/admin-factures.tsx", "/admin/factures?q=F-2026&from=2026-01-01&to=pas-une-date", ok(["Factures", "le filtre a été ignoré", "Aucune facture."])),
  adminPage("routes/admin-factures-export.ts", "/admin/factures/export.csv", { status: 200, contains: ["numero;date;type;emetteur;acheteur"] }),
  adminPage("routes/admin-suppressions.tsx", "/admin/suppressions", ok(["Suppressions de compte", "Aucune demande de suppression"])),
  adminPage("routes/admin-journal.tsx", "/admin/journal?actor=%25&action=__proto__&target=superadmin&after=x", ok(["Aucune action ne correspond"])),
];

/** Every back-office action, with a body an admin could send: a user or a lawyer posting it gets 403, nothing done. */
export const ADMIN_ACTIONS: { path: string; body: Record<string, string> }[] = [
  { path: "/admin/users/compte-inconnu", body: { intent: "role", userId: "compte-inconnu", role: "admin", confirmation: "oui" } },
  { path: "/admin/users/compte-inconnu", body: { intent: "end-sessions", userId: "compte-inconnu", confirmation: "oui" } },
  { path: "/admin/lawyers", body: { intent: "level", lawyerId: "compte-inconnu", level: "advanced" } },
  { path: "/admin/lawyers", body: { intent: "bar", lawyerId: "compte-inconnu", barName: "Paris", barNumber: "1" } },
  { path: "/admin/emails", body: { recipients: "victime@example.com", subject: "Objet", body: "Texte" } },
  { path: "/admin/emails?intent=retry", body: { intent: "retry", emailId: "6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10" } },
  { path: "/admin/email-templates", body: { intent: "delete", templateId: "6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10", confirmation: "oui" } },
  { path: "/admin/email-templates/nouveau", body: { name: "Modèle", subject: "Objet", body: "Texte", variables: "" } },
  { path: "/admin/documents", body: { decision: "approve", documentId: "6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10" } },
  { path: "/admin/conventions/nouvelle", body: { intent: "save", title: "Modèle", baseFeeMin: "500", baseFeeMax: "500", baseFeeDue: "fin-de-dossier", resultPercentMin: "0", resultPercentMax: "15" } },
];

export const routeAccess: RouteAccessRow[] = [
  { file: "routes/home.tsx", path: "/", expect: forAll(ok([homeContent(EXAMPLE_FEE_MODEL).hero.heading, "Nos engagements"])) },
  { file: "routes/fonctionnement.tsx", path: "/fonctionnement", expect: forAll(ok([howItWorksContent(EXAMPLE_FEE_MODEL).heading, "Nos engagements"])) },
  { file: "routes/temoignages.tsx", path: "/temoignages", expect: forAll(ok([testimonialsContent.heading])) },
  { file: "routes/a-propos.tsx", path: "/a-propos", expect: forAll(ok([aboutContent.heading])) },
  { file: "routes/avocats.tsx", path: "/avocats", expect: forAll(ok([lawyersContent.heading])) },
  { file: "routes/resultats.tsx", path: "/resultats", expect: forAll(ok([resultsContent.heading, "Pas encore assez de dossiers clos"])) },
  { file: "routes/premiers-reflexes.tsx", path: "/premiers-reflexes", expect: forAll(ok([firstStepsContent.heading, "116 006"])) },
  { file: "routes/verifier-un-contact.tsx", path: "/verifier-un-contact", expect: forAll(ok([verifyContactContent.heading, verifyContactContent.callCode.heading])) },
  ...scamRows,
  { file: "routes/arnaque.tsx", path: "/arnaques/arnaque-inconnue", expect: forAll(notFound) },
  ...legalRows,
  { file: "routes/sitemap-xml.ts", path: "/sitemap.xml", expect: forAll(ok(["/arnaques/usurpation-identite"])) },
  { file: "routes/robots-txt.ts", path: "/robots.txt", expect: forAll(ok(["Disallow: /dashboard", "Sitemap:"])) },
  {
    file: "routes/connexion.tsx",
    path: "/connexion",
    expect: {
      anonymous: ok(["Se connecter", "S'inscrire gratuitement"]),
      user: redirectTo("/dashboard"),
      lawyer: redirectTo("/dashboard"),
      admin: redirectTo("/dashboard"),
    },
  },
  {
    file: "routes/inscription.tsx",
    path: "/inscription",
    expect: {
      anonymous: ok(["Créer mon compte gratuitement"]),
      user: redirectTo("/dashboard"),
      lawyer: redirectTo("/dashboard"),
      admin: redirectTo("/dashboard"),
    },
  },
  {
    file: "routes/mot-de-passe-oublie.tsx",
    path: "/mot-de-passe-oublie",
    expect: {
      anonymous: ok(["Mot de passe oublié ?", "Recevoir le lien"]),
      user: redirectTo("/dashboard"),
      lawyer: redirectTo("/dashboard"),
      admin: redirectTo("/dashboard"),
    },
  },
  {
    file: "routes/connexion-verification.tsx",
    // Without a pending sign-in (the password step's cookie) there is no code to ask for.
    path: "/connexion/verification",
    expect: {
      anonymous: redirectTo("/connexion"),
      user: redirectTo("/dashboard"),
      lawyer: redirectTo("/dashboard"),
      admin: redirectTo("/dashboard"),
    },
  },
  {
    file: "routes/reinitialiser-mot-de-passe.tsx",
    path: "/reinitialiser-mot-de-passe?token=inconnu-0123456789",
    expect: {
      anonymous: { status: 400, contains: ["Ce lien de réinitialisation n'est plus valable", "Demander un nouveau lien"] },
      user: redirectTo("/dashboard"),
      lawyer: redirectTo("/dashboard"),
      admin: redirectTo("/dashboard"),
    },
  },
  {
    file: "routes/verifier-email.tsx",
    path: "/verifier-email?token=abc.def.ghi",
    expect: forAll({ status: 400, contains: ["Ce lien de confirmation n'est pas valide", "Recevoir un nouveau lien"] }),
  },
  {
    file: "routes/compte-email.tsx",
    path: "/compte/email",
    expect: {
      // Signed out: the sign-in, which comes back here afterwards.
      anonymous: redirectTo("/connexion?redirectTo=%2Fcompte%2Femail"),
      user: ok(["Changer mon adresse email", "user@route-access.example"]),
      lawyer: ok(["Changer mon adresse email"]),
      admin: ok(["Changer mon adresse email"]),
    },
  },
  {
    file: "routes/compte-suppression.tsx",
    path: "/compte/suppression",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcompte%2Fsuppression"),
      // The durations come from the retention rules (closed cases: 10 years).
      user: ok(["Supprimer mon compte", "Supprimé immédiatement", "10 ans après la clôture du dossier", "Supprimer définitivement mon compte"]),
      lawyer: ok(["Supprimer mon compte", "Compte de l'équipe Recours"]),
      admin: ok(["Supprimer mon compte", "Compte de l'équipe Recours"]),
    },
  },
  {
    file: "routes/admin-comptes.tsx",
    // The account security actions moved to /admin/users (issue 14).
    path: "/admin/comptes",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fadmin%2Fcomptes"),
      user: redirectTo("/dashboard"),
      lawyer: redirectTo("/dashboard"),
      admin: { status: 301, location: "/admin/users" },
    },
  },
  ...adminPageRows,
  {
    file: "routes/double-authentification.tsx",
    path: "/compte/double-authentification",
    expect: {
      anonymous: redirectTo("/connexion"),
      user: ok(["Double authentification", "Étape 1 sur 3", "Mot de passe actuel"]),
      lawyer: ok(["La double authentification est activée", "obligatoire pour les comptes avocat et administrateur"]),
      admin: ok(["La double authentification est activée", "obligatoire pour les comptes avocat et administrateur"]),
    },
  },
  { file: "routes/deconnexion.tsx", path: "/deconnexion", expect: forAll(redirectTo("/")) },
  {
    file: "routes/dashboard.tsx",
    path: "/dashboard",
    expect: {
      anonymous: redirectTo("/connexion"),
      user: ok([SEEDED.user.firstName, SEEDED.user.lastName]),
      lawyer: ok(["Tableau de bord avocat", SEEDED.lawyer.firstName]),
      admin: ok(["Tableau de bord administrateur", SEEDED.admin.firstName]),
    },
  },
  {
    file: "routes/complete-profile.tsx",
    path: "/complete-profile",
    expect: {
      // Signed out: the sign-in, which comes back here afterwards.
      anonymous: redirectTo("/connexion?redirectTo=%2Fcomplete-profile"),
      user: ok(["Compléter mon profil", "Date de naissance", "J'ai lu et j'accepte les conditions générales"]),
      lawyer: ok(["Compléter mon profil"]),
      admin: ok(["Compléter mon profil"]),
    },
  },
  {
    file: "routes/compte.tsx",
    path: "/compte",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcompte"),
      user: ok(["Mon compte", SEEDED.user.lastName, "Changer mon mot de passe", "Mes appareils connectés", "Cet appareil"]),
      lawyer: ok(["Mon compte", SEEDED.lawyer.lastName, "Changer mon mot de passe", "Cet appareil"]),
      admin: ok(["Mon compte", SEEDED.admin.lastName, "Changer mon mot de passe", "Cet appareil"]),
    },
  },
  {
    file: "routes/compte-donnees.tsx",
    path: "/compte/donnees",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcompte%2Fdonnees"),
      user: ok(["Mes données", "Télécharger mes données", "Votre mot de passe", "Qui a consulté mes données"]),
      lawyer: ok(["Mes données", "Télécharger mes données"]),
      admin: ok(["Mes données", "Télécharger mes données"]),
    },
  },
  {
    file: "routes/compte-donnees-export.tsx",
    // A link that is not this person's (or does not exist): 404 with a French message, for everyone.
    path: "/compte/donnees/export?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcompte%2Fdonnees%2Fexport%3Ftoken%3DAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
      user: { status: 404, contains: ["Ce lien de téléchargement n'existe pas"] },
      lawyer: { status: 404, contains: ["Ce lien de téléchargement n'existe pas"] },
      admin: { status: 404, contains: ["Ce lien de téléchargement n'existe pas"] },
    },
  },
  {
    file: "routes/compte-donnees-export-fichier.ts",
    // POST only (the link page's button): a GET finds no file.
    path: "/compte/donnees/export/fichier",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcompte%2Fdonnees%2Fexport%2Ffichier"),
      user: { status: 405 },
      lawyer: { status: 405 },
      admin: { status: 405 },
    },
  },
  {
    file: "routes/api-communes.ts",
    path: "/api/communes?postalCode=75008",
    expect: {
      anonymous: redirectTo("/connexion"),
      user: ok(['"name":"Paris"']),
      lawyer: ok(['"name":"Paris"']),
      admin: ok(['"name":"Paris"']),
    },
  },
  {
    file: "routes/admin-not-found.tsx",
    path: "/admin/inconnu",
    expect: {
      // Signed out: the sign-in, which comes back here afterwards.
      anonymous: redirectTo("/connexion?redirectTo=%2Fadmin%2Finconnu"),
      user: redirectTo("/dashboard"),
      lawyer: redirectTo("/dashboard"),
      admin: notFound,
    },
  },
  {
    file: "routes/admin-documents.tsx",
    path: "/admin/documents?status=pending",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fadmin%2Fdocuments%3Fstatus%3Dpending"),
      user: redirectTo("/dashboard"),
      lawyer: redirectTo("/dashboard"),
      admin: ok(["Documents d'identité", "Retour au tableau de bord", "groupe(s) en attente", "Aucun document ne correspond."]),
    },
  },
  {
    file: "routes/admin-cases.tsx",
    path: "/admin/cases?filter=non-assignes",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fadmin%2Fcases%3Ffilter%3Dnon-assignes"),
      user: redirectTo("/dashboard"),
      lawyer: redirectTo("/dashboard"),
      admin: ok(["Dossiers", "Retour au tableau de bord", "Rechercher"]),
    },
  },
  {
    file: "routes/admin-lawyer-allocation.tsx",
    path: "/admin/lawyer-allocation",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fadmin%2Flawyer-allocation"),
      user: redirectTo("/dashboard"),
      lawyer: redirectTo("/dashboard"),
      // Every lawyer gets a row (created at 0 and active).
      admin: ok(["Répartition des dossiers", `Maître ${SEEDED.lawyer.firstName} ${SEEDED.lawyer.lastName}`, "Enregistrer la répartition"]),
    },
  },
  {
    file: "routes/avocat-dossiers.tsx",
    path: "/avocat/dossiers?view=nouveaux",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Favocat%2Fdossiers%3Fview%3Dnouveaux"),
      user: redirectTo("/dashboard"),
      lawyer: ok(["Mes dossiers", "Nouveaux dossiers (0)", "Aucun nouveau dossier"]),
      admin: redirectTo("/dashboard"),
    },
  },
  {
    file: "routes/avocat-dossier.tsx",
    // Unknown, or another lawyer's case: 404 for a lawyer.
    path: "/avocat/dossiers/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Favocat%2Fdossiers%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10"),
      user: redirectTo("/dashboard"),
      lawyer: notFound,
      admin: redirectTo("/dashboard"),
    },
  },
  {
    file: "routes/avocat-clients.tsx",
    path: "/avocat/clients",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Favocat%2Fclients"),
      user: redirectTo("/dashboard"),
      lawyer: ok(["Mes clients", "Aucun client ne vous est encore confié."]),
      admin: redirectTo("/dashboard"),
    },
  },
  {
    file: "routes/avocat-facturation.tsx",
    path: "/avocat/facturation",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Favocat%2Ffacturation"),
      user: redirectTo("/dashboard"),
      lawyer: ok(["Facturation", "Vous ne pouvez pas encore émettre de facture", "Mandat de facturation", "J'accepte ce mandat de facturation."]),
      admin: redirectTo("/dashboard"),
    },
  },
  {
    file: "routes/avocat-coordonnees.tsx",
    path: "/avocat/coordonnees",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Favocat%2Fcoordonnees"),
      user: redirectTo("/dashboard"),
      lawyer: ok(["Coordonnées professionnelles publiques", "Adresse e-mail professionnelle"]),
      admin: redirectTo("/dashboard"),
    },
  },
  {
    file: "routes/code-appel.tsx",
    path: "/code-appel",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcode-appel"),
      user: ok(["Vérifier un appel", "Oui, on m'a lu ce code", "Vérifier un code qu'on vous a lu"]),
      lawyer: ok(["Vérifier un appel"]),
      admin: ok(["Vérifier un appel"]),
    },
  },
  {
    file: "routes/case-code-appel.tsx",
    // Issue 32: an unknown (or someone else's) case's call code: the case page's 404.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/code-appel",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fcode-appel"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/avocat-messages.tsx",
    // A page number that is not one shows page 1.
    path: "/avocat/messages?page=abc",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Favocat%2Fmessages%3Fpage%3Dabc"),
      user: redirectTo("/dashboard"),
      lawyer: ok(["Messages", "Vous avez lu tous les messages de vos dossiers.", "Aucun dossier ne vous est confié pour le moment."]),
      admin: redirectTo("/dashboard"),
    },
  },
  {
    file: "routes/verify-identity.tsx",
    path: "/verify-identity",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fverify-identity"),
      // The seeded people have not completed their profile yet.
      user: redirectTo("/complete-profile"),
      lawyer: redirectTo("/complete-profile"),
      admin: redirectTo("/complete-profile"),
    },
  },
  {
    file: "routes/verify-identity-upload.ts",
    // POST only: a GET finds no page.
    path: "/verify-identity/envoi",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fverify-identity%2Fenvoi"),
      user: { status: 405 },
      lawyer: { status: 405 },
      admin: { status: 405 },
    },
  },
  { file: "routes/verify-identity-example.ts", path: "/verify-identity/exemple.svg", expect: forAll(ok()) },
  {
    file: "routes/create-case.tsx",
    path: "/create-case",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcreate-case"),
      // The seeded people have not completed their profile yet (tests/integration/cases-http.test.ts goes further).
      user: redirectTo("/complete-profile?redirectTo=%2Fcreate-case"),
      lawyer: redirectTo("/complete-profile?redirectTo=%2Fcreate-case"),
      admin: redirectTo("/complete-profile?redirectTo=%2Fcreate-case"),
    },
  },
  {
    file: "routes/case.tsx",
    // An unknown case (or another person's): the same 404, existence not revealed.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10"),
      user: { status: 404, contains: [caseMessages.noAccess, "Retour au tableau de bord"] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case.tsx",
    path: "/case/pas-un-identifiant",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2Fpas-un-identifiant"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case-chat.tsx",
    // The chat of an unknown (or another person's) case: the case page's 404.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/chat",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fchat"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case-chat-events.ts",
    // Its event stream: 404 before any stream opens.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/chat/events",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fchat%2Fevents"),
      user: { status: 404 },
      lawyer: { status: 404 },
      admin: { status: 404 },
    },
  },
  {
    file: "routes/case-chat-messages.ts",
    // POST only (the page's script sends here): a GET finds no page.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/chat/messages",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fchat%2Fmessages"),
      user: { status: 405 },
      lawyer: { status: 405 },
      admin: { status: 405 },
    },
  },
  {
    file: "routes/case-chat-file-upload.ts",
    // POST only (attachments): a GET finds no page.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/chat/fichier",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fchat%2Ffichier"),
      user: { status: 405 },
      lawyer: { status: 405 },
      admin: { status: 405 },
    },
  },
  {
    file: "routes/case-chat-file.ts",
    // An attachment of an unknown (or another person's) case: 404, nothing served.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/chat/fichier/7a2d3b5f-9c8e-4d4b-8f32-1e6c8b4d0a21",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fchat%2Ffichier%2F7a2d3b5f-9c8e-4d4b-8f32-1e6c8b4d0a21"),
      user: { status: 404 },
      lawyer: { status: 404 },
      admin: { status: 404 },
    },
  },
  {
    file: "routes/case-paiements.tsx",
    // The case file's forms of an unknown (or another person's) case: the case page's 404.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/paiements",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fpaiements"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case-paiement.tsx",
    // The case file's forms of an unknown (or another person's) case: the case page's 404.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/paiements/7a2d3b5f-9c8e-4d4b-8f32-1e6c8b4d0a21",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fpaiements%2F7a2d3b5f-9c8e-4d4b-8f32-1e6c8b4d0a21"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case-identifiants.tsx",
    // The case file's forms of an unknown (or another person's) case: the case page's 404.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/identifiants",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fidentifiants"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case-evidence-upload.ts",
    // POST only (the evidence form): a GET finds no page.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/preuves",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fpreuves"),
      user: { status: 405 },
      lawyer: { status: 405 },
      admin: { status: 405 },
    },
  },
  {
    file: "routes/case-pack-pdf.ts",
    // Another person's (or an unknown) case: the case page's 404, no PDF.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/dossier.pdf",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fdossier.pdf"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case-convention.tsx",
    // Issue 30: another person's (or an unknown) case's fee agreement: the case page's 404.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/convention",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fconvention"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case-convention-preview.ts",
    // The preview is a POST only.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/convention/apercu",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fconvention%2Fapercu"),
      user: { status: 405 },
      lawyer: { status: 405 },
      admin: { status: 405 },
    },
  },
  {
    file: "routes/case-convention-document.ts",
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/convention/7a2d3b5f-9c8e-4d4b-8f32-1e6c8b4d0a21/convention-signee.pdf",
    expect: {
      anonymous: redirectTo(
        "/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fconvention%2F7a2d3b5f-9c8e-4d4b-8f32-1e6c8b4d0a21%2Fconvention-signee.pdf",
      ),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case-detailed-account-pdf.ts",
    // Issue 31: another person's (or an unknown) case's detailed account: the case page's 404, no PDF.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/compte-detaille.pdf",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Fcompte-detaille.pdf"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case-factures.tsx",
    // Issue 31: another person's (or an unknown) case's invoices: the case page's 404.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/factures",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Ffactures"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case-recovery-proof.ts",
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/recuperations/7a2d3b5f-9c8e-4d4b-8f32-1e6c8b4d0a21/justificatif",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Frecuperations%2F7a2d3b5f-9c8e-4d4b-8f32-1e6c8b4d0a21%2Fjustificatif"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/facture-pdf.ts",
    // An unknown (or someone else's) invoice: 404 for everyone, admins included, no PDF.
    path: "/factures/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Ffactures%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10"),
      user: { status: 404 },
      lawyer: { status: 404 },
      admin: { status: 404 },
    },
  },
  {
    file: "routes/case-bank-letter-pdf.ts",
    path: "/case/pas-un-identifiant/lettre-banque.pdf?bank=x",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2Fpas-un-identifiant%2Flettre-banque.pdf%3Fbank%3Dx"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/case-filing-receipt-pdf.ts",
    // Issue 32: another person's (or an unknown) case's filing receipt: the case page's 404, no PDF.
    path: "/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/accuse-de-depot.pdf",
    expect: {
      anonymous: redirectTo("/connexion?redirectTo=%2Fcase%2F6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10%2Faccuse-de-depot.pdf"),
      user: { status: 404, contains: [caseMessages.noAccess] },
      lawyer: { status: 404, contains: [caseMessages.noAccess] },
      admin: { status: 404, contains: [caseMessages.noAccess] },
    },
  },
  {
    file: "routes/fichiers.ts",
    // An unknown (or another person's) file: nothing to sign in for, nothing to see.
    path: "/fichiers/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10",
    expect: {
      anonymous: { status: 403 },
      user: { status: 404 },
      lawyer: { status: 404 },
      admin: { status: 404 },
    },
  },
  {
    file: "routes/fichiers.ts",
    path: "/fichiers/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10?exp=9999999999&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    expect: { anonymous: { status: 403 }, user: { status: 403 }, lawyer: { status: 403 }, admin: { status: 403 } },
  },
  { file: "routes/not-found.tsx", path: "/une-page-inconnue", expect: forAll(notFound) },
];

interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Route modules that answer a URL themselves (layouts are covered through their children). */
function leafRouteFiles(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) => (entry.children?.length ? leafRouteFiles(entry.children) : [entry.file]));
}

function signUpBody(email: string, extra = ""): string {
  const form = new URLSearchParams({
    firstName: "Ines",
    lastName: "Injection",
    email,
    password: STRONG_PASSWORD,
    phoneMobileCountry: "FR",
    phoneMobile: "6 12 34 56 78",
    country: "france",
  });
  return extra ? `${form.toString()}&${extra}` : form.toString();
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("the route table", () => {
  it("has a row for every route module of app/routes.ts", () => {
    const covered = new Set(routeAccess.map((row) => row.file));
    for (const file of leafRouteFiles(routes as RouteEntry[])) expect(covered, file).toContain(file);
  });
});

describe.each(testEngines())("route access over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const cookies: Record<Visitor, string> = { anonymous: "", user: "", lawyer: "", admin: "" };
  const accounts = {} as Record<Exclude<Visitor, "anonymous">, { email: string; password: string; manualKey?: string }>;
  /** A lawyer and an admin who have not enrolled a second factor yet (just created, or reset by an admin). */
  const notEnrolled = {} as Record<"lawyer" | "admin", { userId: string; email: string; password: string; cookie: string }>;
  let foreignCaseId = "";
  const SECRET = "route-access-secret-route-access-secret-0123";

  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);

  /** Password, then (accounts with a second factor) the code from the app; returns the session cookie. */
  async function signInOverHttp(email: string, password: string, manualKey?: string): Promise<string> {
    const signedIn = await signInAsBrowser(server!.baseUrl, { email, password, manualKey });
    expect(signedIn.location).toBe("/dashboard");
    return signedIn.cookie;
  }

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    // Seed before the server starts: PGlite allows one process per data folder.
    // The server's secret: the TOTP secrets enrolled here are encrypted with it.
    await startTestRuntimeOn(persistent.target, { AUTH_SECRET: SECRET });
    accounts.user = await seedAccount("user", { ...SEEDED.user, email: "user@route-access.example" });
    for (const role of ["lawyer", "admin"] as const) {
      accounts[role] = await seedEnrolledAccount(role, { ...SEEDED[role], email: `${role}@route-access.example` });
      const fresh = await seedAccount(role, { email: `${role}-sans-2fa@route-access.example` });
      notEnrolled[role] = { ...fresh, cookie: "" };
    }
    // A submitted case assigned to another lawyer (the one without a second factor): never this lawyer's.
    const owner = await seedAccount("user", { email: "client-dossier@example.com" });
    const foreign = await db()
      .insertInto("cases")
      .values({ user_id: owner.userId, status: "assigned", scam_type: "phishing", submitted_at: new Date(), assigned_lawyer_id: notEnrolled.lawyer.userId, assigned_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    foreignCaseId = foreign.id;
    await stopRuntime();

    server = await startProductionServer({
      ...persistent.serverEnv,
      AUTH_SECRET: SECRET,
      LOGIN_ATTEMPTS_PER_ADDRESS: "10000",
      SIGNUP_ATTEMPTS_PER_ADDRESS: "10000",
    });
    for (const role of ["user", "lawyer", "admin"] as const) {
      cookies[role] = await signInOverHttp(accounts[role].email, accounts[role].password, accounts[role].manualKey);
    }
    for (const role of ["lawyer", "admin"] as const) {
      notEnrolled[role].cookie = await signInOverHttp(notEnrolled[role].email, notEnrolled[role].password);
    }
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  const cases = routeAccess.flatMap((row) =>
    VISITORS.map((visitor) => ({ name: `${row.method ?? "GET"} ${row.path} as ${visitor}`, row, visitor, expected: row.expect[visitor] })),
  );

  it.each(cases)("$name", async ({ row, visitor, expected }) => {
    const response = await http(row.path, { method: row.method ?? "GET", cookie: cookies[visitor] || undefined });
    const text = visibleText(response.body);
    expect(response.status, text.slice(0, 1500)).toBe(expected.status);
    if (expected.location !== undefined) expect(response.location).toBe(expected.location);
    for (const needle of expected.contains ?? []) expect(text).toContain(spaced(needle));
  });

  it("the review console's actions: refused to users and lawyers, a foreign or unknown document is 404, a rejection needs a reason", async () => {
    const unknown = "6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10";
    const approve = new URLSearchParams({ decision: "approve", documentId: unknown }).toString();
    for (const visitor of ["user", "lawyer"] as const) {
      const response = await http("/admin/documents", { method: "POST", headers: FORM, cookie: cookies[visitor], body: approve });
      expect(response.status).toBe(403);
    }
    const missing = await http("/admin/documents", { method: "POST", headers: FORM, cookie: cookies.admin, body: approve });
    expect(missing.status).toBe(404);
    const noReason = await http("/admin/documents", {
      method: "POST",
      headers: FORM,
      cookie: cookies.admin,
      body: new URLSearchParams({ decision: "reject", documentId: unknown, reason: "" }).toString(),
    });
    expect(noReason.status).toBe(400);
    expect(visibleText(noReason.body)).toContain("Veuillez sélectionner ou saisir une raison de rejet");
  });

  it("the case actions: POST /create-case and the dashboard's 'Soumettre' refuse anonymous visitors, and an unknown case is 404", async () => {
    const unknown = "6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10";
    const draft = new URLSearchParams({ draftId: unknown, intent: "save", scam_type: "phishing" }).toString();
    const submit = new URLSearchParams({ intent: "submit", caseId: unknown }).toString();
    for (const path of ["/create-case", "/dashboard"]) {
      const anonymous = await http(path, { method: "POST", headers: FORM, body: path === "/dashboard" ? submit : draft });
      expect(anonymous.status).toBe(302);
      expect(anonymous.location).toBe("/connexion");
    }
    // The seeded people have no completed profile: the wizard sends them to it, whatever they post.
    for (const visitor of ["user", "lawyer", "admin"] as const) {
      const response = await http("/create-case", { method: "POST", headers: FORM, cookie: cookies[visitor], body: draft });
      expect(response.status).toBe(302);
      expect(response.location).toBe("/complete-profile");
    }
    const foreign = await http("/dashboard", { method: "POST", headers: FORM, cookie: cookies.user, body: submit });
    expect(foreign.status, visibleText(foreign.body).slice(0, 500)).toBe(404);
    expect(visibleText(foreign.body)).toContain(spaced(caseMessages.noAccess));
    // Staff file no cases: their 'Soumettre' is the 403 page.
    for (const visitor of ["lawyer", "admin"] as const) {
      const staff = await http("/dashboard", { method: "POST", headers: FORM, cookie: cookies[visitor], body: submit });
      expect(staff.status).toBe(403);
      expect(visibleText(staff.body)).toContain(spaced(caseMessages.clientsOnly));
    }
    const unreadable = await http("/dashboard", { method: "POST", headers: FORM, cookie: cookies.user, body: "intent=autre" });
    expect(unreadable.status).toBe(400);
  });

  it("the case actions: refused to other roles, a foreign case is 404, crafted and out-of-range values are 4xx with a French message", async () => {
    const post = (path: string, visitor: Visitor, body: Record<string, string>) =>
      http(path, { method: "POST", headers: FORM, cookie: cookies[visitor] || undefined, body: new URLSearchParams(body).toString() });
    const unknown = "6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10";
    // Admin actions called by a client or a lawyer: 403, nothing done.
    for (const visitor of ["user", "lawyer"] as const) {
      for (const [path, body] of [
        ["/admin/cases", { caseId: foreignCaseId, lawyerId: "x" }],
        ["/admin/lawyer-allocation", { "avocat:x": "1", "pourcentage:x": "100" }],
      ] as const) {
        const response = await post(path, visitor, body);
        expect(response.status, `${visitor} ${path}`).toBe(403);
        expect(response.location).toBeNull();
      }
    }
    const missing = await post("/admin/cases", "admin", { caseId: unknown, lawyerId: "inconnu" });
    expect(missing.status).toBe(404);
    const noLawyer = await post("/admin/cases", "admin", { caseId: foreignCaseId, lawyerId: "" });
    expect(noLawyer.status).toBe(400);
    expect(visibleText(noLawyer.body)).toContain("Choisissez un avocat.");
    const notALawyer = await post("/admin/cases", "admin", { caseId: foreignCaseId, lawyerId: "' OR 1=1 --" });
    expect(notALawyer.status).toBe(400);

    // Allocation: 101 in total, a negative value, a stranger's id.
    const page = await http("/admin/lawyer-allocation", { cookie: cookies.admin });
    const ids = [...page.body.matchAll(/name="avocat:([^"]+)"/g)].map((match) => match[1]!);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const allocation = (values: number[]) =>
      Object.fromEntries(ids.flatMap((id, i) => [[`avocat:${id}`, "1"], [`pourcentage:${id}`, String(values[i] ?? 0)], [`actif:${id}`, "on"]]));
    const tooMuch = await post("/admin/lawyer-allocation", "admin", allocation([60, 41]));
    expect(tooMuch.status).toBe(400);
    expect(visibleText(tooMuch.body)).toContain("La somme des pourcentages ne peut pas dépasser 100%");
    const negative = await post("/admin/lawyer-allocation", "admin", allocation([-5, 10]));
    expect(negative.status).toBe(400);
    expect(visibleText(negative.body)).toContain("Le pourcentage doit être un nombre entier entre 0 et 100.");
    const stranger = await post("/admin/lawyer-allocation", "admin", { "avocat:inconnu": "1", "pourcentage:inconnu": "10" });
    expect(stranger.status).toBe(400);
    const unchanged = await http("/admin/lawyer-allocation", { cookie: cookies.admin });
    expect(unchanged.body).not.toMatch(/value="(41|60|-5)"/);

    // Lawyer moves: another lawyer's case is 404, a status outside the lawyer's path is 400, admins are sent away.
    const foreign = await post("/avocat/dossiers", "lawyer", { caseId: foreignCaseId, status: "in_progress" });
    expect(foreign.status).toBe(404);
    expect(visibleText(foreign.body)).toContain("Ce dossier n'existe pas.");
    expect((await http(`/avocat/dossiers/${foreignCaseId}`, { cookie: cookies.lawyer })).status).toBe(404);
    const crafted = await post("/avocat/dossiers", "lawyer", { caseId: foreignCaseId, status: "assigned", assigned_lawyer_id: "moi" });
    expect(crafted.status).toBe(400);
    expect(visibleText(crafted.body)).toContain("Choisissez le nouveau statut du dossier.");
    const longNote = await post("/avocat/dossiers", "lawyer", { caseId: foreignCaseId, status: "in_progress", note: "x".repeat(2001) });
    expect(longNote.status).toBe(400);
    expect(visibleText(longNote.body)).toContain("La note ne peut pas dépasser 2000 caractères.");
    // Issue 30: the fee agreement's actions on a case that is not theirs are 404 for everyone, whatever the intent.
    for (const [intent, visitor, body] of [
      ["propose", "lawyer", { baseFee: "500", resultPercent: "15" }],
      ["propose", "admin", { baseFee: "500", resultPercent: "15" }],
      ["send-code", "user", { agreementId: "7a2d3b5f-9c8e-4d4b-8f32-1e6c8b4d0a21" }],
      ["withdraw", "user", { agreementId: "7a2d3b5f-9c8e-4d4b-8f32-1e6c8b4d0a21" }],
      ["countersign", "lawyer", { agreementId: "7a2d3b5f-9c8e-4d4b-8f32-1e6c8b4d0a21", documentSha256: "a".repeat(64), code: "123456" }],
    ] as const) {
      const refused = await post(`/case/${foreignCaseId}/convention?intent=${intent}`, visitor, body);
      expect(refused.status, `${intent} as ${visitor}`).toBe(404);
    }
    const asAdmin = await post("/avocat/dossiers", "admin", { caseId: foreignCaseId, status: "in_progress" });
    expect(asAdmin.status).toBe(302);
    expect(asAdmin.location).toBe("/dashboard");
  });

  it.each(ADMIN_ACTIONS.flatMap((action) => (["user", "lawyer"] as const).map((visitor) => ({ ...action, visitor }))))(
    "POST $path ($body.intent) as $visitor: 403, nothing done",
    async ({ path, body, visitor }) => {
      const response = await http(path, { method: "POST", headers: FORM, cookie: cookies[visitor], body: new URLSearchParams(body).toString() });
      expect(response.status).toBe(403);
      expect(response.location).toBeNull();
    },
  );

  it("the back-office's bad input over HTTP: French messages, 4xx, never a 500", async () => {
    const post = (path: string, body: Record<string, string> | string) =>
      http(path, { method: "POST", headers: FORM, cookie: cookies.admin, body: typeof body === "string" ? body : new URLSearchParams(body).toString() });
    const users = await http("/admin/users?q=Avocate", { cookie: cookies.admin });
    const lawyerId = /\/admin\/users\/([^"]+)"/.exec(users.body)?.[1];
    expect(lawyerId).toBeTruthy();
    for (const role of ["superadmin", "__proto__"]) {
      const response = await post(`/admin/users/${lawyerId}`, { intent: "role", userId: lawyerId!, role, confirmation: "oui" });
      expect(response.status, role).toBe(400);
      expect(visibleText(response.body)).toContain("Ce rôle n'existe pas");
    }
    const unknown = await post("/admin/users/compte-inconnu", { intent: "role", userId: "compte-inconnu", role: "lawyer", confirmation: "oui" });
    expect(unknown.status).toBe(404);
    const unconfirmed = await post(`/admin/users/${lawyerId}`, { intent: "role", userId: lawyerId!, role: "admin" });
    expect(unconfirmed.status).toBe(200);
    expect(visibleText(unconfirmed.body)).toContain("aura accès à tout le back-office");

    const many = Array.from({ length: 500 }, (_, index) => `p${index}@exemple.fr`).join(", ");
    const tooMany = await post("/admin/emails", { recipients: many, subject: "Objet", body: "Texte" });
    expect(tooMany.status).toBe(400);
    expect(visibleText(tooMany.body)).toContain("limité à 200 destinataires");
    const empty = await post("/admin/emails", { recipients: "", subject: "", body: "" });
    expect(empty.status).toBe(400);
    expect(visibleText(empty.body)).toContain("Veuillez remplir tous les champs");
    const invalid = await post("/admin/emails", { recipients: "ok@exemple.fr, pas-une-adresse", subject: "Objet", body: "Texte" });
    expect(invalid.status).toBe(400);
    expect(visibleText(invalid.body)).toContain("Cette adresse n'est pas valide : pas-une-adresse");
    const huge = await post("/admin/emails", `recipients=a%40exemple.fr&subject=x&body=${"a".repeat(10 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);

    const braces = await post("/admin/email-templates/nouveau", { name: "Relance", subject: "Objet", body: "Bonjour {{prenom", variables: "prenom" });
    expect(braces.status).toBe(400);
    expect(visibleText(braces.body)).toContain("Les accolades ne sont pas équilibrées");
    // A crafted agreement template: every value kept as typed, French messages, 400, never a 500, nothing saved.
    const template = await post("/admin/conventions/nouvelle", {
      intent: "save",
      title: "Modèle piégé",
      baseFeeMin: "cinq cents",
      baseFeeMax: "99999999999",
      baseFeeDue: "__proto__",
      resultPercentMin: "-1",
      resultPercentMax: "150",
      "section-0-kind": "__proto__",
      "section-0-title": "Clause",
      "section-0-body": "Texte avec {{constructor}}",
      "section-999-kind": "parties",
      "section-999-title": "Les parties",
      "section-999-body": "{{client}} et {{avocat}}",
    });
    expect(template.status).toBe(400);
    const templatePage = visibleText(template.body);
    for (const message of ["Indiquez un montant en euros", "Indiquez un pourcentage entre 0 et 100", "Choisissez le type de la section.", "Variable inconnue : {{constructor}}", "Section obligatoire manquante : Le droit de rétractation (14 jours)"]) {
      expect(templatePage, message).toContain(message);
    }
    expect(template.body).toContain('value="Modèle piégé"');
    expect(template.body).toContain("Texte avec {{constructor}}");
    const versions = visibleText((await http("/admin/conventions", { cookie: cookies.admin })).body);
    expect(versions).not.toContain("Modèle piégé");
    const nul = await http("/admin/users?q=jean%00", { cookie: cookies.admin });
    expect(nul.status).toBe(400);
    const level = await post("/admin/lawyers", { intent: "level", lawyerId: lawyerId!, level: "superadmin" });
    expect(level.status).toBe(400);
    expect(visibleText(level.body)).toContain("Erreur lors de la mise à jour du niveau");
  });

  it("POST to an admin action signed out: sent to the sign-in, nothing done", async () => {
    const response = await http("/admin/emails", { method: "POST", headers: FORM, body: "recipients=a%40example.com&subject=x&body=y" });
    expect(response.status).toBe(302);
    expect(response.location).toMatch(/^\/connexion/);
  });

  describe("a lawyer or admin who has not passed the second factor reaches no staff page", () => {
    // Every member page of the table: those that send anonymous visitors to /connexion, but the two steps of the
    // second factor itself.
    const secondFactorPages = ["routes/double-authentification.tsx", "routes/connexion-verification.tsx"];
    const memberRows = routeAccess.filter((row) => row.expect.anonymous.location?.startsWith("/connexion") && !secondFactorPages.includes(row.file));

    it("the table has member pages to check", () => {
      expect(memberRows.map((row) => row.path)).toEqual(expect.arrayContaining(["/dashboard", "/complete-profile", "/admin/users"]));
    });

    it.each(memberRows.flatMap((row) => (["lawyer", "admin"] as const).map((role) => ({ name: `GET ${row.path} as ${role} without a second factor`, row, role }))))(
      "$name: sent to enrolment",
      async ({ row, role }) => {
        const response = await http(row.path, { cookie: notEnrolled[role].cookie });
        expect(response.status, visibleText(response.body).slice(0, 1500)).toBe(302);
        expect(response.location).toBe("/compte/double-authentification");
      },
    );

    it("an action of a member page is refused the same way (POST /complete-profile)", async () => {
      const response = await http("/complete-profile", { method: "POST", headers: FORM, cookie: notEnrolled.lawyer.cookie, body: "firstName=X" });
      expect(response.status).toBe(302);
      expect(response.location).toBe("/compte/double-authentification");
    });

    it("the enrolment page opens for them, and says it is required", async () => {
      for (const role of ["lawyer", "admin"] as const) {
        const response = await http("/compte/double-authentification", { cookie: notEnrolled[role].cookie });
        expect(response.status).toBe(200);
        const text = visibleText(response.body);
        expect(text).toContain("Étape obligatoire avant d'accéder à votre espace");
        expect(text).toContain("Mot de passe actuel");
      }
    });

    it("with a second factor, the password alone sets no session cookie, and a wrong code none either", async () => {
      const password = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: accounts.admin.email, password: accounts.admin.password }).toString() });
      expect(password.status).toBe(302);
      expect(password.location).toBe("/connexion/verification");
      expect(password.setCookies.filter((line) => /session_token=[^;]/.test(line))).toEqual([]);
      const challenge = cookieHeaderFrom(password.setCookies, (name) => !name.startsWith("recours_flash"));
      expect((await http("/dashboard", { cookie: challenge })).location).toBe("/connexion");

      const page = await http("/connexion/verification", { cookie: challenge });
      expect(page.status).toBe(200);
      expect(visibleText(page.body)).toContain("Code de vérification");

      const wrong = await http("/connexion/verification", { method: "POST", headers: FORM, cookie: challenge, body: "method=app&code=000000" });
      expect(wrong.status).toBe(401);
      expect(visibleText(wrong.body)).toContain(spaced(twoFactorMessages.wrongCode));
      expect(wrong.setCookies.filter((line) => /session_token=[^;]/.test(line))).toEqual([]);

      const malformed = await http("/connexion/verification", { method: "POST", headers: FORM, cookie: challenge, body: "method=app&code=12%00" });
      expect(malformed.status).toBe(400);
      expect(visibleText(malformed.body)).toContain(spaced(twoFactorMessages.codeFormat));
      const noMethod = await http("/connexion/verification", { method: "POST", headers: FORM, cookie: challenge, body: "code=123456" });
      expect(noMethod.status).toBe(400);
    });
  });

  it("a public page is revalidated by ETag (304), and its tag follows the header's signed-in state", async () => {
    const anonymous = await http("/fonctionnement");
    const etag = anonymous.headers.get("etag");
    // A strong tag: the anonymous page comes from the public-page cache (decision 52).
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(anonymous.headers.get("cache-control")).toBe("private, no-cache");
    expect(anonymous.headers.get("vary")).toMatch(/cookie/i);
    expect(anonymous.headers.get("content-encoding")).toMatch(/^(gzip|br|deflate)$/);

    const again = await http("/fonctionnement", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");

    const signedIn = await http("/fonctionnement", { cookie: cookies.user, headers: { "if-none-match": etag! } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("etag")).not.toBe(etag);
    expect(visibleText(signedIn.body)).toContain("Espace membre");
    expect(visibleText(anonymous.body)).not.toContain("Espace membre");
  });

  it("public pages ship no script; private pages are never stored by a cache", async () => {
    const home = await http("/");
    expect(home.body).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    const dashboard = await http("/dashboard", { cookie: cookies.user });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("cache-control")).toBe("no-store");
    expect(dashboard.body).toMatch(/<script[^>]*nonce=/);
  });

  it("POST /deconnexion ends that session only, then sends to /", async () => {
    const second = await signInOverHttp(accounts.user.email, accounts.user.password);
    expect((await http("/dashboard", { cookie: second })).status).toBe(200);
    const out = await http("/deconnexion", { method: "POST", cookie: second, headers: FORM, body: "" });
    expect(out.status).toBe(302);
    expect(out.location).toBe("/");
    expect(out.setCookies.some((line) => /session_token=;|session_token=[^;]*;.*max-age=0/i.test(line))).toBe(true);
    const after = await http("/dashboard", { cookie: second });
    expect(after.status).toBe(302);
    expect(after.location).toBe("/connexion");
    expect((await http("/dashboard", { cookie: cookies.user })).status).toBe(200);
  });

  it("the session cookie and the second-factor challenge cookie are HttpOnly, SameSite=Lax, for the whole site", async () => {
    const credentials = (who: { email: string; password: string }) => new URLSearchParams({ email: who.email, password: who.password }).toString();
    const plain = await http("/connexion", { method: "POST", headers: FORM, body: credentials(accounts.user) });
    const staff = await http("/connexion", { method: "POST", headers: FORM, body: credentials(accounts.lawyer) });
    for (const cookie of [plain.setCookies.find((line) => /session_token=/.test(line)), staff.setCookies.find((line) => /two_factor=/.test(line))]) {
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    }
  });

  it("a state-changing request from another origin is refused with 403 (and signs nobody in)", async () => {
    for (const origin of ["https://evil.example", "null"]) {
      const response = await http("/connexion", {
        method: "POST",
        headers: { ...FORM, origin },
        body: new URLSearchParams(accounts.user).toString(),
      });
      expect(response.status, origin).toBe(403);
      expect(response.setCookies.filter((line) => /session_token=/.test(line))).toEqual([]);
    }
  });

  describe("bad input on POST /inscription and /connexion never answers 500", () => {
    it("NUL and control bytes in fields: 400 with the field message", async () => {
      for (const body of [
        signUpBody("nul@route-access.example").replace("firstName=Ines", "firstName=In%00es"),
        signUpBody("nul2@route-access.example").replace("lastName=Injection", "lastName=%1BInjection"),
      ]) {
        const response = await http("/inscription", { method: "POST", headers: FORM, body });
        expect(response.status).toBe(400);
        // Names are single-line text (issue 9): the names' own message.
        expect(visibleText(response.body)).toContain(spaced(NAME_LINE_MESSAGE));
      }
      const signIn = await http("/connexion", {
        method: "POST",
        headers: FORM,
        body: `email=${encodeURIComponent(accounts.user.email)}%00&password=x`,
      });
      expect(signIn.status).toBe(400);
    });

    it("a 2 MB body: 413", async () => {
      const response = await http("/inscription", { method: "POST", headers: FORM, body: `firstName=${"a".repeat(2 * 1024 * 1024)}` });
      expect(response.status).toBe(413);
    });

    it("a streamed body without a length: refused with a 4xx", async () => {
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("firstName=a&lastName=b"));
          controller.close();
        },
      });
      const response = await http("/inscription", { method: "POST", headers: FORM, body: stream, duplex: "half" });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });

    it("a JSON body: 400", async () => {
      for (const path of ["/inscription", "/connexion"]) {
        const response = await http(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "json@route-access.example", password: STRONG_PASSWORD, role: "admin" }),
        });
        expect(response.status, path).toBe(400);
      }
    });

    it("a body that is not a form tells the person the form could not be read", async () => {
      const response = await http("/inscription", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(response.status).toBe(400);
      expect(visibleText(response.body)).toContain(spaced(UNREADABLE_FORM_MESSAGE));
    });

    it("a malformed urlencoded or multipart body: 400", async () => {
      const bodies: [Record<string, string>, BodyInit][] = [
        [FORM, "firstName=%E0%A4%A&lastName=%&=&&email=%zz&password"],
        [FORM, new Uint8Array([0x70, 0x72, 0x65, 0x6e, 0x6f, 0x6d, 0x3d, 0xff, 0xfe, 0xc3, 0x28])],
        [{ "content-type": "multipart/form-data; boundary=frontiere" }, "--frontiere\r\npas un en-tête\r\n\r\nx"],
        [{ "content-type": "multipart/form-data" }, "firstName=a"],
        [{ "content-type": "text/plain" }, "firstName=a"],
      ];
      for (const [headers, body] of bodies) {
        const response = await http("/inscription", { method: "POST", headers, body });
        expect(response.status, `${JSON.stringify(headers)} ${String(body).slice(0, 40)}`).toBe(400);
      }
    });

    it("unknown fields role=admin and __proto__ with valid data: the account is created as a plain user", async () => {
      const response = await http("/inscription", {
        method: "POST",
        headers: FORM,
        body: signUpBody(
          "injection@route-access.example",
          "role=admin&__proto__%5Bx%5D=1&__proto__%5Brole%5D=admin&__proto__=admin&constructor%5Bprototype%5D%5Brole%5D=admin&identity_verified=true",
        ),
      });
      // The account waits for its email confirmation: no session yet; its role is checked in the database below.
      expect(response.status, visibleText(response.body).slice(0, 2000)).toBe(200);
      expect(visibleText(response.body)).toContain("Confirmez votre adresse email");
      expect(response.setCookies.some((line) => line.includes("session_token="))).toBe(false);
    });

    it("invalid data with role=admin: 400 with the French field errors", async () => {
      const body = new URLSearchParams({
        firstName: "",
        lastName: "Injection",
        email: "pas-un-email",
        password: "court",
        phoneMobileCountry: "FR",
        phoneMobile: "",
        country: "allemagne",
        role: "admin",
      }).toString();
      const response = await http("/inscription", { method: "POST", headers: FORM, body });
      expect(response.status).toBe(400);
      const text = visibleText(response.body);
      for (const message of [
        "Le prénom est requis",
        "Format d'email invalide",
        "Le mot de passe doit contenir au moins 12 caractères",
        "Le téléphone mobile est requis",
        "Le pays est requis",
      ]) {
        expect(text).toContain(spaced(message));
      }
    });

    it("the server logged no error while answering all of the above", () => {
      const errors = server!
        .output()
        .split("\n")
        .filter((line) => /"level":(5|6)\d/.test(line));
      expect(errors).toEqual([]);
    });
  });

  it("after the server stops, the database shows every account made over HTTP with role 'user'", async () => {
    await server!.stop();
    await startTestRuntimeOn(persistent.target);
    const profiles = await db().selectFrom("profiles").select(["email", "role", "identity_verified"]).where("email", "like", "%@route-access.example").orderBy("email").execute();
    const seeded = [...Object.values(accounts), ...Object.values(notEnrolled)].map((account) => account.email);
    const made = profiles.filter((profile) => !seeded.includes(profile.email));
    expect(made).toEqual([{ email: "injection@route-access.example", role: "user", identity_verified: false }]);
    expect(profiles.find((profile) => profile.email === "admin@route-access.example")?.role).toBe("admin");
    await stopRuntime();
  }, 60_000);
});


import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

const legalPaths = ["mentions-legales", "politique-confidentialite", "conditions-generales", "accessibilite"];

export default [
  index("routes/home.tsx"),
  route("fonctionnement", "routes/fonctionnement.tsx"),
  route("temoignages", "routes/temoignages.tsx"),
  route("a-propos", "routes/a-propos.tsx"),
  route("avocats", "routes/avocats.tsx"),
  route("premiers-reflexes", "routes/premiers-reflexes.tsx"),
  route("arnaques/:slug", "routes/arnaque.tsx"),
  ...legalPaths.map((path) => route(path, "routes/legal-page.tsx", { id: `legal/${path}` })),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("connexion", "routes/connexion.tsx"),
  route("connexion/verification", "routes/connexion-verification.tsx"),
  route("mot-de-passe-oublie", "routes/mot-de-passe-oublie.tsx"),
  route("reinitialiser-mot-de-passe", "routes/reinitialiser-mot-de-passe.tsx"),
  route("verifier-email", "routes/verifier-email.tsx"),
  route("inscription", "routes/inscription.tsx"),
  route("deconnexion", "routes/deconnexion.tsx"),
  // Stored files: a session is needed, but an anonymous or foreign request answers 403/404, never a sign-in page.
  route("fichiers/:id", "routes/fichiers.ts"),
  route("verify-identity/exemple.svg", "routes/verify-identity-example.ts"),
  // Signed in, second factor or not: the member area below sends staff here until they have enrolled.
  route("compte/double-authentification", "routes/double-authentification.tsx"),
  layout("routes/member-layout.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("complete-profile", "routes/complete-profile.tsx"),
    route("verify-identity", "routes/verify-identity.tsx"),
    route("verify-identity/envoi", "routes/verify-identity-upload.ts"),
    route("create-case", "routes/create-case.tsx"),
    route("case/:caseId", "routes/case.tsx"),
    route("compte", "routes/compte.tsx"),
    route("api/communes", "routes/api-communes.ts"),
    route("compte/email", "routes/compte-email.tsx"),
    layout("routes/lawyer-layout.tsx", [
      route("avocat/dossiers", "routes/avocat-dossiers.tsx"),
      route("avocat/dossiers/:caseId", "routes/avocat-dossier.tsx"),
      route("avocat/clients", "routes/avocat-clients.tsx"),
    ]),
    layout("routes/admin-layout.tsx", [
      route("admin/comptes", "routes/admin-comptes.tsx"),
      route("admin/documents", "routes/admin-documents.tsx"),
      route("admin/cases", "routes/admin-cases.tsx"),
      route("admin/lawyer-allocation", "routes/admin-lawyer-allocation.tsx"),
      route("admin/*", "routes/admin-not-found.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

/** Where a person lands after signing in when nothing else was asked for. */
export const DEFAULT_LANDING = "/dashboard";
export const REDIRECT_PARAM = "redirectTo";

const BASE = "http://recours.invalid";

/**
 * The paths of app/routes.ts a sign-in may return to (redirect-target.test.ts checks the two lists agree): all but the
 * sign-in and sign-out pages and the site-wide catch-all (any path would match it).
 */
export const RETURN_PAGE_PATTERNS = [
  "/",
  "/fonctionnement",
  "/temoignages",
  "/a-propos",
  "/avocats",
  "/resultats",
  "/premiers-reflexes",
  "/verifier-un-contact",
  "/arnaques/:slug",
  "/sitemap.xml",
  "/robots.txt",
  "/mentions-legales",
  "/politique-confidentialite",
  "/conditions-generales",
  "/accessibilite",
  "/mot-de-passe-oublie",
  "/reinitialiser-mot-de-passe",
  "/verifier-email",
  "/inscription",
  "/fichiers/:id",
  "/verify-identity/exemple.svg",
  "/compte/double-authentification",
  "/dashboard",
  "/complete-profile",
  "/verify-identity",
  "/verify-identity/envoi",
  "/create-case",
  "/case/:caseId",
  "/case/:caseId/chat",
  "/case/:caseId/chat/events",
  "/case/:caseId/chat/messages",
  "/case/:caseId/chat/fichier",
  "/case/:caseId/chat/fichier/:fileId",
  "/case/:caseId/paiements",
  "/case/:caseId/paiements/:paymentId",
  "/case/:caseId/identifiants",
  "/case/:caseId/preuves",
  "/case/:caseId/dossier.pdf",
  "/case/:caseId/lettre-banque.pdf",
  "/case/:caseId/accuse-de-depot.pdf",
  "/case/:caseId/convention",
  "/case/:caseId/convention/apercu",
  "/case/:caseId/convention/:agreementId/:document",
  "/case/:caseId/compte-detaille.pdf",
  "/case/:caseId/recuperations/:recoveryId/justificatif",
  "/case/:caseId/factures",
  "/case/:caseId/code-appel",
  "/code-appel",
  "/factures/:invoiceId",
  "/compte",
  "/api/communes",
  "/compte/email",
  "/compte/donnees",
  "/compte/donnees/export",
  "/compte/donnees/export/fichier",
  "/compte/suppression",
  "/avocat/dossiers",
  "/avocat/dossiers/:caseId",
  "/avocat/clients",
  "/avocat/messages",
  "/avocat/facturation",
  "/avocat/coordonnees",
  "/admin/comptes",
  "/admin/users",
  "/admin/users/:userId",
  "/admin/lawyers",
  "/admin/emails",
  "/admin/emails/:emailId",
  "/admin/emails/templates",
  "/admin/email-templates",
  "/admin/email-templates/:templateId",
  "/admin/journal",
  "/admin/suppressions",
  "/admin/documents",
  "/admin/cases",
  "/admin/lawyer-allocation",
  "/admin/conventions",
  "/admin/conventions/nouvelle",
  "/admin/conventions/:templateId",
  "/admin/factures",
  "/admin/factures/export.csv",
  "/admin/*",
] as const;

const RETURN_PAGES = RETURN_PAGE_PATTERNS.map((pattern) => pattern.split("/").slice(1));

/**
 * As React Router matches: literal segments ignoring case, `:name` for one non-empty segment, a final `*` for the
 * rest, one trailing slash.
 */
function isReturnPage(pathname: string): boolean {
  const segments = (pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname).split("/").slice(1);
  return RETURN_PAGES.some((pattern) => {
    const splat = pattern.at(-1) === "*";
    const fixed = splat ? pattern.slice(0, -1) : pattern;
    if (splat ? segments.length < fixed.length : segments.length !== fixed.length) return false;
    return fixed.every((part, i) => (part.startsWith(":") ? segments[i] !== "" : part.toLowerCase() === segments[i]!.toLowerCase()));
  });
}

/** The path with every layer of percent-encoding undone (`%252e` is `.` twice removed); null if malformed. */
function fullyDecoded(pathname: string): string | null {
  let current = pathname;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** Printable ASCII only, no backslash, no empty segment ('//'), no '.' or '..' segment. */
const SAFE_DECODED_PATH = /^(?!.*\/\/)(?!.*\/\.\.?(?:\/|$))\/[\x21-\x5b\x5d-\x7e]*$/;

/**
 * The page a sign-in may return to: a page of this site ('/compte', '/dossier/12?onglet=messages'), as the browser
 * will read it. The checks run on the normalised and fully decoded path, not on the raw value: `/.//evil.example`
 * normalises to `//evil.example`, another site. Anything else — another origin, a backslash, a control character or
 * whitespace, an encoded slash or dot segment, a path no page serves, the sign-in pages — gives `fallback`.
 * The result is stable: passing it through again gives it back unchanged.
 */
export function safeRedirectTarget(value: string | null | undefined, fallback = DEFAULT_LANDING): string {
  if (!value || value.length > 2000) return fallback;
  if (!value.startsWith("/") || /[\\\s\u0000-\u001f\u007f-\u009f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const decoded = fullyDecoded(url.pathname);
  if (decoded === null || !SAFE_DECODED_PATH.test(decoded) || !isReturnPage(url.pathname)) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  return target.startsWith("/") && !target.startsWith("//") ? target : fallback;
}

/** The sign-in page, asked to come back to `path` afterwards (plain /connexion for the default landing page). */
export function signInPathReturningTo(path: string): string {
  const target = safeRedirectTarget(path, "");
  if (!target || target === DEFAULT_LANDING || target.startsWith("/api/")) return "/connexion";
  return `/connexion?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** `?redirectTo=…` to carry a safe target from one sign-in step to the next ('' when there is none). */
export function redirectQuery(target: string): string {
  return target === DEFAULT_LANDING ? "" : `?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** The page a request asked for, for the sign-in redirect (React Router's own data parameters removed). */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const pathname = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) || "/" : url.pathname;
  return `${pathname}${url.search}`;
}

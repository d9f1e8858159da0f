/** Where a person lands after signing in when nothing else was asked for. */
export const DEFAULT_LANDING = "/dashboard";
export const REDIRECT_PARAM = "redirectTo";

const BASE = "http://recours.invalid";

/**
 * The page a sign-in may return to: a same-site relative path only ('/compte', '/dossier/12?onglet=messages').
 * Anything else — an absolute or protocol-relative URL ('//evil.example'), a backslash trick, a control character,
 * the sign-in pages themselves — gives the default landing page.
 */
export function safeRedirectTarget(value: string | null | undefined, fallback = DEFAULT_LANDING): string {
  if (!value || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  if (url.pathname === "/connexion" || url.pathname.startsWith("/connexion/") || url.pathname === "/deconnexion") return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
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

/**
 * The Content-Security-Policy of every response: our own origin plus a per-request nonce, nothing from
 * anywhere else. The one exception is the profile form when GOOGLE_MAPS_API_KEY is set: it loads the Maps
 * JavaScript API and asks Places for address suggestions, so that page alone may reach those two origins.
 * Only the data API is used (our own list, no map, no Google widget): no Google style, font, image or frame.
 */

export const GOOGLE_MAPS_PAGES: ReadonlySet<string> = new Set(["/complete-profile"]);

export const GOOGLE_MAPS_SOURCES = {
  script: ["https://maps.googleapis.com"],
  connect: ["https://maps.googleapis.com", "https://places.googleapis.com"],
} as const;

export interface CspOptions {
  development: boolean;
  googleMaps: boolean;
}

/**
 * Which scripts a page may run: a string is the request's nonce; `{ sha256 }` lists the hashes of the inline scripts
 * of a page cached with its scripts (a public form page, decision 88), the same bytes for every visitor; null is a
 * page that runs no script at all (a cached content page, decision 52), which gets `script-src 'none'`, stricter than
 * the nonce policy. Module scripts come from our own origin ('self') whenever scripts run.
 */
export type ScriptPermission = string | { sha256: readonly string[] } | null;

export function contentSecurityPolicy(scripts: ScriptPermission, { development, googleMaps }: CspOptions): string {
  const script =
    scripts === null
      ? ["'none'"]
      : [
          "'self'",
          ...(typeof scripts === "string" ? [`'nonce-${scripts}'`] : scripts.sha256.map((hash) => `'sha256-${hash}'`)),
          ...(googleMaps ? GOOGLE_MAPS_SOURCES.script : []),
        ];
  const connect = [
    "'self'",
    ...(development ? ["ws:", "wss:"] : []),
    ...(googleMaps ? GOOGLE_MAPS_SOURCES.connect : []),
  ];
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** Whether this page gets the Google Maps sources: only a listed page, and only when a key is configured. */
export function usesGoogleMaps(pathname: string, apiKey: string | undefined): boolean {
  if (!apiKey) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return GOOGLE_MAPS_PAGES.has(path);
}

import type { RequestHandler } from "express";

/**
 * The headers every answer carries besides its Content-Security-Policy (decision 9): set per request by the app's
 * first middleware, and stored once with each cached public page (decision 52).
 */
export function securityHeaders({ https }: { https: boolean }): Array<[name: string, value: string]> {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
    ...(https ? ([["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]] as Array<[string, string]>) : []),
  ];
}

/**
 * React Router's Express adapter appends each header of a route's Response to those already set, so a download's
 * `Referrer-Policy: no-referrer` or sandboxing CSP would be sent beside the defaults, twice. For these names the
 * route's value replaces the default instead (decision 63).
 */
export function routeHeadersReplaceDefaults(names: readonly string[]): RequestHandler {
  const replaced = new Set(names.map((name) => name.toLowerCase()));
  return (_req, res, next) => {
    const append = res.append.bind(res);
    res.append = (field: string, value?: string | string[]) => (replaced.has(field.toLowerCase()) && value !== undefined ? res.set(field, value) : append(field, value));
    next();
  };
}

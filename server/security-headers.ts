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

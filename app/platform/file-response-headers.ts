/**
 * What a private file answer adds to the headers every answer carries (server/security-headers.ts: nosniff, framing,
 * resource policy): never cached, no Referer to what the file links to. Its Referrer-Policy replaces the server's
 * default rather than being sent beside it (decision 63).
 */
export const PRIVATE_FILE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } as const;

/** A stored file opened in the browser runs nothing and loads nothing, whatever it claims to be. Replaces the page CSP. */
export const STORED_FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

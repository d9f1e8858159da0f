import { maxRequestBytesFor } from "./upload-limits";

/**
 * The routes that receive files, and the most a request to each may carry. Every other route keeps the 1 MiB body
 * limit; these stream through the upload pipeline, which enforces 30 MB per file and counts the bytes itself.
 * A page that receives files adds its path here.
 */
export const UPLOAD_ROUTES: { path: RegExp; fileFields: Record<string, number> }[] = [
  // Identity verification (issue 11): recto and verso of one document per request.
  { path: /^\/verify-identity(\/.*)?$/, fileFields: { recto: 1, verso: 1 } },
  // Case chat attachments (issue 13): one file per message.
  { path: /^\/case\/[^/]+\/chat\/fichier$/, fileFields: { fichier: 1 } },
  // Evidence files on a case (issue 15): up to 10 per sending.
  { path: /^\/case\/[^/]+\/preuves$/, fileFields: { fichiers: 10 } },
];

/** The body limit for a request path, or undefined when the general limit applies. */
export function uploadBodyLimit(pathname: string): number | undefined {
  const route = UPLOAD_ROUTES.find((candidate) => candidate.path.test(pathname));
  return route ? maxRequestBytesFor(route.fileFields) : undefined;
}

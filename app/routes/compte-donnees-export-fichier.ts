import { Readable } from "node:stream";
import { redirect } from "react-router";
import type { Route } from "./+types/compte-donnees-export-fichier";
import { contentDisposition } from "~/modules/files/file-names";
import { openDataExport } from "~/modules/privacy/data-export.server";
import { requireUser } from "~/platform/guards.server";
import { PRIVATE_FILE_HEADERS } from "~/platform/file-response-headers";

/** GET: nothing here (the link's page is /compte/donnees/export). */
export function loader() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * POST /compte/donnees/export/fichier: the export's ZIP, decrypted, once. A spent, expired or foreign link goes back
 * to the link's page, which says why (410 or 404).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  let token: string | null = null;
  try {
    const value = (await request.formData()).get("token");
    token = typeof value === "string" ? value : null;
  } catch {
    token = null;
  }
  const result = await openDataExport(actor, token);
  if (result.kind === "refused") {
    const query = token && /^[A-Za-z0-9_-]{43}$/.test(token) ? `?token=${token}` : "";
    return redirect(`/compte/donnees/export${query}`, 303);
  }
  return new Response(Readable.toWeb(result.stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(result.sizeBytes),
      "Content-Disposition": contentDisposition("attachment", result.fileName),
      ...PRIVATE_FILE_HEADERS,
    },
  });
}

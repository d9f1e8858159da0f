import { Readable } from "node:stream";
import type { Route } from "./+types/fichiers";
import { contentDisposition } from "~/modules/files/file-names";
import { downloadFile } from "~/modules/identity/identity.server";
import { currentActor } from "~/platform/guards.server";
import { PRIVATE_FILE_HEADERS, STORED_FILE_CONTENT_SECURITY_POLICY } from "~/platform/file-response-headers";

const PRIVATE = PRIVATE_FILE_HEADERS;

/** GET /fichiers/:id: a stored file through a 60-second link bound to the viewer (owner, or an admin reviewer). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const result = await downloadFile(currentActor(context), params.id, { exp: url.searchParams.get("exp"), sig: url.searchParams.get("sig") });
  if (result.kind === "refused") {
    return new Response(result.message, { status: result.status, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  }
  const download = url.searchParams.get("download") === "1";
  if (result.kind === "redirect") {
    return new Response(null, { status: 302, headers: { ...PRIVATE, Location: download ? `${result.location}&download=1` : result.location } });
  }
  const disposition = download ? "attachment" : "inline";
  return new Response(Readable.toWeb(result.stream) as ReadableStream, {
    headers: {
      ...PRIVATE,
      "Content-Type": result.file.media_type,
      "Content-Length": String(result.file.size_bytes),
      "Content-Disposition": contentDisposition(disposition, result.file.original_name, result.file.media_type),
      "Content-Security-Policy": STORED_FILE_CONTENT_SECURITY_POLICY,
    },
  });
}

import { Readable } from "node:stream";
import type { Route } from "./+types/case-chat-file";
import { chatAttachmentDownload } from "~/modules/chat/chat-attachments.server";
import { contentDisposition } from "~/modules/files/file-names";
import { requireUser } from "~/platform/guards.server";
import { PRIVATE_FILE_HEADERS, STORED_FILE_CONTENT_SECURITY_POLICY } from "~/platform/file-response-headers";

const PRIVATE = PRIVATE_FILE_HEADERS;

/** GET /case/:caseId/chat/fichier/:fileId: a chat attachment for the case's parties, through a 60-second link. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const result = await chatAttachmentDownload(requireUser(context), params.caseId, params.fileId, {
    exp: url.searchParams.get("exp"),
    sig: url.searchParams.get("sig"),
    thumbnail: url.searchParams.get("preview") === "1",
    download: url.searchParams.get("download") === "1",
  });
  if (result.kind === "refused") {
    return new Response(result.message, { status: result.status, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (result.kind === "redirect") return new Response(null, { status: 302, headers: { ...PRIVATE, Location: result.location } });
  const disposition = url.searchParams.get("download") === "1" ? "attachment" : "inline";
  return new Response(Readable.toWeb(result.body) as ReadableStream, {
    headers: {
      ...PRIVATE,
      "Content-Type": result.mediaType,
      ...(result.thumbnail ? {} : { "Content-Length": String(result.file.size_bytes) }),
      "Content-Disposition": contentDisposition(disposition, result.file.original_name, result.mediaType),
      "Content-Security-Policy": STORED_FILE_CONTENT_SECURITY_POLICY,
    },
  });
}

import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/case-recovery-proof";
import { contentDisposition } from "~/modules/files/file-names";
import { recoveryProof } from "~/modules/recoveries/recoveries.server";
import { PRIVATE_FILE_HEADERS, STORED_FILE_CONTENT_SECURITY_POLICY } from "~/platform/file-response-headers";
import { requireUser } from "~/platform/guards.server";

/** GET /case/:caseId/recuperations/:recoveryId/justificatif: an entry's proof file, for the case's client, lawyer or an admin. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await recoveryProof(requireUser(context), params.caseId, params.recoveryId);
  if (!result.ok) throw data({ message: result.message }, { status: result.status });
  return new Response(Readable.toWeb(result.stream) as ReadableStream, {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      "Content-Type": result.file.media_type,
      "Content-Length": String(result.file.size_bytes),
      "Content-Disposition": contentDisposition("attachment", result.file.original_name, result.file.media_type),
      "Content-Security-Policy": STORED_FILE_CONTENT_SECURITY_POLICY,
    },
  });
}

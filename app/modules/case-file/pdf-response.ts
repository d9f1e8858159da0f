import { contentDisposition } from "~/modules/files/file-names";
import { PRIVATE_FILE_HEADERS } from "~/platform/file-response-headers";

/** A generated PDF as a download: never cached (it holds the client's identity), never sniffed. */
export function pdfResponse(input: { fileName: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(input.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(input.pdf.length),
      "Content-Disposition": contentDisposition("attachment", input.fileName),
      ...PRIVATE_FILE_HEADERS,
    },
  });
}

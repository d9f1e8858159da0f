import { contentDisposition } from "~/modules/files/file-names";

/** A generated PDF as a download: never cached (it holds the client's identity), never sniffed. */
export function pdfResponse(input: { fileName: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(input.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(input.pdf.length),
      "Content-Disposition": contentDisposition("attachment", input.fileName),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}

import { existsSync, readFileSync } from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { encryptedPdf, pdfFile } from "../../../tests/support/upload-fixtures";
import { PdfStructureError, scanPdfStructure } from "./pdf-structure.server";

/** The file cut into chunks of `size` bytes, as a stream would deliver it. */
async function* chunks(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function scan(bytes: Buffer, size = 64 * 1024) {
  return scanPdfStructure(chunks(bytes, size));
}

async function pdfWith(options: { pages: number; objectStreams: boolean; image?: boolean }): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < options.pages; i += 1) {
    document.addPage([595, 842]).drawText(`Page ${i + 1} (100 % ok) \\ endstream`, { x: 50, y: 780, size: 12, font });
  }
  document.setTitle("Relevé (avril) 100 %");
  return Buffer.from(await document.save({ useObjectStreams: options.objectStreams }));
}

describe("scanPdfStructure", () => {
  it("counts the pages of PDFs with and without compressed object streams, whatever the chunking", async () => {
    for (const objectStreams of [false, true]) {
      const bytes = await pdfWith({ pages: 7, objectStreams });
      for (const size of [1, 7, 1000, 64 * 1024]) {
        expect(await scan(bytes, size)).toEqual({ encrypted: false, pageCount: 7 });
      }
    }
  });

  it("agrees with pdf-lib on PDFs written by other tools", async () => {
    const samples = ["/usr/share/doc/libtasn1-doc/libtasn1.pdf", "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"].filter((file) =>
      existsSync(file),
    );
    for (const file of samples) {
      const bytes = readFileSync(file);
      const expected = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
      expect(await scan(bytes, 4096)).toEqual({ encrypted: false, pageCount: expected });
    }
  });

  it("skips a 30 MB comment and stream contents without holding them", async () => {
    const bytes = await pdfFile({ padTo: 30 * 1000 * 1000 });
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const scanning = scanPdfStructure(
      (async function* () {
        for await (const chunk of chunks(bytes, 64 * 1024)) {
          peak = Math.max(peak, process.memoryUsage().arrayBuffers);
          yield chunk;
        }
      })(),
    );
    expect(await scanning).toEqual({ encrypted: false, pageCount: 1 });
    expect(peak - before).toBeLessThan(4 * 1024 * 1024);
  });

  it("says when the trailer names an encryption dictionary", async () => {
    expect(await scan(encryptedPdf(), 5)).toEqual({ encrypted: true, pageCount: 0 });
  });

  it("refuses what is not a PDF's structure: garbage, no catalog, a file cut inside a stream", async () => {
    await expect(scan(Buffer.from("%PDF-1.7\n garbage \n%%EOF"))).rejects.toBeInstanceOf(PdfStructureError);
    await expect(scan(Buffer.from("%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n%%EOF"))).rejects.toBeInstanceOf(PdfStructureError);
    const bytes = await pdfWith({ pages: 2, objectStreams: false });
    const cut = bytes.subarray(0, bytes.indexOf("stream") + 20);
    await expect(scan(cut)).rejects.toBeInstanceOf(PdfStructureError);
    await expect(scan(Buffer.from("1 0 obj << /Type /Catalog >> endobj"))).rejects.toBeInstanceOf(PdfStructureError);
  });
});

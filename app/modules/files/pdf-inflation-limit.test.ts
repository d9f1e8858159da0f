import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { pdfInflateBomb } from "../../../tests/support/upload-fixtures";
import { checkPdfStructure } from "./file-inspection.server";
import { MAX_INFLATED_BYTES, PdfLimitError, scanPdfStructure } from "./pdf-structure.server";

describe("the PDF scan's inflation cap", () => {
  it("stops inflating a 100 MB object stream at the cap: a limit, not a broken file", async () => {
    const bomb = pdfInflateBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expect(scanPdfStructure(Readable.from([bomb]))).rejects.toBeInstanceOf(PdfLimitError);
    await expect(checkPdfStructure(Readable.from([bomb]))).rejects.toMatchObject({ problem: "uncheckable", status: 422 });
  });

  it("takes an object stream inflating under the cap, refuses one past it", async () => {
    // Under the cap it is an ordinary (odd) PDF: one object stream of 1 MB of spaces.
    await expect(scanPdfStructure(Readable.from([pdfInflateBomb(1024 * 1024)]))).resolves.toEqual({ encrypted: false, pageCount: 1 });
    await expect(scanPdfStructure(Readable.from([pdfInflateBomb(MAX_INFLATED_BYTES + 1)]))).rejects.toBeInstanceOf(PdfLimitError);
  });
});

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  encryptedPdf,
  heicFile,
  htmlPage,
  jpegFile,
  pdfFile,
  phpScript,
  pngBomb,
  pngFile,
  svgImage,
  windowsExe,
} from "../../../tests/support/upload-fixtures";
import {
  BLURRY,
  checkPdfStructure,
  convertHeicToJpeg,
  detectType,
  inspectHeic,
  inspectImage,
  inspectPdf,
  looksComplete,
} from "./file-inspection.server";
import { UploadError } from "./upload-error";

async function problemOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UploadError);
    return (error as UploadError).problem;
  }
  throw new Error("aurait dû être refusé");
}

describe("detectType", () => {
  it("recognises JPEG, PNG, HEIC and PDF by their bytes", async () => {
    expect(await detectType(await jpegFile())).toBe("image/jpeg");
    expect(await detectType(await pngFile())).toBe("image/png");
    expect(await detectType(heicFile())).toBe("image/heic");
    expect(await detectType(await pdfFile())).toBe("application/pdf");
  });
  it("refuses PHP, SVG, HTML, EXE and empty content whatever they are called", async () => {
    for (const bytes of [phpScript, svgImage, htmlPage, windowsExe, Buffer.alloc(0)]) {
      expect(await detectType(bytes)).toBeUndefined();
    }
  });
});

describe("looksComplete", () => {
  it("spots a JPEG, PNG or PDF cut short", async () => {
    const jpeg = await jpegFile();
    expect(looksComplete("image/jpeg", jpeg.subarray(-1024))).toBe(true);
    expect(looksComplete("image/jpeg", jpeg.subarray(0, jpeg.length / 2).subarray(-1024))).toBe(false);
    const png = await pngFile();
    expect(looksComplete("image/png", png.subarray(-1024))).toBe(true);
    expect(looksComplete("image/png", png.subarray(0, png.length - 20).subarray(-1024))).toBe(false);
    const pdf = await pdfFile();
    expect(looksComplete("application/pdf", pdf.subarray(-1024))).toBe(true);
    expect(looksComplete("application/pdf", pdf.subarray(0, pdf.length - 10).subarray(-1024))).toBe(false);
  });
});

describe("inspectImage", () => {
  it("applies the orientation and drops EXIF and GPS", async () => {
    const input = await jpegFile({ width: 1200, height: 800, orientation: 6, gps: true, marker: "MARQUEUR-EXIF" });
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const result = await inspectImage(input);
    expect(result.mediaType).toBe("image/jpeg");
    expect([result.width, result.height]).toEqual([800, 1200]);
    const metadata = await sharp(result.output).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(result.output.includes(Buffer.from("MARQUEUR-EXIF"))).toBe(false);
    expect(result.warnings).toEqual([]);
  });

  it("keeps PNG as PNG", async () => {
    const result = await inspectImage(await pngFile());
    expect(result.mediaType).toBe("image/png");
    expect((await sharp(result.output).metadata()).format).toBe("png");
  });

  it("flags a blurry photo without refusing it", async () => {
    const result = await inspectImage(await jpegFile({ blurry: true }));
    expect(result.warnings).toEqual([BLURRY]);
  });

  it("refuses a photo under 600 px on its short side, a bomb, and a truncated JPEG", async () => {
    expect(await problemOf(inspectImage(await jpegFile({ width: 1000, height: 599 })))).toBe("tooSmall");
    expect(await problemOf(inspectImage(pngBomb()))).toBe("tooManyPixels");
    const jpeg = await jpegFile();
    expect(["truncated", "unreadableImage"]).toContain(await problemOf(inspectImage(jpeg.subarray(0, jpeg.length / 2))));
  });
});

describe("HEIC", () => {
  it("reads the dimensions without decoding, then converts to a clean JPEG", async () => {
    expect(await inspectHeic(heicFile())).toEqual({ width: 1200, height: 900 });
    const converted = await convertHeicToJpeg(heicFile());
    expect(converted.mediaType).toBe("image/jpeg");
    expect([converted.width, converted.height]).toEqual([1200, 900]);
    expect((await sharp(converted.output).metadata()).format).toBe("jpeg");
  }, 60_000);
  it("refuses a HEIC that does not parse", async () => {
    const heic = heicFile();
    expect(await problemOf(inspectHeic(heic.subarray(0, 200)))).toBe("unreadableImage");
  });
});

describe("inspectPdf", () => {
  it("counts pages of a valid PDF", async () => {
    expect(await inspectPdf(await pdfFile({ pages: 3 }))).toEqual({ pageCount: 3 });
  });
  it("refuses an encrypted PDF, a broken one, and one with too many pages", async () => {
    expect(await problemOf(inspectPdf(encryptedPdf()))).toBe("encryptedPdf");
    expect(await problemOf(inspectPdf(Buffer.from("%PDF-1.7\n garbage \n%%EOF")))).toBe("unreadablePdf");
    expect(await problemOf(inspectPdf(await pdfFile({ pages: 101 })))).toBe("tooManyPages");
  });
});

describe("checkPdfStructure", () => {
  async function* once(bytes: Buffer) {
    yield bytes;
  }
  it("reads a large PDF as a stream: pages counted, encryption and broken files refused", async () => {
    expect(await checkPdfStructure(once(await pdfFile({ pages: 2, padTo: 5 * 1024 * 1024 })))).toEqual({ pageCount: 2 });
    expect(await problemOf(checkPdfStructure(once(encryptedPdf())))).toBe("encryptedPdf");
    expect(await problemOf(checkPdfStructure(once(Buffer.from("%PDF-1.7\n garbage \n%%EOF"))))).toBe("unreadablePdf");
    expect(await problemOf(checkPdfStructure(once(await pdfFile({ pages: 101 }))))).toBe("tooManyPages");
  });
});

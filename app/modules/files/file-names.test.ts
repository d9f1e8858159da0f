import { describe, expect, it } from "vitest";
import { contentDisposition, sanitizeFileName, servedFileName, withExtension } from "./file-names";

describe("sanitizeFileName", () => {
  it("keeps only the last path part", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("C:\\Users\\léa\\carte.jpg")).toBe("carte.jpg");
  });
  it("drops NUL, controls and bidi overrides", () => {
    expect(sanitizeFileName("fac\u0000ture\u202Egpj.exe")).toBe("facturegpj.exe");
    expect(sanitizeFileName("a\u2066b\u200Bc\u0007.pdf")).toBe("abc.pdf");
    expect(sanitizeFileName("../\u0000\u202E")).toBe("document");
  });
  it("never starts with a dot and is never empty", () => {
    expect(sanitizeFileName("..htaccess")).toBe("htaccess");
    expect(sanitizeFileName("")).toBe("document");
    expect(sanitizeFileName(undefined)).toBe("document");
  });
  it("is at most 255 characters and keeps the extension", () => {
    const long = `${"é".repeat(400)}.jpeg`;
    const cleaned = sanitizeFileName(long);
    expect(cleaned.length).toBe(255);
    expect(cleaned.endsWith(".jpeg")).toBe(true);
  });
  it("normalises to NFC and collapses whitespace", () => {
    expect(sanitizeFileName("  Carte   d'identite\u0301 .png ")).toBe("Carte d'identité .png");
  });
});

describe("withExtension", () => {
  it("replaces the extension", () => {
    expect(withExtension("IMG_0001.HEIC", "jpg")).toBe("IMG_0001.jpg");
    expect(withExtension("photo", "jpg")).toBe("photo.jpg");
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the UTF-8 name", () => {
    expect(contentDisposition("inline", "Relevé d'août.pdf")).toBe(
      "inline; filename=\"Releve d'aout.pdf\"; filename*=UTF-8''Relev%C3%A9%20d%27ao%C3%BBt.pdf",
    );
  });
  it("cannot break out of the quoted name", () => {
    expect(contentDisposition("attachment", 'a"b.pdf')).toContain('filename="a_b.pdf"');
  });
});

// Issue 27, item 5: the name a file is served under always ends with the extension of the type found in its bytes.
describe("servedFileName", () => {
  it("gives the detected type's extension, whatever the file was called", () => {
    expect(servedFileName("preuve.hta", "application/pdf")).toBe("preuve.pdf");
    expect(servedFileName("scan", "application/pdf")).toBe("scan.pdf");
    expect(servedFileName("photo.png", "image/jpeg")).toBe("photo.jpg");
    expect(servedFileName("IMG_0001.HEIC", "image/jpeg")).toBe("IMG_0001.jpg");
    expect(servedFileName("Relevé 12.03.2024", "application/pdf")).toBe("Relevé 12.03.2024.pdf");
  });
  it("keeps a right extension as it was written", () => {
    expect(servedFileName("Carte d'identité.PDF", "application/pdf")).toBe("Carte d'identité.PDF");
    expect(servedFileName("vacances.jpeg", "image/jpeg")).toBe("vacances.jpeg");
  });
  it("does not hide a second extension behind blanks: the Braille blank U+2800, spaces, no-break spaces", () => {
    expect(servedFileName("facture.pdf\u2800\u2800.exe", "application/pdf")).toBe("facture.pdf");
    expect(servedFileName("facture.pdf\u2800\u2800\u2800\u2800\u2800\u2800.exe", "application/pdf")).toBe("facture.pdf");
    expect(servedFileName("facture.pdf          .exe", "application/pdf")).toBe("facture.pdf");
    expect(servedFileName("facture.pdf\u00a0\u3000.exe", "application/pdf")).toBe("facture.pdf");
    expect(servedFileName("facture.pdf.exe", "application/pdf")).toBe("facture.pdf");
  });
  it("drops zero-width, bidi and other invisible characters (the RLO trick)", () => {
    expect(servedFileName("invoice\u202Efdp.exe", "application/pdf")).toBe("invoicefdp.pdf");
    expect(servedFileName("photo\u202Egpj.exe", "image/jpeg")).toBe("photogpj.jpg");
    expect(servedFileName("fact\u200Bure\u200D\u2066.p\u200Cdf\uFEFF", "application/pdf")).toBe("facture.pdf");
    expect(servedFileName("re\u00ADlev\u00E9\u3164\uFE0F\u034F.pdf", "application/pdf")).toBe("relevé.pdf");
    expect(servedFileName("a\u{E0041}b\uE000\uD800.pdf", "application/pdf")).toBe("ab.pdf");
  });
  it("drops control characters", () => {
    expect(servedFileName("pre\u0000uve\u0007\u001b\u007f\u0085.pdf", "application/pdf")).toBe("preuve.pdf");
    expect(servedFileName("ligne1\r\nligne2.pdf", "application/pdf")).toBe("ligne1 ligne2.pdf");
  });
  it("keeps a readable name: accents kept, a name with nothing readable left becomes document.<ext>", () => {
    expect(servedFileName("Relevé d'août – Société Générale.pdf", "application/pdf")).toBe("Relevé d'août – Société Générale.pdf");
    expect(servedFileName("\u2800\u2800.exe", "application/pdf")).toBe("document.pdf");
    expect(servedFileName("\u202E\u200B", "image/png")).toBe("document.png");
    expect(servedFileName("...", "application/pdf")).toBe("document.pdf");
    expect(servedFileName(null, "image/jpeg")).toBe("document.jpg");
  });
  it("stays within 255 characters with the extension kept", () => {
    const served = servedFileName(`${"é".repeat(400)}.exe`, "application/pdf");
    expect(served).toHaveLength(255);
    expect(served.endsWith("é.pdf")).toBe(true);
  });
  it("is what Content-Disposition sends once the type is known, for rows recorded before the rule too", () => {
    expect(contentDisposition("attachment", "preuve.hta", "application/pdf")).toBe(
      "attachment; filename=\"preuve.pdf\"; filename*=UTF-8''preuve.pdf",
    );
    expect(contentDisposition("inline", "facture.pdf\u2800\u2800.exe", "application/pdf")).toBe(
      "inline; filename=\"facture.pdf\"; filename*=UTF-8''facture.pdf",
    );
    expect(contentDisposition("inline", "x\uD800.pdf")).toContain("filename*=UTF-8''x.pdf");
  });
});

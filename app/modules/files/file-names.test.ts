import { describe, expect, it } from "vitest";
import { contentDisposition, sanitizeFileName, withExtension } from "./file-names";

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

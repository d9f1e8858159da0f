import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Whitespace folded (U+202F and U+00A0 included): pdftotext renders them as it likes. */
export const fold = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

/** What a poppler tool prints about a PDF written to a temporary file. */
function poppler(tool: "pdftotext" | "pdfinfo", pdf: Uint8Array): string {
  const directory = mkdtempSync(path.join(tmpdir(), "recours-pdf-"));
  try {
    const file = path.join(directory, "document.pdf");
    writeFileSync(file, pdf);
    const args = tool === "pdftotext" ? ["-enc", "UTF-8", file, "-"] : ["-enc", "UTF-8", file];
    return spawnSync(tool, args, { encoding: "utf8" }).stdout;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** A PDF's text as pdftotext reads it, whitespace folded. */
export function pdfText(pdf: Uint8Array): string {
  return fold(poppler("pdftotext", pdf));
}

/** A PDF's information dictionary and properties as pdfinfo prints them ("Tagged:", "Title:"…), by name. */
export function pdfInfo(pdf: Uint8Array): Record<string, string> {
  return Object.fromEntries(
    poppler("pdfinfo", pdf)
      .split("\n")
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!.trim()]),
  );
}

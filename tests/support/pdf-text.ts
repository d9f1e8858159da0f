import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Whitespace folded (U+202F and U+00A0 included): pdftotext renders them as it likes. */
export const fold = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

/** A PDF's text as pdftotext reads it, whitespace folded. */
export function pdfText(pdf: Uint8Array): string {
  const directory = mkdtempSync(path.join(tmpdir(), "recours-pdf-"));
  try {
    const file = path.join(directory, "document.pdf");
    writeFileSync(file, pdf);
    return fold(spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).stdout);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { finishPdf, heading, newPdf, paragraph, section } from "./pdf-document.server";

async function textOf(write: (doc: ReturnType<typeof newPdf>, parent: ReturnType<typeof section>) => void): Promise<string> {
  const doc = newPdf("Essai", "Essai");
  write(doc, section(doc));
  const pdf = await finishPdf(doc, "Essai");
  const directory = mkdtempSync(path.join(tmpdir(), "recours-pdf-"));
  try {
    writeFileSync(path.join(directory, "essai.pdf"), pdf);
    return spawnSync("pdftotext", ["-enc", "UTF-8", path.join(directory, "essai.pdf"), "-"], { encoding: "utf8" }).stdout;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe("the PDFs' text layer with the fonts kept for the process", () => {
  it("keeps every letter after an earlier document drew it only inside an accented one", async () => {
    // "É" is drawn with the glyph of "E": the earlier document must not leave "E" without its character.
    expect(await textOf((doc, parent) => heading(doc, parent, 1, "Échéance"))).toContain("Échéance");
    expect(await textOf((doc, parent) => paragraph(doc, parent, "Écrit à Évry"))).toContain("Écrit à Évry");
    const later = await textOf((doc, parent) => {
      heading(doc, parent, 1, "SIREN ET SIRET");
      paragraph(doc, parent, "Entreprise individuelle");
    });
    expect(later).toContain("SIREN ET SIRET");
    expect(later).toContain("Entreprise individuelle");
  });
});

import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/pdf-text";
import { finishPdf, heading, newPdf, paragraph, section } from "./pdf-document.server";

async function textOf(write: (doc: ReturnType<typeof newPdf>, parent: ReturnType<typeof section>) => void): Promise<string> {
  const doc = newPdf("Essai", "Essai");
  write(doc, section(doc));
  return pdfText(await finishPdf(doc, "Essai"));
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

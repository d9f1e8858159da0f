import { describe, expect, it } from "vitest";
import type { FeeModel } from "~/lib/fees";
import { EXAMPLE_FEE_MODEL, feeStatement, feeTerms } from "./fees";
import { homeContent } from "./pages/home";
import { howItWorksContent } from "./pages/how-it-works";
import { termsFor } from "./legal/terms";
import { scamPages } from "./scam-pages";

const N = "\u202f";
const signature: FeeModel = { baseFeeCents: 75_050, baseFeeDue: "signature", resultPercentBp: 1250, example: false };

describe("the public fee statement, from the fee model", () => {
  it("states the base fee HT and TTC and when it is payable, the result complement HT and TTC, consent for costs, no promise", () => {
    const statement = feeStatement(EXAMPLE_FEE_MODEL);
    expect(statement).toContain(`des honoraires de diligence de 500${N}€ HT (600${N}€ TTC) pour le travail accompli, payables à la fin du dossier`);
    expect(statement).toContain(`un honoraire de résultat de 15${N}% HT (18${N}% TTC) des sommes effectivement récupérées, en complément`);
    expect(statement).toContain("sans aucun frais à l'avance");
    expect(statement).toContain("qu'avec votre accord écrit préalable");
    expect(statement).toContain("aucun résultat ne peut être garanti");
    expect(statement).not.toMatch(/rien n'est récupéré|commission/);
  });

  it("says 'aucun frais à l'avance' only when the base fee is payable at the end", () => {
    const statement = feeStatement(signature);
    expect(statement).not.toMatch(/aucun frais à l'avance/i);
    expect(statement).toContain(`750,50${N}€ HT (900,60${N}€ TTC) pour le travail accompli, payables à la signature de la convention`);
    expect(statement).toContain(`12,5${N}% HT (15${N}% TTC)`);
    expect(feeTerms(signature)).toMatchObject({ nothingUpfront: false, upfrontValue: `900,60${N}€ TTC` });
    expect(feeTerms(EXAMPLE_FEE_MODEL)).toMatchObject({ nothingUpfront: true, upfrontValue: `0${N}€`, upfrontLabel: "Aucun frais à l'avance" });
    expect(feeTerms(EXAMPLE_FEE_MODEL).resultExample).toBe(`si 10${N}000${N}€ vous sont effectivement reversés, l'honoraire de résultat est de 1${N}500${N}€ HT (1${N}800${N}€ TTC)`);
  });

  it("is what every page that speaks of fees says, with the configured model", () => {
    const pages = [
      JSON.stringify(homeContent(signature)),
      JSON.stringify(howItWorksContent(signature)),
      JSON.stringify(termsFor(signature)),
      JSON.stringify(scamPages(signature)),
    ];
    for (const text of pages) {
      expect(text).not.toMatch(/commission|si rien n'est récupéré, vous ne payez rien|aucun frais à l'avance/i);
      expect(text).toContain(`750,50${N}€ HT`);
    }
    expect(JSON.stringify(termsFor(signature))).toContain(feeStatement(signature));
    for (const page of Object.values(scamPages(signature))) expect(page.metaDescription.length).toBeLessThanOrEqual(160);
  });
});

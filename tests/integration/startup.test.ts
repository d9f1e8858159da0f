import { beforeAll, describe, expect, it } from "vitest";
import { feeStatement } from "~/content/fees";
import { DEVELOPMENT_FIGURE_SOURCE_TEXT, FIGURE_KEYS, operatorPlaceholders } from "~/content/site";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText } from "../support/production-server";

describe("starting with a wrong environment", () => {
  beforeAll(() => ensureProductionBuild(), 180_000);

  it("stops with every problem listed in French, a bad LOG_LEVEL included", async () => {
    const start = startProductionServer({ PORT: "abc", LOG_LEVEL: "bavard", DATA_DIR: "memory://" });
    await expect(start).rejects.toThrow(/Configuration invalide/);
    await expect(start).rejects.toThrow(/PORT : doit être un nombre entier/);
    await expect(start).rejects.toThrow(/LOG_LEVEL : doit valoir fatal, error, warn, info, debug, trace ou silent/);
  }, 60_000);
});

describe("a public production server and the operator's identity", () => {
  beforeAll(() => ensureProductionBuild(), 180_000);

  it("refuses to start with placeholders, and names every missing field in French", async () => {
    const start = startProductionServer({ DATA_DIR: "memory://", PUBLIC_URL: "https://recours.fr" });
    await expect(start).rejects.toThrow(/Configuration invalide pour la production/);
    for (const missing of ["OPERATOR_NAME", "OPERATOR_SIREN", "OPERATOR_ADDRESS", "OPERATOR_EMAIL", "OPERATOR_PHONE", "OPERATOR_FIGURE_SOURCES.successRate", "FEE_BASE_EUROS", "FEE_BASE_DUE", "FEE_RESULT_PERCENT", "article 10 de la loi n° 71-1130 du 31 décembre 1971"]) {
      await expect(start).rejects.toThrow(new RegExp(missing.replace(".", "\\.")));
    }
  }, 60_000);

  it("with the operator set, the legal notice and the About page show no placeholder", async () => {
    const operator = {
      OPERATOR_NAME: "Recours Conseil SAS",
      OPERATOR_SHARE_CAPITAL: "10 000 €",
      OPERATOR_SIREN: "912 345 678",
      OPERATOR_RCS: "Lyon",
      OPERATOR_ADDRESS: "12 quai Saint-Antoine, 69002 Lyon",
      OPERATOR_PUBLICATION_DIRECTOR: "Camille Durand",
      OPERATOR_HOST_NAME: "Hébergeur Français SAS",
      OPERATOR_HOST_ADDRESS: "2 rue Kellermann, 59100 Roubaix",
      OPERATOR_EMAIL: "bonjour@recours-conseil.fr",
      OPERATOR_PHONE: "04 72 00 00 00",
      FEE_BASE_EUROS: "800",
      FEE_BASE_DUE: "signature",
      FEE_RESULT_PERCENT: "10",
      OPERATOR_FIGURE_SOURCES: JSON.stringify(
        Object.fromEntries(FIGURE_KEYS.map((key) => [key, { title: "Registre des dossiers de Recours", url: "https://recours-conseil.fr/chiffres", date: "décembre 2026" }])),
      ),
    };
    const server = await startProductionServer({ DATA_DIR: "memory://", ...operator });
    try {
      for (const path of ["/mentions-legales", "/a-propos"]) {
        const page = visibleText((await httpRequest(server.baseUrl, path)).body);
        for (const placeholder of Object.values(operatorPlaceholders)) {
          if (placeholder === operatorPlaceholders.legalForm) continue;
          expect(page, `${path}: ${placeholder}`).not.toContain(placeholder);
        }
        expect(page).not.toContain("recours.example");
      }
      const notice = visibleText((await httpRequest(server.baseUrl, "/mentions-legales")).body);
      for (const value of [operator.OPERATOR_NAME, operator.OPERATOR_SIREN, operator.OPERATOR_EMAIL, operator.OPERATOR_HOST_NAME]) {
        expect(notice).toContain(value);
      }
      // Each figure's source is the configured one, linked to its address; no development sample left.
      const home = await httpRequest(server.baseUrl, "/");
      expect(visibleText(home.body)).toMatch(/Source : Registre des dossiers de Recours ?, décembre 2026/);
      expect(visibleText(home.body)).not.toContain(DEVELOPMENT_FIGURE_SOURCE_TEXT);
      expect(home.body).toContain('href="https://recours-conseil.fr/chiffres"');
      // The fee statement is the configured model's, on the page and in the structured data (decision 77).
      const statement = feeStatement({ baseFeeCents: 80_000, baseFeeDue: "signature", resultPercentBp: 1000, example: false });
      for (const path of ["/", "/fonctionnement", "/conditions-generales", "/avocats"]) {
        const text = visibleText((await httpRequest(server.baseUrl, path)).body);
        expect(text, path).toContain(visibleText(statement));
        expect(text, path).not.toMatch(/aucun frais à l'avance/i);
      }
      expect(home.body).toContain("honoraires de diligence 800");
    } finally {
      await server.stop();
    }
  }, 120_000);
});

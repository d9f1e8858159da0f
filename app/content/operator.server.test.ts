import { describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { assertReadyForProduction, missingForProduction, operatorIdentity } from "./operator.server";
import { FIGURE_SOURCE_PLACEHOLDER, figureSources, operatorPlaceholders, type FigureKey, type FigureSource } from "./site";

describe("operatorIdentity", () => {
  it("shows visible placeholders when nothing is configured", () => {
    const identity = operatorIdentity(parseEnv({}));
    expect(identity).toEqual(operatorPlaceholders);
    expect(identity.siren).toMatch(/^\[.+ à compléter\]$/);
  });

  it("takes each OPERATOR_* variable that is set, and keeps the placeholder for the others", () => {
    const identity = operatorIdentity(
      parseEnv({ OPERATOR_NAME: "Recours SAS", OPERATOR_SIREN: "123 456 789", OPERATOR_EMAIL: "bonjour@recours.fr" }),
    );
    expect(identity.name).toBe("Recours SAS");
    expect(identity.siren).toBe("123 456 789");
    expect(identity.email).toBe("bonjour@recours.fr");
    expect(identity.address).toBe(operatorPlaceholders.address);
  });

  it("refuses an invalid contact email at boot, in French", () => {
    expect(() => parseEnv({ OPERATOR_EMAIL: "pas-un-email" })).toThrow(/OPERATOR_EMAIL : doit être une adresse email valide/);
  });
});

describe("assertReadyForProduction", () => {
  const complete = {
    OPERATOR_NAME: "Recours SAS",
    OPERATOR_SHARE_CAPITAL: "10 000 €",
    OPERATOR_SIREN: "123 456 789",
    OPERATOR_RCS: "Paris",
    OPERATOR_ADDRESS: "1 rue de la Paix, 75002 Paris",
    OPERATOR_PUBLICATION_DIRECTOR: "Camille Durand",
    OPERATOR_HOST_NAME: "Hébergeur SAS",
    OPERATOR_HOST_ADDRESS: "2 rue du Serveur, 59100 Roubaix",
    OPERATOR_EMAIL: "bonjour@recours.fr",
    OPERATOR_PHONE: "01 23 45 67 89",
  };
  const sourced = Object.fromEntries(
    Object.keys(figureSources).map((key) => [key, { source: "Registre interne des dossiers", date: "décembre 2026" }]),
  ) as Record<FigureKey, FigureSource>;

  it("refuses a public production server with placeholders, naming every missing field in French", () => {
    const production = parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://recours.fr" });
    expect(() => assertReadyForProduction(production)).toThrow(/^Configuration invalide pour la production/);
    const missing = missingForProduction(production);
    for (const variable of ["OPERATOR_NAME", "OPERATOR_SIREN", "OPERATOR_ADDRESS", "OPERATOR_EMAIL", "OPERATOR_PHONE", "OPERATOR_HOST_NAME"]) {
      expect(missing.some((item) => item.startsWith(variable)), variable).toBe(true);
    }
    expect(missing.some((item) => item.includes("figureSources.successRate"))).toBe(true);
    expect(missing.some((item) => item.includes("figureSources.fees"))).toBe(false);
  });

  it("refuses the example contact address and a figure without source even when the operator is named", () => {
    const production = parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://recours.fr", ...complete, OPERATOR_EMAIL: "contact@recours.example" });
    expect(missingForProduction(production, sourced)).toEqual(["OPERATOR_EMAIL (adresse e-mail de contact)"]);
    const unsourced = { ...sourced, rating: { source: FIGURE_SOURCE_PLACEHOLDER, date: "2026" } };
    expect(missingForProduction(parseEnv({ ...complete }), unsourced)).toEqual([
      "source et date du chiffre « note moyenne et nombre d'avis » (figureSources.rating, app/content/site.ts)",
    ]);
  });

  it("starts with everything filled in, and in development or on plain http whatever is missing", () => {
    expect(() =>
      assertReadyForProduction(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://recours.fr", ...complete }), sourced),
    ).not.toThrow();
    expect(() => assertReadyForProduction(parseEnv({ NODE_ENV: "development", PUBLIC_URL: "https://recours.fr" }))).not.toThrow();
    expect(() => assertReadyForProduction(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3000" }))).not.toThrow();
  });
});

import { describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { assertReadyForProduction, EXAMPLE_FEE_MODEL, feeModelFrom, figureSourcesFrom, missingForProduction, operatorIdentity } from "./operator.server";
import { FIGURE_KEYS, OWN_TERMS_SOURCE, operatorPlaceholders, RESULTS_PAGE_SOURCE } from "./site";

describe("operatorIdentity", () => {
  it("shows samples marked as examples when nothing is configured, with no '[' placeholder marker", () => {
    const identity = operatorIdentity(parseEnv({}));
    expect(identity).toEqual(operatorPlaceholders);
    expect(identity.siren).toMatch(/\(exemple\)$/);
    for (const value of Object.values(identity)) expect(value).not.toMatch(/\[|à compléter/);
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

  it("writes the share capital with French typography whatever spaces the operator typed", () => {
    const identity = operatorIdentity(parseEnv({ OPERATOR_SHARE_CAPITAL: "10 000 €" }));
    expect(identity.shareCapital).toBe("10\u202f000\u202f€");
    expect(operatorPlaceholders.shareCapital).not.toMatch(/\d[ \u00a0][\d€]/u);
  });

  it("refuses an invalid contact email at boot, in French", () => {
    expect(() => parseEnv({ OPERATOR_EMAIL: "pas-un-email" })).toThrow(/OPERATOR_EMAIL : doit être une adresse email valide/);
  });
});

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
  FEE_BASE_EUROS: "500",
  FEE_BASE_DUE: "fin-de-dossier",
  FEE_RESULT_PERCENT: "15",
};
const sourced = {
  OPERATOR_FIGURE_SOURCES: JSON.stringify(
    Object.fromEntries(FIGURE_KEYS.map((key) => [key, { title: "Registre interne des dossiers", url: "https://recours.fr/chiffres", date: "décembre 2026" }])),
  ),
};

describe("assertReadyForProduction", () => {
  it("refuses a public production server with placeholders, naming every missing field in French", () => {
    const production = parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://recours.fr" });
    expect(() => assertReadyForProduction(production)).toThrow(/^Configuration invalide pour la production/);
    const missing = missingForProduction(production);
    for (const variable of ["OPERATOR_NAME", "OPERATOR_SIREN", "OPERATOR_ADDRESS", "OPERATOR_EMAIL", "OPERATOR_PHONE", "OPERATOR_HOST_NAME"]) {
      expect(missing.some((item) => item.startsWith(variable)), variable).toBe(true);
    }
    expect(missing).toContain("OPERATOR_FIGURE_SOURCES.successRate (titre, adresse et date de la source du chiffre « taux de réussite »)");
    expect(missing.some((item) => item.includes("fees"))).toBe(false);
    expect(() => assertReadyForProduction(production)).toThrow(/OPERATOR_FIGURE_SOURCES\.rating \(titre, adresse et date/);
  });

  it("refuses the example contact address and a figure without source even when the operator is named", () => {
    const production = parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://recours.fr", ...complete, OPERATOR_EMAIL: "contact@recours.example" });
    expect(missingForProduction({ ...production, ...sourced })).toEqual(["OPERATOR_EMAIL (adresse e-mail de contact)"]);
    const sources = JSON.parse(sourced.OPERATOR_FIGURE_SOURCES) as Record<string, unknown>;
    // A source without its address, or with an address that is not http(s), is missing too.
    const unsourced = JSON.stringify({ ...sources, rating: { title: "Avis", date: "2026" }, averageLoss: { title: "Étude", url: "javascript:alert(1)", date: "2026" } });
    expect(missingForProduction(parseEnv({ ...complete, OPERATOR_FIGURE_SOURCES: unsourced }))).toEqual([
      "OPERATOR_FIGURE_SOURCES.rating (titre, adresse et date de la source du chiffre « note moyenne et nombre d'avis »)",
      "OPERATOR_FIGURE_SOURCES.averageLoss (titre, adresse et date de la source du chiffre « perte moyenne »)",
    ]);
    expect(missingForProduction(parseEnv({ ...complete, OPERATOR_FIGURE_SOURCES: "{pas du json" })).length).toBe(FIGURE_KEYS.length);
  });

  it("starts with everything filled in, and in development or on plain http whatever is missing", () => {
    expect(() =>
      assertReadyForProduction(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://recours.fr", ...complete, ...sourced })),
    ).not.toThrow();
    expect(() => assertReadyForProduction(parseEnv({ NODE_ENV: "development", PUBLIC_URL: "https://recours.fr" }))).not.toThrow();
    expect(() => assertReadyForProduction(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3000" }))).not.toThrow();
  });
});

describe("the fee model", () => {
  const production = { NODE_ENV: "production", PUBLIC_URL: "https://recours.fr", ...complete, ...sourced };

  it("is development's example, marked as such, until all three variables are set", () => {
    expect(feeModelFrom(parseEnv({}))).toEqual(EXAMPLE_FEE_MODEL);
    expect(EXAMPLE_FEE_MODEL).toMatchObject({ example: true });
    expect(EXAMPLE_FEE_MODEL.baseFeeCents).toBeGreaterThan(0);
    expect(feeModelFrom(parseEnv({ FEE_RESULT_PERCENT: "12,5" }))).toEqual({ ...EXAMPLE_FEE_MODEL, resultPercentBp: 1250, example: true });
    expect(feeModelFrom(parseEnv({ FEE_BASE_EUROS: "750,50", FEE_BASE_DUE: "signature", FEE_RESULT_PERCENT: "10" }))).toEqual({
      baseFeeCents: 75_050,
      baseFeeDue: "signature",
      resultPercentBp: 1000,
      example: false,
    });
    // 0 is a value, set expressly: not the example's.
    expect(feeModelFrom(parseEnv({ FEE_BASE_EUROS: "0", FEE_BASE_DUE: "fin-de-dossier", FEE_RESULT_PERCENT: "0" }))).toMatchObject({ baseFeeCents: 0, example: false });
  });

  it("refuses malformed values at boot, in French", () => {
    expect(() => parseEnv({ FEE_BASE_EUROS: "cinq cents" })).toThrow(/FEE_BASE_EUROS : doit être un montant en euros hors taxes/);
    expect(() => parseEnv({ FEE_BASE_EUROS: "-5" })).toThrow(/FEE_BASE_EUROS/);
    expect(() => parseEnv({ FEE_BASE_DUE: "demain" })).toThrow(/FEE_BASE_DUE : doit valoir fin-de-dossier ou signature/);
    expect(() => parseEnv({ FEE_RESULT_PERCENT: "150" })).toThrow(/FEE_RESULT_PERCENT : doit être un pourcentage hors taxes entre 0 et 100/);
    expect(() => parseEnv({ FEE_RESULT_PERCENT: "15 %" })).not.toThrow();
  });

  it("refuses a public production start with any of the three unset, naming article 10 and the explicit 0", () => {
    for (const variable of ["FEE_BASE_EUROS", "FEE_BASE_DUE", "FEE_RESULT_PERCENT"] as const) {
      const settings = parseEnv({ ...production, [variable]: undefined });
      expect(missingForProduction(settings).some((item) => item.startsWith(variable)), variable).toBe(true);
      expect(() => assertReadyForProduction(settings)).toThrow(/article 10 de la loi n° 71-1130 du 31 décembre 1971/);
      expect(() => assertReadyForProduction(settings)).toThrow(/Des honoraires de diligence de 0 € doivent être indiqués expressément \(FEE_BASE_EUROS=0\)/);
    }
    expect(() => assertReadyForProduction(parseEnv({ ...production, FEE_BASE_EUROS: "0" }))).not.toThrow();
    // Other missing fields do not bring the fee sentence.
    expect(() => assertReadyForProduction(parseEnv({ ...production, OPERATOR_PHONE: undefined }))).not.toThrow(/article 10/);
  });
});

describe("figureSourcesFrom", () => {
  it("reads each figure's title, address and date; unset ones are null; fees are the operator's own terms", () => {
    const sources = figureSourcesFrom(
      parseEnv({ OPERATOR_FIGURE_SOURCES: JSON.stringify({ victimsHelped: { title: "Registre des dossiers", url: "https://recours.fr/registre", date: "2026" } }) }),
    );
    expect(sources.victimsHelped).toEqual({ title: "Registre des dossiers", url: "https://recours.fr/registre", date: "2026" });
    expect(sources.successRate).toBeNull();
    expect(sources.fees).toEqual(OWN_TERMS_SOURCE);
  });

  it("lets a figure describing results cite /resultats instead of a typed-in source, and no other figure", () => {
    const cite = { page: "/resultats" };
    const sources = figureSourcesFrom(
      parseEnv({ OPERATOR_FIGURE_SOURCES: JSON.stringify({ successRate: cite, scamRates: cite, partnerLawyers: cite, victimsHelped: { page: "/autre" } }) }),
    );
    expect(sources.successRate).toEqual(RESULTS_PAGE_SOURCE);
    expect(sources.scamRates).toEqual(RESULTS_PAGE_SOURCE);
    expect(RESULTS_PAGE_SOURCE.url).toBe("/resultats");
    expect(sources.partnerLawyers).toBeNull();
    expect(sources.victimsHelped).toBeNull();
  });

  it("still refuses a production start for a figure with neither a source nor /resultats", () => {
    const cite = { page: "/resultats" };
    const others = Object.fromEntries(FIGURE_KEYS.filter((key) => key !== "successRate" && key !== "partnerLawyers").map((key) => [key, { title: "Registre", url: "https://recours.fr/registre", date: "2026" }]));
    const missing = missingForProduction(
      parseEnv({ ...complete, NODE_ENV: "production", PUBLIC_URL: "https://recours.fr", OPERATOR_FIGURE_SOURCES: JSON.stringify({ ...others, successRate: cite, partnerLawyers: cite }) }),
    );
    expect(missing.some((line) => line.startsWith("OPERATOR_FIGURE_SOURCES.successRate"))).toBe(false);
    expect(missing.filter((line) => line.startsWith("OPERATOR_FIGURE_SOURCES."))).toEqual([expect.stringMatching(/^OPERATOR_FIGURE_SOURCES\.partnerLawyers /)]);
  });
});

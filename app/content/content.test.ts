import { describe, expect, it } from "vitest";
import { legalDocumentAt, legalDocumentsByPath } from "./legal/documents";
import { EXAMPLE_FEE_MODEL } from "./fees";
import { scamPages } from "./scam-pages";
import {
  figures,
  isScamSlug,
  phoneHref,
  publicPagePaths,
  scamSlugs,
  scamTypes,
  successRateLabel,
} from "./site";

describe("the scam table (spec §2)", () => {
  it("has the nine slugs with the spec's rates", () => {
    expect(scamTypes.map((scam) => [scam.slug, scam.successRate, scam.acceptanceRate])).toEqual([
      ["faux-placements", 75, 90],
      ["faux-conseiller-bancaire", 80, 95],
      ["phishing", 70, 85],
      ["faux-support-technique", 65, 80],
      ["arnaque-president", 85, 95],
      ["investissement-en-ligne", 72, 88],
      ["ponzi-mlm", 68, 85],
      ["usurpation-identite", 78, 92],
      ["autre", null, null],
    ]);
  });

  it("shows 'Variable' for 'autre'", () => {
    expect(successRateLabel(scamTypes.find((scam) => scam.slug === "autre")!)).toBe("Variable");
    expect(successRateLabel(scamTypes[0]!)).toBe("75\u202f%");
  });

  it("recognises only the nine slugs", () => {
    expect(scamSlugs.every(isScamSlug)).toBe(true);
    expect(isScamSlug("constructor")).toBe(false);
    expect(isScamSlug("autre/")).toBe(false);
  });
});

describe("scam pages", () => {
  it.each(scamSlugs)("%s has one recovery process, warning signs, two testimonials and calls to action", (slug) => {
    const page = scamPages(EXAMPLE_FEE_MODEL)[slug];
    expect(page.sections.filter((section) => section.kind === "steps")).toHaveLength(1);
    expect(page.sections.some((section) => section.kind === "checklist" && section.tone === "warning")).toBe(true);
    expect(page.testimonials.length).toBeGreaterThanOrEqual(2);
    // Sign-up, then the wizard with the page's type chosen in advance (issue 29).
    const wizard = slug === "autre" ? "/create-case" : `/create-case?type=${slug}`;
    expect(page.hero.primaryCta.to).toBe(`/inscription?redirectTo=${encodeURIComponent(wizard)}`);
    expect(page.hero.secondaryCta.to).toBe("/fonctionnement");
    expect(page.metaDescription.length).toBeLessThanOrEqual(160);
  });

  it("quotes each page's rates from the table, never a different figure", () => {
    for (const scam of scamTypes) {
      if (scam.successRate === null) continue;
      const stats = scamPages(EXAMPLE_FEE_MODEL)[scam.slug].stats.map((stat) => stat.value).join(" ");
      expect(stats, scam.slug).toContain(`${scam.successRate}\u202f%`);
    }
  });
});

describe("legal documents", () => {
  it("privacy policy and terms have 12 sections and the spec's version lines", () => {
    expect(legalDocumentsByPath["/politique-confidentialite"].sections).toHaveLength(12);
    expect(legalDocumentsByPath["/politique-confidentialite"].versionFooter).toBe(
      "Version 1.6 – Dernière mise à jour\u202f: 16 janvier 2025",
    );
    expect(legalDocumentsByPath["/conditions-generales"].sections).toHaveLength(12);
    expect(legalDocumentsByPath["/conditions-generales"].versionFooter).toBe(
      "Version 1.5 – Dernière mise à jour\u202f: 16 janvier 2025",
    );
  });

  it("finds a document with or without a trailing slash, and nothing for other paths", () => {
    expect(legalDocumentAt("/mentions-legales/", EXAMPLE_FEE_MODEL)).toBe(legalDocumentsByPath["/mentions-legales"]);
    expect(legalDocumentAt("/toString", EXAMPLE_FEE_MODEL)).toBeUndefined();
  });

  it("the legal notice shows the operator's identity", () => {
    const blocks = legalDocumentsByPath["/mentions-legales"].sections.flatMap((section) => section.blocks);
    expect(blocks.some((block) => block.kind === "operator-identity")).toBe(true);
  });
});

describe("site figures", () => {
  it("one rating, the testimonials page's", () => {
    expect(figures.rating).toEqual({ value: 4.8, best: 5, count: 1247 });
  });

  it("the sitemap's pages are unique and all public", () => {
    const paths = publicPagePaths();
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain("/premiers-reflexes");
    expect(paths).toContain("/resultats");
    expect(paths.some((path) => path.startsWith("/dashboard") || path.startsWith("/admin"))).toBe(false);
  });

  it("phone links use the international form", () => {
    expect(phoneHref("01 99 00 12 34")).toBe("tel:+33199001234");
    expect(phoneHref("+32 2 123 45 67")).toBe("tel:+3221234567");
  });
});

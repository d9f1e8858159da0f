import { describe, expect, it } from "vitest";
import { EXAMPLE_FEE_MODEL } from "./fees";
import { operatorPlaceholders } from "./site";
import { absoluteUrl, breadcrumbJsonLd, faqJsonLd, legalServiceJsonLd, publicPageMeta } from "./seo";

const site = { publicUrl: "https://recours.example/", operator: operatorPlaceholders, fees: EXAMPLE_FEE_MODEL };
const args = (pathname: string) => ({ location: { pathname }, matches: [{ id: "root", loaderData: site }] });

describe("absoluteUrl", () => {
  it("joins the public URL and a path without doubling or trailing slashes", () => {
    expect(absoluteUrl("https://recours.example/", "/")).toBe("https://recours.example/");
    expect(absoluteUrl("https://recours.example", "/fonctionnement/")).toBe("https://recours.example/fonctionnement");
  });
});

describe("publicPageMeta", () => {
  it("gives the title with the product name, the description, the canonical URL and Open Graph", () => {
    const meta = publicPageMeta(args("/temoignages"), { title: "Témoignages", description: "Ce qu'ils disent." });
    expect(meta).toContainEqual({ title: "Témoignages - Recours" });
    expect(meta).toContainEqual({ name: "description", content: "Ce qu'ils disent." });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://recours.example/temoignages" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://recours.example/temoignages" });
    expect(meta).toContainEqual({ property: "og:locale", content: "fr_FR" });
  });

  it("adds structured data blocks only when asked", () => {
    expect(publicPageMeta(args("/"), { title: "A", description: "B" }).some((m) => "script:ld+json" in m)).toBe(false);
    const meta = publicPageMeta(args("/"), { title: "A", description: "B", jsonLd: () => [{ "@type": "Thing" }] });
    expect(meta).toContainEqual({ "script:ld+json": { "@type": "Thing" } });
  });

  it("refuses to build meta without the root loader's site information", () => {
    expect(() => publicPageMeta({ location: { pathname: "/" }, matches: [] }, { title: "A", description: "B" })).toThrow();
  });
});

describe("structured data", () => {
  it("LegalService carries the content module's one rating when its source is real reviews", () => {
    const reviews = { title: "Avis clients vérifiés (plateforme d'avis)", url: "https://avis.example/recours", date: "janvier 2027", fromRealReviews: true };
    const data = legalServiceJsonLd(site, "desc", reviews) as { aggregateRating: Record<string, unknown>; url: string };
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.8, bestRating: 5, ratingCount: 1247 });
    expect(data.url).toBe("https://recours.example/");
  });

  it("LegalService has no AggregateRating while the rating's source is not real reviews (today's content)", () => {
    expect(legalServiceJsonLd(site, "desc")).not.toHaveProperty("aggregateRating");
    const unsourced = { title: "Estimation interne", url: "https://recours.example/chiffres", date: "2026", fromRealReviews: false };
    expect(legalServiceJsonLd(site, "desc", unsourced)).not.toHaveProperty("aggregateRating");
  });

  it("BreadcrumbList numbers its items from 1 with absolute URLs", () => {
    const data = breadcrumbJsonLd(site, [
      { label: "Accueil", to: "/" },
      { label: "Phishing", to: "/arnaques/phishing" },
    ]) as { itemListElement: { position: number; item: string }[] };
    expect(data.itemListElement.map((item) => [item.position, item.item])).toEqual([
      [1, "https://recours.example/"],
      [2, "https://recours.example/arnaques/phishing"],
    ]);
  });

  it("FAQPage has one Question per item with its answer", () => {
    const data = faqJsonLd([{ question: "Q ?", answer: "R." }]) as { mainEntity: unknown[] };
    expect(data.mainEntity).toEqual([{ "@type": "Question", name: "Q ?", acceptedAnswer: { "@type": "Answer", text: "R." } }]);
  });
});

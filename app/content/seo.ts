import type { MetaDescriptor } from "react-router";
import type { FeeModel } from "~/lib/fees";
import { feeTerms } from "./fees";
import { figures, PRODUCT_NAME, pageTitle, type FigureSource, type OperatorIdentity } from "./site";
import type { FaqItem } from "./types";

/** What the root loader gives every page's meta function. */
export type SiteInfo = { publicUrl: string; operator: OperatorIdentity; fees: FeeModel };

type MetaArgsLike = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

export function siteInfo(matches: MetaArgsLike["matches"]): SiteInfo {
  const root = matches.find((match) => match?.id === "root")?.loaderData as Partial<SiteInfo> | undefined;
  if (!root?.publicUrl || !root.operator || !root.fees) throw new Error("The root loader must provide publicUrl, operator and fees");
  return { publicUrl: root.publicUrl, operator: root.operator, fees: root.fees };
}

export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${path.replace(/(.)\/+$/, "$1")}`;
}

type JsonLd = Record<string, unknown>;

type PageMeta = { title: string; description: string; jsonLd?: (site: SiteInfo, url: string) => JsonLd[] };

/**
 * Title ('… - Recours'), description, canonical URL from PUBLIC_URL, Open Graph, and structured data (JSON-LD is a
 * data block, not a script the browser runs, so the nonce-based CSP does not apply to it).
 */
export function publicPageMeta(
  args: MetaArgsLike,
  pageOrBuilder: PageMeta | ((site: SiteInfo) => PageMeta),
): MetaDescriptor[] {
  const site = siteInfo(args.matches);
  const page = typeof pageOrBuilder === "function" ? pageOrBuilder(site) : pageOrBuilder;
  const url = absoluteUrl(site.publicUrl, args.location.pathname);
  const title = pageTitle(page.title);
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: absoluteUrl(site.publicUrl, "/og-image.png") },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${PRODUCT_NAME}\u202f: récupérer l'argent perdu dans une arnaque en ligne` },
    { name: "twitter:card", content: "summary_large_image" },
    ...(page.jsonLd?.(site, url) ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}

/** The structured data's price range, from the fee model. */
function priceRange(model: FeeModel): string {
  const terms = feeTerms(model);
  return `${terms.upfrontLabel}, honoraires de diligence ${terms.baseFee}, résultat ${terms.resultFee} des sommes récupérées`;
}

export function legalServiceJsonLd(
  site: SiteInfo,
  description: string,
  ratingSource: FigureSource | null = null,
): JsonLd {
  const home = absoluteUrl(site.publicUrl, "/");
  return {
    "@context": "https://schema.org",
    "@type": "LegalService",
    "@id": `${home}#service`,
    name: PRODUCT_NAME,
    url: home,
    description,
    logo: absoluteUrl(site.publicUrl, "/favicon.svg"),
    image: absoluteUrl(site.publicUrl, "/og-image.png"),
    email: site.operator.email,
    telephone: site.operator.phone,
    areaServed: ["France", "Belgique", "Suisse", "Luxembourg", "Canada"].map((name) => ({ "@type": "Country", name })),
    availableLanguage: "fr",
    priceRange: priceRange(site.fees),
    // Only ratings that come from real, verifiable reviews may be published as structured data.
    ...(ratingSource?.fromRealReviews
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: figures.rating.value,
            bestRating: figures.rating.best,
            ratingCount: figures.rating.count,
          },
        }
      : {}),
    provider: {
      "@type": "Organization",
      name: site.operator.name,
      legalName: site.operator.name,
      address: site.operator.address,
      email: site.operator.email,
    },
  };
}

export function breadcrumbJsonLd(site: SiteInfo, items: readonly { label: string; to: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.label,
      item: absoluteUrl(site.publicUrl, item.to),
    })),
  };
}

export function faqJsonLd(items: readonly FaqItem[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

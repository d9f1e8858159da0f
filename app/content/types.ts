import type { FigureKey } from "./site";
/** Shapes of the public pages' content. The pages render these; the words live in app/content. */

/** A call to action: an internal path (starts with "/") or a mailto:/tel: link. */
export type CallToAction = { label: string; to: string };

/** Inline text: plain, or a link (internal path, mailto:, tel: or an https:// address of an official body). */
export type Inline = string | { text: string; href: string };

/** A paragraph made of inline pieces; a plain string is the common case. */
export type Paragraph = string | readonly Inline[];

export type Block =
  | { kind: "paragraph"; text: Paragraph }
  | { kind: "list"; items: readonly Paragraph[]; ordered?: boolean }
  | { kind: "table"; caption: string; head: readonly string[]; rows: readonly (readonly string[])[] }
  /** A highlighted box (e.g. a warning). */
  | { kind: "notice"; tone: "info" | "warning"; title: string; text: Paragraph }
  /** Replaced by the operator's identity and contact details (configurable, see app/content/site.ts). */
  | { kind: "operator-identity" }
  | { kind: "operator-contact" };

/** A titled part of a long document (legal pages, statements). */
export type DocumentSection = { heading: string; blocks: readonly Block[] };

export type LegalDocument = {
  title: string;
  metaDescription: string;
  intro?: Paragraph;
  sections: readonly DocumentSection[];
  /** e.g. 'Version 1.6 – Dernière mise à jour : 16 janvier 2025' */
  versionFooter?: string;
};

export type IconName =
  | "shield"
  | "scale"
  | "globe"
  | "euro"
  | "clock"
  | "users"
  | "search"
  | "file"
  | "check"
  | "alert"
  | "lock"
  | "phone"
  | "chart"
  | "heart"
  | "graduation"
  | "handshake";

export type Feature = { title: string; text: string; icon?: IconName };

/** A marketing figure: its value, what it measures, and which source (site.ts) backs it. */
export type Stat = { value: string; label: string; figure: FigureKey };

export type Step = { title: string; text: string };

export type FaqItem = { question: string; answer: string };

export type Testimonial = {
  /** First name and initial only, e.g. 'Marie L.' */
  name: string;
  age?: number;
  city: string;
  /** Free text shown as a tag, e.g. 'Faux placement' */
  scamType: string;
  /** e.g. '45 000 €' */
  amountRecovered?: string;
  /** 1 to 5 */
  rating: number;
  quote: string;
};

/** The content of one scam-type landing page (/arnaques/{slug}). Title, description and rates come from the scam table. */
export type ScamPageSection =
  | { kind: "checklist"; heading: string; intro?: string; items: readonly string[]; tone: "warning" | "positive" | "neutral" }
  | { kind: "features"; heading: string; intro?: string; items: readonly Feature[] }
  | { kind: "steps"; heading: string; intro?: string; steps: readonly Step[] }
  | { kind: "text"; heading: string; paragraphs: readonly string[] }
  | { kind: "notice"; tone: "info" | "warning"; heading: string; text: string };

export type ScamPageContent = {
  metaTitle: string;
  metaDescription: string;
  /** The last breadcrumb item (Accueil / …) */
  breadcrumbLabel: string;
  hero: {
    eyebrow?: string;
    /** The page's only h1 */
    heading: string;
    lead: string;
    primaryCta: CallToAction;
    secondaryCta: CallToAction;
  };
  stats: readonly Stat[];
  /** Warning signs, process, tips…, in page order. The recovery process must be one 'steps' section. */
  sections: readonly ScamPageSection[];
  testimonials: readonly Testimonial[];
  faq?: readonly FaqItem[];
  closing: { heading: string; text: string; cta: CallToAction };
};

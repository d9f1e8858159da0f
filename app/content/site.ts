/**
 * The one place for site content: product name, navigation, every marketing figure, the scam-type table,
 * the operator's identity (placeholders that configuration overrides, see operator.server.ts) and outside links.
 * Page texts live beside this file (app/content/pages, app/content/legal, app/content/scam-pages.ts) and take
 * their figures from here.
 */
import { typeset } from "~/lib/typography";

export const PRODUCT_NAME = "Recours";

export const mainNavigation = [
  { to: "/", label: "Accueil" },
  { to: "/fonctionnement", label: "Fonctionnement" },
  { to: "/temoignages", label: "Témoignages" },
  { to: "/a-propos", label: "À propos" },
] as const;

/** Under every country choice: who Recours serves, and where others can turn. */
export const countryScopeHint = typeset(
  "Recours accompagne les personnes qui résident en France, en Belgique, en Suisse, au Luxembourg ou au Canada. Vous vivez ailleurs\u202f? Portez plainte auprès de la police de votre pays et appelez le 116 006, numéro d'aide aux victimes gratuit dans l'Union européenne.",
);

/** In the header (desktop) and first in the phone menu: what to do right now, for someone who has just been robbed. */
export const firstStepsLink = { to: "/premiers-reflexes", label: "Premiers réflexes" } as const;

export const legalNavigation = [
  { to: "/mentions-legales", label: "Mentions légales" },
  { to: "/politique-confidentialite", label: "Politique de confidentialité" },
  { to: "/conditions-generales", label: "Conditions générales" },
  /** RGAA asks the footer link to state the conformance level. */
  { to: "/accessibilite", label: "Accessibilité\u202f: partiellement conforme" },
] as const;

/** Help links shown in the footer and on every scam page. */
export const helpNavigation = [
  { to: "/premiers-reflexes", label: "Premiers réflexes après une arnaque" },
  { to: "/avocats", label: "Avocats\u202f: rejoindre le réseau" },
] as const;

export const nationalBarCouncil = {
  label: "Conseil national des barreaux",
  href: "https://www.cnb.avocat.fr/",
} as const;

export const contactHours = "Du lundi au vendredi, de 9 h à 18 h";

/**
 * Where a victim reports a scam: THESEE, the French government's online complaint for scams on the internet
 * (issue 29: PHAROS, below, is for illegal content, not for a victim's complaint).
 */
export const officialScamReporting = {
  label: "Signaler une arnaque",
  description: "Porter plainte en ligne pour une escroquerie sur internet (THESEE, service officiel)",
  href: "https://www.service-public.fr/particuliers/vosdroits/R64845",
} as const;

/** The ministry of the Interior's platform for reporting illegal content seen online (a fraudulent site, an advert). */
export const illegalContentReporting = {
  label: "Signaler un contenu illicite sur PHAROS",
  href: "https://www.internet-signalement.gouv.fr/",
} as const;

/** Why the profile form asks for the address and the tax number, and what Recours never does with them. */
export const profileDataPurpose = typeset(
  "Votre adresse et votre NIF servent uniquement à la plainte que dépose votre avocat et à la vérification de votre identité\u202f: Recours ne les vend jamais, ne les utilise pas pour de la publicité et ne les transmet qu'à l'avocat qui suit votre dossier.",
);

/** The one safety message (header of trust): the same words wherever it stands. */
export const safetyNotice = typeset(
  "Recours ne vous demandera jamais par téléphone, SMS ou e-mail votre mot de passe, un code bancaire, l'installation d'une application de prise de contrôle à distance ni un paiement en cryptomonnaie.",
);

/** Under the safety notice of every e-mail, and on /premiers-reflexes: where to check a call, an address or a site. */
export const verifyContactNotice = {
  path: "/verifier-un-contact",
  text: typeset("Un appel, un e-mail ou un site se réclame de Recours ou de votre avocat\u202f? Vérifiez-le ici\u202f:"),
} as const;

/** Marketing figures (spec §1, §9). Pages format them; they never restate a number. Fees are not here: content/fees.ts (decision 77). */
export const figures = {
  successRatePercent: 75,
  partnerLawyers: "150+",
  countriesOfIntervention: "50+",
  victimsHelped: "15 000+",
  helpingSince: 2020,
  satisfactionPercent: 90,
  typicalProcedure: "3 à 12 mois",
  scamPageProcedure: "3 à 9 mois",
  complexCaseProcedureMonths: 18,
  firstAnalysis: "24 à 48 h",
  lawyerMinimumExperienceYears: 3,
  lawyerTrainingWeeks: 4,
  /**
   * The spec gives two ratings (4.8/5 from 1247 reviews on the testimonials page, 4.5 from 15000 in the home page's
   * structured data). One figure is used everywhere: the one the testimonials page shows.
   */
  rating: { value: 4.8, best: 5, count: 1247 },
} as const;

/**
 * Where a marketing figure comes from: a title (what was counted, by whom), the address where a reader can check
 * it, and the period or date. The operator configures them (OPERATOR_FIGURE_SOURCES, operator.server.ts); a
 * production server refuses to start while one is missing. The rating is published as structured data only when
 * its source says it comes from real, verifiable reviews (`fromRealReviews`).
 */
export interface FigureSource {
  title: string;
  url: string;
  date: string;
  fromRealReviews?: boolean;
}

/** The figures the operator must source (`fees` is the operator's own terms, see OWN_TERMS_SOURCE). */
export const FIGURE_KEYS = [
  "successRate",
  "scamRates",
  "partnerLawyers",
  "countriesOfIntervention",
  "victimsHelped",
  "satisfaction",
  "rating",
  "procedureDurations",
  "responseTimes",
  "bankRefundDelay",
  "averageLoss",
  "identityTheftCases",
] as const;

export type FigureKey = (typeof FIGURE_KEYS)[number] | "fees";

/** The fees' source: the operator's own terms, on this site. */
export const OWN_TERMS_SOURCE: FigureSource = { title: "Conditions générales de Recours", url: "/conditions-generales", date: "en vigueur" };

/**
 * The figures that describe results may cite /resultats, computed from the cases' outcomes (issue 31, decision 82),
 * instead of a typed-in source: OPERATOR_FIGURE_SOURCES {"successRate": {"page": "/resultats"}}.
 */
export const RESULTS_FIGURE_KEYS: readonly FigureKey[] = ["successRate", "scamRates"];
export const RESULTS_PAGE_SOURCE: FigureSource = {
  title: "Résultats publiés de Recours, calculés à partir des dossiers clos",
  url: "/resultats",
  date: "12 derniers mois, recalculés en continu",
};

/** Each figure's source as configured; null when unset (development and tests only: production refuses to start). */
export type FigureSources = Record<FigureKey, FigureSource | null>;

export const DEVELOPMENT_FIGURE_SOURCE_TEXT = "exemple de développement";

/** 'Source : …, date' as the pages show it next to a figure, in words (the title links to the url in the page). */
export function figureSourceText(source: FigureSource | null): string {
  return typeset(`Source\u202f: ${source ? `${source.title}, ${source.date}` : DEVELOPMENT_FIGURE_SOURCE_TEXT}`);
}

export const guarantees = {
  successRate: `${figures.successRatePercent}%`,
} as const;

export function formatPercent(value: number): string {
  return typeset(`${value}\u202f%`);
}

export function formatRating(value: number): string {
  return value.toLocaleString("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/**
 * The spec's testimonials are static samples, so the site says what they are: illustrations of typical cases.
 * Real testimonials, given with consent, can replace them; then this sentence changes.
 */
export const testimonialsNotice =
  "Ces témoignages sont des exemples illustratifs, inspirés de situations que vivent souvent les victimes\u202f: les prénoms et les détails sont fictifs. Chaque dossier est différent, et ces résultats ne garantissent pas celui du vôtre.";

/** The scam-type table (spec §2): one landing page per slug, one card on the home page. */
export type ScamType = {
  slug: ScamSlug;
  title: string;
  description: string;
  /** null: shown as 'Variable' */
  successRate: number | null;
  /** null: hidden */
  acceptanceRate: number | null;
};

export const scamSlugs = [
  "faux-placements",
  "faux-conseiller-bancaire",
  "phishing",
  "faux-support-technique",
  "arnaque-president",
  "investissement-en-ligne",
  "ponzi-mlm",
  "usurpation-identite",
  "autre",
] as const;

export type ScamSlug = (typeof scamSlugs)[number];

export function isScamSlug(value: string): value is ScamSlug {
  return (scamSlugs as readonly string[]).includes(value);
}

export const scamTypes: readonly ScamType[] = [
  {
    slug: "faux-placements",
    title: "Faux placements",
    description: "Livrets, vins, diamants, parkings ou forêts à rendement garanti\u202f: un placement qui n'existait pas.",
    successRate: 75,
    acceptanceRate: 90,
  },
  {
    slug: "faux-conseiller-bancaire",
    title: "Faux conseiller bancaire",
    description: "Un appel « de votre banque » vous a fait valider des virements ou donner vos codes.",
    successRate: 80,
    acceptanceRate: 95,
  },
  {
    slug: "phishing",
    title: "Hameçonnage (phishing)",
    description: "Un faux message (colis, impôts, Ameli, banque) a permis de voler vos données bancaires.",
    successRate: 70,
    acceptanceRate: 85,
  },
  {
    slug: "faux-support-technique",
    title: "Faux support technique",
    description: "Un faux technicien a pris la main sur votre ordinateur et s'est fait payer ou a vidé vos comptes.",
    successRate: 65,
    acceptanceRate: 80,
  },
  {
    slug: "arnaque-president",
    title: "Fraude au président (FOVI)",
    description: "Un faux dirigeant ou fournisseur a obtenu un virement urgent de votre entreprise.",
    successRate: 85,
    acceptanceRate: 95,
  },
  {
    slug: "investissement-en-ligne",
    title: "Investissement en ligne",
    description: "Trading, forex ou cryptomonnaies sur une plateforme qui ne vous laisse plus retirer votre argent.",
    successRate: 72,
    acceptanceRate: 88,
  },
  {
    slug: "ponzi-mlm",
    title: "Ponzi et MLM",
    description: "Un système pyramidal payait les anciens avec l'argent des nouveaux, jusqu'à s'effondrer.",
    successRate: 68,
    acceptanceRate: 85,
  },
  {
    slug: "usurpation-identite",
    title: "Usurpation d'identité",
    description: "Quelqu'un a utilisé votre nom pour ouvrir des comptes, des crédits ou des abonnements.",
    successRate: 78,
    acceptanceRate: 92,
  },
  {
    slug: "autre",
    title: "Autres arnaques",
    description: "Arnaque sentimentale, fausse location, faux site d'achat… chaque situation est étudiée.",
    successRate: null,
    acceptanceRate: null,
  },
];

/** Every public page, for the sitemap (robots.txt keeps crawlers out of everything else that is private). */
export function publicPagePaths(): string[] {
  return [
    ...mainNavigation.map((item) => item.to),
    "/avocats",
    "/resultats",
    "/premiers-reflexes",
    "/verifier-un-contact",
    ...scamSlugs.map((slug) => `/arnaques/${slug}`),
    "/inscription",
    "/connexion",
    ...legalNavigation.map((item) => item.to),
  ];
}

export const privatePathPrefixes = [
  "/dashboard",
  "/complete-profile",
  "/create-case",
  "/verify-identity",
  "/case/",
  "/code-appel",
  "/dossier/",
  "/compte",
  "/code-appel",
  "/admin/",
  "/deconnexion",
  "/api/",
] as const;

export function scamType(slug: ScamSlug): ScamType {
  const found = scamTypes.find((scam) => scam.slug === slug);
  if (!found) throw new Error(`Unknown scam slug ${slug}`);
  return found;
}

export function successRateLabel(scam: ScamType): string {
  return scam.successRate === null ? "Variable" : formatPercent(scam.successRate);
}

/**
 * The company that runs the site (spec: a French single-member company). Every field ships as a visible
 * placeholder; the OPERATOR_* environment variables replace them (README, « Identité de l'éditeur »).
 */
export type OperatorIdentity = {
  name: string;
  legalForm: string;
  shareCapital: string;
  siren: string;
  rcs: string;
  address: string;
  publicationDirector: string;
  hostName: string;
  hostAddress: string;
  email: string;
  phone: string;
};

/**
 * Development and test samples of the operator's identity, each marked as an example: a production start with any
 * of them still in place is refused (operator.server.ts).
 */
export const operatorPlaceholders: OperatorIdentity = {
  name: "Recours Exemple SAS (exemple de développement)",
  legalForm: "Société par actions simplifiée unipersonnelle (SASU)",
  shareCapital: "1\u202f000\u202f€ (exemple)",
  siren: "000 000 000 (exemple)",
  rcs: "Exempleville (exemple)",
  address: "1 rue de l'Exemple, 75000 Paris (exemple)",
  publicationDirector: "Camille Exemple (exemple)",
  hostName: "Hébergeur Exemple (exemple)",
  hostAddress: "2 avenue de l'Exemple, 75000 Paris (exemple)",
  email: "contact@recours.example",
  phone: "01 99 00 12 34",
};

/** tel: link for a French phone number written with spaces (01 99 00 12 34 → tel:+33199001234). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+33${digits.slice(1)}` : digits}`;
}

export function pageTitle(title: string): string {
  return `${title} - ${PRODUCT_NAME}`;
}

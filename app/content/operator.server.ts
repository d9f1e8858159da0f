import { z } from "zod";
import { EXAMPLE_FEE_MODEL } from "./fees";
import { parseEurosToCents, parsePercentToBp, type FeeModel } from "~/lib/fees";
import {
  FIGURE_KEYS,
  OWN_TERMS_SOURCE,
  operatorPlaceholders,
  RESULTS_FIGURE_KEYS,
  RESULTS_PAGE_SOURCE,
  type FigureKey,
  type FigureSources,
  type OperatorIdentity,
} from "./site";

type OperatorVariable =
  | "OPERATOR_NAME"
  | "OPERATOR_LEGAL_FORM"
  | "OPERATOR_SHARE_CAPITAL"
  | "OPERATOR_SIREN"
  | "OPERATOR_RCS"
  | "OPERATOR_ADDRESS"
  | "OPERATOR_PUBLICATION_DIRECTOR"
  | "OPERATOR_HOST_NAME"
  | "OPERATOR_HOST_ADDRESS"
  | "OPERATOR_EMAIL"
  | "OPERATOR_PHONE";

/**
 * The settings this file reads: the caller passes the parsed environment (platform's env()), so content imports
 * nothing from the layers above it.
 */
export type OperatorSettings = Partial<Record<OperatorVariable | "OPERATOR_FIGURE_SOURCES" | FeeVariable, string>> & { NODE_ENV: string; PUBLIC_URL: string };

type FeeVariable = "FEE_BASE_EUROS" | "FEE_BASE_DUE" | "FEE_RESULT_PERCENT";

export { EXAMPLE_FEE_MODEL };

/**
 * The operator's fee model (FEE_BASE_EUROS, FEE_BASE_DUE, FEE_RESULT_PERCENT; the env schema has refused malformed
 * values at boot). Each variable set replaces the example's value; the model is `example` until all three are set,
 * and a public production server refuses to start until then (missingForProduction).
 */
export function feeModelFrom(e: OperatorSettings): FeeModel {
  const baseFeeCents = e.FEE_BASE_EUROS === undefined ? null : parseEurosToCents(e.FEE_BASE_EUROS);
  const resultPercentBp = e.FEE_RESULT_PERCENT === undefined ? null : parsePercentToBp(e.FEE_RESULT_PERCENT);
  const baseFeeDue = e.FEE_BASE_DUE === "signature" || e.FEE_BASE_DUE === "fin-de-dossier" ? e.FEE_BASE_DUE : null;
  return {
    baseFeeCents: baseFeeCents ?? EXAMPLE_FEE_MODEL.baseFeeCents,
    baseFeeDue: baseFeeDue ?? EXAMPLE_FEE_MODEL.baseFeeDue,
    resultPercentBp: resultPercentBp ?? EXAMPLE_FEE_MODEL.resultPercentBp,
    example: baseFeeCents === null || baseFeeDue === null || resultPercentBp === null,
  };
}

const FEE_VARIABLES: Record<FeeVariable, string> = {
  FEE_BASE_EUROS: "FEE_BASE_EUROS (honoraires de diligence en euros HT)",
  FEE_BASE_DUE: "FEE_BASE_DUE (échéance des honoraires de diligence : fin-de-dossier ou signature)",
  FEE_RESULT_PERCENT: "FEE_RESULT_PERCENT (honoraire complémentaire de résultat, en pourcentage HT)",
};

/** Said once when the fee model is incomplete: why it cannot be left to a default. */
export const FEE_MODEL_REQUIRED =
  "Le modèle d'honoraires est obligatoire (article 10 de la loi n° 71-1130 du 31 décembre 1971 : la convention d'honoraires est écrite, et un honoraire fixé seulement en fonction du résultat est interdit). Des honoraires de diligence de 0 € doivent être indiqués expressément (FEE_BASE_EUROS=0).";

/** A figure that describes results citing /resultats instead of a typed-in source (RESULTS_FIGURE_KEYS only). */
const resultsPageSchema = z.strictObject({ page: z.literal("/resultats") });

const figureSourceSchema = z.object({
  title: z.string().trim().min(1).max(300),
  url: z.url({ protocol: /^https?$/ }),
  date: z.string().trim().min(1).max(100),
  fromRealReviews: z.boolean().optional(),
});

/**
 * The figures' sources from OPERATOR_FIGURE_SOURCES, a JSON object keyed by figure
 * ({"successRate": {"title": "…", "url": "https://…", "date": "…"}, …}). A figure missing or malformed there is
 * null (unsourced); `fees` is always the operator's own terms. A figure describing results may name the published
 * results page instead ({"successRate": {"page": "/resultats"}}, decision 82); any other figure naming it stays unsourced.
 */
export function figureSourcesFrom(e: OperatorSettings): FigureSources {
  let configured: Record<string, unknown> = {};
  try {
    const parsed: unknown = e.OPERATOR_FIGURE_SOURCES ? JSON.parse(e.OPERATOR_FIGURE_SOURCES) : {};
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) configured = parsed as Record<string, unknown>;
  } catch {
    configured = {};
  }
  const sources = { fees: OWN_TERMS_SOURCE } as FigureSources;
  for (const key of FIGURE_KEYS) {
    const value = Object.hasOwn(configured, key) ? configured[key] : undefined;
    if (RESULTS_FIGURE_KEYS.includes(key) && resultsPageSchema.safeParse(value).success) {
      sources[key] = RESULTS_PAGE_SOURCE;
      continue;
    }
    const parsed = figureSourceSchema.safeParse(value);
    sources[key] = parsed.success ? parsed.data : null;
  }
  return sources;
}

/** The operator's identity: each OPERATOR_* variable that is set replaces its visible placeholder. */
export function operatorIdentity(e: OperatorSettings): OperatorIdentity {
  return {
    name: e.OPERATOR_NAME ?? operatorPlaceholders.name,
    legalForm: e.OPERATOR_LEGAL_FORM ?? operatorPlaceholders.legalForm,
    shareCapital: e.OPERATOR_SHARE_CAPITAL
      ? e.OPERATOR_SHARE_CAPITAL.replace(/(\d)[ \u00a0](?=[\d€])/gu, "$1\u202f")
      : operatorPlaceholders.shareCapital,
    siren: e.OPERATOR_SIREN ?? operatorPlaceholders.siren,
    rcs: e.OPERATOR_RCS ?? operatorPlaceholders.rcs,
    address: e.OPERATOR_ADDRESS ?? operatorPlaceholders.address,
    publicationDirector: e.OPERATOR_PUBLICATION_DIRECTOR ?? operatorPlaceholders.publicationDirector,
    hostName: e.OPERATOR_HOST_NAME ?? operatorPlaceholders.hostName,
    hostAddress: e.OPERATOR_HOST_ADDRESS ?? operatorPlaceholders.hostAddress,
    email: e.OPERATOR_EMAIL ?? operatorPlaceholders.email,
    phone: e.OPERATOR_PHONE ?? operatorPlaceholders.phone,
  };
}

const OPERATOR_VARIABLES: Record<Exclude<keyof OperatorIdentity, "legalForm">, string> = {
  name: "OPERATOR_NAME (raison sociale)",
  shareCapital: "OPERATOR_SHARE_CAPITAL (capital social)",
  siren: "OPERATOR_SIREN (SIREN)",
  rcs: "OPERATOR_RCS (ville du RCS)",
  address: "OPERATOR_ADDRESS (adresse du siège)",
  publicationDirector: "OPERATOR_PUBLICATION_DIRECTOR (directeur de la publication)",
  hostName: "OPERATOR_HOST_NAME (hébergeur)",
  hostAddress: "OPERATOR_HOST_ADDRESS (adresse de l'hébergeur)",
  email: "OPERATOR_EMAIL (adresse e-mail de contact)",
  phone: "OPERATOR_PHONE (téléphone de contact)",
};

const FIGURE_LABELS: Record<Exclude<FigureKey, "fees">, string> = {
  successRate: "taux de réussite",
  scamRates: "taux de réussite et d'acceptation par type d'arnaque",
  partnerLawyers: "nombre d'avocats partenaires",
  countriesOfIntervention: "pays d'intervention",
  victimsHelped: "victimes accompagnées",
  satisfaction: "satisfaction",
  rating: "note moyenne et nombre d'avis",
  procedureDurations: "durées de procédure",
  responseTimes: "délais de réponse",
  bankRefundDelay: "délai de remboursement bancaire",
  averageLoss: "perte moyenne",
  identityTheftCases: "cas d'usurpation d'identité par an",
};

/**
 * What a public production site may not show: an operator field of the legal notice still at its placeholder
 * (or the example contact address), or a marketing figure without its source. Empty when nothing is missing.
 */
export function missingForProduction(e: OperatorSettings): string[] {
  const identity = operatorIdentity(e);
  const missing: string[] = [];
  for (const [field, variable] of Object.entries(OPERATOR_VARIABLES) as [keyof typeof OPERATOR_VARIABLES, string][]) {
    const value = identity[field];
    const placeholder = value === operatorPlaceholders[field] || /à compléter/i.test(value);
    const exampleAddress = field === "email" && /\.example$/i.test(value);
    if (placeholder || exampleAddress) missing.push(variable);
  }
  for (const [variable, label] of Object.entries(FEE_VARIABLES) as [FeeVariable, string][]) {
    if (e[variable] === undefined) missing.push(label);
  }
  const sources = figureSourcesFrom(e);
  for (const key of FIGURE_KEYS) {
    if (!sources[key]) missing.push(`OPERATOR_FIGURE_SOURCES.${key} (titre, adresse et date de la source du chiffre « ${FIGURE_LABELS[key]} »)`);
  }
  return missing;
}

/**
 * Called at server start. A production server with a public https address refuses to start while something of
 * missingForProduction remains, and says in French what to fill in; development and tests keep the samples marked as examples.
 */
export function assertReadyForProduction(e: OperatorSettings): void {
  if (e.NODE_ENV !== "production" || !e.PUBLIC_URL.startsWith("https://")) return;
  const missing = missingForProduction(e);
  if (missing.length === 0) return;
  throw new Error(
    `Configuration invalide pour la production : l'éditeur du site doit compléter avant la mise en ligne :\n${missing
      .map((item) => `  - ${item}`)
      .join("\n")}${missing.some((item) => item.startsWith("FEE_")) ? `\n${FEE_MODEL_REQUIRED}` : ""}`,
  );
}

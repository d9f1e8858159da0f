import { figureSources, operatorPlaceholders, unsourcedFigures, type FigureKey, type OperatorIdentity } from "./site";

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
export type OperatorSettings = Partial<Record<OperatorVariable, string>> & { NODE_ENV: string; PUBLIC_URL: string };

/** The operator's identity: each OPERATOR_* variable that is set replaces its visible placeholder. */
export function operatorIdentity(e: OperatorSettings): OperatorIdentity {
  return {
    name: e.OPERATOR_NAME ?? operatorPlaceholders.name,
    legalForm: e.OPERATOR_LEGAL_FORM ?? operatorPlaceholders.legalForm,
    shareCapital: e.OPERATOR_SHARE_CAPITAL ?? operatorPlaceholders.shareCapital,
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

const FIGURE_LABELS: Record<FigureKey, string> = {
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
  fees: "frais",
};

/**
 * What a public production site may not show: an operator field of the legal notice still at its placeholder
 * (or the example contact address), or a marketing figure without its source. Empty when nothing is missing.
 */
export function missingForProduction(e: OperatorSettings, sources: Record<FigureKey, { source: string; date: string }> = figureSources): string[] {
  const identity = operatorIdentity(e);
  const missing: string[] = [];
  for (const [field, variable] of Object.entries(OPERATOR_VARIABLES) as [keyof typeof OPERATOR_VARIABLES, string][]) {
    const value = identity[field];
    const placeholder = value === operatorPlaceholders[field] || /à compléter/i.test(value);
    const exampleAddress = field === "email" && /\.example$/i.test(value);
    if (placeholder || exampleAddress) missing.push(variable);
  }
  for (const key of unsourcedFigures(sources)) {
    missing.push(`source et date du chiffre « ${FIGURE_LABELS[key]} » (figureSources.${key}, app/content/site.ts)`);
  }
  return missing;
}

/**
 * Called at server start. A production server with a public https address refuses to start while something of
 * missingForProduction remains, and says in French what to fill in; development keeps the visible placeholders.
 */
export function assertReadyForProduction(e: OperatorSettings, sources?: Record<FigureKey, { source: string; date: string }>): void {
  if (e.NODE_ENV !== "production" || !e.PUBLIC_URL.startsWith("https://")) return;
  const missing = missingForProduction(e, sources);
  if (missing.length === 0) return;
  throw new Error(
    `Configuration invalide pour la production : l'éditeur du site doit compléter avant la mise en ligne :\n${missing
      .map((item) => `  - ${item}`)
      .join("\n")}`,
  );
}

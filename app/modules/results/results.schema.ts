/** The periods the operator's view offers on the admin dashboard (?period=), as the select shows them. */
export const OPERATOR_PERIODS = { "30-jours": "30 derniers jours", "12-mois": "12 derniers mois", tout: "Depuis le lancement" } as const;
export type OperatorPeriod = keyof typeof OPERATOR_PERIODS;

/** An unknown or missing period is the last 12 months (the public page's period). */
export function operatorPeriodFrom(value: string | null | undefined): OperatorPeriod {
  return typeof value === "string" && Object.hasOwn(OPERATOR_PERIODS, value) ? (value as OperatorPeriod) : "12-mois";
}

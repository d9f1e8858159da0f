import { sql, type RawBuilder } from "kysely";
import { formatEuroCents } from "~/lib/fees";
import { formatCount } from "~/lib/format";
import { scamTypeLabel } from "~/modules/cases/case-labels";
import { assertRole, type Actor } from "~/platform/actor";
import { CASE_OUTCOMES, type CaseOutcome } from "~/platform/database-schema";
import { env } from "~/platform/env.server";
import { db } from "~/platform/runtime.server";
import type { OperatorPeriod } from "./results.schema";

/**
 * The published results (/resultats, issue 31, decision 0082): computed from the outcomes lawyers record when they
 * close a case, never typed in. A figure resting on fewer closed cases than RESULTS_MIN_CASES is not shown.
 */

/** The period the page covers: the 12 months up to the moment of the computation. */
export const RESULTS_PERIOD_MONTHS = 12;

export type ResultFigureKey = "closed" | "withRecovery" | "medianRecovered" | "totalRecovered" | "medianDaysToFirstRecovery";

export interface ResultFigure {
  key: ResultFigureKey;
  label: string;
  /** The raw value (a count, a share in [0, 1], cents or days), null when hidden. */
  value: number | null;
  /** The value as the page shows it, null when hidden. */
  text: string | null;
  definition: string;
  /** How many closed cases the figure rests on. */
  basedOn: number;
}

export interface ScamTypeResult {
  scamType: string | null;
  label: string;
  closed: number;
  withRecovery: number;
  share: number;
  shareText: string;
  /** The median sum recovered among the type's cases with one (cents), null (hidden) when fewer than minCases. */
  medianRecoveredCents: number | null;
  medianRecoveredText: string | null;
}

export interface PublishedResults {
  from: Date;
  to: Date;
  computedAt: Date;
  minCases: number;
  figures: ResultFigure[];
  /** Scam types with at least minCases closed cases; the others are not detailed. */
  byScamType: ScamTypeResult[];
  /** How many scam types have closed cases in the period but fewer than minCases (not detailed). */
  typesBelowThreshold: number;
}

const DEFINITIONS: Record<ResultFigureKey, { label: string; definition: string }> = {
  closed: {
    label: "Dossiers clos",
    definition:
      "Dossiers que l'avocat a marqués «\u202fRésolu\u202f» ou «\u202fFermé\u202f» pendant la période, avec leur issue (somme récupérée, rien récupéré, retrait du client, dossier non poursuivi).",
  },
  withRecovery: {
    label: "Dossiers clos avec au moins une somme récupérée",
    definition:
      "Part des dossiers clos pour lesquels au moins une somme est revenue à la victime (inscrite au relevé des sommes récupérées à la clôture), quel que soit son montant par rapport à la perte.",
  },
  medianRecovered: {
    label: "Somme récupérée médiane",
    definition:
      "Parmi les dossiers clos où une somme a été récupérée, la moitié ont récupéré moins que ce montant et l'autre moitié plus. Les dossiers sans somme récupérée n'y entrent pas.",
  },
  totalRecovered: {
    label: "Total récupéré",
    definition: "Somme de tout ce qui a été récupéré sur les dossiers clos pendant la période, contre-passations déduites, avant honoraires.",
  },
  medianDaysToFirstRecovery: {
    label: "Délai médian jusqu'à la première somme récupérée",
    definition:
      "Nombre de jours entre la soumission du dossier et la date de la première somme récupérée (non contre-passée), en médiane sur les dossiers clos où une somme a été récupérée.",
  },
};

function percentText(share: number): string {
  return `${Math.round(share * 100)}\u202f%`;
}

/**
 * The figures of /resultats, for anyone (the page is public): two queries over the closed cases of the period, the
 * medians by percentile_cont.
 */
export async function publishedResults(_actor: Actor, options: { now?: Date; minCases?: number } = {}): Promise<PublishedResults> {
  const to = options.now ?? new Date();
  const minCases = options.minCases ?? env().RESULTS_MIN_CASES;
  const database = db();
  const closedCases = sql`
    SELECT c.id, c.scam_type, c.submitted_at, c.outcome_recovered_cents AS cents
    FROM cases c
    WHERE c.outcome IS NOT NULL AND c.status IN ('resolved', 'closed')
      AND c.outcome_at > ${to}::timestamptz - make_interval(months => ${RESULTS_PERIOD_MONTHS}) AND c.outcome_at <= ${to}::timestamptz`;
  const totals = await sql<{
    from: Date;
    closed: string;
    with_recovery: string;
    total_cents: string;
    median_cents: number | null;
    timed: string;
    median_days: number | null;
  }>`
    WITH closed AS (${closedCases}),
    first_recovery AS (
      SELECT c.id, c.submitted_at, min(r.recovered_on) AS first_on
      FROM closed c
      JOIN case_recoveries r ON r.case_id = c.id AND r.amount_cents > 0
        AND NOT EXISTS (SELECT 1 FROM case_recoveries x WHERE x.reverses_id = r.id)
      WHERE c.cents > 0 AND c.submitted_at IS NOT NULL
      GROUP BY c.id, c.submitted_at
    )
    SELECT ${to}::timestamptz - make_interval(months => ${RESULTS_PERIOD_MONTHS}) AS "from",
      (SELECT count(*) FROM closed) AS closed,
      (SELECT count(*) FROM closed WHERE cents > 0) AS with_recovery,
      (SELECT coalesce(sum(cents), 0) FROM closed) AS total_cents,
      (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY cents) FROM closed WHERE cents > 0) AS median_cents,
      (SELECT count(*) FROM first_recovery) AS timed,
      (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY first_on - (submitted_at AT TIME ZONE 'Europe/Paris')::date)
         FROM first_recovery) AS median_days`.execute(database);
  const row = totals.rows[0]!;
  const closed = Number(row.closed);
  const withRecovery = Number(row.with_recovery);
  const timed = Number(row.timed);
  const figure = (key: ResultFigureKey, basedOn: number, value: number | null, text: (value: number) => string): ResultFigure => {
    const shown = basedOn >= minCases && value !== null;
    return { key, ...DEFINITIONS[key], basedOn, value: shown ? value : null, text: shown ? text(value) : null };
  };
  const figures = [
    figure("closed", closed, closed, formatCount),
    figure("withRecovery", closed, closed === 0 ? null : withRecovery / closed, (share) => `${percentText(share)} (${formatCount(withRecovery)} sur ${formatCount(closed)})`),
    figure("medianRecovered", withRecovery, row.median_cents === null ? null : Number(row.median_cents), (cents) => formatEuroCents(Math.round(cents))),
    figure("totalRecovered", closed, Number(row.total_cents), (cents) => formatEuroCents(cents)),
    figure("medianDaysToFirstRecovery", timed, row.median_days === null ? null : Number(row.median_days), (days) => {
      const rounded = Math.round(days);
      return `${formatCount(rounded)} ${rounded >= 2 ? "jours" : "jour"}`;
    }),
  ];

  const byType = await sql<{ scam_type: string | null; closed: string; with_recovery: string; median_cents: number | null }>`
    WITH closed AS (${closedCases})
    SELECT scam_type, count(*) AS closed, count(*) FILTER (WHERE cents > 0) AS with_recovery,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY cents) FILTER (WHERE cents > 0) AS median_cents
    FROM closed
    GROUP BY scam_type
    ORDER BY count(*) DESC, scam_type`.execute(database);
  const detailed = byType.rows.filter((type) => Number(type.closed) >= minCases);
  const byScamType = detailed.map((type) => {
    const share = Number(type.with_recovery) / Number(type.closed);
    // Like the overall median: it rests on the cases with a sum recovered, shown from minCases of them.
    const median = Number(type.with_recovery) >= minCases && type.median_cents !== null ? Math.round(Number(type.median_cents)) : null;
    return {
      scamType: type.scam_type,
      label: scamTypeLabel(type.scam_type),
      closed: Number(type.closed),
      withRecovery: Number(type.with_recovery),
      share,
      shareText: `${percentText(share)} (${formatCount(Number(type.with_recovery))} sur ${formatCount(Number(type.closed))})`,
      medianRecoveredCents: median,
      medianRecoveredText: median === null ? null : formatEuroCents(median),
    };
  });
  return { from: new Date(row.from), to, computedAt: new Date(), minCases, figures, byScamType, typesBelowThreshold: byType.rows.length - detailed.length };
}

export interface OperatorResults {
  period: OperatorPeriod;
  /** Sums recorded in the recoveries ledger with a date in the period, reversals deducted (cents). */
  recoveredCents: number;
  /** Cases closed with an outcome in the period, by outcome. */
  closedByOutcome: Record<CaseOutcome, number>;
  /** Fees invoiced in the lawyers' names in the period, credit notes deducted (cents). */
  invoicedHtCents: number;
  invoicedTtcCents: number;
}

/**
 * The operator's view of results on the admin dashboard (issue 31, item 6): every count, however small (the
 * threshold is for the public page only). Read from the per-day totals the database keeps (migration 0104, decision
 * 0082) for the whole Paris days of the period, and from the rows themselves for its two partial days: the day the
 * period starts in (after `since`) and today (up to `now`). Recoveries are dated by day: their totals suffice.
 */
export async function operatorResults(actor: Actor, period: OperatorPeriod, now: Date = new Date()): Promise<OperatorResults> {
  assertRole(actor, "admin");
  const since = period === "tout" ? null : period === "30-jours" ? sql`(${now}::timestamptz - interval '30 days')` : sql`(${now}::timestamptz - interval '12 months')`;
  const until = sql`${now}::timestamptz`;
  const today = sql`(${until} AT TIME ZONE 'Europe/Paris')::date`;
  const todayStart = sql`(${today}::timestamp AT TIME ZONE 'Europe/Paris')`;
  const firstDay = since ? sql`(${since} AT TIME ZONE 'Europe/Paris')::date` : null;
  const firstDayEnd = firstDay ? sql`((${firstDay} + 1)::timestamp AT TIME ZONE 'Europe/Paris')` : null;
  /**
   * The rows of `select` in the partial days: after `since` in its day, and today up to `now` (disjoint ranges, the
   * second empty when they are the same day). One index range scan each: an OR of the two visited the rows themselves.
   */
  const inPartialDays = (column: string, select: RawBuilder<unknown>) => {
    const at = sql.ref(column);
    const endOfToday = sql`${at} >= ${firstDayEnd ? sql`greatest(${todayStart}, ${firstDayEnd})` : todayStart} AND ${at} <= ${until}`;
    const ranges = firstDayEnd ? [sql`${at} > ${since} AND ${at} < ${firstDayEnd} AND ${at} <= ${until}`, endOfToday] : [endOfToday];
    return sql.join(
      ranges.map((range) => sql`${select} AND ${range}`),
      sql` UNION ALL `,
    );
  };
  const database = db();
  const [days, closed, invoiced] = await Promise.all([
    sql<Record<"recovered" | "ht" | "ttc" | CaseOutcome, string>>`
      SELECT coalesce(sum(recovered_cents), 0) AS recovered,
        ${sql.join(
          [
            sql`coalesce(sum(invoiced_ht_cents) FILTER (WHERE day < ${today}), 0) AS ht`,
            sql`coalesce(sum(invoiced_ttc_cents) FILTER (WHERE day < ${today}), 0) AS ttc`,
            ...CASE_OUTCOMES.map((outcome) => sql`coalesce(sum(${sql.ref(`closed_${outcome}`)}) FILTER (WHERE day < ${today}), 0) AS ${sql.ref(outcome)}`),
          ],
          sql`, `,
        )}
      FROM operator_daily_totals
      WHERE day <= ${today} ${firstDay ? sql`AND day > ${firstDay}` : sql``}`.execute(database),
    sql<{ outcome: CaseOutcome; count: string }>`
      SELECT outcome, count(*) AS count FROM (${inPartialDays(
        "outcome_at",
        sql`SELECT outcome FROM cases WHERE outcome IS NOT NULL AND status IN ('resolved', 'closed')`,
      )}) partial GROUP BY outcome`.execute(database),
    sql<{ ht: string; ttc: string }>`
      SELECT coalesce(sum(total_ht_cents), 0) AS ht, coalesce(sum(total_ttc_cents), 0) AS ttc
      FROM (${inPartialDays("issued_at", sql`SELECT total_ht_cents, total_ttc_cents FROM invoices WHERE true`)}) partial`.execute(database),
  ]);
  const whole = days.rows[0]!;
  const closedByOutcome = Object.fromEntries(CASE_OUTCOMES.map((outcome) => [outcome, Number(whole[outcome])])) as Record<CaseOutcome, number>;
  for (const row of closed.rows) closedByOutcome[row.outcome] += Number(row.count);
  return {
    period,
    recoveredCents: Number(whole.recovered),
    closedByOutcome,
    invoicedHtCents: Number(whole.ht) + Number(invoiced.rows[0]!.ht),
    invoicedTtcCents: Number(whole.ttc) + Number(invoiced.rows[0]!.ttc),
  };
}

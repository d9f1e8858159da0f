import { sql } from "kysely";
import type { CurrencyTotal } from "./payment-totals";

/**
 * The payments' totals of the case whose id is at `caseIdColumn`, as a column of a list query (one small indexed
 * aggregate per listed row): [{ currency, amount, count }], euros first, or null without payments.
 */
export function paymentTotalsColumn(caseIdColumn: string) {
  return sql<CurrencyTotal[] | null>`(
    SELECT jsonb_agg(jsonb_build_object('currency', t.currency, 'amount', t.amount::text, 'count', t.n)
                     ORDER BY t.currency <> 'EUR', t.currency)
      FROM (SELECT currency, sum(amount) AS amount, count(*)::int AS n
              FROM case_payments WHERE case_id = ${sql.ref(caseIdColumn)} GROUP BY currency) t)`;
}

/** The columns of `cases as c` the admin and lawyer case lists read through caseListFields. */
export function caseListColumns() {
  return ["c.id", "c.case_number", "c.scam_type", "c.total_amount_lost", paymentTotalsColumn("c.id").as("payment_totals"), "c.status"] as const;
}

/** What every case list (admin, lawyer, client dashboard) shows of a case, from a row with the column above. */
export function caseListFields<ScamType, Amount, Status>(row: {
  id: string;
  case_number: string;
  scam_type: ScamType;
  total_amount_lost: Amount;
  payment_totals: CurrencyTotal[] | null;
  status: Status;
}) {
  return {
    id: row.id,
    caseNumber: row.case_number,
    scamType: row.scam_type,
    totalAmountLost: row.total_amount_lost,
    paymentTotals: row.payment_totals ?? [],
    status: row.status,
  };
}

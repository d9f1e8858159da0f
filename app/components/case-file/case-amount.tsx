import { amountSummary, amountSummaryParts } from "~/modules/case-file/case-file-format";
import type { CurrencyTotal } from "~/modules/cases/payment-totals";

export interface CaseAmountRow {
  paymentTotals?: readonly CurrencyTotal[];
  totalAmountLost: string | null;
}

/**
 * A case's amount in a list: the amount the victim declared, then the payments documented since with what is left to
 * document. The payments never replace the declared amount (issue 29).
 */
export function CaseAmount({ row }: { row: CaseAmountRow }) {
  const summary = amountSummary(row.totalAmountLost, row.paymentTotals ?? []);
  const [declared, documented] = amountSummaryParts(summary);
  return (
    <span className="flex min-w-40 flex-col gap-0.5" data-case-amount="">
      <span>{declared}</span>
      {summary.documented ? <span>{documented}</span> : null}
    </span>
  );
}

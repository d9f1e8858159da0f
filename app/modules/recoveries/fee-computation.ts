import { applyBasisPoints, vatOn } from "~/lib/fees";

/**
 * The fee computation of issue 31, pure and shared by the detailed account and the invoices. Integer cents only.
 * The one rounding rule (lib/fees.ts `roundCents`): each fee HT is rounded once to the cent, halves away from zero;
 * the VAT is computed once, on the total HT, and rounded the same way; TTC = HT + VAT exactly.
 */

export interface AgreementTerms {
  baseFeeCents: number;
  resultPercentBp: number;
  vatRateBp: number;
}

export interface FeeInputs {
  /** Every ledger entry's amount (reversals negative). */
  ledgerCents: readonly number[];
  /** Costs and disbursements the client approved in writing, HT. */
  approvedCostsCents?: number;
  /** What the client already paid the lawyer (the base fee paid at signature, say), TTC. */
  alreadyPaidCents?: number;
  /** Whether the base fee is due now (payable at signature, or the case is finished). */
  baseFeeDue: boolean;
}

export interface FeeFigures {
  recoveredCents: number;
  baseFeeHtCents: number;
  resultFeeHtCents: number;
  costsHtCents: number;
  totalHtCents: number;
  vatCents: number;
  totalTtcCents: number;
  alreadyPaidCents: number;
  /** Fees TTC not paid yet (never below 0). */
  stillDueCents: number;
  /** What the client keeps of the sums recovered once the fees still due are deducted (may be below 0: they owe it). */
  netToClientCents: number;
}

export function computeFees(terms: AgreementTerms, inputs: FeeInputs): FeeFigures {
  const recoveredCents = Math.max(0, inputs.ledgerCents.reduce((sum, amount) => sum + amount, 0));
  const baseFeeHtCents = inputs.baseFeeDue ? terms.baseFeeCents : 0;
  const resultFeeHtCents = applyBasisPoints(recoveredCents, terms.resultPercentBp);
  const costsHtCents = inputs.approvedCostsCents ?? 0;
  const totalHtCents = baseFeeHtCents + resultFeeHtCents + costsHtCents;
  const vatCents = vatOn(totalHtCents, terms.vatRateBp);
  const totalTtcCents = totalHtCents + vatCents;
  const alreadyPaidCents = inputs.alreadyPaidCents ?? 0;
  const stillDueCents = Math.max(0, totalTtcCents - alreadyPaidCents);
  return {
    recoveredCents,
    baseFeeHtCents,
    resultFeeHtCents,
    costsHtCents,
    totalHtCents,
    vatCents,
    totalTtcCents,
    alreadyPaidCents,
    stillDueCents,
    netToClientCents: recoveredCents - stillDueCents,
  };
}

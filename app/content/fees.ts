import { amountHtTtc, applyBasisPoints, BASE_FEE_DUE_TEXT, formatEuroCents, formatPercentBp, percentHtTtc, withVat, type FeeModel } from "~/lib/fees";
import { typeset } from "~/lib/typography";

/**
 * The public fee statement and every fee figure the pages show, generated from the operator's fee model (decision 77):
 * the fee for the work done (HT and TTC, when payable), the result complement (HT and TTC) of the sums actually
 * recovered, costs only with prior written consent, no promised outcome. Pages never restate a fee of their own.
 */

/**
 * Development's sample (500 € HT payable at the end, 15 % HT), marked as an example; production refuses to start
 * with it (operator.server.ts). Also what a page shows before the root data is there (never in practice).
 */
export const EXAMPLE_FEE_MODEL: FeeModel = { baseFeeCents: 50_000, baseFeeDue: "fin-de-dossier", resultPercentBp: 1500, example: true };

/** The worked example's recovered amount (10 000 €). */
const EXAMPLE_RECOVERED_CENTS = 1_000_000;

export interface FeeTerms {
  /** Nothing is paid before the end: the base fee is payable at the end, or there is none. */
  nothingUpfront: boolean;
  /** "500 € HT (600 € TTC)". */
  baseFee: string;
  /** "à la fin du dossier". */
  baseFeeDue: string;
  /** "15 % HT (18 % TTC)". */
  resultFee: string;
  /** "15 % HT": short places (a stat, a meta description). */
  resultFeeShort: string;
  /** "0 €" or "600 € TTC": what is paid before the case ends (a stat's value). */
  upfrontValue: string;
  /** "Aucun frais à l'avance" or "Honoraires de diligence payables à la signature". */
  upfrontLabel: string;
  /** "des honoraires de diligence de 500 € HT (600 € TTC) pour le travail accompli, payables à la fin du dossier". */
  baseFeeClause: string;
  /** "un honoraire de résultat de 15 % HT (18 % TTC) des sommes effectivement récupérées, en complément". */
  resultFeeClause: string;
  /** "si 10 000 € vous sont effectivement reversés, l'honoraire de résultat est de 1 500 € HT (1 800 € TTC)", or null. */
  resultExample: string | null;
}

export function feeTerms(model: FeeModel): FeeTerms {
  const nothingUpfront = model.baseFeeDue === "fin-de-dossier" || model.baseFeeCents === 0;
  const baseFee = amountHtTtc(model.baseFeeCents);
  const baseFeeDue = BASE_FEE_DUE_TEXT[model.baseFeeDue];
  const resultFee = percentHtTtc(model.resultPercentBp);
  const resultCents = applyBasisPoints(EXAMPLE_RECOVERED_CENTS, model.resultPercentBp);
  return {
    nothingUpfront,
    baseFee: typeset(baseFee),
    baseFeeDue,
    resultFee: typeset(resultFee),
    resultFeeShort: typeset(`${formatPercentBp(model.resultPercentBp)} HT`),
    upfrontValue: typeset(nothingUpfront ? formatEuroCents(0) : `${formatEuroCents(withVat(model.baseFeeCents))} TTC`),
    upfrontLabel: nothingUpfront ? "Aucun frais à l'avance" : "Honoraires de diligence payables à la signature",
    baseFeeClause: typeset(
      model.baseFeeCents === 0 ? "aucun honoraire de diligence" : `des honoraires de diligence de ${baseFee} pour le travail accompli, payables ${baseFeeDue}`,
    ),
    resultFeeClause: typeset(
      model.resultPercentBp === 0
        ? "aucun honoraire de résultat"
        : `un honoraire de résultat de ${resultFee} des sommes effectivement récupérées, en complément`,
    ),
    resultExample:
      model.resultPercentBp === 0
        ? null
        : typeset(`si ${formatEuroCents(EXAMPLE_RECOVERED_CENTS)} vous sont effectivement reversés, l'honoraire de résultat est de ${amountHtTtc(resultCents)}`),
  };
}

/**
 * The one fee story (home, /fonctionnement, sign-up, /avocats, terms): the same sentence everywhere. What a lawyer
 * must confirm about it before launch: docs/decisions/0077-fee-model-and-agreement-templates.md.
 */
export function feeStatement(model: FeeModel): string {
  const terms = feeTerms(model);
  return typeset(
    `L'analyse de votre dossier est gratuite. Si vous confiez votre dossier à un avocat partenaire, vous signez avec lui une convention d'honoraires écrite${terms.nothingUpfront ? ", sans aucun frais à l'avance" : ""} : ${terms.baseFeeClause}, et ${terms.resultFeeClause}. Les frais de justice (commissaire de justice, expert, tribunal) ne sont engagés qu'avec votre accord écrit préalable. La convention ne prévoit jamais de montants supérieurs, et aucun résultat ne peut être garanti.`,
  );
}

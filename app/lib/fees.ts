import { formatCurrency } from "./format";

/**
 * Fees and money shared by the public fee statement, the agreement templates and the agreements (issue 30), and by
 * later invoices. Money is integer cents; percentages are basis points (1 500 = 15 %). One rounding rule: a
 * computed amount is rounded to the nearest cent, halves away from zero (`roundCents`).
 */

/** French standard VAT rate, in basis points (CGI art. 278): the one constant every HT/TTC figure uses. */
export const VAT_RATE_BP = 2000;

export type FeeBaseDue = "signature" | "fin-de-dossier";

/**
 * The operator's fee model (configuration, like the operator's identity): the fee for the work done (honoraires
 * de diligence, HT), when it is payable, and the result complement as a share of the sums actually recovered (HT).
 * `example`: development's sample, never a production value.
 */
export interface FeeModel {
  baseFeeCents: number;
  baseFeeDue: FeeBaseDue;
  resultPercentBp: number;
  example: boolean;
}

/** The one rounding rule: to the nearest cent, halves away from zero. */
export function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** `cents` × `bp` / 10 000, rounded once. */
export function applyBasisPoints(cents: number, bp: number): number {
  return roundCents((cents * bp) / 10_000);
}

/** The VAT on an amount HT, rounded once. */
export function vatOn(centsExcludingVat: number, vatRateBp: number = VAT_RATE_BP): number {
  return applyBasisPoints(centsExcludingVat, vatRateBp);
}

/** An amount HT with its VAT added. */
export function withVat(centsExcludingVat: number, vatRateBp: number = VAT_RATE_BP): number {
  return centsExcludingVat + vatOn(centsExcludingVat, vatRateBp);
}

/** A percentage HT expressed TTC: 1 500 bp at 20 % VAT is 1 800 bp. Exact (no rounding) for whole basis points. */
export function percentWithVatBp(bp: number, vatRateBp: number = VAT_RATE_BP): number {
  return Math.round((bp * (10_000 + vatRateBp)) / 10_000);
}

/** "15 %", "12,5 %" (U+202F before %). */
export function formatPercentBp(bp: number): string {
  const value = bp / 100;
  return `${value.toLocaleString("fr-FR", { maximumFractionDigits: 2 })}\u202f%`;
}

/** "1 500 €", "1 500,50 €": cents shown only when there are some. */
export function formatEuroCents(cents: number): string {
  return formatCurrency(cents / 100, "EUR", cents % 100 !== 0);
}

/** "15 % HT (18 % TTC)". */
export function percentHtTtc(bp: number, vatRateBp: number = VAT_RATE_BP): string {
  return `${formatPercentBp(bp)} HT (${formatPercentBp(percentWithVatBp(bp, vatRateBp))} TTC)`;
}

/** "500 € HT (600 € TTC)". */
export function amountHtTtc(cents: number, vatRateBp: number = VAT_RATE_BP): string {
  return `${formatEuroCents(cents)} HT (${formatEuroCents(withVat(cents, vatRateBp))} TTC)`;
}

/** Parses "500", "500,50", "1 500.5" (euros) into cents; null when it is not an amount. */
export function parseEurosToCents(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f€]/g, "").replace(",", ".");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Parses "15", "12,5" (percent) into basis points; null when it is not a percentage between 0 and 100. */
export function parsePercentToBp(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f%]/g, "").replace(",", ".");
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bp <= 10_000 ? bp : null;
}

/** When the fee for the work done is payable, as the statement and the agreement say it ("payables …"). */
export const BASE_FEE_DUE_TEXT: Record<FeeBaseDue, string> = {
  "fin-de-dossier": "à la fin du dossier",
  signature: "à la signature de la convention",
};

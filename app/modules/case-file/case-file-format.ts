/**
 * How the case file's values are shown: on the case page, in the dashboard lists and in the PDFs. Browser-safe (no
 * server import). Amounts travel as NUMERIC decimal strings ("1234.50"), never floats; sums are made in cents.
 */
import type { CurrencyTotal } from "~/modules/cases/payment-totals";
import type { BeneficiaryKind, IdentifierKind, PaymentCurrency, WalletNetwork } from "~/platform/database-schema";
import { formatCurrency } from "~/lib/format";

export const CURRENCIES = ["EUR", "CHF", "CAD"] as const satisfies readonly PaymentCurrency[];
export const DEFAULT_CURRENCY: PaymentCurrency = "EUR";

export const CURRENCY_LABELS: Record<PaymentCurrency, string> = {
  EUR: "Euro (€)",
  CHF: "Franc suisse (CHF)",
  CAD: "Dollar canadien ($ CA)",
};

export const BENEFICIARY_KINDS = ["iban", "wallet", "card_merchant", "other"] as const satisfies readonly BeneficiaryKind[];

export const BENEFICIARY_KIND_LABELS: Record<BeneficiaryKind, string> = {
  iban: "IBAN (virement)",
  wallet: "Adresse de portefeuille crypto",
  card_merchant: "Commerçant (paiement par carte)",
  other: "Autre bénéficiaire",
};

export const WALLET_NETWORKS = ["btc", "eth", "trc20"] as const satisfies readonly WalletNetwork[];

export const WALLET_NETWORK_LABELS: Record<WalletNetwork, string> = {
  btc: "Bitcoin (BTC)",
  eth: "Ethereum / ERC-20",
  trc20: "Tron / TRC-20",
};

export const IDENTIFIER_KINDS = ["name", "phone", "email", "website", "social", "iban", "wallet"] as const satisfies readonly IdentifierKind[];
/** What a person types in the identifiers form (IBANs and wallets come from the payments). */
export const TYPED_IDENTIFIER_KINDS = ["name", "phone", "email", "website", "social"] as const satisfies readonly IdentifierKind[];
/** Kinds that link cases (a name or a social profile is too loose to say two cases share a scammer). */
export const MATCHABLE_IDENTIFIER_KINDS = ["phone", "email", "website", "iban", "wallet"] as const satisfies readonly IdentifierKind[];

export const IDENTIFIER_KIND_LABELS: Record<IdentifierKind, string> = {
  name: "Nom utilisé",
  phone: "Numéro de téléphone",
  email: "Adresse e-mail",
  website: "Site web ou domaine",
  social: "Profil sur un réseau social",
  iban: "IBAN",
  wallet: "Portefeuille crypto",
};

/** "FR7630006000011234567890189" → "FR76 3000 6000 0112 3456 7890 189". Spaces and case of the input are ignored. */
export function formatIban(iban: string): string {
  return iban
    .replace(/[\s-]/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");
}

/** A decimal string as whole cents ("1234.5" → 123450n). Null for anything that is not a plain positive decimal. */
export function toCents(amount: string): bigint | null {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
}

function centsToDecimal(cents: bigint): string {
  const units = cents / 100n;
  const rest = cents % 100n;
  return rest === 0n ? units.toString() : `${units}.${rest.toString().padStart(2, "0")}`;
}

/**
 * French money: "12 500 €", "48 250,50 €", "1 200 CHF", "300 $CA" — decimals only when there are cents. The
 * thousands separator is U+202F and the space before the symbol U+00A0 (PDFs need an embedded font for them).
 */
export function formatMoney(amount: string | number, currency: PaymentCurrency | string = DEFAULT_CURRENCY): string {
  const value = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(value)) return "";
  const hasCents = Math.round(value * 100) % 100 !== 0;
  return formatCurrency(value, currency, hasCents);
}

/** The case total: one sum per currency, euros first, exact (in cents). */
export function totalsByCurrency(payments: readonly { amount: string; currency: PaymentCurrency }[]): CurrencyTotal[] {
  const sums = new Map<PaymentCurrency, { cents: bigint; count: number }>();
  for (const payment of payments) {
    const cents = toCents(payment.amount);
    if (cents === null) continue;
    const sum = sums.get(payment.currency) ?? { cents: 0n, count: 0 };
    sum.cents += cents;
    sum.count += 1;
    sums.set(payment.currency, sum);
  }
  return CURRENCIES.filter((currency) => sums.has(currency)).map((currency) => {
    const sum = sums.get(currency)!;
    return { currency, amount: centsToDecimal(sum.cents), count: sum.count };
  });
}

/** "12 500 € + 1 200 CHF": the totals on one line (dashboard lists, PDF cover). */
export function formatTotals(totals: readonly CurrencyTotal[]): string {
  return totals.map((total) => formatMoney(total.amount, total.currency)).join(" + ");
}

/**
 * The victim's declared loss and the payments documented since, side by side: the declared amount is what the victim
 * said and is never replaced by the payments' sum (issue 29). The gap is said only when both are in euros.
 */
export interface AmountSummary {
  /** "18 500 €", or null when the victim gave no amount. */
  declared: string | null;
  /** "9 000 €" (or "9 000 € + 1 200 CHF"), or null without payments. */
  documented: string | null;
  /** "9 500 € restent à documenter", "tout le montant déclaré est documenté", "500 € de plus que le montant déclaré". */
  gap: string | null;
}

export const DECLARED_AMOUNT_LABEL = "Montant déclaré";
export const DOCUMENTED_PAYMENTS_LABEL = "Paiements documentés";
const NOT_GIVEN = "non renseigné";
const NONE_YET = "aucun pour l'instant";

export function amountSummary(declared: string | null | undefined, totals: readonly CurrencyTotal[]): AmountSummary {
  const declaredCents = declared ? toCents(declared) : null;
  const documented = totals.length > 0 ? formatTotals(totals) : null;
  let gap: string | null = null;
  if (declaredCents !== null && totals.length > 0 && totals.every((total) => total.currency === "EUR")) {
    const documentedCents = totals.reduce((sum, total) => sum + (toCents(total.amount) ?? 0n), 0n);
    const rest = declaredCents - documentedCents;
    if (rest > 0n) gap = `${formatMoney(centsToDecimal(rest))} ${rest >= 200n ? "restent" : "reste"} à documenter`;
    else if (rest === 0n) gap = "tout le montant déclaré est documenté";
    else gap = `${formatMoney(centsToDecimal(-rest))} de plus que le montant déclaré`;
  }
  // The declared amount is shown in whole euros, as everywhere else (spec §9); the gap is exact.
  return { declared: declaredCents === null ? null : formatCurrency(Number(centsToDecimal(declaredCents)), "EUR", false), documented, gap };
}

/** The summary's two halves as text: "Montant déclaré : 18 500 €", "Paiements documentés : 9 000 € (9 500 € restent à documenter)". */
export function amountSummaryParts(summary: AmountSummary): [string, string] {
  return [`${DECLARED_AMOUNT_LABEL}\u202f: ${declaredText(summary)}`, `${DOCUMENTED_PAYMENTS_LABEL}\u202f: ${documentedText(summary)}`];
}

/** The declared amount as a value ("18 500 €", "non renseigné"). */
export function declaredText(summary: AmountSummary): string {
  return summary.declared ?? NOT_GIVEN;
}

/** The documented payments as a value, with the gap ("9 000 € (9 500 € restent à documenter)", "aucun pour l'instant"). */
export function documentedText(summary: AmountSummary): string {
  if (summary.documented === null) return NONE_YET;
  return summary.gap ? `${summary.documented} (${summary.gap})` : summary.documented;
}

/** On one line: "Montant déclaré : 18 500 € · Paiements documentés : 9 000 € (9 500 € restent à documenter)". */
export function amountSummaryLine(summary: AmountSummary): string {
  return amountSummaryParts(summary).join(" · ");
}

/** The beneficiary as shown: an IBAN grouped by 4; a wallet address whole (as typed, to compare it character by character). */
export function beneficiaryText(kind: BeneficiaryKind, beneficiary: string): string {
  return kind === "iban" ? formatIban(beneficiary) : beneficiary;
}

/** An identifier as shown: IBANs grouped by 4, the rest as typed. */
export function identifierText(kind: IdentifierKind, value: string): string {
  return kind === "iban" ? formatIban(value) : value;
}

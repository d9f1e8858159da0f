/**
 * Formatting for the PDFs. Until the payments module's formatting (case-file-format.ts) is merged, the same rules
 * are kept here: amounts as exact decimal strings summed in cents, French money format, IBAN in groups of four.
 */

const amountFormats = new Map<string, Intl.NumberFormat>();

function amountFormat(currency: string, cents: boolean): Intl.NumberFormat {
  const key = `${currency}:${cents}`;
  let format = amountFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", { style: "currency", currency, minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: cents ? 2 : 0 });
    amountFormats.set(key, format);
  }
  return format;
}

export function toCents(amount: string): bigint | null {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
}

function centsToDecimal(cents: bigint): string {
  const rest = cents % 100n;
  return rest === 0n ? (cents / 100n).toString() : `${cents / 100n}.${rest.toString().padStart(2, "0")}`;
}

export function formatMoney(amount: string, currency: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return "";
  return amountFormat(currency, Math.round(value * 100) % 100 !== 0).format(value);
}

const CURRENCY_ORDER = ["EUR", "CHF", "CAD"];

export function totalsByCurrency(payments: readonly { amount: string; currency: string }[]): { currency: string; amount: string; count: number }[] {
  const sums = new Map<string, { cents: bigint; count: number }>();
  for (const payment of payments) {
    const cents = toCents(payment.amount);
    if (cents === null) continue;
    const sum = sums.get(payment.currency) ?? { cents: 0n, count: 0 };
    sum.cents += cents;
    sum.count += 1;
    sums.set(payment.currency, sum);
  }
  return [...sums.keys()]
    .sort((a, b) => (CURRENCY_ORDER.indexOf(a) + 99) % 100 - (CURRENCY_ORDER.indexOf(b) + 99) % 100)
    .map((currency) => ({ currency, amount: centsToDecimal(sums.get(currency)!.cents), count: sums.get(currency)!.count }));
}

export function formatIban(iban: string): string {
  return iban.replace(/[\s-]/g, "").toUpperCase().replace(/(.{4})(?=.)/g, "$1 ");
}

const WALLET_NETWORKS: Record<string, string> = { btc: "Bitcoin (BTC)", eth: "Ethereum / ERC-20", trc20: "Tron / TRC-20" };

/**
 * A payment's beneficiary as the PDFs print it: IBAN by groups of four, wallet with its network. In a sentence
 * (`inProse`) the IBAN is named and its groups held together by no-break spaces.
 */
export function beneficiaryText(payment: { beneficiaryKind: string; beneficiary: string; walletNetwork: string | null }, inProse = false): string {
  if (payment.beneficiaryKind === "iban") return inProse ? `l'IBAN ${formatIban(payment.beneficiary).replace(/ /g, "\u00a0")}` : formatIban(payment.beneficiary);
  if (payment.beneficiaryKind === "wallet") return `${payment.beneficiary}${payment.walletNetwork ? ` (${WALLET_NETWORKS[payment.walletNetwork] ?? payment.walletNetwork})` : ""}`;
  return payment.beneficiary;
}

const IDENTIFIER_KINDS: Record<string, string> = {
  name: "Nom utilisé",
  phone: "Numéro de téléphone",
  email: "Adresse e-mail",
  website: "Site web ou domaine",
  social: "Profil sur un réseau social",
  iban: "IBAN",
  wallet: "Portefeuille crypto",
};

export function identifierKindLabel(kind: string): string {
  return IDENTIFIER_KINDS[kind] ?? kind;
}

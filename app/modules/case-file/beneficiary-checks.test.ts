import { describe, expect, it } from "vitest";
import { normalizeDomain, normalizeEmail, normalizeIban, normalizePhone, normalizeWallet } from "./beneficiary-checks";
import { amountSummary, amountSummaryLine, formatIban, formatMoney, totalsByCurrency } from "./case-file-format";
import { caseFileMessages, identifierSchema, paymentSchema } from "./case-file.schema";

describe("IBAN", () => {
  it("accepts a valid IBAN typed with spaces and lower case, refuses a wrong checksum", () => {
    expect(normalizeIban("fr76 3000 6000 0112 3456 7890 189")).toBe("FR7630006000011234567890189");
    expect(normalizeIban("FR7630006000011234567890188")).toBeNull();
    expect(normalizeIban("X".repeat(10_000))).toBeNull();
  });
  it("is shown in groups of four", () => {
    expect(formatIban("FR7630006000011234567890189")).toBe("FR76 3000 6000 0112 3456 7890 189");
  });
});

describe("wallets", () => {
  it.each([
    ["btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
    ["btc", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"],
    ["btc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"],
    ["btc", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"],
    ["eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
    ["eth", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"],
    ["trc20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
  ] as const)("accepts %s %s", (network, address) => {
    expect(normalizeWallet(network, address)).toBe(address);
  });
  it.each([
    ["btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb"],
    ["btc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5"],
    ["btc", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
    ["eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"],
    ["eth", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea"],
    ["eth", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
    ["trc20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"],
    ["trc20", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
  ] as const)("refuses %s %s", (network, address) => {
    expect(normalizeWallet(network, address)).toBeNull();
  });
});

describe("identifiers", () => {
  it("normalises phones to E.164, emails and domains", () => {
    expect(normalizePhone("06 12 34 56 78")).toBe("+33612345678");
    expect(normalizePhone("+41 44 668 18 00")).toBe("+41446681800");
    expect(normalizePhone("12")).toBeNull();
    expect(normalizeEmail(" Escroc@Exemple.COM ")).toBe("escroc@exemple.com");
    expect(normalizeDomain("https://WWW.Faux-Placement.com/offre?id=3")).toBe("faux-placement.com");
    expect(normalizeDomain("faux-placement.com.")).toBe("faux-placement.com");
    expect(normalizeDomain("pas un site")).toBeNull();
  });
  it("refuses an identifier of 10 000 characters in French", () => {
    const result = identifierSchema.safeParse({ kind: "name", value: "a".repeat(10_000) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(caseFileMessages.tooLong(300));
  });
});

describe("payments", () => {
  const valid = {
    paid_on: "14-03-2025",
    amount: "1 500,50",
    currency: "EUR",
    method: "bank_transfer",
    beneficiary_kind: "iban",
    beneficiary: "FR76 3000 6000 0112 3456 7890 189",
  };
  it("reads a French payment", () => {
    const result = paymentSchema.parse(valid);
    expect(result).toMatchObject({ paidOn: "2025-03-14", amount: "1500.50", beneficiary: "FR7630006000011234567890189" });
  });
  it.each([
    [{ amount: "-5" }, "amount", caseFileMessages.amountNotPositive],
    [{ amount: "1e309" }, "amount", caseFileMessages.amountInvalid],
    [{ amount: "NaN" }, "amount", caseFileMessages.amountInvalid],
    [{ amount: "0" }, "amount", caseFileMessages.amountNotPositive],
    [{ paid_on: "31-12-1899" }, "paid_on", caseFileMessages.dateTooEarly],
    [{ paid_on: "01-01-2999" }, "paid_on", caseFileMessages.dateInFuture],
    [{ beneficiary: "FR7630006000011234567890188" }, "beneficiary", caseFileMessages.ibanInvalid],
    [{ beneficiary_kind: "wallet", wallet_network: "eth", beneficiary: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa" }, "beneficiary", caseFileMessages.walletInvalid("eth")],
    [{ currency: "USD" }, "currency", caseFileMessages.currencyUnknown],
  ])("refuses %o", (change, field, message) => {
    const result = paymentSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});

describe("totals", () => {
  it("sums exactly per currency and writes French amounts", () => {
    const totals = totalsByCurrency([
      { amount: "12000.10", currency: "EUR" },
      { amount: "500.20", currency: "EUR" },
      { amount: "1200", currency: "CHF" },
    ]);
    expect(totals).toEqual([
      { currency: "EUR", amount: "12500.30", count: 2 },
      { currency: "CHF", amount: "1200", count: 1 },
    ]);
    expect(formatMoney("12500", "EUR")).toBe("12\u202f500\u202f€");
    expect(formatMoney("48250.5", "EUR")).toBe("48\u202f250,50\u202f€");
  });
});

describe("declared amount and documented payments", () => {
  const nb = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");
  it("keeps the declared amount and says what is left to document", () => {
    const summary = amountSummary("18500.00", totalsByCurrency([{ amount: "9000", currency: "EUR" }]));
    expect(nb(amountSummaryLine(summary))).toBe("Montant déclaré : 18 500 € · Paiements documentés : 9 000 € (9 500 € restent à documenter)");
  });
  it("says when everything or more is documented, and nothing about a gap across currencies", () => {
    expect(amountSummary("9000", totalsByCurrency([{ amount: "9000", currency: "EUR" }])).gap).toBe("tout le montant déclaré est documenté");
    expect(nb(amountSummary("1000", totalsByCurrency([{ amount: "1500", currency: "EUR" }])).gap!)).toBe("500 € de plus que le montant déclaré");
    expect(nb(amountSummary("1000", totalsByCurrency([{ amount: "999", currency: "EUR" }])).gap!)).toBe("1 € reste à documenter");
    expect(amountSummary("1000", totalsByCurrency([{ amount: "500", currency: "EUR" }, { amount: "100", currency: "CHF" }])).gap).toBeNull();
  });
  it("says when nothing was declared or documented", () => {
    expect(nb(amountSummaryLine(amountSummary(null, [])))).toBe("Montant déclaré : non renseigné · Paiements documentés : aucun pour l'instant");
  });
});

import { BASE_FEE_DUE_TEXT, formatEuroCents, formatPercentBp } from "~/lib/fees";
import { formatDate, formatDateTime } from "~/lib/format";
import { typeset } from "~/lib/typography";
import { finishPdf, heading, labelled, newPdf, paragraph, section, table, type Column, type Pdf } from "~/modules/case-file/pdf-document.server";
import type { DetailedAccount } from "./recovery-views";

export const ROUNDING_RULE_TEXT =
  "Les montants sont calculés en centimes entiers. Chaque honoraire hors taxes est arrondi une seule fois au centime le plus proche (un demi-centime est arrondi en s'éloignant de zéro)\u202f; la TVA est calculée une seule fois, sur le total hors taxes, et arrondie de la même façon\u202f; le total TTC est la somme exacte du total HT et de la TVA.";

/**
 * The detailed account (compte détaillé, RIN art. 11.7): costs and disbursements, fees, HT/TVA/TTC, the sums recovered,
 * the sums already received and what comes back to the client. A tagged PDF like the agreement's.
 */
export async function renderDetailedAccountPdf(account: DetailedAccount): Promise<Buffer> {
  const { figures, terms } = account;
  const doc = newPdf(`Compte détaillé — dossier ${account.caseNumber}`, "Compte détaillé des frais, débours et honoraires (RIN, art. 11.7)");

  const cover = section(doc);
  heading(doc, cover, 1, "Compte détaillé");
  paragraph(doc, cover, typeset("Frais, débours et honoraires séparés, sommes récupérées et sommes déjà reçues (Règlement intérieur national de la profession d'avocat, art. 11.7)."));
  doc.moveDown(0.5);
  labelled(doc, cover, "Dossier", account.caseNumber);
  labelled(doc, cover, "Client", account.clientName);
  labelled(doc, cover, "Avocat", `${account.lawyerName} (${account.lawyerBar})`);
  labelled(doc, cover, "Établi le", formatDateTime(account.generatedAt));

  const ledgerColumns = (what: string, detail: string, amount: string): Column[] => [
    { header: "Date", width: 70 },
    { header: what, width: 150 },
    { header: detail, width: 175 },
    { header: amount, width: 100, align: "right" },
  ];
  const entryDetail = (entry: { reversesId: string | null; reason: string | null; note: string }) =>
    typeset(entry.reversesId ? `Contre-passation\u202f: ${entry.reason ?? ""}` : entry.note || "—");

  tableSection(doc, "Sommes récupérées", "Aucune somme récupérée n'est enregistrée à ce jour.", ledgerColumns("Origine", "Détail", "Montant"), account.entries.map((entry) => [formatDate(entry.recoveredOn), entry.sourceLabel, entryDetail(entry), entry.amountText]), [
    ["Total net récupéré", formatEuroCents(figures.recoveredCents)],
  ]);

  const approved = account.costs.filter((cost) => cost.status === "approved");
  tableSection(
    doc,
    "Frais et débours",
    "Aucun frais ni débours n'a été approuvé à ce jour.",
    ledgerColumns("Frais ou débours", "Approuvé le", "Montant HT"),
    approved.map((cost) => [formatDate(cost.incurredOn), typeset(cost.label), cost.decidedAt ? formatDate(cost.decidedAt) : "—", cost.amountText]),
    [["Frais et débours approuvés par le client (HT)", formatEuroCents(figures.costsHtCents)]],
  );

  const fees = section(doc);
  heading(doc, fees, 2, "Honoraires");
  labelled(
    doc,
    fees,
    "Honoraires de diligence (HT)",
    typeset(
      account.baseFeeDue
        ? `${formatEuroCents(figures.baseFeeHtCents)}, payables ${BASE_FEE_DUE_TEXT[terms.baseFeeDue]}`
        : `${formatEuroCents(0)} à ce jour\u202f: ${formatEuroCents(terms.baseFeeCents)} HT payables ${BASE_FEE_DUE_TEXT[terms.baseFeeDue]}`,
    ),
  );
  labelled(
    doc,
    fees,
    "Honoraire de résultat (HT)",
    `${formatEuroCents(figures.resultFeeHtCents)} (${formatPercentBp(terms.resultPercentBp)} de ${formatEuroCents(figures.recoveredCents)})`,
  );

  const totals = section(doc);
  heading(doc, totals, 2, "Totaux");
  labelled(doc, totals, "Total hors taxes (frais, débours et honoraires)", formatEuroCents(figures.totalHtCents));
  labelled(doc, totals, `TVA (${formatPercentBp(terms.vatRateBp)})`, formatEuroCents(figures.vatCents));
  labelled(doc, totals, "Total toutes taxes comprises", formatEuroCents(figures.totalTtcCents));

  tableSection(
    doc,
    "Sommes déjà reçues par l'avocat",
    "Aucune somme n'a été reçue du client à ce jour.",
    ledgerColumns("Réglait", "Détail", "Montant TTC"),
    account.feePayments.map((payment) => [formatDate(payment.receivedOn), typeset(payment.label), entryDetail(payment), payment.amountText]),
    [
      ["Sommes déjà reçues par l'avocat", formatEuroCents(figures.alreadyPaidCents)],
      ["Reste dû (TTC)", formatEuroCents(figures.stillDueCents)],
      ["Net revenant au client", formatEuroCents(figures.netToClientCents)],
    ],
  );

  const rule = section(doc);
  heading(doc, rule, 2, "Règle d'arrondi");
  paragraph(doc, rule, typeset(ROUNDING_RULE_TEXT));

  return finishPdf(doc, `Compte détaillé ${account.caseNumber}`);
}

/** A titled part: its table (or a sentence when it has no row), then its totals. */
function tableSection(doc: Pdf, title: string, empty: string, columns: Column[], rows: string[][], totals: [label: string, value: string][]): void {
  const part = section(doc);
  heading(doc, part, 2, title);
  if (rows.length === 0) paragraph(doc, part, empty);
  else table(doc, part, columns, rows);
  doc.moveDown(0.5);
  for (const [label, value] of totals) labelled(doc, part, label, value);
}

import { formatPercentBp } from "~/lib/fees";
import { formatDate } from "~/lib/format";
import { typeset } from "~/lib/typography";
import { finishPdf, heading, labelled, newPdf, paragraph, section, table } from "~/modules/case-file/pdf-document.server";
import { invoiceAmount } from "./invoice-amount";
import { VAT_FRANCHISE_MENTION } from "./invoicing.schema";

/** What was true about the seller when the invoice was issued. */
export interface SellerSnapshot {
  firmName: string;
  lawyerName: string;
  address: string;
  siren: string;
  siret: string | null;
  vatNumber: string | null;
  vatFranchise: boolean;
  mandateAcceptedAt: string;
  mandateVersion: string;
}

export interface BuyerSnapshot {
  name: string;
  address: string;
}

export type InvoiceLineKind = "base-fee" | "result-fee" | "costs";

export interface InvoiceLine {
  kind: InvoiceLineKind;
  label: string;
  quantity: number;
  unitHtCents: number;
  htCents: number;
}

export interface InvoiceDocumentInput {
  kind: "invoice" | "credit-note";
  number: string;
  creditedNumber: string | null;
  caseNumber: string;
  issuedAt: Date;
  serviceDate: string;
  dueDate: string;
  seller: SellerSnapshot;
  buyer: BuyerSnapshot;
  lines: InvoiceLine[];
  vatRateBp: number;
  totalHtCents: number;
  vatCents: number;
  totalTtcCents: number;
  operatorName: string;
}

export const LATE_PAYMENT_MENTION =
  "En cas de retard de paiement, des intérêts au taux légal pourront être dus après mise en demeure (art. 1231-6 du Code civil). Le client étant un consommateur, l'indemnité forfaitaire pour frais de recouvrement de 40\u00a0€ ne s'applique pas (art. L441-10 du Code de commerce). Pas d'escompte pour paiement anticipé.";

export function mandateMention(seller: Pick<SellerSnapshot, "lawyerName" | "mandateAcceptedAt">, operatorName: string): string {
  return `Facture émise par Recours (${operatorName}) au nom et pour le compte de ${seller.lawyerName} (mandat de facturation du ${formatDate(seller.mandateAcceptedAt)}).`;
}

/**
 * The invoice or credit note as a tagged PDF (pdfkit, like the case file's) carrying every mandatory mention: CGI
 * annexe II art. 242 nonies A (parties, addresses, SIREN, VAT number or franchise, date, unique number, unit price HT,
 * rate, VAT, totals) and Code de commerce L441-9 (date of the service, payment terms and date, late-payment terms).
 */
export async function renderInvoicePdf(input: InvoiceDocumentInput): Promise<Buffer> {
  const creditNote = input.kind === "credit-note";
  const title = `${creditNote ? "Avoir" : "Facture"} n°\u00a0${input.number}`;
  const doc = newPdf(title, `${creditNote ? "Avoir" : "Facture"} d'honoraires d'avocat — dossier ${input.caseNumber}`);

  const head = section(doc);
  heading(doc, head, 1, title);
  labelled(doc, head, "Numéro", input.number);
  labelled(doc, head, "Date d'émission", formatDate(input.issuedAt));
  labelled(doc, head, "Date de la prestation", formatDate(input.serviceDate));
  labelled(doc, head, "Dossier", input.caseNumber);
  if (input.creditedNumber) labelled(doc, head, "Annule la facture", input.creditedNumber);

  const parties = section(doc);
  heading(doc, parties, 2, "Vendeur (prestataire)");
  labelled(doc, parties, "Cabinet", input.seller.firmName);
  labelled(doc, parties, "Avocat", input.seller.lawyerName);
  labelled(doc, parties, "Adresse", input.seller.address);
  labelled(doc, parties, "SIREN", input.seller.siren);
  if (input.seller.siret) labelled(doc, parties, "SIRET", input.seller.siret);
  labelled(doc, parties, "N° de TVA intracommunautaire", input.seller.vatNumber ?? VAT_FRANCHISE_MENTION);
  heading(doc, parties, 2, "Client");
  labelled(doc, parties, "Nom", input.buyer.name);
  labelled(doc, parties, "Adresse", input.buyer.address);

  const lines = section(doc);
  heading(doc, lines, 2, "Détail");
  table(
    doc,
    lines,
    [
      { header: "Désignation", width: 200 },
      { header: "Qté", width: 35, align: "right" },
      { header: "Prix unitaire HT", width: 95, align: "right" },
      { header: "TVA", width: 40, align: "right" },
      { header: "Total HT", width: 125, align: "right" },
    ],
    input.lines.map((line) => [line.label, String(line.quantity), invoiceAmount(line.unitHtCents), formatPercentBp(input.vatRateBp), invoiceAmount(line.htCents)]),
  );
  doc.moveDown(0.6);
  const totals = section(doc);
  labelled(doc, totals, "Total HT", invoiceAmount(input.totalHtCents));
  labelled(doc, totals, `TVA (${formatPercentBp(input.vatRateBp)})`, invoiceAmount(input.vatCents));
  labelled(doc, totals, "Total TTC", invoiceAmount(input.totalTtcCents));
  if (input.seller.vatFranchise) paragraph(doc, totals, VAT_FRANCHISE_MENTION);

  const terms = section(doc);
  heading(doc, terms, 2, creditNote ? "Remboursement" : "Conditions de paiement");
  if (creditNote) {
    paragraph(doc, terms, typeset(`Cet avoir annule la facture ${input.creditedNumber}. Les sommes déjà réglées au titre de cette facture vous sont remboursées au plus tard le ${formatDate(input.dueDate)}.`));
  } else {
    labelled(doc, terms, "Échéance", `paiement au plus tard le ${formatDate(input.dueDate)}, par virement sur le compte du cabinet`);
    paragraph(doc, terms, typeset(LATE_PAYMENT_MENTION));
  }
  doc.moveDown(0.6);
  paragraph(doc, terms, typeset(mandateMention(input.seller, input.operatorName)));
  return finishPdf(doc, title);
}

import { typeset } from "~/lib/typography";
import { postalAddress, type PackData, type PackPayment } from "./complaint-pack-pdf.server";
import { finishPdf, heading, labelled, newPdf, paragraph, section, table } from "./pdf-document.server";
import { formatMoney, paymentCells, totalsByCurrency } from "./pack-format";
import { formatDate } from "~/lib/format";

/** The payments a bank executes and can be asked to refund or recall: transfers and card payments. */
export const BANK_LETTER_METHODS = ["bank_transfer", "credit_card"] as const;

function contestable(payment: PackPayment): boolean {
  return (BANK_LETTER_METHODS as readonly string[]).includes(payment.method);
}

/** The banks named as 'banque débitée' on the case's transfers and card payments, in order of first payment. */
export function bankLetterBanks(payments: readonly PackPayment[]): string[] {
  const banks: string[] = [];
  for (const payment of [...payments].sort((a, b) => a.paidOn.localeCompare(b.paidOn))) {
    const bank = payment.payerBank?.trim();
    if (bank && contestable(payment) && !banks.includes(bank)) banks.push(bank);
  }
  return banks;
}

/** The letter's payments: those of `bank`, or, when no payment names its bank, every transfer and card payment. */
export function bankLetterPayments(payments: readonly PackPayment[], bank: string | null): PackPayment[] {
  return payments
    .filter((payment) => contestable(payment) && (bank === null ? !payment.payerBank?.trim() : payment.payerBank?.trim() === bank))
    .sort((a, b) => a.paidOn.localeCompare(b.paidOn));
}

/** 'yyyy-MM-dd' + 13 months (L133-24), the last day of the month when it is shorter. */
export function thirteenMonthsAfter(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + 13, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}


/**
 * A contestation letter to the client's bank (Code monétaire et financier L133-18: refund of an unauthorised
 * operation; L133-24: 13 months from the debit), pre-filled with the client's identity and that bank's payments.
 * What only the client knows (account number, signature) is left to fill in.
 */
export function renderBankLetter(data: PackData, bank: string | null): Promise<Buffer> {
  const doc = newPdf(`Lettre de contestation à la banque — dossier ${data.caseNumber}`, "Contestation d'opérations de paiement");
  const letter = section(doc);
  const victim = data.victim;
  paragraph(doc, letter, `${victim.firstName} ${victim.lastName}`);
  const address = postalAddress(victim);
  if (address) paragraph(doc, letter, address, { width: 260 });
  paragraph(doc, letter, victim.email);
  if (victim.phone) paragraph(doc, letter, victim.phone);
  doc.moveDown(1);
  paragraph(doc, letter, bank ?? "Nom de votre banque\u202f: ______________________", { align: "right" });
  paragraph(doc, letter, "Service réclamations", { align: "right" });
  paragraph(doc, letter, "Adresse de votre agence\u202f: ______________________", { align: "right" });
  doc.moveDown(1);
  paragraph(doc, letter, `${victim.city ? `À ${victim.city}, le` : "Le"} ${formatDate(data.generatedAt)}`, { align: "right" });
  doc.moveDown(1);
  paragraph(doc, letter, "Lettre recommandée avec demande d'avis de réception");
  heading(doc, letter, 1, "Contestation d'opérations de paiement");
  labelled(doc, letter, "Objet", typeset("demande de remboursement et de rappel des fonds — articles L133-18 et L133-24 du Code monétaire et financier"));
  labelled(doc, letter, "Compte débité (n°)", "______________________________");
  labelled(doc, letter, "Notre référence", `dossier Recours ${data.caseNumber}`);
  doc.moveDown(0.8);
  paragraph(doc, letter, "Madame, Monsieur,");
  doc.moveDown(0.5);
  const payments = bankLetterPayments(data.payments, bank);
  paragraph(
    doc,
    letter,
    typeset(
      "Victime d'une escroquerie, je conteste les opérations de paiement ci-dessous, débitées sur mon compte ouvert dans vos livres. Elles résultent de manœuvres frauduleuses et ne traduisent pas un consentement libre et éclairé de ma part.",
    ),
    { width: 495, align: "justify" },
  );
  doc.moveDown(0.5);
  if (payments.length === 0) paragraph(doc, letter, "Opérations contestées\u202f: à compléter (aucun virement ni paiement par carte n'est saisi pour cette banque).");
  else {
    table(
      doc,
      letter,
      [
        { header: "Date du débit", width: 70 },
        { header: "Montant", width: 85, align: "right" },
        { header: "Moyen", width: 75 },
        { header: "Bénéficiaire", width: 185 },
        { header: "Contester avant le", width: 80 },
      ],
      payments.map((payment) => [
        ...paymentCells(payment),
        formatDate(thirteenMonthsAfter(payment.paidOn)),
      ]),
    );
    const totals = totalsByCurrency(payments).map((total) => formatMoney(total.amount, total.currency));
    paragraph(doc, letter, typeset(`Montant total contesté\u202f: ${totals.join(" et ")}.`), { width: 495 });
  }
  doc.moveDown(0.5);
  for (const text of [
    "Sur le fondement de l'article L133-18 du Code monétaire et financier, je vous demande de me rembourser ces opérations au plus tard à la fin du premier jour ouvrable suivant la réception de la présente, et de rétablir mon compte dans l'état où il se serait trouvé si elles n'avaient pas eu lieu. Pour les virements, je vous demande également d'adresser sans délai une demande de rappel des fonds à la banque du bénéficiaire.",
    "Cette contestation intervient dans le délai de treize mois suivant la date de débit prévu par l'article L133-24 du même code.",
    data.facts.filedComplaint
      ? `J'ai déposé plainte${data.facts.complaintReference ? ` (référence ${data.facts.complaintReference})` : ""}\u202f; une copie est jointe.`
      : "Je dépose plainte auprès des services de police ou de gendarmerie\u202f; je vous en transmettrai le récépissé.",
    "Je vous prie de me confirmer par écrit la prise en compte de cette contestation et les suites que vous y donnez.",
    "Veuillez agréer, Madame, Monsieur, l'expression de mes salutations distinguées.",
  ]) {
    paragraph(doc, letter, typeset(text), { width: 495, align: "justify" });
    doc.moveDown(0.5);
  }
  doc.moveDown(1);
  paragraph(doc, letter, `${victim.firstName} ${victim.lastName}`, { align: "right" });
  paragraph(doc, letter, "Signature\u202f: ____________________", { align: "right" });
  doc.moveDown(1);
  paragraph(doc, letter, typeset("Pièces jointes\u202f: relevés de compte montrant les débits, copie du dépôt de plainte, captures des échanges avec l'escroc."), { width: 495 });
  letter.end();
  return finishPdf(doc, `Contestation — dossier ${data.caseNumber}`);
}

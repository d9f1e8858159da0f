import { safetyNotice } from "~/content/site";
import { formatLongDateTime } from "~/lib/format";
import { typeset } from "~/lib/typography";
import { scamTypeLabel } from "~/modules/cases/cases.schema";
import { evidenceIndexTable, type PackPayment } from "./complaint-pack-pdf.server";
import type { EvidenceItem } from "./evidence.schema";
import { formatMoney, paymentCells } from "./pack-format";
import { COLORS, finishPdf, heading, labelled, newPdf, paragraph, section, table, type Pdf } from "./pdf-document.server";

/** What the filing receipt states: the case as it was filed. */
export interface FilingReceiptData {
  caseNumber: string;
  submittedAt: Date;
  generatedAt: Date;
  client: { firstName: string; lastName: string };
  scamType: string | null;
  /** The loss the victim declared (decimal string, euros), or null. */
  declaredAmount: string | null;
  payments: PackPayment[];
  evidence: EvidenceItem[];
}

export const FILING_RECEIPT_TITLE = "Accusé de dépôt de dossier";

/** What happens after the filing, as the receipt tells it (the case page says the same in its own words). */
export const NEXT_STEPS: readonly string[] = [
  "Votre dossier est confié à un avocat partenaire de Recours, qui l'étudie gratuitement. Vous êtes prévenu par e-mail dès qu'il lui est confié.",
  "Votre avocat vous contacte par la messagerie du dossier, dans votre espace Recours. Son nom et son barreau sont sur la page du dossier : vérifiez-les dans l'annuaire national des avocats.",
  "Recours ne vous demande jamais de paiement à l'avance par téléphone. Des honoraires ne sont dus qu'après la signature d'une convention écrite, dans votre espace.",
  "Gardez ce document : l'empreinte SHA-256 de chaque preuve permet de vérifier qu'un fichier remis plus tard est identique à celui que vous avez envoyé.",
];

function summary(doc: Pdf, data: FilingReceiptData): void {
  const part = section(doc);
  heading(doc, part, 1, FILING_RECEIPT_TITLE);
  paragraph(doc, part, typeset("Recours atteste avoir reçu le dossier décrit ci-dessous, déposé depuis l'espace personnel de la victime."), { width: 495 });
  doc.moveDown(0.5);
  labelled(doc, part, "Numéro de dossier", data.caseNumber);
  labelled(doc, part, "Déposé par", `${data.client.firstName} ${data.client.lastName}`);
  labelled(doc, part, "Date et heure du dépôt", formatLongDateTime(data.submittedAt));
  labelled(doc, part, "Type d'arnaque", scamTypeLabel(data.scamType));
  labelled(doc, part, "Perte déclarée", data.declaredAmount ? formatMoney(data.declaredAmount) : "non renseignée");
  part.end();
}

function paymentsPart(doc: Pdf, payments: readonly PackPayment[]): void {
  const part = section(doc);
  heading(doc, part, 2, "Paiements déclarés");
  if (payments.length === 0) paragraph(doc, part, "Aucun paiement n'a été déclaré au moment du dépôt.");
  else {
    table(
      doc,
      part,
      [
        { header: "Date", width: 65 },
        { header: "Montant", width: 85, align: "right" },
        { header: "Moyen", width: 90 },
        { header: "Bénéficiaire", width: 255 },
      ],
      payments.map((payment) => paymentCells(payment)),
    );
  }
  part.end();
}

function evidencePart(doc: Pdf, evidence: readonly EvidenceItem[]): void {
  const part = section(doc);
  heading(doc, part, 2, "Preuves déposées");
  if (evidence.length === 0) paragraph(doc, part, "Aucune preuve n'a été déposée au moment du dépôt.");
  else {
    paragraph(doc, part, typeset("Chaque fichier est suivi de son empreinte SHA-256, calculée sur le fichier tel que vous l'avez envoyé."), { width: 495 });
    doc.moveDown(0.3);
    evidenceIndexTable(doc, part, evidence);
  }
  part.end();
}

function nextStepsPart(doc: Pdf): void {
  const part = section(doc);
  heading(doc, part, 2, typeset("Et maintenant ?"));
  doc.list(
    NEXT_STEPS.map((step) => typeset(step)),
    { structParent: part, bulletRadius: 2, width: 480, paragraphGap: 4 } as PDFKit.Mixins.TextOptions,
  );
  heading(doc, part, 2, "Votre sécurité");
  paragraph(doc, part, safetyNotice, { width: 495 });
  part.end();
}

function colophon(doc: Pdf, data: FilingReceiptData): void {
  const part = section(doc);
  doc.moveDown(1).fillColor(COLORS.muted);
  paragraph(
    doc,
    part,
    typeset(
      `Document établi par Recours le ${formatLongDateTime(data.generatedAt)}. Son empreinte SHA-256 est affichée sur la page du dossier : elle permet de vérifier qu'une copie de ce document est conforme.`,
    ),
    { width: 495 },
  );
  doc.fillColor(COLORS.text);
  part.end();
}

/** The filing receipt: the case, its payments and evidence (with their SHA-256), what comes next, the safety notice. */
export function renderFilingReceipt(data: FilingReceiptData): Promise<Buffer> {
  const doc = newPdf(`${FILING_RECEIPT_TITLE} ${data.caseNumber}`, "Accusé de dépôt d'un dossier sur Recours");
  summary(doc, data);
  paymentsPart(doc, data.payments);
  evidencePart(doc, data.evidence);
  nextStepsPart(doc);
  colophon(doc, data);
  return finishPdf(doc, `${FILING_RECEIPT_TITLE} ${data.caseNumber}`);
}

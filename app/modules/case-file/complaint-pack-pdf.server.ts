import { firstStepsContent } from "~/content/pages/first-steps";
import type { Paragraph } from "~/content/types";
import { COUNTRIES } from "~/lib/countries";
import { typeset } from "~/lib/typography";
import { contactMethodLabel, evidenceTypeLabel, paymentMethodLabel, scamTypeLabel } from "~/modules/cases/cases.schema";
import { type EvidenceItem } from "./evidence.schema";
import { DOCUMENT_STATUS_LABELS, OVERDUE_LABEL, type DocumentRequestView } from "./document-requests.schema";
import { COLORS, finishPdf, heading, labelled, newPdf, paragraph, section, table, type Pdf } from "./pdf-document.server";
import type { IdentifierRow } from "./identifiers.server";
import { amountSummary, DECLARED_AMOUNT_LABEL, declaredText, DOCUMENTED_PAYMENTS_LABEL, documentedText } from "./case-file-format";
import { beneficiaryText, formatMoney, identifierKindLabel, identifierText, paymentCells, totalsByCurrency } from "./pack-format";
import type { PaymentRow } from "./payments.server";
import { formatDate, formatSize, formatDateTime } from "~/lib/format";

/** What the PDFs need of a payment (the payments module's rows). Dates "yyyy-MM-dd", amounts decimal strings. */
export type PackPayment = Pick<PaymentRow, "paidOn" | "amount" | "currency" | "method" | "beneficiaryKind" | "beneficiary" | "walletNetwork" | "payerBank" | "note">;

export type PackIdentifier = Pick<IdentifierRow, "kind" | "value">;

export interface PackVictim {
  firstName: string;
  lastName: string;
  birthDate: string | null;
  email: string;
  phone: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}

export interface PackFacts {
  scamType: string | null;
  contactMethod: string | null;
  contactMethodDetails: string | null;
  firstContactDate: string | null;
  contactedBank: boolean;
  bankContactDetails: string | null;
  filedComplaint: boolean;
  complaintStatus: string | null;
  complaintReference: string | null;
  description: string | null;
  /** The amount the victim declared (decimal string), kept apart from the documented payments. */
  declaredAmount: string | null;
}

export interface PackData {
  caseNumber: string;
  generatedAt: Date;
  victim: PackVictim;
  lawyer: { firstName: string; lastName: string; barName: string | null } | null;
  facts: PackFacts;
  payments: PackPayment[];
  identifiers: PackIdentifier[];
  evidence: EvidenceItem[];
  /** The documents the lawyer asked for and where each stands (decision 85). */
  documentRequests?: DocumentRequestView[];
}

function plainText(text: Paragraph): string {
  return typeof text === "string" ? text : text.map((piece) => (typeof piece === "string" ? piece : piece.text)).join("");
}


export function countryName(value: string | null): string {
  return COUNTRIES.find((country) => country.value === value)?.label ?? value ?? "";
}

export function postalAddress(victim: PackVictim): string {
  return [victim.address, [victim.postalCode, victim.city].filter(Boolean).join(" "), countryName(victim.country)].filter(Boolean).join(", ");
}

function cover(doc: Pdf, data: PackData): void {
  const part = section(doc);
  doc.moveDown(4);
  heading(doc, part, 1, "Dossier de plainte");
  paragraph(doc, part, typeset(`Escroquerie\u202f: ${scamTypeLabel(data.facts.scamType)}`), { lineGap: 2 });
  doc.moveDown(1);
  labelled(doc, part, "Numéro de dossier", data.caseNumber);
  labelled(doc, part, "Généré le", formatDateTime(data.generatedAt));
  const amounts = amountSummary(data.facts.declaredAmount, totalsByCurrency(data.payments));
  labelled(doc, part, DECLARED_AMOUNT_LABEL, declaredText(amounts));
  labelled(doc, part, DOCUMENTED_PAYMENTS_LABEL, documentedText(amounts));
  heading(doc, part, 2, "La victime");
  labelled(doc, part, "Nom", `${data.victim.lastName.toUpperCase()} ${data.victim.firstName}`);
  if (data.victim.birthDate) labelled(doc, part, "Née ou né le", formatDate(data.victim.birthDate));
  const address = postalAddress(data.victim);
  if (address) labelled(doc, part, "Adresse", address);
  labelled(doc, part, "E-mail", data.victim.email);
  if (data.victim.phone) labelled(doc, part, "Téléphone", data.victim.phone);
  if (data.lawyer) {
    heading(doc, part, 2, "Avocat");
    labelled(doc, part, "Nom", `Maître ${data.lawyer.firstName} ${data.lawyer.lastName}`);
    if (data.lawyer.barName) labelled(doc, part, "Barreau", data.lawyer.barName);
  }
  heading(doc, part, 2, "Contenu");
  doc.list(["Chronologie des faits", "Paiements et totaux", "Identifiants de l'escroc", "Index des preuves (empreintes SHA-256)", "Premiers réflexes\u202f: adresses utiles"], {
    structParent: part,
    bulletRadius: 2,
  } as PDFKit.Mixins.TextOptions);
  doc.moveDown(1);
  paragraph(
    doc,
    part,
    typeset(
      "Ce document est établi à partir des informations saisies par la victime sur Recours. Les empreintes SHA-256 permettent de vérifier que chaque preuve remise est identique au fichier envoyé.",
    ),
    { width: 495 },
  );
  part.end();
}

interface ChronologyEntry {
  date: string | null;
  text: string;
}

function chronology(data: PackData): ChronologyEntry[] {
  const entries: ChronologyEntry[] = [];
  const contact = [contactMethodLabel(data.facts.contactMethod), data.facts.contactMethodDetails].filter(Boolean).join(" — ");
  if (data.facts.firstContactDate) entries.push({ date: data.facts.firstContactDate, text: `Premier contact avec l'escroc${contact ? ` (${contact})` : ""}` });
  const payments = [...data.payments].sort((a, b) => a.paidOn.localeCompare(b.paidOn));
  for (const payment of payments) {
    entries.push({
      date: payment.paidOn,
      text: `Paiement de ${formatMoney(payment.amount, payment.currency)} par ${paymentMethodLabel(payment.method).toLowerCase()} à ${beneficiaryText(payment, true)}`,
    });
  }
  if (data.facts.contactedBank) {
    entries.push({ date: null, text: `Banque contactée${data.facts.bankContactDetails ? ` : ${data.facts.bankContactDetails}` : ""}` });
  }
  if (data.facts.filedComplaint) {
    const details = [data.facts.complaintStatus, data.facts.complaintReference ? `référence ${data.facts.complaintReference}` : null].filter(Boolean).join(", ");
    entries.push({ date: null, text: `Plainte déposée${details ? ` (${details})` : ""}` });
  }
  return entries;
}

function chronologySection(doc: Pdf, data: PackData): void {
  doc.addPage();
  const part = section(doc);
  heading(doc, part, 1, "Chronologie des faits");
  const entries = chronology(data);
  if (entries.length === 0) paragraph(doc, part, "Aucun fait daté n'a été saisi.");
  else {
    table(
      doc,
      part,
      [
        { header: "Date", width: 75 },
        { header: "Événement", width: 420 },
      ],
      entries.map((entry) => [entry.date ? formatDate(entry.date) : "Date non précisée", typeset(entry.text)]),
    );
  }
  if (data.facts.description) {
    heading(doc, part, 2, "Récit de la victime");
    paragraph(doc, part, data.facts.description, { width: 495 });
  }
  part.end();
}

function paymentsSection(doc: Pdf, data: PackData): void {
  const part = section(doc);
  heading(doc, part, 1, "Paiements");
  if (data.payments.length === 0) {
    paragraph(doc, part, "Aucun paiement n'a été saisi.");
    part.end();
    return;
  }
  const payments = [...data.payments].sort((a, b) => a.paidOn.localeCompare(b.paidOn));
  table(
    doc,
    part,
    [
      { header: "Date", width: 58 },
      { header: "Montant", width: 78, align: "right" },
      { header: "Moyen", width: 72 },
      { header: "Bénéficiaire", width: 207 },
      { header: "Banque débitée", width: 80 },
    ],
    payments.map((payment) => [
      ...paymentCells(payment),
      payment.payerBank ?? "—",
    ]),
  );
  heading(doc, part, 2, "Totaux");
  table(
    doc,
    part,
    [
      { header: "Devise", width: 120 },
      { header: "Nombre de paiements", width: 140, align: "right" },
      { header: "Total", width: 140, align: "right" },
    ],
    totalsByCurrency(payments).map((total) => [total.currency, String(total.count), formatMoney(total.amount, total.currency)]),
  );
  part.end();
}

function identifiersSection(doc: Pdf, data: PackData): void {
  const part = section(doc);
  heading(doc, part, 1, "Identifiants de l'escroc");
  if (data.identifiers.length === 0) paragraph(doc, part, "Aucun identifiant n'a été saisi.");
  else {
    table(
      doc,
      part,
      [
        { header: "Type", width: 150 },
        { header: "Valeur", width: 345 },
      ],
      data.identifiers.map((identifier) => [identifierKindLabel(identifier.kind), identifierText(identifier)]),
    );
  }
  part.end();
}

function evidenceSection(doc: Pdf, data: PackData): void {
  const part = section(doc);
  heading(doc, part, 1, "Index des preuves");
  if (data.evidence.length === 0) {
    paragraph(doc, part, "Aucune preuve n'a été déposée sur le dossier.");
    part.end();
    return;
  }
  paragraph(doc, part, typeset("Chaque preuve est suivie de l'empreinte SHA-256 du fichier tel que la victime l'a envoyé."), { width: 495 });
  doc.moveDown(0.5);
  evidenceIndexTable(doc, part, data.evidence);
  part.end();
}

/** The evidence files, each followed by the SHA-256 of the file as sent (the complaint pack, the filing receipt). */
export function evidenceIndexTable(doc: Pdf, part: PDFKit.PDFStructureElement, evidence: readonly EvidenceItem[]): void {
  const rows = evidence.flatMap((item, index) => [
    [String(index + 1), `${item.fileName}\n${item.description}`, evidenceTypeLabel(item.category), formatDate(item.uploadedAt), formatSize(item.sizeBytes)],
    ["", { text: `SHA-256\u202f: ${item.sha256}`, colSpan: 4, font: "mono" as const, size: 8 }],
  ]);
  table(
    doc,
    part,
    [
      { header: "N°", width: 30 },
      { header: "Fichier et description", width: 215 },
      { header: "Catégorie", width: 130 },
      { header: "Déposé le", width: 65 },
      { header: "Taille", width: 55, align: "right" },
    ],
    rows,
  );
}

/** Where a requested document stands, its files named by their number in the evidence index. */
function documentRequestState(item: DocumentRequestView, evidence: EvidenceItem[]): string {
  const numbers = item.files.map((file) => evidence.findIndex((entry) => entry.id === file.id) + 1).filter((number) => number > 0);
  const state = item.overdue ? `${DOCUMENT_STATUS_LABELS[item.status]} — ${OVERDUE_LABEL.toLowerCase()}` : DOCUMENT_STATUS_LABELS[item.status];
  const files = numbers.length ? ` (preuve${numbers.length > 1 ? "s" : ""} n° ${numbers.join(", ")})` : "";
  return typeset(`${state}${files}${item.unavailableReason ? ` : ${item.unavailableReason}` : ""}`);
}

function documentRequestsSection(doc: Pdf, data: PackData): void {
  const items = data.documentRequests ?? [];
  if (items.length === 0) return;
  const part = section(doc);
  heading(doc, part, 1, "Documents demandés par l'avocat");
  table(
    doc,
    part,
    [
      { header: "Document", width: 170 },
      { header: "À fournir le", width: 75 },
      { header: "Demandé le", width: 75 },
      { header: "État", width: 175 },
    ],
    items.map((item) => [item.label, item.dueOn ? formatDate(item.dueOn) : "—", formatDate(item.requestedAt), documentRequestState(item, data.evidence)]),
  );
  part.end();
}

function firstStepsSection(doc: Pdf): void {
  const part = section(doc);
  heading(doc, part, 1, "Premiers réflexes\u202f: adresses utiles");
  for (const step of firstStepsContent.steps.items) {
    if (!step.contacts?.length) continue;
    heading(doc, part, 3, step.title);
    for (const contact of step.contacts) {
      paragraph(doc, part, typeset(`${contact.label}${contact.note ? ` (${contact.note})` : ""}`), { width: 495 });
      if (contact.href.startsWith("https://")) paragraph(doc, part, contact.href, { width: 495, indent: 12 });
    }
  }
  doc.moveDown(0.5);
  doc.fillColor(COLORS.muted);
  paragraph(doc, part, typeset(plainText(firstStepsContent.outsideFranceNote)), { width: 495 });
  doc.fillColor(COLORS.text);
  part.end();
}

/** The complaint pack: cover, chronology, payments and totals, identifiers, evidence index, documents requested, useful addresses. */
export function renderComplaintPack(data: PackData): Promise<Buffer> {
  const doc = newPdf(`Dossier de plainte ${data.caseNumber}`, "Dossier de plainte établi avec Recours");
  cover(doc, data);
  chronologySection(doc, data);
  paymentsSection(doc, data);
  identifiersSection(doc, data);
  evidenceSection(doc, data);
  documentRequestsSection(doc, data);
  firstStepsSection(doc);
  return finishPdf(doc, `Dossier ${data.caseNumber}`);
}

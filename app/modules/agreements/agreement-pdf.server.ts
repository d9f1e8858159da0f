import { amountHtTtc, BASE_FEE_DUE_TEXT, formatPercentBp, percentHtTtc, type FeeBaseDue } from "~/lib/fees";
import { formatDateTime } from "~/lib/format";
import { typeset } from "~/lib/typography";
import { finishPdf, heading, labelled, newPdf, paragraph, section } from "~/modules/case-file/pdf-document.server";
import type { TemplatePlaceholder, TemplateSection } from "./agreements.schema";
import { fillPlaceholders } from "./templates.schema";

export interface AgreementParty {
  fullName: string;
  email: string;
  /** Postal address, one line. */
  address: string;
  /** Client: "Identité vérifiée par Recours le …"; lawyer: "Avocat au Barreau de …, n° …". */
  reference: string;
}

export interface AgreementDocumentInput {
  caseNumber: string;
  revision: number;
  templateTitle: string;
  templateVersion: number;
  sections: TemplateSection[];
  client: AgreementParty;
  lawyer: AgreementParty & { barName: string; barNumber: string };
  operator: { name: string; email: string };
  baseFeeCents: number;
  baseFeeDue: FeeBaseDue;
  resultPercentBp: number;
  vatRateBp: number;
  foreseenCosts: string;
  proposedAt: Date;
}

/** When the base fee is payable, as the agreement's clause says it. */
function baseFeeDueClause(due: FeeBaseDue): string {
  const when = `payables ${BASE_FEE_DUE_TEXT[due]}`;
  return due === "fin-de-dossier" ? `${when}, quel qu'en soit le résultat\u202f; rien n'est demandé à l'avance` : when;
}

/** The value of each placeholder a template may use, for this proposal. */
export function placeholderValues(input: AgreementDocumentInput): Record<TemplatePlaceholder, string> {
  return {
    numero_dossier: input.caseNumber,
    client: input.client.fullName,
    avocat: input.lawyer.fullName,
    barreau: `${input.lawyer.barName}, n°\u00a0${input.lawyer.barNumber}`,
    email_avocat: input.lawyer.email,
    operateur: input.operator.name,
    email_operateur: input.operator.email,
    honoraires_diligence: amountHtTtc(input.baseFeeCents, input.vatRateBp),
    echeance_diligence: baseFeeDueClause(input.baseFeeDue),
    pourcentage_resultat: percentHtTtc(input.resultPercentBp, input.vatRateBp),
    frais_prevus: input.foreseenCosts.trim() || "aucun frais ni débours n'est prévu à ce jour",
    tva: formatPercentBp(input.vatRateBp),
  };
}

/**
 * The agreement as both parties read and sign it: a tagged PDF (pdfkit, like the case file's), the parties from their
 * verified profiles, the case-specific fees, then the template's sections in order.
 */
export async function renderAgreementPdf(input: AgreementDocumentInput): Promise<Buffer> {
  const title = `Convention d'honoraires — dossier ${input.caseNumber}`;
  const doc = newPdf(title, "Convention d'honoraires entre le client et son avocat (loi n° 71-1130 du 31 décembre 1971, art. 10)");
  const values = placeholderValues(input);

  const cover = section(doc);
  heading(doc, cover, 1, "Convention d'honoraires");
  paragraph(doc, cover, typeset(`${input.templateTitle} — modèle version ${input.templateVersion}`));
  doc.moveDown(0.5);
  labelled(doc, cover, "Dossier", input.caseNumber);
  labelled(doc, cover, "Version de la proposition", String(input.revision));
  labelled(doc, cover, "Proposée le", formatDateTime(input.proposedAt));

  const parties = section(doc);
  heading(doc, parties, 2, "Entre les soussignés");
  heading(doc, parties, 3, "Le client");
  labelled(doc, parties, "Nom", input.client.fullName);
  labelled(doc, parties, "Adresse", input.client.address);
  labelled(doc, parties, "E-mail", input.client.email);
  labelled(doc, parties, "Identification", input.client.reference);
  heading(doc, parties, 3, "L'avocat");
  labelled(doc, parties, "Nom", input.lawyer.fullName);
  labelled(doc, parties, "Barreau", `${input.lawyer.barName}, n°\u00a0${input.lawyer.barNumber}`);
  labelled(doc, parties, "Adresse", input.lawyer.address);
  labelled(doc, parties, "E-mail", input.lawyer.email);

  const fees = section(doc);
  heading(doc, fees, 2, "Les honoraires convenus pour ce dossier");
  labelled(doc, fees, "Honoraires de diligence (travail accompli)", typeset(`${values.honoraires_diligence}, ${values.echeance_diligence}`));
  labelled(doc, fees, "Honoraire complémentaire de résultat", typeset(`${values.pourcentage_resultat} des sommes effectivement récupérées`));
  labelled(doc, fees, "Frais et débours prévus", typeset(values.frais_prevus));
  labelled(doc, fees, "TVA", values.tva);

  for (const item of input.sections) {
    const part = section(doc);
    heading(doc, part, 2, typeset(fillPlaceholders(item.title, values)));
    for (const block of fillPlaceholders(item.body, values).split(/\n{2,}/)) {
      const text = block.trim();
      if (text) paragraph(doc, part, typeset(text), { lineGap: 1.5 });
      doc.moveDown(0.4);
    }
  }

  const signatures = section(doc);
  heading(doc, signatures, 2, "Signatures");
  paragraph(
    doc,
    signatures,
    typeset(
      "Le client signe en ligne sur Recours (mot de passe et code à usage unique envoyé par e-mail), puis l'avocat contre-signe (code de son application d'authentification). La page de preuve ajoutée à la fin du document signé, puis scellé, indique pour chacun l'heure, la méthode et l'empreinte SHA-256 de ce document.",
    ),
  );
  return finishPdf(doc, `Convention d'honoraires ${input.caseNumber} v${input.revision}`);
}

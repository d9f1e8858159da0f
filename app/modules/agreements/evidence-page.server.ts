import { finishPdf, heading, labelled, newPdf, paragraph, section } from "~/modules/case-file/pdf-document.server";
import type { AgreementEvidence, SignerEvidence } from "./evidence";

export const EVIDENCE_PAGE_TITLE = "Page de preuve de signature électronique";
export const DEMO_CERTIFICATE_LINE =
  "Certificat de démonstration\u202f: ce scellement n'est pas fait par un certificat reconnu. Il montre que le fichier n'a pas changé depuis, " +
  "mais n'atteste pas l'identité de l'éditeur de la plateforme.";

const parisParts = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "27/11/2026 à 10:42:07 (heure de Paris) — 2026-11-27T09:42:07Z". */
export function parisAndUtc(instant: string | Date): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) throw new Error(`Date invalide dans les preuves de signature : ${String(instant)}`);
  const part = Object.fromEntries(parisParts.formatToParts(date).map(({ type, value }) => [type, value]));
  const utc = date.toISOString().replace(/\.\d{3}Z$/, "Z");
  return `${part.day}/${part.month}/${part.year} à ${part.hour}:${part.minute}:${part.second} (heure de Paris) — ${utc}`;
}

export interface SealFacts {
  /** The certificate's subject, as shown to a reader. */
  certificateSubject: string;
  demoCertificate: boolean;
  sealedAt: Date;
  /** Pages of the document signed (the evidence page follows them). */
  signedPageCount: number;
  /** The RFC 3161 authority asked for a timestamp, if any. */
  timestampAuthority?: string;
}

const ROLE_LABELS: Record<SignerEvidence["role"], string> = { client: "Client", lawyer: "Avocat" };

/** The evidence page (possibly more than one page, for long user agents), as a tagged PDF of its own. */
export async function renderEvidencePage(evidence: AgreementEvidence, facts: SealFacts): Promise<Buffer> {
  const doc = newPdf(EVIDENCE_PAGE_TITLE, `Convention ${evidence.agreementId}, dossier ${evidence.caseNumber}`);
  const intro = section(doc);
  heading(doc, intro, 1, EVIDENCE_PAGE_TITLE);
  paragraph(
    doc,
    intro,
    "Cette page, ajoutée par Recours après la dernière signature, indique pour chaque signataire comment il a été identifié et " +
      "authentifié, d'où et quand il a signé, et quel document il a signé (Code civil, articles 1366 et 1367).",
  );

  const document = section(doc);
  heading(doc, document, 2, "Document signé");
  labelled(doc, document, "Modèle", `${evidence.templateTitle}, version ${evidence.templateVersion}`);
  labelled(doc, document, "Référence de la convention", evidence.agreementId);
  labelled(doc, document, "Dossier", evidence.caseNumber);
  labelled(doc, document, "Proposée le", parisAndUtc(evidence.proposedAt));
  labelled(doc, document, "Pages signées", facts.signedPageCount === 1 ? "page 1 de ce fichier" : `pages 1 à ${facts.signedPageCount} de ce fichier`);
  labelled(doc, document, "Empreinte SHA-256 du document signé", evidence.documentSha256);

  for (const signer of evidence.signers) {
    const part = section(doc);
    heading(doc, part, 2, `${ROLE_LABELS[signer.role]}\u202f: ${signer.fullName}`);
    labelled(doc, part, "Identité", signer.identityReference);
    labelled(doc, part, "Adresse e-mail", signer.email);
    labelled(doc, part, "Adresse IP", signer.ipAddress);
    labelled(doc, part, "Navigateur (user agent)", signer.userAgent);
    labelled(doc, part, "Méthode d'authentification", signer.method);
    labelled(doc, part, "Consentement", parisAndUtc(signer.consentedAt));
    labelled(doc, part, "Signature", parisAndUtc(signer.signedAt));
    if (signer.earlyStartRequested !== undefined) {
      labelled(
        doc,
        part,
        "Exécution avant la fin du délai de rétractation",
        signer.earlyStartRequested
          ? "demandée expressément par le client (Code de la consommation, article L221-25)"
          : "non demandée\u202f: le travail commence après le délai de rétractation de 14 jours",
      );
    }
  }

  const seal = section(doc);
  heading(doc, seal, 2, "Scellement");
  paragraph(
    doc,
    seal,
    `Après l'ajout de cette page, le fichier entier est scellé le ${parisAndUtc(facts.sealedAt)} par une signature électronique ` +
      `PAdES de la plateforme (certificat ${facts.certificateSubject}). Le document signé y est conservé à l'identique, octet pour octet, ` +
      "avant cette page. Toute modification ultérieure du fichier, même d'un seul octet, rend le scellement invalide dans un lecteur PDF " +
      "qui vérifie les signatures.",
  );
  if (facts.timestampAuthority) {
    paragraph(doc, seal, `Horodatage\u202f: jeton RFC 3161 demandé à ${facts.timestampAuthority}.`);
  }
  if (facts.demoCertificate) {
    doc.moveDown(0.5);
    doc.font("bold");
    paragraph(doc, seal, DEMO_CERTIFICATE_LINE);
    doc.font("regular");
  }
  return finishPdf(doc, `Preuve de signature — convention ${evidence.agreementId}`);
}

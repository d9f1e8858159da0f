// Runs inside a seal worker thread (seal-worker.mjs), never on the server's main thread; tests call it directly too.
import { HttpTimestampAuthority, P12Signer, PDF } from "@libpdf/core";
import type { AgreementEvidence } from "./evidence";
import { renderEvidencePage } from "./evidence-page.server";

export interface SealTask {
  pdf: Uint8Array;
  evidence: AgreementEvidence;
  p12: Uint8Array;
  password: string;
  certificateSubject: string;
  demoCertificate: boolean;
  /** ISO instant: the signing time claimed in the signature and shown on the evidence page. */
  sealedAt: string;
  timestampAuthorityUrl?: string;
}

export type SealOutcome = { ok: true; sealed: Uint8Array } | { ok: false; message: string };

/**
 * The document signed, unchanged, then the evidence page as an incremental update (so the signed bytes stay the
 * file's prefix and their SHA-256 can be checked again), then the PAdES signature of the whole file.
 */
export async function sealPdf(task: SealTask): Promise<Uint8Array> {
  const sealedAt = new Date(task.sealedAt);
  const document = await PDF.load(task.pdf);
  const signedPageCount = document.getPageCount();
  const page = await renderEvidencePage(task.evidence, {
    certificateSubject: task.certificateSubject,
    demoCertificate: task.demoCertificate,
    sealedAt,
    signedPageCount,
    timestampAuthority: task.timestampAuthorityUrl ? new URL(task.timestampAuthorityUrl).host : undefined,
  });
  const evidencePdf = await PDF.load(new Uint8Array(page));
  const copied = await document.copyPagesFrom(evidencePdf, [...Array(evidencePdf.getPageCount()).keys()]);
  // The copied pages' marked content points into the evidence PDF's structure tree, which is not copied.
  for (const copiedPage of copied) copiedPage.dict.delete("StructParents");
  const withEvidence = await document.save({ incremental: true });

  const withPage = await PDF.load(withEvidence);
  const signer = await P12Signer.create(task.p12, task.password);
  const timestampAuthority = task.timestampAuthorityUrl ? new HttpTimestampAuthority(task.timestampAuthorityUrl, { timeout: 20_000 }) : undefined;
  const { bytes } = await withPage.sign({
    signer,
    reason: `Scellement de la convention ${task.evidence.agreementId} (dossier ${task.evidence.caseNumber}) après sa signature`,
    location: "Recours",
    signingTime: sealedAt,
    subFilter: "ETSI.CAdES.detached",
    level: timestampAuthority ? "B-T" : "B-B",
    timestampAuthority,
    fieldName: "Scellement Recours",
  });
  return bytes;
}

/** The worker's task: errors come back as a message (their class is lost between threads anyway). */
export async function runSealTask(task: SealTask): Promise<SealOutcome> {
  try {
    return { ok: true, sealed: await sealPdf(task) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

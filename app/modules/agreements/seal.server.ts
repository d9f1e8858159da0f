import { createHash } from "node:crypto";
import { env } from "~/platform/env.server";
import type { AgreementEvidence } from "./evidence";
import { sealCertificate, type SealCertificateSettings } from "./seal-certificate.server";
import { SealError, sealPool, type SealPool } from "./seal-pool.server";

export { SealError } from "./seal-pool.server";

/** SHA-256 of the bytes, lowercase hex. */
export function sealSha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
export { sealSha256Hex as sha256Hex };

export interface SealOptions {
  /** Defaults to the process's environment. */
  settings?: SealCertificateSettings & { SIGNATURE_TSA_URL?: string };
  /** Defaults to the process's seal pool. */
  pool?: SealPool;
  now?: Date;
}

/**
 * Appends the evidence page to the PDF both parties signed, then seals the whole file with a PAdES signature by the
 * platform's certificate (issue 30, item 4; decision 0078). Runs in a worker thread; call it from a job. The PDF must
 * be the one whose SHA-256 the evidence states: anything else is refused. `demoCertificate`: the seal uses the
 * self-signed demonstration certificate (the evidence page says so).
 */
export async function sealAgreementPdf(
  input: { pdf: Uint8Array; evidence: AgreementEvidence },
  options: SealOptions = {},
): Promise<{ sealed: Uint8Array; demoCertificate: boolean }> {
  const settings = options.settings ?? env();
  const actual = sealSha256Hex(input.pdf);
  if (actual !== input.evidence.documentSha256.toLowerCase()) {
    throw new SealError(`Le PDF à sceller n'est pas le document signé (SHA-256 ${actual}, attendu ${input.evidence.documentSha256})`);
  }
  const certificate = await sealCertificate(settings);
  const sealed = await (options.pool ?? sealPool()).seal({
    pdf: input.pdf,
    evidence: input.evidence,
    p12: certificate.p12,
    password: certificate.password,
    certificateSubject: certificate.subject,
    demoCertificate: certificate.demo,
    sealedAt: (options.now ?? new Date()).toISOString(),
    timestampAuthorityUrl: settings.SIGNATURE_TSA_URL,
  });
  return { sealed, demoCertificate: certificate.demo };
}

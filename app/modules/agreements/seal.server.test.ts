import { spawnSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import forge from "node-forge";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { finishPdf, heading, newPdf, paragraph, section } from "~/modules/case-file/pdf-document.server";
import { logger } from "~/platform/logger.server";
import type { AgreementEvidence } from "./evidence";
import { DEMO_CERTIFICATE_LINE, parisAndUtc } from "./evidence-page.server";
import {
  DEMO_CERTIFICATE_FILE,
  generateSealCertificate,
  loadSealCertificate,
  prepareSealCertificate,
  writeOnce,
  type SealCertificateSettings,
} from "./seal-certificate.server";
import { createSealPool, SealError, type SealPool } from "./seal-pool.server";
import { sealAgreementPdf, sha256Hex } from "./seal.server";

const hangingWorker = path.resolve(import.meta.dirname, "../../../tests/support/hanging-seal-worker.mjs");

let dataDir: string;
let pool: SealPool;
let signed: Uint8Array;

function settings(more: Partial<SealCertificateSettings> = {}): SealCertificateSettings {
  return { DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", OPERATOR_NAME: "Recours SAS", ...more };
}

function evidence(document: Uint8Array): AgreementEvidence {
  return {
    agreementId: "0b6c3c1e-5d0a-4f4e-9a51-2f0e4b8f7a10",
    caseNumber: "REC-2026-00042",
    templateTitle: "Convention d'honoraires — recouvrement",
    templateVersion: 3,
    documentSha256: sha256Hex(document),
    proposedAt: "2026-11-25T14:03:00.000Z",
    signers: [
      {
        role: "client",
        fullName: "Jeanne Martin",
        identityReference: "Identité vérifiée par Recours le 12/03/2026 (pièce d'identité et justificatif de domicile)",
        email: "jeanne.martin@example.org",
        ipAddress: "203.0.113.7",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0",
        method: "Mot de passe et code à usage unique envoyé par e-mail",
        consentedAt: "2026-11-27T09:41:30.000Z",
        signedAt: "2026-11-27T09:42:07.000Z",
        earlyStartRequested: true,
      },
      {
        role: "lawyer",
        fullName: "Maître Paul Durand",
        identityReference: "Avocat au barreau de Lyon, n° 12345",
        email: "paul.durand@example.org",
        ipAddress: "2001:db8::1",
        userAgent: "Mozilla/5.0 (Macintosh) Safari/18.1",
        method: "Code à usage unique de l'application d'authentification (TOTP)",
        consentedAt: "2026-11-27T10:05:00.000Z",
        signedAt: "2026-11-27T10:05:12.000Z",
      },
    ],
  };
}

function poppler(tool: "pdfsig" | "pdftotext", bytes: Uint8Array, ...args: string[]): string {
  const file = path.join(dataDir, `${tool}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync(tool, tool === "pdftotext" ? [...args, file, "-"] : [...args, file], { encoding: "utf8" });
  rmSync(file);
  if (run.error) throw run.error;
  return `${run.stdout}${run.stderr}`;
}

/** Whitespace (no-break spaces included: pdftotext reads U+202F as a space) collapsed to single spaces. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** A local RFC 3161 authority: `openssl ts -reply` behind a tiny HTTP server, with its own certificate. */
async function startTimestampAuthority() {
  const folder = mkdtempSync(path.join(dataDir, "tsa-"));
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs8", format: "pem" }).toString()) as forge.pki.rsa.PrivateKey;
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  certificate.serialNumber = "01";
  certificate.validity.notBefore = new Date(Date.now() - 86_400_000);
  certificate.validity.notAfter = new Date(Date.now() + 86_400_000);
  const names = [{ shortName: "CN", value: "Horodatage de test" }];
  certificate.setSubject(names);
  certificate.setIssuer(names);
  certificate.setExtensions([{ name: "extKeyUsage", critical: true, timeStamping: true }]);
  certificate.sign(key, forge.md.sha256.create());
  writeFileSync(path.join(folder, "key.pem"), forge.pki.privateKeyToPem(key));
  writeFileSync(path.join(folder, "cert.pem"), forge.pki.certificateToPem(certificate));
  writeFileSync(path.join(folder, "serial"), "01\n");
  writeFileSync(
    path.join(folder, "tsa.cnf"),
    ["[ tsa ]", "default_tsa = main", "[ main ]", `serial = ${path.join(folder, "serial")}`, "signer_digest = sha256", "default_policy = 1.2.3.4.1", "digests = sha256", "ess_cert_id_alg = sha256", ""].join("\n"),
  );
  let requests = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests += 1;
      const query = path.join(folder, `query-${requests}.tsq`);
      writeFileSync(query, Buffer.concat(chunks));
      const reply = spawnSync("openssl", ["ts", "-reply", "-config", path.join(folder, "tsa.cnf"), "-queryfile", query, "-inkey", path.join(folder, "key.pem"), "-signer", path.join(folder, "cert.pem")]);
      response.writeHead(reply.status === 0 ? 200 : 500, { "content-type": "application/timestamp-reply" }).end(reply.stdout);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/tsr`, requests: () => requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "recours-seal-"));
  pool = createSealPool({ timeoutMs: 30_000 });
  const doc = newPdf("Convention d'honoraires", "Convention");
  const part = section(doc);
  heading(doc, part, 1, "Convention d'honoraires");
  paragraph(doc, part, "Entre Jeanne Martin et Maître Paul Durand. Honoraire de diligence\u202f: 900\u202f€ HT.");
  signed = new Uint8Array(await finishPdf(doc, "Convention d'honoraires"));
});

afterAll(async () => {
  await pool.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("sealAgreementPdf", () => {
  it("appends the evidence page and seals the whole file: pdfsig accepts it, one byte changed and it does not", async () => {
    const started = performance.now();
    const { sealed, demoCertificate } = await sealAgreementPdf({ pdf: signed, evidence: evidence(signed) }, { settings: settings(), pool });
    const elapsed = performance.now() - started;
    expect(demoCertificate).toBe(true);
    // The document signed is kept byte for byte at the start of the file.
    expect(Buffer.from(sealed.subarray(0, signed.length)).equals(Buffer.from(signed))).toBe(true);

    const report = poppler("pdfsig", sealed);
    expect(report).toContain("Signature is Valid");
    expect(report).toContain("Total document signed");
    expect(report).toContain("ETSI.CAdES.detached");
    expect(report).toContain("Recours — certificat de démonstration");
    expect(report).not.toMatch(/not signed|Invalid|Mismatch/i);

    // One byte inside the signed range: the first range starts at 0 and holds the document signed.
    const tampered = new Uint8Array(sealed);
    const middle = Math.floor(signed.length / 2);
    tampered[middle] = tampered[middle]! ^ 0x01;
    const tamperedReport = poppler("pdfsig", tampered);
    expect(tamperedReport).not.toContain("Signature is Valid");
    expect(tamperedReport).toMatch(/Digest Mismatch|Signature is Invalid/);

    const text = flat(poppler("pdftotext", sealed, "-enc", "UTF-8"));
    expect(text).toContain("Page de preuve de signature électronique");
    expect(text).toContain(flat("Client\u202f: Jeanne Martin"));
    expect(text).toContain(flat("Avocat\u202f: Maître Paul Durand"));
    expect(text).toContain("203.0.113.7");
    expect(text).toContain("2001:db8::1");
    expect(text).toContain("Firefox/133.0");
    expect(text).toContain("Code à usage unique de l'application d'authentification (TOTP)");
    expect(text).toContain("27/11/2026 à 10:42:07 (heure de Paris) — 2026-11-27T09:42:07Z");
    expect(text).toContain("demandée expressément par le client");
    expect(text).toContain("Convention d'honoraires — recouvrement, version 3");
    expect(text).toContain(evidence(signed).documentSha256);
    expect(text).toContain("REC-2026-00042");
    expect(text).toContain(flat(DEMO_CERTIFICATE_LINE));
    console.info(`un scellement : ${Math.round(elapsed)} ms`);
  });

  it("with the operator's certificate from SIGNING_CERTIFICATE_P12 (base64 or a path): no demonstration line", async () => {
    const p12 = generateSealCertificate({ commonName: "Cachet Recours SAS", organization: "Recours SAS" }, "mot de passe", 1);
    const p12File = path.join(dataDir, "cachet.p12");
    writeFileSync(p12File, p12);
    for (const value of [Buffer.from(p12).toString("base64"), p12File]) {
      const { sealed, demoCertificate } = await sealAgreementPdf(
        { pdf: signed, evidence: evidence(signed) },
        { settings: settings({ SIGNING_CERTIFICATE_P12: value, SIGNING_CERTIFICATE_PASSWORD: "mot de passe" }), pool },
      );
      expect(demoCertificate).toBe(false);
      const report = poppler("pdfsig", sealed);
      expect(report).toContain("Signer Certificate Common Name: Cachet Recours SAS");
      expect(report).toContain("Signature is Valid");
      expect(report).toContain("Total document signed");
      const text = flat(poppler("pdftotext", sealed, "-enc", "UTF-8"));
      expect(text).toContain("Page de preuve de signature électronique");
      expect(text).not.toContain("Certificat de démonstration");
    }
    await expect(loadSealCertificate(settings({ SIGNING_CERTIFICATE_P12: p12File, SIGNING_CERTIFICATE_PASSWORD: "faux" }))).rejects.toThrow(
      /ne s'ouvre pas avec SIGNING_CERTIFICATE_PASSWORD/,
    );
  });

  it("refuses a PDF other than the one the evidence names", async () => {
    const other = new Uint8Array(signed);
    other[other.length - 2] = other[other.length - 2]! ^ 0x01;
    await expect(sealAgreementPdf({ pdf: other, evidence: evidence(signed) }, { settings: settings(), pool })).rejects.toThrow(SealError);
  });

  it.skipIf(spawnSync("openssl", ["version"]).status !== 0)("with SIGNATURE_TSA_URL: an RFC 3161 timestamp in the seal (PAdES B-T)", async () => {
    const tsa = await startTimestampAuthority();
    try {
      const { sealed } = await sealAgreementPdf({ pdf: signed, evidence: evidence(signed) }, { settings: { ...settings(), SIGNATURE_TSA_URL: tsa.url }, pool });
      expect(tsa.requests()).toBe(1);
      const report = poppler("pdfsig", sealed);
      expect(report).toContain("Signature is Valid");
      expect(report).toContain("Total document signed");
      // The CMS carries an unsigned attribute id-aa-signatureTimeStampToken (1.2.840.113549.1.9.16.2.14) from that authority.
      const contents = [...Buffer.from(sealed).toString("latin1").matchAll(/\/Contents\s*<([0-9A-Fa-f]+)>/g)].at(-1)![1]!;
      const cms = Buffer.from(contents, "hex");
      expect(cms.includes(Buffer.from("060b2a864886f70d010910020e", "hex"))).toBe(true);
      expect(cms.includes(Buffer.from("Horodatage de test"))).toBe(true);
      expect(flat(poppler("pdftotext", sealed, "-enc", "UTF-8"))).toContain(flat(`Horodatage\u202f: jeton RFC 3161 demandé à ${new URL(tsa.url).host}`));
    } finally {
      await tsa.close();
    }
  });

  it("a timestamp authority that cannot be reached: the seal fails (the job tries again), nothing half-sealed comes back", async () => {
    await expect(
      sealAgreementPdf({ pdf: signed, evidence: evidence(signed) }, { settings: { ...settings(), SIGNATURE_TSA_URL: "http://127.0.0.1:9/tsr" }, pool }),
    ).rejects.toThrow(/Scellement impossible/);
  });

  it("a worker that hangs is stopped by the time limit", async () => {
    const hanging = createSealPool({ timeoutMs: 500 }, hangingWorker);
    try {
      const started = performance.now();
      await expect(sealAgreementPdf({ pdf: signed, evidence: evidence(signed) }, { settings: settings(), pool: hanging })).rejects.toThrow(
        /Scellement interrompu après 500 ms/,
      );
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await hanging.close();
    }
  });
});

describe("the demonstration certificate", () => {
  it("is generated once into DATA_DIR (0600) and reused", async () => {
    const own = mkdtempSync(path.join(tmpdir(), "recours-seal-demo-"));
    try {
      const first = await loadSealCertificate(settings({ DATA_DIR: own }));
      const file = path.join(own, DEMO_CERTIFICATE_FILE);
      const written = readFileSync(file, "utf8");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const second = await loadSealCertificate(settings({ DATA_DIR: own }));
      expect(second.fingerprint).toBe(first.fingerprint);
      expect(readFileSync(file, "utf8")).toBe(written);
      expect(first).toMatchObject({ demo: true, source: file });
      expect(first.subject).toContain("CN=Recours — certificat de démonstration");
      expect(first.subject).toContain("O=Recours SAS");
      expect(first.validTo.getUTCFullYear()).toBeGreaterThanOrEqual(new Date().getUTCFullYear() + 9);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it("two processes creating it together: the first file wins whole, the second reads it and leaves no temporary file", () => {
    const own = mkdtempSync(path.join(tmpdir(), "recours-seal-race-"));
    try {
      const file = path.join(own, "nested", DEMO_CERTIFICATE_FILE);
      // The other process links its file while this one is still generating.
      const result = writeOnce(file, () => {
        writeFileSync(file, "le premier\n", { mode: 0o600 });
        return "le second\n";
      });
      expect(result).toBe("le premier\n");
      expect(readFileSync(file, "utf8")).toBe("le premier\n");
      expect(readdirSync(path.dirname(file))).toEqual([DEMO_CERTIFICATE_FILE]);
      expect(writeOnce(file, () => "jamais\n")).toBe("le premier\n");
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it("a production start keeps it, with a warning in French", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      await prepareSealCertificate(settings({ NODE_ENV: "production", PUBLIC_URL: "https://recours.example" }));
      expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("certificat de démonstration"));
      warn.mockClear();
      await prepareSealCertificate(settings());
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe("parisAndUtc", () => {
  it("shows Paris time (winter and summer) with the UTC instant", () => {
    expect(parisAndUtc("2026-11-27T09:42:07.123Z")).toBe("27/11/2026 à 10:42:07 (heure de Paris) — 2026-11-27T09:42:07Z");
    expect(parisAndUtc("2026-07-01T22:30:00Z")).toBe("02/07/2026 à 00:30:00 (heure de Paris) — 2026-07-01T22:30:00Z");
  });
});

import { createHash, generateKeyPairSync, randomBytes, X509Certificate } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { P12Signer } from "@libpdf/core";
import forge from "node-forge";
import { operatorIdentity } from "~/content/operator.server";
import type { Env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";

/**
 * The certificate that seals signed agreements (decision 0078): the operator's, from SIGNING_CERTIFICATE_P12 and
 * SIGNING_CERTIFICATE_PASSWORD, else a self-signed "demonstration" one generated once into DATA_DIR and reused.
 */
export interface SealCertificate {
  p12: Uint8Array;
  password: string;
  /** Self-signed by the platform: the evidence page says so. */
  demo: boolean;
  /** SHA-256 of the certificate (DER), hex. */
  fingerprint: string;
  subject: string;
  validTo: Date;
  /** Where it came from: "SIGNING_CERTIFICATE_P12", a file path, or "mémoire". */
  source: string;
}

export type SealCertificateSettings = Pick<
  Env,
  "SIGNING_CERTIFICATE_P12" | "SIGNING_CERTIFICATE_PASSWORD" | "DATA_DIR" | "NODE_ENV" | "PUBLIC_URL" | "OPERATOR_NAME"
>;

export const DEMO_CERTIFICATE_FILE = "seal-demo-certificate.json";
const DEMO_CERTIFICATE_YEARS = 10;

/** A self-signed RSA 2048 certificate for signing documents, and its key, as a PKCS#12 (AES-256) with this password. */
export function generateSealCertificate(subject: { commonName: string; organization: string }, password: string, years = DEMO_CERTIFICATE_YEARS): Uint8Array {
  // The key pair from Node (native, ~50 ms); forge only writes the certificate and the PKCS#12.
  const { privateKey: nodeKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(nodeKey.export({ type: "pkcs8", format: "pem" }).toString()) as forge.pki.rsa.PrivateKey;
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  // A positive serial number of 16 random bytes (RFC 5280: positive, at most 20 bytes).
  certificate.serialNumber = `01${randomBytes(15).toString("hex")}`;
  const now = new Date();
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now);
  certificate.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + years);
  // forge encodes a UTF8String value itself.
  const utf8 = (value: string) => ({ value, valueTagClass: forge.asn1.Type.UTF8 });
  const names = [
    { shortName: "CN", ...utf8(subject.commonName) },
    { shortName: "O", ...utf8(subject.organization) },
  ] as unknown as forge.pki.CertificateField[];
  certificate.setSubject(names);
  certificate.setIssuer(names);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate], password, { algorithm: "aes256", friendlyName: subject.commonName });
  return new Uint8Array(Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary"));
}

/** Opens the PKCS#12 as the signer will, so that a wrong password or a broken file stops here, in French. */
async function describe(p12: Uint8Array, password: string, source: string, demo: boolean): Promise<SealCertificate> {
  let signer: P12Signer;
  try {
    signer = await P12Signer.create(p12, password);
  } catch (error) {
    throw new Error(
      `Configuration invalide :\n  - SIGNING_CERTIFICATE_P12 : ${source} ne s'ouvre pas avec SIGNING_CERTIFICATE_PASSWORD (fichier PKCS#12 attendu, avec sa clé privée)`,
      { cause: error },
    );
  }
  const x509 = new X509Certificate(signer.certificate);
  return {
    p12,
    password,
    demo,
    fingerprint: createHash("sha256").update(signer.certificate).digest("hex"),
    subject: x509.subject.replace(/\n/g, ", "),
    validTo: new Date(x509.validTo),
    source,
  };
}

/** SIGNING_CERTIFICATE_P12: an absolute path to a .p12 file, or the file itself in base64 (a PKCS#12 in base64 starts with "MI"). */
function configuredBytes(value: string): { bytes: Uint8Array; source: string } {
  if (value.startsWith("/")) {
    try {
      return { bytes: new Uint8Array(readFileSync(value)), source: value };
    } catch (error) {
      throw new Error(`Configuration invalide :\n  - SIGNING_CERTIFICATE_P12 : ${value} ne peut pas être lu (${(error as NodeJS.ErrnoException).code})`, { cause: error });
    }
  }
  return { bytes: new Uint8Array(Buffer.from(value.replace(/\s+/g, ""), "base64")), source: "SIGNING_CERTIFICATE_P12" };
}

interface DemoFile {
  password: string;
  p12: string;
}

function generateDemo(settings: SealCertificateSettings): DemoFile {
  const password = randomBytes(24).toString("base64url");
  const organization = operatorIdentity(settings).name;
  const p12 = generateSealCertificate({ commonName: "Recours — certificat de démonstration", organization }, password);
  return { password, p12: Buffer.from(p12).toString("base64") };
}

/**
 * Writes `file` once: each process writes its own temporary file (0600) and hard-links it to the final name, which
 * fails if another process got there first; the loser drops its own and reads the winner's. So the file appears
 * whole, once, and is never replaced. Returns what the file holds.
 */
export function writeOnce(file: string, make: () => string): string {
  if (existsSync(file)) return readFileSync(file, "utf8");
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const contents = make();
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temporary, contents, { mode: 0o600, flag: "wx" });
  try {
    linkSync(temporary, file);
    return contents;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8");
  } finally {
    unlinkSync(temporary);
  }
}

/** The demonstration certificate of DATA_DIR, generated on first use (two processes starting together: see writeOnce). */
function demoFile(settings: SealCertificateSettings): { demo: DemoFile; source: string } {
  if (settings.DATA_DIR.startsWith("memory://")) return { demo: generateDemo(settings), source: "mémoire" };
  const file = path.resolve(settings.DATA_DIR, DEMO_CERTIFICATE_FILE);
  let made: string | undefined;
  const contents = writeOnce(file, () => (made = `${JSON.stringify(generateDemo(settings))}\n`));
  if (contents === made) logger.info({ file }, "certificat de démonstration de scellement créé");
  return { demo: JSON.parse(contents) as DemoFile, source: file };
}

export async function loadSealCertificate(settings: SealCertificateSettings): Promise<SealCertificate> {
  if (settings.SIGNING_CERTIFICATE_P12) {
    const { bytes, source } = configuredBytes(settings.SIGNING_CERTIFICATE_P12);
    return describe(bytes, settings.SIGNING_CERTIFICATE_PASSWORD ?? "", source, false);
  }
  const { demo, source } = demoFile(settings);
  return describe(new Uint8Array(Buffer.from(demo.p12, "base64")), demo.password, source, true);
}

const cache = new Map<string, Promise<SealCertificate>>();

/** The process's certificate, loaded (or generated) once per configuration. */
export function sealCertificate(settings: SealCertificateSettings): Promise<SealCertificate> {
  const key = JSON.stringify([settings.SIGNING_CERTIFICATE_P12, settings.SIGNING_CERTIFICATE_PASSWORD, path.resolve(settings.DATA_DIR)]);
  let loading = cache.get(key);
  if (!loading) {
    loading = loadSealCertificate(settings);
    cache.set(key, loading);
    loading.catch(() => cache.delete(key));
  }
  return loading;
}

/**
 * At server start: the certificate is loaded (the demonstration one generated if needed), so a broken configuration
 * stops the start. A production server may keep the demonstration certificate, with a warning; an expired or
 * soon-expiring certificate is warned about too.
 */
export async function prepareSealCertificate(settings: SealCertificateSettings, now = new Date()): Promise<SealCertificate> {
  const certificate = await sealCertificate(settings);
  const production = settings.NODE_ENV === "production" && settings.PUBLIC_URL.startsWith("https://");
  if (certificate.demo && production) {
    logger.warn(
      { file: certificate.source, fingerprint: certificate.fingerprint },
      "Les conventions signées sont scellées avec un certificat de démonstration, auto-signé, qu'aucun lecteur PDF ne reconnaît : " +
        "configurez SIGNING_CERTIFICATE_P12 et SIGNING_CERTIFICATE_PASSWORD avec le certificat de cachet de l'éditeur.",
    );
  }
  const daysLeft = (certificate.validTo.getTime() - now.getTime()) / 86_400_000;
  if (daysLeft < 30) {
    logger.warn(
      { validTo: certificate.validTo.toISOString(), source: certificate.source },
      daysLeft < 0 ? "Le certificat de scellement des conventions a expiré : renouvelez-le." : "Le certificat de scellement des conventions expire dans moins de 30 jours : renouvelez-le.",
    );
  }
  return certificate;
}

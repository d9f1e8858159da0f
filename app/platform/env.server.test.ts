import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { InvalidEnvironmentError, parseEnv } from "./env.server";

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as InvalidEnvironmentError).problems;
  }
  throw new Error("parseEnv aurait dû refuser cette configuration");
}

const everythingWrong = {
  NODE_ENV: "prod",
  PORT: "quatre-vingt",
  PUBLIC_URL: "pas une url",
  DATABASE_URL: "mysql://localhost/recours",
  TRUST_PROXY: "peut-être",
  AUTH_SECRET: "trop-court",
  LOG_LEVEL: "bavard",
  BODY_LIMIT_BYTES: "10",
  LOGIN_ATTEMPTS_PER_EMAIL: "0",
  LOGIN_ATTEMPTS_PER_ADDRESS: "-3",
  SIGNUP_ATTEMPTS_PER_ADDRESS: "1.5",
  RATE_LIMIT_WINDOW_SECONDS: "x",
  GOOGLE_MAPS_API_KEY: "clé avec espaces\"><script>",
};

describe("parseEnv", () => {
  it("gives working defaults for an empty environment", () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "0.0.0.0",
      PUBLIC_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      TRUST_PROXY: false,
      LOG_LEVEL: "info",
      BODY_LIMIT_BYTES: 1_048_576,
      LOGIN_ATTEMPTS_PER_EMAIL: 10,
      LOGIN_ATTEMPTS_PER_ADDRESS: 50,
      SIGNUP_ATTEMPTS_PER_ADDRESS: 10,
      RATE_LIMIT_WINDOW_SECONDS: 900,
      PASSWORD_HASHING_CONCURRENCY: Math.min(4, Math.max(1, availableParallelism() - 1)),
      PASSWORD_HASHING_QUEUE: 8,
      MAX_CONNECTIONS_PER_ADDRESS: 100,
      WEB_CONCURRENCY: 1,
      PUBLIC_PAGES_WARM_AT_START: true,
      DATABASE_CONNECT_TIMEOUT_MS: 5000,
      SERVER_HEADERS_TIMEOUT_MS: 20_000,
      SERVER_REQUEST_TIMEOUT_MS: 60_000,
      SSE_STREAMS_PER_USER: 10,
      SSE_STREAMS_PER_INSTANCE: 2000,
      INSPECTION_WORKERS: Math.max(1, availableParallelism() - 1),
      INSPECTION_QUEUE: 16,
      INSPECTION_TIMEOUT_SECONDS: 20,
      INSPECTION_MEMORY_MB: 512,
      MAIL_FROM: "Recours <no-reply@localhost>",
      EMAIL_VERIFICATION: true,
      SMS_SENDER: "Recours",
      JOB_WORKER: "in-process",
      JOB_POLL_MILLISECONDS: 1000,
      JOB_LEASE_SECONDS: 120,
      JOB_RETRY_BASE_SECONDS: 30,
      JOB_RETRY_MAX_SECONDS: 3600,
      STORAGE_JANITOR_GRACE_SECONDS: 86_400,
      UPLOADS_PER_HOUR: 30,
      UPLOAD_BYTES_PER_DAY: 300 * 1024 * 1024,
      UPLOAD_BYTES_PER_CASE: 500 * 1024 * 1024,
      CHAT_MESSAGES_PER_MINUTE: 30,
      CHAT_NOTIFY_DELAY_MINUTES: 10,
      IDENTITY_DOCUMENT_RETENTION_DAYS: 30,
      RESULTS_MIN_CASES: 10,
      STORAGE_DRIVER: "filesystem",
    });
  });

  it("validates the storage settings: S3 needs a bucket and a region, keys are 32 bytes, credentials go in pairs", () => {
    const key = Buffer.alloc(32, 7).toString("base64");
    const s3 = parseEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "recours-fichiers", S3_REGION: "eu-west-3", STORAGE_MASTER_KEY: key });
    expect(s3.STORAGE_DRIVER).toBe("s3");
    expect(parseEnv({ STORAGE_MASTER_KEY: "ab".repeat(32) }).STORAGE_MASTER_KEY).toBe("ab".repeat(32));
    const problems = problemsOf({
      STORAGE_DRIVER: "s3",
      STORAGE_MASTER_KEY: "trop-courte",
      S3_ACCESS_KEY_ID: "AKIA",
      S3_ENDPOINT: "pas une url",
    });
    expect(problems).toContain("S3_BUCKET : requis avec STORAGE_DRIVER=s3");
    expect(problems).toContain("S3_REGION : requis avec STORAGE_DRIVER=s3");
    expect(problems).toContain("S3_SECRET_ACCESS_KEY : S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble");
    expect(problems.some((p) => p.startsWith("STORAGE_MASTER_KEY : doit être une clé de 32 octets"))).toBe(true);
    expect(problems.some((p) => p.startsWith("S3_ENDPOINT : doit être une URL complète"))).toBe(true);
    expect(problemsOf({ STORAGE_DRIVER: "disquette" })).toContain("STORAGE_DRIVER : doit valoir filesystem ou s3");
    expect(problemsOf({ STORAGE_PREVIOUS_MASTER_KEYS: `${key},xyz` }).length).toBe(2);
  });

  it("accepts an SMTP URL, refuses anything else in French, and takes the sender's domain from PUBLIC_URL", () => {
    expect(parseEnv({ SMTP_URL: "smtp://u:p@mail.exemple.fr:587" }).SMTP_URL).toBe("smtp://u:p@mail.exemple.fr:587");
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL : doit commencer par smtp:\/\/ ou smtps:\/\//);
    expect(parseEnv({ PUBLIC_URL: "https://recours.fr" }).MAIL_FROM).toBe("Recours <no-reply@recours.fr>");
    expect(parseEnv({ EMAIL_VERIFICATION: "false" }).EMAIL_VERIFICATION).toBe(false);
  });

  it("treats empty strings as unset", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "", AUTH_SECRET: "", NODE_ENV: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(env.NODE_ENV).toBe("development");
  });

  it("derives PUBLIC_URL from PORT unless it is given", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PORT: "8080", PUBLIC_URL: "https://recours.example" }).PUBLIC_URL).toBe("https://recours.example");
    expect(parseEnv({ PUBLIC_URL: "https://recours.example//" }).PUBLIC_URL).toBe("https://recours.example");
  });

  it("reads numbers, flags and URLs", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      PORT: "443",
      TRUST_PROXY: "yes",
      DATABASE_URL: "postgresql://recours@db/recours",
      AUTH_SECRET: "s".repeat(32),
      LOGIN_ATTEMPTS_PER_EMAIL: "3",
    });
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 443,
      TRUST_PROXY: true,
      DATABASE_URL: "postgresql://recours@db/recours",
      AUTH_SECRET: "s".repeat(32),
      LOGIN_ATTEMPTS_PER_EMAIL: 3,
    });
    for (const [raw, value] of [["true", true], ["1", true], ["yes", true], ["false", false], ["0", false], ["no", false]] as const) {
      expect(parseEnv({ TRUST_PROXY: raw }).TRUST_PROXY).toBe(value);
    }
  });

  it("lists every problem at once, one line per variable, named", () => {
    const problems = problemsOf(everythingWrong);
    expect(problems).toHaveLength(Object.keys(everythingWrong).length);
    for (const name of Object.keys(everythingWrong)) {
      expect(problems.filter((problem) => problem.startsWith(`${name} : `)), name).toHaveLength(1);
    }
    const error = (() => {
      try {
        parseEnv(everythingWrong);
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message.startsWith("Configuration invalide :\n")).toBe(true);
    for (const problem of problems) expect(error?.message).toContain(`  - ${problem}`);
  });

  it("explains the variables it has its own French messages for", () => {
    const problems = problemsOf({ PUBLIC_URL: "pas une url", DATABASE_URL: "mysql://x", AUTH_SECRET: "court" });
    expect(problems).toEqual([
      "PUBLIC_URL : doit être une URL complète, par exemple https://recours.example",
      "DATABASE_URL : doit commencer par postgres:// ou postgresql://",
      "AUTH_SECRET : doit contenir au moins 32 caractères",
    ]);
  });

  it("GOOGLE_MAPS_API_KEY is optional and must look like an API key", () => {
    expect(parseEnv({}).GOOGLE_MAPS_API_KEY).toBeUndefined();
    expect(parseEnv({ GOOGLE_MAPS_API_KEY: "AIzaSyA-exemple_de_cle_0123456789abcd" }).GOOGLE_MAPS_API_KEY).toBe(
      "AIzaSyA-exemple_de_cle_0123456789abcd",
    );
    expect(problemsOf({ GOOGLE_MAPS_API_KEY: "AIza&callback=alert" })).toEqual([
      "GOOGLE_MAPS_API_KEY : doit être une clé d'API Google Maps (lettres, chiffres, - et _)",
    ]);
  });

  it("the seal's certificate: a path or base64, its password only with it, a timestamp authority as an http(s) URL", () => {
    expect(parseEnv({ SIGNING_CERTIFICATE_P12: "/etc/recours/cachet.p12", SIGNING_CERTIFICATE_PASSWORD: "secret" })).toMatchObject({
      SIGNING_CERTIFICATE_P12: "/etc/recours/cachet.p12",
      SIGNING_CERTIFICATE_PASSWORD: "secret",
    });
    expect(parseEnv({ SIGNING_CERTIFICATE_P12: "MIIKcQIBAzCCCjcGCSqGSIb3DQEHAaCCCigEggok", SIGNATURE_TSA_URL: "https://freetsa.org/tsr" }).SIGNATURE_TSA_URL).toBe(
      "https://freetsa.org/tsr",
    );
    expect(problemsOf({ SIGNING_CERTIFICATE_P12: "cachet.p12" })).toEqual([
      "SIGNING_CERTIFICATE_P12 : doit être le chemin absolu d'un fichier .p12 ou ce fichier en base64 (base64 -w0 cachet.p12)",
    ]);
    expect(problemsOf({ SIGNING_CERTIFICATE_PASSWORD: "secret" })).toEqual(["SIGNING_CERTIFICATE_P12 : requis avec SIGNING_CERTIFICATE_PASSWORD"]);
    expect(problemsOf({ SIGNATURE_TSA_URL: "ftp://tsa.example/tsr" })).toEqual([
      "SIGNATURE_TSA_URL : doit être l'URL http(s) d'une autorité d'horodatage RFC 3161",
    ]);
  });

  // APP BUG (see report): only PUBLIC_URL, DATABASE_URL and AUTH_SECRET have French messages; the other
  // variables fall back to zod's English ("Invalid option: expected one of …", "Invalid input: expected
  // number, received NaN", "Too small: expected number to be >=1024").
  it("writes every problem in French (no zod English default message)", () => {
    const problems = problemsOf(everythingWrong);
    for (const problem of problems) {
      expect(problem).not.toMatch(/\b(Invalid|expected|received|Too small|Too big)\b/);
    }
  });
  it("the SMS provider (decision 0087): unset by default, https or a local http, its token with it, a short sender", () => {
    const defaults = parseEnv({});
    expect([defaults.SMS_PROVIDER_URL, defaults.SMS_PROVIDER_TOKEN, defaults.SMS_SENDER]).toEqual([undefined, undefined, "Recours"]);
    const token = "jeton-du-fournisseur-0123456789";
    expect(parseEnv({ SMS_PROVIDER_URL: "https://sms.example/v1/messages", SMS_PROVIDER_TOKEN: token, SMS_SENDER: "+33612345678" })).toMatchObject({
      SMS_PROVIDER_URL: "https://sms.example/v1/messages",
      SMS_SENDER: "+33612345678",
    });
    expect(parseEnv({ SMS_PROVIDER_URL: "http://127.0.0.1:9100/sms", SMS_PROVIDER_TOKEN: token }).SMS_PROVIDER_URL).toBe("http://127.0.0.1:9100/sms");
    expect(problemsOf({ SMS_PROVIDER_URL: "http://sms.example/v1", SMS_PROVIDER_TOKEN: token })).toEqual([
      "SMS_PROVIDER_URL : doit être en https (http seulement vers localhost ou 127.0.0.1)",
    ]);
    expect(problemsOf({ SMS_PROVIDER_URL: "https://sms.example/v1" })).toEqual(["SMS_PROVIDER_TOKEN : SMS_PROVIDER_URL et SMS_PROVIDER_TOKEN vont ensemble"]);
    expect(problemsOf({ SMS_PROVIDER_TOKEN: token })).toEqual(["SMS_PROVIDER_URL : SMS_PROVIDER_URL et SMS_PROVIDER_TOKEN vont ensemble"]);
    expect(problemsOf({ WEB_CONCURRENCY: "2" })).toEqual([
      "WEB_CONCURRENCY : plus d'un processus demande DATABASE_URL (la base intégrée ne s'ouvre que dans un seul processus)",
    ]);
    expect(parseEnv({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://recours@db/recours" }).WEB_CONCURRENCY).toBe(2);
    expect(problemsOf({ SMS_SENDER: "Recours-Avocats" })).toEqual([
      "SMS_SENDER : doit faire 1 à 11 lettres, chiffres ou espaces, ou être un numéro au format +33…",
    ]);
  });
});

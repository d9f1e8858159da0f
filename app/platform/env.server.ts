import { availableParallelism } from "node:os";
import { z } from "zod";
import { parseEurosToCents, parsePercentToBp } from "~/lib/fees";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "doit valoir true ou false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.coerce
    .number({ error: "doit être un nombre entier" })
    .int({ error: "doit être un nombre entier" })
    .min(min, { error: `doit être au moins ${min}` })
    .max(max, { error: `doit être au plus ${max}` });
}

/** The operator's identity shown on the public pages (see app/content/operator.server.ts). */
const operatorField = z.string().trim().min(1).max(300, { error: "doit faire au plus 300 caractères" }).optional();

/** 32 random bytes, as base64 or 64 hex digits (`openssl rand -base64 32`). */
const storageKey = z
  .string()
  .trim()
  .refine((value) => /^[0-9a-fA-F]{64}$/.test(value) || (/^[A-Za-z0-9+/_-]{43}=?$/.test(value) && Buffer.from(value, "base64").length === 32), {
    error: "doit être une clé de 32 octets en base64 ou en 64 chiffres hexadécimaux (openssl rand -base64 32)",
  });

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"], { error: "doit valoir development, production ou test" })
      .default("development"),
    PORT: wholeNumber(1, 65535).default(3000),
    HOST: z.string().min(1, { error: "ne peut pas être vide" }).default("0.0.0.0"),
    PUBLIC_URL: z.url({ error: "doit être une URL complète, par exemple https://recours.example" }).optional(),
    DATA_DIR: z.string().min(1, { error: "ne peut pas être vide" }).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: "doit commencer par postgres:// ou postgresql://" })
      .optional(),
    /**
     * Server processes on this machine (decision 96): one per core serves the cached pages and the rest on every core.
     * Over 1 only with DATABASE_URL: the embedded database opens in one process.
     */
    WEB_CONCURRENCY: wholeNumber(1, 64).default(1),
    /** How long a request waits for a database connection before it is answered 503 (decision 0053). */
    DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(100, 120_000).default(5000),
    TRUST_PROXY: booleanFlag.default(false),
    /** Render the cached public pages as soon as the server listens (decision 52); off, each on its first visit. */
    PUBLIC_PAGES_WARM_AT_START: booleanFlag.default(true),
    /** Slowloris limits (decision 0054): request line and headers within this time, the whole request within the next. */
    SERVER_HEADERS_TIMEOUT_MS: wholeNumber(500, 600_000).default(20_000),
    SERVER_REQUEST_TIMEOUT_MS: wholeNumber(1000, 3_600_000).default(60_000),
    /** Open chat event streams one person may hold on an instance, and the instance in all; beyond, 503 (decision 0054). */
    SSE_STREAMS_PER_USER: wholeNumber(1, 1000).default(10),
    SSE_STREAMS_PER_INSTANCE: wholeNumber(1, 1_000_000).default(2000),
    /** Uploaded files checked at once (worker threads), files waiting, and each check's time and heap limits (decision 0061). */
    INSPECTION_WORKERS: wholeNumber(1, 64).default(Math.max(1, availableParallelism() - 1)),
    INSPECTION_QUEUE: wholeNumber(0, 10_000).default(16),
    INSPECTION_TIMEOUT_SECONDS: wholeNumber(1, 600).default(20),
    INSPECTION_MEMORY_MB: wholeNumber(32, 16_384).default(512),
    AUTH_SECRET: z.string().min(32, { error: "doit contenir au moins 32 caractères" }).optional(),
    /** Encrypts second-factor secrets and recovery codes; distinct from AUTH_SECRET (decision 17). */
    TWO_FACTOR_ENCRYPTION_KEY: z.string().min(32, { error: "doit contenir au moins 32 caractères" }).optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "doit valoir fatal, error, warn, info, debug, trace ou silent",
      })
      .default("info"),
    BODY_LIMIT_BYTES: wholeNumber(1024).default(1_048_576),
    /** Logs (warn) every SQL query slower than this many milliseconds, with its parameters; unset: off (benchmarks). */
    SLOW_QUERY_MS: wholeNumber(0, 600_000).optional(),
    LOGIN_ATTEMPTS_PER_EMAIL: wholeNumber(1).default(10),
    LOGIN_ATTEMPTS_PER_ADDRESS: wholeNumber(1).default(50),
    SIGNUP_ATTEMPTS_PER_ADDRESS: wholeNumber(1).default(10),
    RATE_LIMIT_WINDOW_SECONDS: wholeNumber(1).default(900),
    /**
     * Password checks (scrypt) in flight at once, and waiting; beyond both, 503 (decision 19). By default one core is
     * left to the rest of the site: cores − 1, at least 1, at most 4.
     */
    PASSWORD_HASHING_CONCURRENCY: wholeNumber(1, 64).default(Math.min(4, Math.max(1, availableParallelism() - 1))),
    PASSWORD_HASHING_QUEUE: wholeNumber(0, 10_000).default(8),
    /** Open connections per client address (IPv6: per /64); 0 turns the cap off. Off behind TRUST_PROXY. */
    MAX_CONNECTIONS_PER_ADDRESS: wholeNumber(0, 100_000).default(100),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, { error: "doit commencer par smtp:// ou smtps://, par exemple smtp://utilisateur:motdepasse@hote:587" })
      .optional(),
    MAIL_FROM: z.string().trim().min(3, { error: "doit être une adresse d'expédition, par exemple Recours <bonjour@recours.fr>" }).optional(),
    EMAIL_VERIFICATION: booleanFlag.default(true),
    /**
     * Notices by SMS (decision 0087): a generic HTTP provider receiving a JSON POST {to, text, id, from} with this bearer
     * token. HTTPS, or plain HTTP to this machine only (a local relay, the tests' fake provider). Unset: no SMS
     * option anywhere and nothing queued.
     */
    SMS_PROVIDER_URL: z
      .url({ protocol: /^https?$/, error: "doit être l'URL https du fournisseur de SMS, par exemple https://sms.example/v1/messages" })
      .refine((value) => /^https:/i.test(value) || ["localhost", "127.0.0.1", "[::1]"].includes(new URL(value).hostname), {
        error: "doit être en https (http seulement vers localhost ou 127.0.0.1)",
      })
      .optional(),
    SMS_PROVIDER_TOKEN: z.string().trim().min(16, { error: "doit contenir au moins 16 caractères" }).max(4096).optional(),
    /** The sender shown on the phone: up to 11 letters, digits or spaces, or a number in E.164. */
    SMS_SENDER: z
      .string()
      .trim()
      .regex(/^(?:[A-Za-z0-9 ]{1,11}|\+[1-9]\d{6,14})$/, { error: "doit faire 1 à 11 lettres, chiffres ou espaces, ou être un numéro au format +33…" })
      .default("Recours"),
    /** Bearer token that opens GET /metrics (Prometheus); without it the endpoint answers 404 (docs/operations.md). */
    METRICS_TOKEN: z.string().min(32, { error: "doit contenir au moins 32 caractères" }).optional(),
    JOB_WORKER: z.enum(["in-process", "off"], { error: "doit valoir in-process ou off" }).default("in-process"),
    JOB_POLL_MILLISECONDS: wholeNumber(50, 60_000).default(1000),
    JOB_LEASE_SECONDS: wholeNumber(1, 86_400).default(120),
    JOB_RETRY_BASE_SECONDS: wholeNumber(0, 86_400).default(30),
    /** The longest wait between two attempts of a failing job. */
    JOB_RETRY_MAX_SECONDS: wholeNumber(1, 86_400).default(3600),
    /** The storage janitor leaves alone objects and spooled files younger than this (an upload may be in progress). */
    STORAGE_JANITOR_GRACE_SECONDS: wholeNumber(1, 30 * 86_400).default(86_400),
    /**
     * Upload quotas per person (decision 62): upload requests per hour (counted before the body is read, refused ones
     * too), bytes stored per rolling day, and bytes held per bucket (identity documents; each case's chat and evidence).
     */
    UPLOADS_PER_HOUR: wholeNumber(1, 100_000).default(30),
    UPLOAD_BYTES_PER_DAY: wholeNumber(1024).default(300 * 1024 * 1024),
    UPLOAD_BYTES_PER_CASE: wholeNumber(1024).default(500 * 1024 * 1024),
    /** Chat messages one person may send per minute, all cases together (decision 62); beyond, 429. */
    CHAT_MESSAGES_PER_MINUTE: wholeNumber(1, 100_000).default(30),
    /** A chat message still unread after this many minutes sends its recipient one email notice per burst. */
    CHAT_NOTIFY_DELAY_MINUTES: wholeNumber(0, 10_080).default(10),
    /** Days an identity document's file is kept after its review decision (decision 0044); the outcome stays. */
    IDENTITY_DOCUMENT_RETENTION_DAYS: wholeNumber(0, 365).default(30),
    /** /resultats hides any figure resting on fewer closed cases than this (issue 31, decision 0082). */
    RESULTS_MIN_CASES: wholeNumber(1, 1_000_000).default(10),
    OPERATOR_NAME: operatorField,
    OPERATOR_LEGAL_FORM: operatorField,
    OPERATOR_SHARE_CAPITAL: operatorField,
    OPERATOR_SIREN: operatorField,
    OPERATOR_RCS: operatorField,
    OPERATOR_ADDRESS: operatorField,
    OPERATOR_PUBLICATION_DIRECTOR: operatorField,
    OPERATOR_HOST_NAME: operatorField,
    OPERATOR_HOST_ADDRESS: operatorField,
    OPERATOR_EMAIL: z.email({ error: "doit être une adresse email valide" }).optional(),
    OPERATOR_PHONE: operatorField,
    /**
     * Other channels the operator publishes, comma-separated e-mail addresses, phone numbers and sites
     * (/verifier-un-contact, decision 84); OPERATOR_EMAIL, OPERATOR_PHONE, PUBLIC_URL and MAIL_FROM count already.
     */
    OPERATOR_PUBLISHED_CHANNELS: z.string().max(2000).optional(),
    /** The marketing figures' sources, a JSON object (operator.server.ts, figureSourcesFrom). */
    OPERATOR_FIGURE_SOURCES: z.string().max(20_000).optional(),
    /**
     * The fee model (decision 0077, content/operator.server.ts feeModelFrom): the fee for the work done in euros HT
     * ("500", "0" set expressly), when it is payable, the result complement in percent HT ("15", "12,5").
     */
    FEE_BASE_EUROS: z
      .string()
      .trim()
      .refine((value) => parseEurosToCents(value) !== null, {
        error: "doit être un montant en euros hors taxes, par exemple 500 ou 500,50 (0 pour aucun honoraire de diligence, à indiquer expressément)",
      })
      .optional(),
    FEE_BASE_DUE: z.enum(["fin-de-dossier", "signature"], { error: "doit valoir fin-de-dossier ou signature" }).optional(),
    FEE_RESULT_PERCENT: z
      .string()
      .trim()
      .refine((value) => parsePercentToBp(value) !== null, { error: "doit être un pourcentage hors taxes entre 0 et 100, par exemple 15 ou 12,5" })
      .optional(),
    STORAGE_DRIVER: z.enum(["filesystem", "s3"], { error: "doit valoir filesystem ou s3" }).default("filesystem"),
    STORAGE_MASTER_KEY: storageKey.optional(),
    STORAGE_PREVIOUS_MASTER_KEYS: z
      .string()
      .refine((value) => value.split(",").every((part) => storageKey.safeParse(part.trim()).success), {
        error: "doit être une liste de clés de 32 octets (base64 ou 64 chiffres hexadécimaux) séparées par des virgules",
      })
      .optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "doit être un nom de bucket S3 (minuscules, chiffres, . et -)" })
      .optional(),
    S3_REGION: z.string().regex(/^[a-z0-9-]{2,40}$/, { error: "doit être une région, par exemple eu-west-3" }).optional(),
    S3_ENDPOINT: z.url({ error: "doit être une URL complète, par exemple https://s3.fr-par.scw.cloud" }).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.optional(),
    /** Where encrypted objects wait before their PUT (default: a private folder in the system's temporary folder). */
    S3_SPOOL_DIRECTORY: z.string().min(1).optional(),
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._-]+\/$/, { error: "doit finir par / et ne contenir que lettres, chiffres, . _ -, par exemple recours/" })
      .optional(),
    /**
     * The certificate sealing signed agreements (decision 0078): a PKCS#12 (.p12) as an absolute file path or as the
     * file in base64, and its password. Unset: a self-signed demonstration certificate generated into DATA_DIR.
     */
    SIGNING_CERTIFICATE_P12: z
      .string()
      .trim()
      .refine((value) => value.startsWith("/") || /^[A-Za-z0-9+/\s]+={0,2}$/.test(value), {
        error: "doit être le chemin absolu d'un fichier .p12 ou ce fichier en base64 (base64 -w0 cachet.p12)",
      })
      .optional(),
    SIGNING_CERTIFICATE_PASSWORD: z.string().optional(),
    /** An RFC 3161 timestamp authority for the seal (PAdES B-T), e.g. https://freetsa.org/tsr; unset: no timestamp (B-B). */
    SIGNATURE_TSA_URL: z.url({ protocol: /^https?$/, error: "doit être l'URL http(s) d'une autorité d'horodatage RFC 3161" }).optional(),
    GOOGLE_MAPS_API_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,200}$/, { error: "doit être une clé d'API Google Maps (lettres, chiffres, - et _)" })
      .optional(),
  })
  .refine((env) => !env.AUTH_SECRET || env.AUTH_SECRET !== env.TWO_FACTOR_ENCRYPTION_KEY, {
    path: ["TWO_FACTOR_ENCRYPTION_KEY"],
    error: "doit être différente d'AUTH_SECRET",
  })
  .superRefine((env, context) => {
    if (env.STORAGE_DRIVER === "s3") {
      for (const name of ["S3_BUCKET", "S3_REGION"] as const) {
        if (!env[name]) context.addIssue({ code: "custom", path: [name], message: "requis avec STORAGE_DRIVER=s3" });
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble",
      });
    }
    if (env.SIGNING_CERTIFICATE_PASSWORD && !env.SIGNING_CERTIFICATE_P12) {
      context.addIssue({ code: "custom", path: ["SIGNING_CERTIFICATE_P12"], message: "requis avec SIGNING_CERTIFICATE_PASSWORD" });
    }
    if (Boolean(env.SMS_PROVIDER_URL) !== Boolean(env.SMS_PROVIDER_TOKEN)) {
      context.addIssue({
        code: "custom",
        path: [env.SMS_PROVIDER_URL ? "SMS_PROVIDER_TOKEN" : "SMS_PROVIDER_URL"],
        message: "SMS_PROVIDER_URL et SMS_PROVIDER_TOKEN vont ensemble",
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "plus d'un processus demande DATABASE_URL (la base intégrée ne s'ouvre que dans un seul processus)",
      });
    }
    if (env.STORAGE_PREVIOUS_MASTER_KEYS && !env.STORAGE_MASTER_KEY) {
      context.addIssue({ code: "custom", path: ["STORAGE_MASTER_KEY"], message: "requis avec STORAGE_PREVIOUS_MASTER_KEYS" });
    }
  })
  .transform((env) => ({
    ...env,
    // Without its trailing slashes, so that links are written `${PUBLIC_URL}${path}`.
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    MAIL_FROM: env.MAIL_FROM ?? `Recours <no-reply@${new URL(env.PUBLIC_URL ?? "http://localhost").hostname}>`,
  }));

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "InvalidEnvironmentError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new InvalidEnvironmentError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "(racine)"} : ${issue.message}`),
    );
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

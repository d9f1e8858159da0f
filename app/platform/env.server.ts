import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: z.url({ message: "doit être une URL complète, par exemple https://recours.example" }).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "doit commencer par postgres:// ou postgresql://")
      .optional(),
    TRUST_PROXY: booleanFlag.default(false),
    AUTH_SECRET: z.string().min(32, "doit contenir au moins 32 caractères").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    LOGIN_ATTEMPTS_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
    SIGNUP_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
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

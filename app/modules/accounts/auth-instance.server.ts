import { betterAuth } from "better-auth";
import type { BetterAuthPlugin } from "better-auth";
import { twoFactor } from "better-auth/plugins";
import type { Kysely } from "kysely";
import type { Database } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { runtime } from "~/platform/runtime.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./accounts.schema";
import { generateRecoveryCodes } from "./recovery-codes";

export const CLIENT_ADDRESS_HEADER = "x-recours-client-address";
export const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;
/** How long someone has, after the right password, to give their second factor. */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 10 * 60;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

export interface AuthSettings {
  db: Kysely<Database>;
  secret: string;
  /** Encrypts TOTP secrets and recovery codes (better-auth's secretConfig); distinct from `secret`. */
  secondFactorKey: string;
  publicUrl: string;
  requireEmailVerification: boolean;
}

/**
 * better-auth signs cookies with `secret` and encrypts with `secretConfig`, which it derives from the same secret.
 * This plugin gives encryption its own key (decision 17): the TOTP secrets and recovery codes in the database stay
 * unreadable to someone who holds the session secret, and the other way round. Values written before (bare hex,
 * encrypted with the session secret) still decrypt through `legacySecret` until they are rewritten.
 */
function separateEncryptionKey(settings: Pick<AuthSettings, "secret" | "secondFactorKey">) {
  return {
    id: "recours-encryption-key",
    init() {
      return {
        context: {
          secretConfig: { keys: new Map([[1, settings.secondFactorKey]]), currentVersion: 1, legacySecret: settings.secret },
        },
      };
    },
  } satisfies BetterAuthPlugin;
}

export function authOptions(settings: AuthSettings) {
  const secure = settings.publicUrl.startsWith("https://");
  return {
    appName: "Recours",
    baseURL: settings.publicUrl,
    basePath: "/api/auth",
    secret: settings.secret,
    database: { db: settings.db, type: "postgres" as const },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      // No sendVerificationEmail callback: our use cases queue every email themselves (job queue, decision 15).
      requireEmailVerification: settings.requireEmailVerification,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
    },
    // A confirmation link never opens a session (decision 16): the password is asked for afterwards.
    emailVerification: { autoSignInAfterVerification: false },
    verification: { storeIdentifier: "hashed" as const },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: { enabled: true, storage: "database" as const, window: 60, max: 30 },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: "recours",
      // Set by our own HTTP server from the socket (or a trusted proxy), never from the client.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" as const, secure },
    },
    plugins: [
      separateEncryptionKey(settings),
      twoFactor({
        issuer: "Recours",
        // TOTP is switched on only once a code from the app proves the person scanned the secret.
        skipVerificationOnEnable: false,
        twoFactorCookieMaxAge: SECOND_FACTOR_CHALLENGE_SECONDS,
        totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
        // Encrypted with the auth secret, like the TOTP secret itself (which must stay readable to check codes).
        backupCodeOptions: { customBackupCodesGenerate: () => generateRecoveryCodes(), storeBackupCodes: "encrypted" },
      }),
    ],
    // better-auth's own messages go to our JSON log; "Invalid password" is an expected event, not a warning.
    logger: {
      level: "warn" as const,
      log: (level: "debug" | "info" | "warn" | "error", message: string) => {
        logger[level === "warn" && message.startsWith("Invalid password") ? "debug" : level]({ source: "better-auth" }, message);
      },
    },
  };
}

export function createAuth(settings: AuthSettings) {
  return betterAuth(authOptions(settings));
}

export type Auth = ReturnType<typeof createAuth>;

let authCache: { database: unknown; auth: Auth } | undefined;

/** The better-auth instance of the running runtime (private to the accounts module). */
export function auth(): Auth {
  const { database, authSecret, secondFactorKey, env } = runtime();
  if (authCache?.database !== database) {
    authCache = {
      database,
      auth: createAuth({
        db: database.db,
        secret: authSecret,
        secondFactorKey,
        publicUrl: env.PUBLIC_URL,
        requireEmailVerification: env.EMAIL_VERIFICATION,
      }),
    };
  }
  return authCache.auth;
}

import { APIError } from "better-auth/api";
import { DATABASE_UNAVAILABLE_TEXT, isDatabaseUnavailable } from "~/platform/database-errors";
import type { AnonymousActor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { clearAttempts, clearAttemptsStartingWith, consumeAttempt, readAttempts, slowdownSeconds } from "~/platform/attempt-limiter.server";
import { messages, type SignInInput } from "./accounts.schema";
import { clientKey } from "./client-key";
import { busyResult, hashingBusy, HashingBusyError, withPasswordHashing } from "./password-hashing.server";
import { auth } from "./auth-instance.server";
import { sessionCookies } from "./sessions.server";

/** After the password: either a session, or (account with a second factor) a pending challenge and no session. */
/**
 * `session`: signed in; `second-factor`: the code comes next; `enrol-second-factor`: a lawyer or an administrator
 * without a second factor yet, signed in but sent to enrol it first (no "Connexion réussie" before it, issue 29).
 */
export type SignInResult = { ok: true; headers: Headers; next: "session" | "second-factor" | "enrol-second-factor" } | AccountFailure;

/** A refused sign-in or sign-up: the HTTP status and what the form shows. */
export interface AccountFailure {
  ok: false;
  status: number;
  formError?: string;
  fieldErrors?: Record<string, string>;
  resendConfirmation?: true;
  /** With 503: the password check is saturated, try again after this many seconds. */
  retryAfterSeconds?: number;
}

/** Counter keys of sign-in (decision 18). */
const signInKeys = {
  /** Every attempt from one client (IPv6: its /64), whatever the email. */
  address: (client: string) => `sign-in:address:${client}`,
  /** Attempts on one email from one client: the hard limit. */
  pair: (email: string, client: string) => `sign-in:pair:${email}|${client}`,
  pairsOf: (email: string) => `sign-in:pair:${email}|`,
  /** Failures on one email from every client: a growing delay, never a block for a client that has not failed. */
  failures: (email: string) => `sign-in:failures:${email}`,
};

/**
 * Checks the password, with limits that stop guessing without locking the owner out (decision 18):
 * - one client (IPv6 by /64) has LOGIN_ATTEMPTS_PER_ADDRESS attempts per window, every email together;
 * - one client has LOGIN_ATTEMPTS_PER_EMAIL attempts per window on one email (a success starts it again);
 * - once an email has LOGIN_ATTEMPTS_PER_EMAIL failures from anywhere, a client that has already failed on it waits
 *   a delay that doubles with each further failure. A client that has not failed on it is never held back, so
 *   failures from elsewhere never stop the owner's right password.
 */
export async function signIn(actor: AnonymousActor, input: SignInInput, request: Request): Promise<SignInResult> {
  const { env } = runtime();
  // A full password-check queue answers at once, before any database work.
  const busy = hashingBusy();
  if (busy) return busy;
  const client = clientKey(actor.clientAddress);
  const pairKey = signInKeys.pair(input.email, client);
  const { allowed } = await consumeAttempt(
    db(),
    [
      { key: signInKeys.address(client), limit: env.LOGIN_ATTEMPTS_PER_ADDRESS },
      { key: pairKey, limit: env.LOGIN_ATTEMPTS_PER_EMAIL },
    ],
    env.RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!allowed) {
    logger.warn({ clientAddress: actor.clientAddress }, "connexion refusée : trop de tentatives");
    return { ok: false, status: 429, formError: messages.tooManyLoginAttempts };
  }
  if (await mustSlowDown(input.email, pairKey)) {
    logger.warn({ clientAddress: actor.clientAddress }, "connexion ralentie : échecs répétés sur ce compte");
    return { ok: false, status: 429, formError: messages.tooManyLoginAttempts };
  }

  // No early answer for an unknown email (decision 64): better-auth hashes the password all the same and answers
  // INVALID_EMAIL_OR_PASSWORD, so the message, the status, the failure count and the time are those of a wrong password.
  try {
    const { headers, response } = await withPasswordHashing(() =>
      auth().api.signInEmail({
        body: { email: input.email, password: input.password, rememberMe: true },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    await clearAttempts(db(), pairKey);
    // The two-factor plugin has replaced the session with a short-lived challenge cookie.
    const secondFactor = "twoFactorRedirect" in response && response.twoFactorRedirect === true;
    if (secondFactor) return { ok: true, headers: sessionCookies(headers), next: "second-factor" };
    const staff = await db()
      .selectFrom("profiles")
      .select("role")
      .where("id", "=", response.user.id)
      .where("role", "in", ["lawyer", "admin"])
      .executeTakeFirst();
    return { ok: true, headers: sessionCookies(headers), next: staff ? "enrol-second-factor" : "session" };
  } catch (error) {
    if (error instanceof HashingBusyError) return busyResult(error);
    const failure = authFailure(error);
    if (failure.status === 401) {
      await consumeAttempt(db(), [{ key: signInKeys.failures(input.email), limit: Number.MAX_SAFE_INTEGER }], env.RATE_LIMIT_WINDOW_SECONDS);
    }
    return { ok: false, ...failure };
  }
}

/** True while a client that has already failed on this email must wait (see signIn). */
async function mustSlowDown(email: string, pairKey: string): Promise<boolean> {
  const { env } = runtime();
  const window = env.RATE_LIMIT_WINDOW_SECONDS;
  const pair = await readAttempts(db(), pairKey, window);
  // This attempt is already counted: more than one means this client has failed before.
  if (!pair || pair.attempts <= 1) return false;
  const failures = await readAttempts(db(), signInKeys.failures(email), window);
  if (!failures) return false;
  const delay = slowdownSeconds(failures.attempts, env.LOGIN_ATTEMPTS_PER_EMAIL, window);
  return delay > 0 && failures.lastAttemptAt.getTime() + delay * 1000 > Date.now();
}

/** After a password reset: the owner starts again with no count on their email. */
export async function clearSignInCounts(email: string): Promise<void> {
  await clearAttemptsStartingWith(db(), signInKeys.pairsOf(email));
  await clearAttempts(db(), signInKeys.failures(email));
}

function authFailure(error: unknown): { status: number; formError: string; resendConfirmation?: true } {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "INVALID_EMAIL_OR_PASSWORD" || error.statusCode === 401) {
      return { status: 401, formError: messages.invalidCredentials };
    }
    if (code === "EMAIL_NOT_VERIFIED") {
      return { status: 403, formError: messages.emailNotConfirmed, resendConfirmation: true as const };
    }
    if (error.statusCode === 429) return { status: 429, formError: messages.tooManyLoginAttempts };
  }
  // better-auth answers its own internal failures (a database connection cut mid-query, in practice) with a bare
  // 500 that no longer carries the cause: the person is told to retry, with a 503 (decision 0053).
  if (isDatabaseUnavailable(error) || (error instanceof APIError && error.statusCode >= 500)) {
    logger.error({ err: error }, "connexion impossible : base de données injoignable");
    return { status: 503, formError: DATABASE_UNAVAILABLE_TEXT };
  }
  logger.error({ err: error }, "échec inattendu de la connexion");
  return { status: 500, formError: messages.unexpected };
}

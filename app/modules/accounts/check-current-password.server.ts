import type { UserActor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { clearAttempts, consumeAttempt } from "~/platform/attempt-limiter.server";
import { HashingBusyError, storedPasswordHash, withPasswordHashing } from "./password-hashing.server";
import { auth } from "./auth-instance.server";

export type CurrentPasswordCheck =
  | { ok: true }
  | { ok: false; status: 400; reason: "wrong" }
  | { ok: false; status: 429; reason: "too-many" }
  | { ok: false; status: 503; reason: "busy"; retryAfterSeconds: number };

/**
 * Re-entry of the signed-in person's password before a sensitive step (data export, account deletion). Each try is
 * counted first in the database, per person and purpose, like a sign-in (a stolen session cannot guess the
 * password); a right password clears the count. The check runs under the password-hashing cap (decision 19).
 */
export async function checkCurrentPassword(actor: UserActor, password: string, purpose: string): Promise<CurrentPasswordCheck> {
  const { env } = runtime();
  const key = `${purpose}:user:${actor.userId}`;
  const { allowed } = await consumeAttempt(db(), [{ key, limit: env.LOGIN_ATTEMPTS_PER_EMAIL }], env.RATE_LIMIT_WINDOW_SECONDS);
  if (!allowed) {
    logger.warn({ userId: actor.userId, purpose }, "mot de passe redemandé : trop de tentatives");
    return { ok: false, status: 429, reason: "too-many" };
  }
  const stored = await storedPasswordHash(actor.userId);
  if (!stored || password.length === 0) return { ok: false, status: 400, reason: "wrong" };
  const context = await auth().$context;
  let matches: boolean;
  try {
    matches = await withPasswordHashing(() => context.password.verify({ hash: stored, password }));
  } catch (error) {
    if (error instanceof HashingBusyError) return { ok: false, status: 503, reason: "busy", retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
  if (!matches) return { ok: false, status: 400, reason: "wrong" };
  await clearAttempts(db(), key);
  return { ok: true };
}

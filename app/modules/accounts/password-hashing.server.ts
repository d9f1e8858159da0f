import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { messages } from "./accounts.schema";
import { createWorkLimiter, WorkLimiterFullError, type WorkLimiter } from "./work-limiter";

/** The password check is saturated (credential-stuffing burst): answer 503 with Retry-After. */
export class HashingBusyError extends Error {
  override name = "HashingBusyError";
  readonly retryAfterSeconds = 5;
  constructor() {
    super(messages.serviceBusy);
  }
}

let limiter: { key: string; limiter: WorkLimiter } | undefined;

function passwordHashingLimiter(): WorkLimiter {
  const { env } = runtime();
  const key = `${env.PASSWORD_HASHING_CONCURRENCY}/${env.PASSWORD_HASHING_QUEUE}`;
  if (limiter?.key !== key) limiter = { key, limiter: createWorkLimiter(env.PASSWORD_HASHING_CONCURRENCY, env.PASSWORD_HASHING_QUEUE) };
  return limiter.limiter;
}

/** Refuses at once, before any database work, when a new password check would not even find a place in the queue. */
export function assertPasswordHashingAvailable(): void {
  if (passwordHashingLimiter().isFull()) throw new HashingBusyError();
}

/**
 * Runs work that hashes or checks a password (scrypt, ~16 MB and tens of milliseconds each) under the process-wide
 * cap (decision 19): the rest of the site keeps its CPU, memory and thread pool during a burst.
 */
export async function withPasswordHashing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await passwordHashingLimiter().run(work);
  } catch (error) {
    if (error instanceof WorkLimiterFullError) {
      logger.warn("vérification de mot de passe refusée : file d'attente pleine");
      throw new HashingBusyError();
    }
    throw error;
  }
}

export interface BusyResult {
  ok: false;
  status: 503;
  formError: string;
  retryAfterSeconds: number;
}

export function busyResult(error: HashingBusyError): BusyResult {
  return { ok: false, status: 503, formError: error.message, retryAfterSeconds: error.retryAfterSeconds };
}

export function hashingBusy(): BusyResult | null {
  try {
    assertPasswordHashingAvailable();
    return null;
  } catch (error) {
    if (error instanceof HashingBusyError) return busyResult(error);
    throw error;
  }
}

/** The password hash of the user's email-and-password login, if they have one. */
export async function storedPasswordHash(userId: string): Promise<string | undefined> {
  const credential = await db()
    .selectFrom("account")
    .select("password")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  return credential?.password ?? undefined;
}

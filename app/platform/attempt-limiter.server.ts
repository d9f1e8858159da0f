import { sql, type Kysely } from "kysely";
import type { Database } from "~/platform/database-schema";

export interface AttemptBudget {
  key: string;
  limit: number;
}

export interface AttemptOutcome {
  allowed: boolean;
  /** The highest count among the keys over their limit (else among all keys), this attempt included. */
  attempts: number;
  /** Seconds until the latest-ending window of a key over its limit ends (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against every key, in the database (so the limit holds across restarts and
 * instances), and answers whether any key is over its limit for the current window, and when it ends.
 * Each key is one atomic upsert: concurrent attempts cannot both read a stale count.
 * Used by sign-in and sign-up (decision 6), and by uploads and chat posts (decision 62).
 */
export async function consumeAttempt(
  db: Kysely<Database>,
  budgets: AttemptBudget[],
  windowSeconds: number,
): Promise<AttemptOutcome> {
  let allowed = true;
  let attemptsSeen = 0;
  let retryAfterSeconds = 0;
  for (const budget of budgets) {
    const result = await sql<{ attempts: number; remaining_seconds: number | string }>`
      INSERT INTO auth_attempt_counters AS c (key, window_started_at, attempts, last_attempt_at)
      VALUES (${budget.key}, now(), 1, now())
      ON CONFLICT (key) DO UPDATE SET
        last_attempt_at = now(),
        attempts = CASE WHEN c.window_started_at < now() - make_interval(secs => ${windowSeconds})
                        THEN 1 ELSE c.attempts + 1 END,
        window_started_at = CASE WHEN c.window_started_at < now() - make_interval(secs => ${windowSeconds})
                                 THEN now() ELSE c.window_started_at END
      RETURNING attempts,
        ceil(extract(epoch FROM (window_started_at + make_interval(secs => ${windowSeconds}) - now()))) AS remaining_seconds`.execute(db);
    const attempts = result.rows[0]?.attempts ?? 1;
    if (attempts > budget.limit) {
      if (allowed) attemptsSeen = 0;
      allowed = false;
      attemptsSeen = Math.max(attemptsSeen, attempts);
      retryAfterSeconds = Math.max(retryAfterSeconds, 1, Number(result.rows[0]?.remaining_seconds ?? windowSeconds));
    } else if (allowed) {
      attemptsSeen = Math.max(attemptsSeen, attempts);
    }
  }
  return { allowed, attempts: attemptsSeen, retryAfterSeconds };
}

export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("auth_attempt_counters").where("key", "=", key).execute();
}

/** Deletes every counter whose key starts with the prefix (compared as text, not as a LIKE pattern). */
export async function clearAttemptsStartingWith(db: Kysely<Database>, prefix: string): Promise<void> {
  await sql`DELETE FROM auth_attempt_counters WHERE left(key, ${prefix.length}) = ${prefix}`.execute(db);
}

export interface AttemptCount {
  attempts: number;
  lastAttemptAt: Date;
}

/** The current count of a key within the window, or null when there is none. */
export async function readAttempts(db: Kysely<Database>, key: string, windowSeconds: number): Promise<AttemptCount | null> {
  const result = await sql<{ attempts: number; last_attempt_at: Date }>`
    SELECT attempts, last_attempt_at FROM auth_attempt_counters
    WHERE key = ${key} AND window_started_at >= now() - make_interval(secs => ${windowSeconds})`.execute(db);
  const row = result.rows[0];
  return row ? { attempts: row.attempts, lastAttemptAt: new Date(row.last_attempt_at) } : null;
}

/**
 * The growing delay after `failures` failed attempts once `freeFailures` are used up: 1 s, 2 s, 4 s… capped.
 * Zero below the threshold.
 */
export function slowdownSeconds(failures: number, freeFailures: number, maxSeconds: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(maxSeconds, 2 ** Math.min(30, failures - freeFailures));
}

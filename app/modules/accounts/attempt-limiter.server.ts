import { sql, type Kysely } from "kysely";
import type { Database } from "~/platform/database-schema";

export interface AttemptBudget {
  key: string;
  limit: number;
}

/**
 * Counts one attempt against every key, in the database (so the limit holds across restarts and
 * instances), and answers whether any key is over its limit for the current window.
 * Each key is one atomic upsert: concurrent attempts cannot both read a stale count.
 */
export async function consumeAttempt(
  db: Kysely<Database>,
  budgets: AttemptBudget[],
  windowSeconds: number,
): Promise<{ allowed: boolean }> {
  let allowed = true;
  for (const budget of budgets) {
    const result = await sql<{ attempts: number }>`
      INSERT INTO auth_attempt_counters AS c (key, window_started_at, attempts)
      VALUES (${budget.key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        attempts = CASE WHEN c.window_started_at < now() - make_interval(secs => ${windowSeconds})
                        THEN 1 ELSE c.attempts + 1 END,
        window_started_at = CASE WHEN c.window_started_at < now() - make_interval(secs => ${windowSeconds})
                                 THEN now() ELSE c.window_started_at END
      RETURNING attempts`.execute(db);
    const attempts = result.rows[0]?.attempts ?? 1;
    if (attempts > budget.limit) allowed = false;
  }
  return { allowed };
}

export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("auth_attempt_counters").where("key", "=", key).execute();
}

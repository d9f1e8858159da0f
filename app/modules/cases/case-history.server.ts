import { sql, type Transaction } from "kysely";
import type { Database } from "~/platform/database-schema";
import { runtime } from "~/platform/runtime.server";

/**
 * What the status-history trigger (migrations 0002, 0035) records about the changes made inside `change`: who acted
 * (a profile id, or nobody for the platform), the platform's reason, a lawyer's note. The settings are local to the
 * transaction and put back afterwards, so a later update in the same transaction does not inherit them.
 */
export async function withHistoryContext<T>(
  trx: Transaction<Database>,
  context: { actorId: string | null; systemReason?: string; note?: string | null },
  change: () => Promise<T>,
): Promise<T> {
  const before = await sql<{ actor: string | null }>`SELECT current_setting('recours.actor_id', true) AS actor`.execute(trx);
  await sql`SELECT set_config('recours.actor_id', ${context.actorId ?? ""}, true),
    set_config('recours.system_reason', ${context.systemReason ?? ""}, true),
    set_config('recours.status_note', ${context.note ?? ""}, true)`.execute(trx);
  const result = await change();
  await sql`SELECT set_config('recours.actor_id', ${before.rows[0]?.actor ?? ""}, true),
    set_config('recours.system_reason', '', true),
    set_config('recours.status_note', '', true)`.execute(trx);
  return result;
}

/** An absolute link for an email. */
export function publicLink(path: string): string {
  return `${runtime().env.PUBLIC_URL}${path}`;
}

/** "Maître Prénom Nom". */
export function lawyerTitle(person: { first_name: string; last_name: string }): string {
  return `Maître ${person.first_name} ${person.last_name}`;
}

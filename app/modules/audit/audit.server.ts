import type { Kysely, Transaction } from "kysely";
import type { UserActor } from "~/platform/actor";
import type { Database } from "~/platform/database-schema";

/**
 * What a staff member did, for the append-only journal (staff_audit_log). `action` is a dotted verb
 * ("case.assigned", "allocation.saved", "user.role-changed"…), `target` what it was done to. `before`/`after`
 * hold the changed values only, never a secret (no password, token, second-factor seed or file content).
 */
export interface StaffActionEntry {
  action: string;
  targetType: string;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records a staff action. Call it with the transaction that makes the change, so the journal and the change
 * land together or not at all.
 */
export async function recordStaffAction(
  db: Kysely<Database> | Transaction<Database>,
  actor: UserActor,
  entry: StaffActionEntry,
): Promise<void> {
  await db
    .insertInto("staff_audit_log")
    .values({
      actor_id: actor.userId,
      actor_email: actor.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      client_address: actor.clientAddress.slice(0, 100),
      before: entry.before == null ? null : JSON.stringify(entry.before),
      after: entry.after == null ? null : JSON.stringify(entry.after),
    })
    .execute();
}

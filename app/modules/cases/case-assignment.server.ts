import type { Transaction } from "kysely";
import type { Database } from "~/platform/database-schema";

/**
 * Automatic assignment of a just-submitted case, called inside the submission's transaction (submitCase).
 * Placeholder: the allocation-based implementation replaces this file; until then the case stays submitted.
 */
export async function assignCase(_trx: Transaction<Database>, _caseId: string): Promise<{ lawyerId: string } | null> {
  return null;
}

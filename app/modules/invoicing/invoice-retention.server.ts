import { sql, type Kysely } from "kysely";
import type { Database } from "~/platform/database-schema";

const BATCH = 200;

/**
 * Invoices and credit notes whose retention is over (INVOICE_RETENTION_YEARS from the close of the accounting year of
 * issue, Code de commerce L123-22; decision 0081): each row goes with its document row, and its stored PDF is marked
 * for deletion (the retention run's file sweep deletes it). The cutoff is the database's own
 * `invoice_retention_cutoff` (migration 0103), the rule its trigger applies to any DELETE: a clock ahead of the
 * database's never asks for a deletion the trigger would refuse. An invoice a kept credit note names stays until the
 * credit note goes. Returns how many rows were deleted.
 */
export async function purgeExpiredInvoices(database: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = sql<Date>`invoice_retention_cutoff(least(${now}::timestamptz, now()))`;
  let purged = 0;
  for (;;) {
    const count = await database.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("invoices as i")
        .select("i.id")
        .where("i.issued_at", "<", cutoff)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom("invoices as n").select("n.id").whereRef("n.credited_invoice_id", "=", "i.id"))))
        .orderBy("i.issued_at")
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      const ids = due.map((row) => row.id);
      if (ids.length === 0) return 0;
      await trx
        .updateTable("stored_files")
        .set({ deletion_requested_at: now })
        .where("deletion_requested_at", "is", null)
        .where("id", "in", trx.selectFrom("invoice_documents").select("file_id").where("invoice_id", "in", ids))
        .execute();
      // invoice_documents goes by cascade (its trigger lets a row go once its invoice is gone).
      const removed = await trx.deleteFrom("invoices").where("id", "in", ids).executeTakeFirst();
      return Number(removed.numDeletedRows);
    });
    purged += count;
    // Not "count < BATCH": deleting a credit note frees its invoice for the next round.
    if (count === 0) return purged;
  }
}

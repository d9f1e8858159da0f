import { sql, type Transaction } from "kysely";
import { parisIsoDay } from "~/lib/format";
import type { Database, InvoiceKind, InvoiceSeries } from "~/platform/database-schema";

/**
 * Invoice numbers (decision 0081): the number comes from a counter row per issuer and series locked in the invoice's
 * own transaction, so a rollback gives the number back.
 */

/** Days between issue and the due date written on the invoice. */
export const INVOICE_PAYMENT_DAYS = 30;

export const SERIES: Record<InvoiceKind, InvoiceSeries> = { invoice: "F", "credit-note": "A" };

/** The due date of a document issued on `issueDay` (a Paris day). */
export function dueDateFrom(issueDay: string): string {
  const day = new Date(`${issueDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + INVOICE_PAYMENT_DAYS);
  return day.toISOString().slice(0, 10);
}

export interface IssueHooks {
  /** Tests: runs inside the transaction right after the counter moved (a throw there rolls everything back). */
  afterCounter?: (sequence: number) => void | Promise<void>;
}

/**
 * The next number of a series: the counter row is created if needed, then locked FOR UPDATE until the caller's
 * transaction ends, so concurrent issuers queue and a rollback gives the number back. Also returns the database's
 * clock read under the lock: issue times follow the numbers' order.
 */
export async function nextNumber(trx: Transaction<Database>, issuerId: string, series: InvoiceSeries): Promise<{ sequence: number; number: string; issuedAt: Date }> {
  await trx.insertInto("invoice_counters").values({ issuer_id: issuerId, series }).onConflict((conflict) => conflict.columns(["issuer_id", "series"]).doNothing()).execute();
  const locked = await trx.selectFrom("invoice_counters").select("last_value").where("issuer_id", "=", issuerId).where("series", "=", series).forUpdate().executeTakeFirstOrThrow();
  const sequence = locked.last_value + 1;
  const updated = await sql<{ at: Date }>`UPDATE invoice_counters SET last_value = ${sequence} WHERE issuer_id = ${issuerId} AND series = ${series} RETURNING clock_timestamp() AS at`.execute(trx);
  const issuedAt = new Date(updated.rows[0]!.at);
  const year = parisIsoDay(issuedAt).slice(0, 4);
  return { sequence, number: `${series}-${year}-${String(sequence).padStart(6, "0")}`, issuedAt };
}

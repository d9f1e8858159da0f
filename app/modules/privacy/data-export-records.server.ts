import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { FileStorage } from "~/modules/files/files.server";
import type { Database } from "~/platform/database-schema";
import { DATA_EXPORT_EVERY_HOURS } from "./data-export.schema";

// Private to the privacy module: what the data export's use cases and jobs share.

/** Builds one person's export (decision 0045). */
export const DATA_EXPORT_JOB = "privacy.data-export";
/** Deletes an export's file once its link has expired. */
export const DATA_EXPORT_EXPIRY_JOB = "privacy.data-export-expiry";

export const HOUR_MS = 3600 * 1000;
export function tokenHash(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

export type DataExportState = "preparing" | "ready" | "downloaded" | "expired" | "failed";

export interface ExportRow {
  id: string;
  status: "queued" | "ready" | "failed";
  requested_at: Date;
  expires_at: Date | null;
  downloaded_at: Date | null;
  size_bytes: string | number | null;
  stored_file_id: string | null;
}

export function stateOf(row: ExportRow, now: Date): DataExportState {
  if (row.status === "queued") return "preparing";
  if (row.status === "failed") return "failed";
  if (row.downloaded_at) return "downloaded";
  if (!row.expires_at || row.expires_at <= now || !row.stored_file_id) return "expired";
  return "ready";
}

/** The person's newest request that still counts against the limit (a failed build does not). */
export function latestCounting(executor: Kysely<Database>, userId: string) {
  return executor
    .selectFrom("data_exports")
    .select(["id", "requested_at"])
    .where("user_id", "=", userId)
    .where("status", "<>", "failed")
    .where("requested_at", ">", sql<Date>`now() - make_interval(hours => ${DATA_EXPORT_EVERY_HOURS})`)
    .orderBy("requested_at", "desc")
    .limit(1);
}



/** Deletes an export's file (row marked first, like the retention sweep: a crash leaves it for the next sweep). */
export async function discardExportFile(database: Kysely<Database>, storage: FileStorage, exportId: string): Promise<void> {
  const row = await database.selectFrom("data_exports").select("stored_file_id").where("id", "=", exportId).executeTakeFirst();
  if (!row?.stored_file_id) return;
  const marked = await database
    .updateTable("stored_files")
    .set({ deletion_requested_at: sql<Date>`coalesce(deletion_requested_at, now())` })
    .where("id", "=", row.stored_file_id)
    .returning("object_name")
    .executeTakeFirst();
  if (!marked) return;
  await storage.store.delete(marked.object_name);
  await database.deleteFrom("stored_files").where("id", "=", row.stored_file_id).where("deletion_requested_at", "is not", null).execute();
}

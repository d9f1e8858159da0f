import { PassThrough, type Readable } from "node:stream";
import { finished } from "node:stream";
import { sql } from "kysely";
import { fileStorage, type FileStorage, type StoredFile } from "~/modules/files/files.server";
import { dateTimeText, type DateTimeText } from "~/lib/format";
import { assertUser, type Actor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { dataExportMessages, exportTokenSchema } from "./data-export.schema";
import { discardExportFile, stateOf, tokenHash } from "./data-export-records.server";

export type ExportLinkState =
  | { state: "ready"; expiresAt: DateTimeText; sizeBytes: number }
  | { state: "used" | "expired"; status: 410; message: string }
  | { state: "not-found"; status: 404; message: string };

const notFound = { state: "not-found", status: 404, message: dataExportMessages.linkNotFound } as const;

/** What an emailed link leads to, for this person: another account's link, or a malformed one, is not found. */
export async function exportLinkState(actor: Actor, token: string | null, now = new Date()): Promise<ExportLinkState> {
  assertUser(actor);
  const parsed = exportTokenSchema.safeParse(token);
  if (!parsed.success) return notFound;
  const row = await db()
    .selectFrom("data_exports")
    .select(["id", "user_id", "status", "requested_at", "expires_at", "downloaded_at", "size_bytes", "stored_file_id"])
    .where("token_hash", "=", tokenHash(parsed.data))
    .executeTakeFirst();
  if (!row || row.user_id !== actor.userId) return notFound;
  const state = stateOf(row, now);
  if (state === "downloaded") return { state: "used", status: 410, message: dataExportMessages.linkUsed };
  if (state !== "ready") return { state: "expired", status: 410, message: dataExportMessages.linkExpired };
  return { state: "ready", expiresAt: dateTimeText(row.expires_at!), sizeBytes: Number(row.size_bytes) };
}

export type ExportDownload =
  | { kind: "file"; fileName: string; sizeBytes: number; stream: Readable }
  | { kind: "refused"; state: Exclude<ExportLinkState, { state: "ready" }> };

/**
 * Opens an export through its emailed link, once: the link is spent atomically as the download starts. A download
 * that does not reach its end (connection lost) gives the link back; one that does deletes the file.
 */
export async function openDataExport(actor: Actor, token: string | null, options: { storage?: FileStorage } = {}): Promise<ExportDownload> {
  assertUser(actor);
  const parsed = exportTokenSchema.safeParse(token);
  if (!parsed.success) return { kind: "refused", state: notFound };
  const storage = options.storage ?? fileStorage();
  const database = db();
  const spent = await database
    .updateTable("data_exports")
    .set({ downloaded_at: sql<Date>`now()` })
    .where("token_hash", "=", tokenHash(parsed.data))
    .where("user_id", "=", actor.userId)
    .where("status", "=", "ready")
    .where("downloaded_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .where("stored_file_id", "is not", null)
    .returning(["id", "stored_file_id", "downloaded_at"])
    .executeTakeFirst();
  if (!spent) {
    const state = await exportLinkState(actor, parsed.data);
    return { kind: "refused", state: state.state === "ready" ? { state: "used", status: 410, message: dataExportMessages.linkUsed } : state };
  }
  const giveBack = () =>
    database
      .updateTable("data_exports")
      .set({ downloaded_at: null })
      .where("id", "=", spent.id)
      .where("downloaded_at", "=", spent.downloaded_at)
      .execute();
  let opened: { file: StoredFile; stream: Readable };
  try {
    opened = await storage.open(spent.stored_file_id!);
  } catch (error) {
    await giveBack();
    throw error;
  }
  const body = new PassThrough();
  opened.stream.on("error", (error) => body.destroy(error));
  opened.stream.pipe(body);
  finished(body, (error) => {
    const done = error ? giveBack() : discardExportFile(database, storage, spent.id);
    done.catch((failure: unknown) => logger.error({ err: failure, exportId: spent.id }, "suite du téléchargement de l'export non enregistrée"));
  });
  logger.info({ userId: actor.userId, exportId: spent.id }, "export des données téléchargé");
  return { kind: "file", fileName: opened.file.original_name, sizeBytes: Number(opened.file.size_bytes), stream: body };
}

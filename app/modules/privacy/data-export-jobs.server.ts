import { randomBytes, randomUUID } from "node:crypto";
import { fileStorage, type FileStorage } from "~/modules/files/files.server";
import { enqueueJob, jobsEnqueued, PermanentJobError, type JobHandler } from "~/modules/jobs/jobs.server";
import { enqueueEmail, type PersonalLinkBuilder } from "~/modules/notifications/notifications.server";
import { formatDateTime } from "~/lib/format";
import { logger } from "~/platform/logger.server";
import { runtime } from "~/platform/runtime.server";
import { DATA_EXPORT_LINK_HOURS } from "./data-export.schema";
import { DATA_EXPORT_EXPIRY_JOB, discardExportFile, HOUR_MS, tokenHash } from "./data-export-records.server";
import { collectExportContents, zipExport } from "./export-contents.server";

const exportPayload = (payload: Record<string, unknown>): string => {
  const id = payload.exportId;
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) throw new PermanentJobError("export de données : identifiant invalide");
  return id;
};

/**
 * The export job: builds the ZIP into the storage gateway (encrypted like every file), then in one transaction records
 * the file, marks the export ready for 24 hours, queues the email (its link made when it is sent) and the job that
 * deletes the file at expiry. Run twice, the second run finds the export no longer queued and does nothing.
 */
export function createDataExportHandler(storage: () => FileStorage = fileStorage): JobHandler {
  return async (job, database) => {
    const exportId = exportPayload(job.payload);
    const row = await database.selectFrom("data_exports").select(["id", "user_id", "status"]).where("id", "=", exportId).executeTakeFirst();
    if (!row || row.status !== "queued") return;
    const gateway = storage();
    try {
      const started = Date.now();
      const contents = await collectExportContents(database, row.user_id);
      const fileId = randomUUID();
      const written = await gateway.writeObject(fileId, zipExport(contents, gateway));
      let expiresAt: Date | null = null;
      try {
        expiresAt = await database.transaction().execute(async (trx) => {
          const current = await trx.selectFrom("data_exports").select("status").where("id", "=", exportId).forUpdate().executeTakeFirst();
          if (current?.status !== "queued") return null;
          const person = await trx.selectFrom("profiles").select(["email", "first_name"]).where("id", "=", row.user_id).executeTakeFirstOrThrow();
          const readyAt = new Date();
          const expires = new Date(readyAt.getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS);
          const day = readyAt.toISOString().slice(0, 10);
          await gateway.record(trx, written, { ownerId: row.user_id, originalName: `recours-mes-donnees-${day}.zip`, mediaType: "application/zip" });
          await trx
            .updateTable("data_exports")
            .set({ status: "ready", ready_at: readyAt, expires_at: expires, stored_file_id: fileId, size_bytes: written.sizeBytes })
            .where("id", "=", exportId)
            .execute();
          await enqueueEmail(trx, {
            to: person.email,
            template: "export-donnees-pret",
            variables: { prenom: person.first_name, date_expiration: formatDateTime(expires) },
            personalLink: { kind: "data-export", userId: row.user_id, exportId },
          });
          await enqueueJob(trx, { kind: DATA_EXPORT_EXPIRY_JOB, payload: { exportId }, runAt: expires });
          return expires;
        });
      } catch (error) {
        await gateway.discardObject(written.objectName);
        throw error;
      }
      if (expiresAt === null) {
        await gateway.discardObject(written.objectName);
        return;
      }
      jobsEnqueued();
      logger.info(
        { exportId, userId: row.user_id, files: contents.files.length, bytes: written.sizeBytes, milliseconds: Date.now() - started },
        "export des données prêt",
      );
    } catch (error) {
      if (job.attempt >= job.maxAttempts) {
        await database.updateTable("data_exports").set({ status: "failed" }).where("id", "=", exportId).where("status", "=", "queued").execute();
        logger.error({ err: error, exportId }, "export des données en échec");
      }
      throw error;
    }
  };
}

/** At the link's expiry: the file goes (the row stays, so the page says 'expiré'). */
export function createDataExportExpiryHandler(storage: () => FileStorage = fileStorage): JobHandler {
  return async (job, database) => {
    await discardExportFile(database, storage(), exportPayload(job.payload));
  };
}

/**
 * The email job's maker of an export link: a new random token, stored only as its SHA-256 on the export, so the
 * link exists only in the email. Null (no email) when the export is no longer ready.
 */
export const buildDataExportLink: PersonalLinkBuilder = async (request, database) => {
  if (request.kind !== "data-export" || !request.exportId) return null;
  const token = randomBytes(32).toString("base64url");
  const updated = await database
    .updateTable("data_exports")
    .set({ token_hash: tokenHash(token) })
    .where("id", "=", request.exportId)
    .where("user_id", "=", request.userId)
    .where("status", "=", "ready")
    .where("downloaded_at", "is", null)
    .where("expires_at", ">", new Date())
    .returning("id")
    .executeTakeFirst();
  if (!updated) return null;
  return `${runtime().env.PUBLIC_URL}/compte/donnees/export?token=${token}`;
};

import { buildPersonalLink } from "~/modules/accounts/accounts.server";
import { createSealAgreementHandler, SEAL_AGREEMENT_JOB } from "~/modules/agreements/agreements.server";
import { CHAT_UNREAD_NOTICE_JOB, handleUnreadNoticeJob } from "~/modules/chat/chat-notices.server";
import { BANK_REMINDER_JOB, createBankReminderHandler } from "~/modules/case-file/bank-reminders.server";
import { createDocumentReminderHandler, DOCUMENT_REMINDER_JOB, ensureDocumentRemindersScheduled } from "~/modules/case-file/document-reminders.server";
import { createFilingReceiptHandler, FILING_RECEIPT_JOB, storedFileAttachments } from "~/modules/case-file/filing-receipt.server";
import { fileStorage } from "~/modules/files/files.server";
import { createStorageJanitorHandler, ensureStorageJanitorScheduled, STORAGE_JANITOR_JOB } from "~/modules/files/storage-janitor.server";
import { createHeicConversionHandler, HEIC_CONVERSION_JOB } from "~/modules/files/upload-pipeline.server";
import { buildDataExportLink, createDataExportExpiryHandler, createDataExportHandler, DATA_EXPORT_EXPIRY_JOB, DATA_EXPORT_JOB } from "~/modules/privacy/data-export.server";
import { createDeletedFilesSweepHandler, DELETED_FILES_SWEEP_JOB } from "~/modules/privacy/file-sweep.server";
import { createRetentionHandler, ensureRetentionScheduled, RETENTION_JOB } from "~/modules/privacy/retention.server";
import { createJobWorker, onJobsEnqueued, type JobWorker } from "~/modules/jobs/jobs.server";
import { createEmailJobHandler, createMailTransport, EMAIL_JOB } from "~/modules/notifications/notifications.server";
import { createSmsJobHandler, SMS_JOB } from "~/modules/notifications/sms-channel.server";
import { createSmsProvider } from "~/modules/notifications/sms-provider.server";
import type { Env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";

export interface RunningJobWorker {
  worker: JobWorker;
  stop(): Promise<void>;
}

/** The queue's worker with every handler; runs inside the server process or alone (`npm run worker`). */
export function startJobWorker(env: Env): RunningJobWorker {
  const transport = createMailTransport(env);
  const worker = createJobWorker({
    database: db(),
    handlers: {
      [EMAIL_JOB]: createEmailJobHandler(transport, {
        personalLink: (request, database) =>
          request.kind === "data-export" ? buildDataExportLink(request, database) : buildPersonalLink(request, database),
        attachments: storedFileAttachments(fileStorage),
      }),
      [SMS_JOB]: createSmsJobHandler(createSmsProvider(env)),
      [DATA_EXPORT_JOB]: createDataExportHandler(),
      [DATA_EXPORT_EXPIRY_JOB]: createDataExportExpiryHandler(),
      [HEIC_CONVERSION_JOB]: createHeicConversionHandler(fileStorage),
      [STORAGE_JANITOR_JOB]: createStorageJanitorHandler(fileStorage, { graceMs: env.STORAGE_JANITOR_GRACE_SECONDS * 1000 }),
      [CHAT_UNREAD_NOTICE_JOB]: handleUnreadNoticeJob,
      [BANK_REMINDER_JOB]: createBankReminderHandler(),
      [DOCUMENT_REMINDER_JOB]: createDocumentReminderHandler(),
      [FILING_RECEIPT_JOB]: createFilingReceiptHandler(fileStorage),
      [SEAL_AGREEMENT_JOB]: createSealAgreementHandler(),
      [DELETED_FILES_SWEEP_JOB]: createDeletedFilesSweepHandler(fileStorage),
      [RETENTION_JOB]: createRetentionHandler(fileStorage, {
        identityDocumentDays: env.IDENTITY_DOCUMENT_RETENTION_DAYS,
        attemptWindowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      }),
    },
    pollMilliseconds: env.JOB_POLL_MILLISECONDS,
    leaseSeconds: env.JOB_LEASE_SECONDS,
    retryBaseSeconds: env.JOB_RETRY_BASE_SECONDS,
    retryMaxSeconds: env.JOB_RETRY_MAX_SECONDS,
  });
  onJobsEnqueued(() => worker.nudge());
  worker.start();
  // The storage janitor recurs through the queue: its first run a minute after start, if none is queued yet.
  ensureStorageJanitorScheduled(db(), new Date(Date.now() + 60_000)).catch((error: unknown) =>
    logger.error({ err: error }, "ménage du stockage non planifié"),
  );
  ensureRetentionScheduled(db(), new Date(Date.now() + 5 * 60_000)).catch((error: unknown) =>
    logger.error({ err: error }, "conservation des données non planifiée"),
  );
  ensureDocumentRemindersScheduled(db(), new Date(Date.now() + 2 * 60_000)).catch((error: unknown) =>
    logger.error({ err: error }, "rappels de documents demandés non planifiés"),
  );
  logger.info({ workerId: worker.id, transport: transport.kind }, "file de tâches démarrée");
  return {
    worker,
    async stop() {
      onJobsEnqueued(undefined);
      await worker.stop();
      transport.close();
    },
  };
}

import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { caseAccess } from "~/modules/cases/case-access.server";
import { publicLink } from "~/modules/cases/case-history.server";
import { FILING_RECEIPT_JOB } from "~/modules/cases/filing-receipt-job.server";
import { fileStorage, type FileStorage } from "~/modules/files/files.server";
import { jobsEnqueued, PermanentJobError, type JobHandler } from "~/modules/jobs/jobs.server";
import { enqueueEmail, type AttachmentLoader, type EmailAttachmentReference } from "~/modules/notifications/notifications.server";
import type { Actor } from "~/platform/actor";
import type { Database } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { evidenceOf } from "./evidence.server";
import { renderFilingReceipt } from "./filing-receipt-pdf.server";
import { readPayments } from "./payments.server";

export { FILING_RECEIPT_JOB };

const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export const filingReceiptMessages = {
  preparing: "L'accusé de dépôt de ce dossier est en cours de préparation\u202f: réessayez dans quelques instants.",
  altered: "Ce document a été altéré depuis son enregistrement\u202f: il n'est pas servi. Notre équipe est prévenue.",
} as const;

export function filingReceiptFileName(caseNumber: string): string {
  return `accuse-de-depot-${caseNumber}.pdf`;
}

/**
 * The bytes of a stored file whose SHA-256 is still the recorded one; null when it is gone, unreadable or altered
 * (logged). Through the storage gateway (decrypted, its authentication checked).
 */
async function verifiedFile(storage: FileStorage, fileId: string, expectedSha256: string, executor: Kysely<Database>): Promise<Buffer | null> {
  try {
    const { stream } = await storage.open(fileId, executor);
    const bytes = await buffer(stream);
    if (sha256Hex(bytes) === expectedSha256) return bytes;
    logger.error({ fileId }, "accusé de dépôt : empreinte différente, fichier non servi");
    return null;
  } catch (error) {
    logger.warn({ err: error, fileId }, "accusé de dépôt : fichier illisible");
    return null;
  }
}

export type FilingReceiptOutcome = "made" | "nothing-to-do";

/**
 * The receipt job's work (issue 32): renders the PDF of a submitted case, then in one transaction, on the case locked,
 * stores it through the gateway, records its SHA-256 and queues the confirmation e-mail that carries it. Runs again
 * after a crash (delivery at least once): a crash before the commit leaves no row (the stored object is the janitor's),
 * a run after the commit finds the row and does nothing. So one receipt and one e-mail per case.
 */
export async function makeFilingReceipt(
  database: Kysely<Database>,
  storage: FileStorage,
  caseId: string,
  options: { notify: boolean; now?: Date },
): Promise<FilingReceiptOutcome> {
  const done = await database.selectFrom("case_filing_receipts").select("case_id").where("case_id", "=", caseId).executeTakeFirst();
  if (done) return "nothing-to-do";
  const row = await database
    .selectFrom("cases as c")
    .innerJoin("profiles as o", "o.id", "c.user_id")
    .select(["c.id", "c.case_number", "c.status", "c.submitted_at", "c.scam_type", "c.total_amount_lost", "c.user_id", "o.first_name", "o.last_name", "o.email", "o.deleted_at"])
    .where("c.id", "=", caseId)
    .executeTakeFirst();
  // A draft has nothing to acknowledge; a case purged meanwhile or an account deleted has no one to give it to.
  if (!row || row.status === "draft" || !row.submitted_at || row.deleted_at) return "nothing-to-do";
  const [payments, evidence] = await Promise.all([readPayments(caseId), evidenceOf(database, caseId)]);
  const pdf = await renderFilingReceipt({
    caseNumber: row.case_number,
    submittedAt: row.submitted_at,
    generatedAt: options.now ?? new Date(),
    client: { firstName: row.first_name, lastName: row.last_name },
    scamType: row.scam_type,
    declaredAmount: row.total_amount_lost,
    payments,
    evidence,
  });
  const digest = sha256Hex(pdf);
  const outcome = await database.transaction().execute(async (trx): Promise<FilingReceiptOutcome> => {
    // Two runs at once (a lease run out while the first was still rendering) meet here: the second finds the row.
    await trx.selectFrom("cases").select("id").where("id", "=", caseId).forNoKeyUpdate().executeTakeFirst();
    const again = await trx.selectFrom("case_filing_receipts").select("case_id").where("case_id", "=", caseId).executeTakeFirst();
    if (again) return "nothing-to-do";
    const stored = await storage.put({
      executor: trx,
      body: Readable.from([pdf]),
      ownerId: row.user_id,
      originalName: filingReceiptFileName(row.case_number),
      mediaType: "application/pdf",
    });
    await trx.insertInto("case_filing_receipts").values({ case_id: caseId, file_id: stored.id, sha256: digest }).execute();
    if (options.notify) {
      await enqueueEmail(trx, {
        to: row.email,
        userId: row.user_id,
        template: "dossier-soumis",
        variables: { prenom: row.first_name, numero_dossier: row.case_number, lien: publicLink(`/case/${caseId}`) },
        attachments: [{ fileId: stored.id, fileName: filingReceiptFileName(row.case_number), sha256: digest }],
      });
    }
    return "made";
  });
  if (outcome === "made" && options.notify) jobsEnqueued();
  return outcome;
}

const receiptJobPayload = z.object({ caseId: z.uuid(), notify: z.boolean().default(true) });

/** The queue's handler for FILING_RECEIPT_JOB (server/job-worker.ts); `storage` replaces the gateway in tests. */
export function createFilingReceiptHandler(storage: () => FileStorage): JobHandler {
  return async (job, database) => {
    const payload = receiptJobPayload.safeParse(job.payload);
    if (!payload.success) throw new PermanentJobError("tâche d'accusé de dépôt sans dossier");
    const outcome = await makeFilingReceipt(database, storage(), payload.data.caseId, { notify: payload.data.notify });
    logger.info({ caseId: payload.data.caseId, outcome }, "accusé de dépôt");
  };
}

/** The e-mail job's attachment reader (server/job-worker.ts): a stored file, sent only while its SHA-256 matches. */
export function storedFileAttachments(storage: () => FileStorage): AttachmentLoader {
  return async (reference: EmailAttachmentReference, database) => {
    const bytes = await verifiedFile(storage(), reference.fileId, reference.sha256, database);
    if (!bytes) throw new PermanentJobError(`pièce jointe ${reference.fileId} illisible ou altérée`);
    return { filename: reference.fileName, content: bytes, contentType: "application/pdf" };
  };
}

/** The receipt as the case page shows it: ready (with its SHA-256, to check a copy), or still being prepared. */
export type FilingReceiptView = { state: "ready"; sha256: string; generatedAt: string } | { state: "preparing" };

/** Whether the case's receipt job is waiting or running (the jobs table's two partial indexes on status). */
/**
 * The case's receipt for whoever may read the case (the one case-access policy): ready, or being prepared while its
 * job is queued or running; null for a draft and for a case without one (its job failed for good, or it had none).
 */
export async function filingReceiptFor(actor: Actor, caseId: string): Promise<FilingReceiptView | null> {
  const access = await caseAccess(actor, caseId);
  if (access.status === "draft") return null;
  // The receipt, or else whether its job is queued or running, in one query.
  const found = await sql<{ sha256: string | null; generated_at: Date | null; preparing: boolean }>`
    SELECT r.sha256, r.generated_at,
      r.case_id IS NULL AND EXISTS (
        SELECT 1 FROM jobs
        WHERE (status = 'queued' OR status = 'running') AND kind = ${FILING_RECEIPT_JOB} AND payload->>'caseId' = ${access.caseId}::text
      ) AS preparing
    FROM (SELECT 1) AS one LEFT JOIN case_filing_receipts r ON r.case_id = ${access.caseId}`.execute(db());
  const row = found.rows[0]!;
  if (row.sha256 !== null && row.generated_at !== null) return { state: "ready", sha256: row.sha256, generatedAt: new Date(row.generated_at).toISOString() };
  return row.preparing ? { state: "preparing" } : null;
}

export type FilingReceiptDownload = { ok: true; fileName: string; pdf: Buffer } | { ok: false; status: 404 | 409; message: string };

/**
 * The stored receipt PDF, for the case's client, its lawyer or an admin (anyone else: the case's 404). Not made yet:
 * 404 "en cours de préparation"; bytes no longer matching the recorded SHA-256: 409, never served.
 */
export async function downloadFilingReceipt(actor: Actor, caseId: string, options: { storage?: FileStorage } = {}): Promise<FilingReceiptDownload> {
  const access = await caseAccess(actor, caseId);
  const row = await db().selectFrom("case_filing_receipts").select(["file_id", "sha256"]).where("case_id", "=", access.caseId).executeTakeFirst();
  if (!row) return { ok: false, status: 404, message: filingReceiptMessages.preparing };
  const pdf = await verifiedFile(options.storage ?? fileStorage(), row.file_id, row.sha256, db());
  if (!pdf) return { ok: false, status: 409, message: filingReceiptMessages.altered };
  return { ok: true, fileName: filingReceiptFileName(access.caseNumber), pdf };
}

import { sql, type Transaction } from "kysely";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { caseAccess, sharedCaseRead, type CaseAccess } from "~/modules/cases/case-access.server";
import { caseMessages } from "~/modules/cases/cases.schema";
import { servedFileName } from "~/modules/files/file-names";
import type { FileStorage, StoredFile } from "~/modules/files/files.server";
import { receiveUpload, type ReceivedFile } from "~/modules/files/upload-pipeline.server";
import { UploadError } from "~/modules/files/upload-error";
import { NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import type { Database, Executor } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { markDocumentProvided, uploadTarget } from "./document-request-items.server";
import {
  EVIDENCE_CLOSED_STATUSES,
  EVIDENCE_FILE_FIELD,
  EVIDENCE_FILES_PER_UPLOAD,
  evidenceFieldsSchema,
  evidenceMessages,
  type EvidenceItem,
} from "./evidence.schema";

export type EvidenceUploadResult =
  | { ok: true; message: string; items: EvidenceItem[] }
  | { ok: false; status: number; message: string; field?: string; retryAfterSeconds?: number };

class EvidenceFormError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * The case's client adds evidence files (up to 10 at once, one category and description): streamed through the
 * upload pipeline (type from the bytes, 30 MB each, encrypted), the SHA-256 of each original recorded. A closed
 * case refuses (409) and keeps nothing: the pipeline deletes every object written when the recording throws.
 * With `documentRequestId` the files answer that item of the lawyer's checklist (decision 85): its category comes
 * from the item, its label is the default description, and an item of another case (404) or already accepted (409)
 * refuses them.
 */
export async function uploadEvidence(
  actor: Actor,
  caseId: string,
  request: Request,
  options: { storage?: FileStorage; documentRequestId?: string } = {},
): Promise<EvidenceUploadResult> {
  const found = await caseAccess(actor, caseId);
  if (found.viewer !== "owner") return { ok: false, status: 403, message: evidenceMessages.ownerOnly };
  if ((EVIDENCE_CLOSED_STATUSES as readonly string[]).includes(found.status)) return { ok: false, status: 409, message: evidenceMessages.caseClosed };
  const requestId = options.documentRequestId;
  const target = requestId === undefined ? null : await uploadTarget(db(), found.caseId, requestId);
  if (target && "ok" in target) return { ok: false, status: target.status, message: target.formError ?? evidenceMessages.uploadFailed };
  const owner = found.actor;
  try {
    const upload = await receiveUpload(
      request,
      {
        ownerId: owner.userId,
        fileFields: { [EVIDENCE_FILE_FIELD]: EVIDENCE_FILES_PER_UPLOAD },
        quota: { actor: owner, scope: { kind: "case", caseId: found.caseId } },
        ...(options.storage ? { storage: options.storage } : {}),
      },
      (trx, received) =>
        recordEvidence(trx, owner, caseId, received.files, target ? { description: target.label, ...withoutBlanks(received.fields), category: target.category } : received.fields, requestId),
    );
    return { ok: true, message: evidenceMessages.uploaded(upload.result.length), items: upload.result };
  } catch (error) {
    if (error instanceof EvidenceFormError || error instanceof UploadError) {
      const retry = error instanceof UploadError && error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {};
      return { ok: false, status: error.status, message: error.message, ...(error.field ? { field: error.field } : {}), ...retry };
    }
    throw error;
  }
}

function withoutBlanks(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ""));
}

async function recordEvidence(
  trx: Transaction<Database>,
  actor: UserActor,
  caseId: string,
  files: ReceivedFile[],
  rawFields: Record<string, string>,
  documentRequestId?: string,
): Promise<EvidenceItem[]> {
  const parsed = evidenceFieldsSchema.safeParse(rawFields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EvidenceFormError(issue.message, 422, String(issue.path[0] ?? "formulaire"));
  }
  // The status is read again under a lock: a case closed while the file streamed refuses it all the same.
  const locked = await caseAccess(actor, caseId, { executor: trx, lock: "update" });
  if (locked.viewer !== "owner") throw new NotFoundError(caseMessages.noAccess);
  if ((EVIDENCE_CLOSED_STATUSES as readonly string[]).includes(locked.status)) throw new EvidenceFormError(evidenceMessages.caseClosed, 409);
  if (documentRequestId !== undefined) {
    // Accepted while the file streamed: refused all the same.
    const refused = await markDocumentProvided(trx, locked, documentRequestId);
    if (refused) throw new EvidenceFormError(refused.formError ?? evidenceMessages.uploadFailed, refused.status);
  }
  const items: EvidenceItem[] = [];
  for (const { file, originalSha256 } of files) {
    const inserted = await trx
      .insertInto("case_evidence")
      .values({
        case_id: caseId,
        stored_file_id: file.id,
        category: parsed.data.category,
        description: parsed.data.description,
        original_sha256: Buffer.from(originalSha256, "hex"),
        uploaded_by: actor.userId,
        document_request_id: documentRequestId ?? null,
        // now() is the same for every row of the transaction: the files keep the order they were sent in.
        created_at: sql<Date>`clock_timestamp()`,
      })
      .returning(["id", "created_at"])
      .executeTakeFirstOrThrow();
    items.push(
      itemFrom({ ...inserted, file, category: parsed.data.category, description: parsed.data.description, original_sha256: Buffer.from(originalSha256, "hex"), document_request_id: documentRequestId ?? null }),
    );
  }
  return items;
}

function itemFrom(row: { id: string; created_at: Date; category: string; description: string; original_sha256: Buffer; document_request_id: string | null; file: Pick<StoredFile, "id" | "original_name" | "size_bytes" | "media_type" | "status"> }): EvidenceItem {
  return {
    id: row.id,
    fileId: row.file.id,
    fileName: servedFileName(row.file.original_name, row.file.media_type),
    category: row.category,
    description: row.description,
    sizeBytes: Number(row.file.size_bytes),
    mediaType: row.file.media_type,
    fileStatus: row.file.status,
    sha256: row.original_sha256.toString("hex"),
    uploadedAt: row.created_at.toISOString(),
    documentRequestId: row.document_request_id,
  };
}

/** The evidence of a case, oldest first, for whoever may read the case. */
export async function listEvidence(actor: Actor, caseId: string): Promise<EvidenceItem[]> {
  const found = await caseAccess(actor, caseId);
  return evidenceOf(db(), found.caseId);
}

/** The case's evidence, read once for the sections sharing this access answer (decision 0093). */
export function sharedEvidence(access: CaseAccess): Promise<EvidenceItem[]> {
  return sharedCaseRead(access, "evidence", () => evidenceOf(db(), access.caseId));
}

/** Internal: the rows of a case already checked. */
export async function evidenceOf(executor: Executor, caseId: string): Promise<EvidenceItem[]> {
  const rows = await executor
    .selectFrom("case_evidence as e")
    .innerJoin("stored_files as f", "f.id", "e.stored_file_id")
    .select(["e.id", "e.created_at", "e.category", "e.description", "e.original_sha256", "e.document_request_id", "f.id as file_id", "f.original_name", "f.size_bytes", "f.media_type", "f.status"])
    .where("e.case_id", "=", caseId)
    .orderBy("e.created_at")
    .orderBy("e.id")
    .execute();
  return rows.map((row) =>
    itemFrom({ ...row, file: { id: row.file_id, original_name: row.original_name, size_bytes: row.size_bytes, media_type: row.media_type, status: row.status } }),
  );
}

/**
 * Whether a stored file is evidence on a case the actor may read as staff (assigned lawyer or admin); the owner's
 * own files are allowed by the storage rule already. Used by the /fichiers/:id route's check.
 */
export async function staffMayViewEvidenceFile(actor: UserActor, fileId: string): Promise<{ caseId: string; ownerId: string } | null> {
  if (actor.role !== "admin" && actor.role !== "lawyer") return null;
  const row = await db()
    .selectFrom("case_evidence as e")
    .innerJoin("cases as c", "c.id", "e.case_id")
    .select(["c.id", "c.user_id", "c.assigned_lawyer_id"])
    .where("e.stored_file_id", "=", fileId)
    .executeTakeFirst();
  if (!row) return null;
  if (actor.role === "admin" || row.assigned_lawyer_id === actor.userId) return { caseId: row.id, ownerId: row.user_id };
  return null;
}

/** A staff member opening a client's evidence file goes to the staff journal, like an identity document. */
export async function recordEvidenceView(actor: UserActor, file: StoredFile): Promise<boolean> {
  const evidence = await db()
    .selectFrom("case_evidence as e")
    .innerJoin("cases as c", "c.id", "e.case_id")
    .select(["e.id", "e.category", "c.id as case_id", "c.case_number", "c.user_id"])
    .where("e.stored_file_id", "=", file.id)
    .executeTakeFirst();
  if (!evidence) return false;
  await recordStaffAction(db(), actor, {
    action: "evidence.viewed",
    targetType: "stored-file",
    targetId: file.id,
    after: { evidenceId: evidence.id, caseId: evidence.case_id, caseNumber: evidence.case_number, subjectUserId: evidence.user_id, category: evidence.category },
  });
  return true;
}

import { isUuid } from "~/lib/uuid";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { recordEvidenceView, staffMayViewEvidenceFile } from "~/modules/case-file/evidence.server";
import type { FileStorage, StoredFile } from "~/modules/files/files.server";
import { fileStorage, notReadyRefusal, openForDownload } from "~/modules/files/files.server";
import { assertUser, NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";

/**
 * Whether the acting person may view a stored file: its owner, or an admin when it is an identity document.
 * Anyone else gets NotFoundError (another person's file does not exist for them).
 */
export async function assertMayViewFile(actor: Actor, fileId: string): Promise<void> {
  assertUser(actor);
  const file = await db().selectFrom("stored_files").select(["owner_id", "media_type"]).where("id", "=", fileId).executeTakeFirst();
  // A data export opens only through its emailed, single-use link (decision 0045), never here.
  if (!file || file.media_type === "application/zip") throw new NotFoundError();
  if (file.owner_id === actor.userId) return;
  if (actor.role === "admin") {
    const document = await db().selectFrom("identity_verification_documents").select("id").where("stored_file_id", "=", fileId).executeTakeFirst();
    if (document) return;
  }
  // Evidence files on a case (issue 15): the assigned lawyer and admins too.
  if (await staffMayViewEvidenceFile(actor, fileId)) return;
  throw new NotFoundError();
}

export type FileDownload =
  | { kind: "refused"; status: 403 | 404 | 409; message: string }
  | { kind: "redirect"; location: string }
  | { kind: "file"; file: StoredFile; stream: import("node:stream").Readable };

/**
 * GET /fichiers/:id. Without a signature: a fresh 60-second link for this viewer (after the access check). With one:
 * the decrypted file, if the link is this viewer's, unexpired and untampered, and they may still view the file.
 */
export async function downloadFile(
  actor: Actor,
  fileId: string,
  link: { exp: string | null; sig: string | null },
  options: { storage?: FileStorage } = {},
): Promise<FileDownload> {
  if (actor.kind !== "user") return { kind: "refused", status: 403, message: "Connectez-vous pour ouvrir ce document." };
  if (!isUuid(fileId)) return { kind: "refused", status: 404, message: "Document introuvable." };
  const storage = options.storage ?? fileStorage();
  try {
    assertUser(actor);
  } catch {
    return { kind: "refused", status: 403, message: "Action non autorisée." };
  }
  if (link.exp === null && link.sig === null) {
    try {
      await assertMayViewFile(actor, fileId);
    } catch {
      return { kind: "refused", status: 404, message: "Document introuvable." };
    }
    const unavailable = await notReadyRefusal(storage, db(), fileId);
    if (unavailable) return unavailable;
    return { kind: "redirect", location: storage.downloadLink(fileId, actor.userId) };
  }
  const check = storage.checkDownloadLink({ fileId, viewerId: actor.userId, exp: link.exp, sig: link.sig });
  if (check === "expired") return { kind: "refused", status: 403, message: "Ce lien a expiré. Rouvrez le document depuis votre espace." };
  if (check !== "valid") return { kind: "refused", status: 403, message: "Ce lien n'est pas valable." };
  try {
    await assertMayViewFile(actor, fileId);
  } catch {
    return { kind: "refused", status: 404, message: "Document introuvable." };
  }
  const opened = await openForDownload(storage, fileId);
  if (opened.kind === "refused") return opened;
  const { file, stream } = opened;
  if (file.owner_id !== actor.userId) {
    // A staff member opening someone's identity document goes to the staff journal.
    try {
      await recordDocumentView(actor, file);
    } catch (error) {
      stream.destroy();
      throw error;
    }
  }
  return { kind: "file", file, stream };
}

async function recordDocumentView(actor: UserActor, file: StoredFile): Promise<void> {
  if (await recordEvidenceView(actor, file)) return;
  const database = db();
  const document = await database
    .selectFrom("identity_verification_documents")
    .select(["id", "user_id", "step_number", "document_type", "document_side", "status", "rejection_reason"])
    .where("stored_file_id", "=", file.id)
    .executeTakeFirst();
  await recordStaffAction(database, actor, {
    action: "document.viewed",
    targetType: "stored-file",
    targetId: file.id,
    after: document
      ? {
          documentId: document.id,
          subjectUserId: document.user_id,
          stepNumber: document.step_number,
          documentType: document.document_type,
          side: document.document_side,
          status: document.status,
          reason: document.rejection_reason,
        }
      : { subjectUserId: file.owner_id },
  });
}

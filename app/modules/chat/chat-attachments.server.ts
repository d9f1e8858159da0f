import { Readable } from "node:stream";
import sharp from "sharp";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { isUuid } from "~/lib/uuid";
import { caseAccess, mayPostInChat, type CaseAccess } from "~/modules/cases/case-access.server";
import { assertUser, NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { fileStorage, notReadyRefusal, openForDownload, type FileStorage, type StoredFile } from "~/modules/files/files.server";
import { receiveUpload } from "~/modules/files/upload-pipeline.server";
import { UploadError } from "~/modules/files/upload-error";
import { chatMessages } from "./chat.schema";

/** The file field of the chat's upload form. */
export const CHAT_FILE_FIELD = "fichier";
const THUMBNAIL_PIXELS = 480;

export type ChatUploadResult =
  | { ok: true; fileId: string; name: string; mediaType: string; sizeBytes: number }
  | { ok: false; status: number; message: string; retryAfterSeconds?: number };

/**
 * A file for a message of the case's chat, through the identity documents' pipeline (type by content, 30 MB,
 * encrypted at rest). It belongs to the sender until a message of theirs references it (sendChatMessage).
 */
export async function uploadChatAttachment(actor: Actor, caseId: string, request: Request, options: { storage?: FileStorage } = {}): Promise<ChatUploadResult> {
  const chat = await caseAccess(actor, caseId);
  if (!mayPostInChat(chat)) return { ok: false, status: 409, message: chatMessages.draft };
  try {
    const upload = await receiveUpload(request, {
      ownerId: chat.actor.userId,
      fileFields: { [CHAT_FILE_FIELD]: 1 },
      quota: { actor: chat.actor, scope: { kind: "case", caseId: chat.caseId } },
      ...(options.storage ? { storage: options.storage } : {}),
    });
    const file = upload.files[0]!.file;
    return { ok: true, fileId: file.id, name: file.original_name, mediaType: file.media_type, sizeBytes: Number(file.size_bytes) };
  } catch (error) {
    if (error instanceof UploadError) {
      return { ok: false, status: error.status, message: error.message, ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}) };
    }
    throw error;
  }
}

/** A file attached to a message of this case, for one of the case's three parties (admins included); else 404. */
async function attachmentOf(actor: Actor, caseId: string, fileId: string): Promise<{ chat: CaseAccess; messageId: string; senderId: string }> {
  const chat = await caseAccess(actor, caseId);
  if (!isUuid(fileId)) throw new NotFoundError("Document introuvable.");
  const message = await db()
    .selectFrom("case_chat_messages")
    .select(["id", "sender_id"])
    .where("case_id", "=", caseId)
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  if (!message) throw new NotFoundError("Document introuvable.");
  return { chat, messageId: message.id, senderId: message.sender_id };
}

/**
 * A lawyer or an admin opening a file the client sent goes to the staff journal, and so to the client's "Qui a
 * consulté mes données" (like evidence and identity documents). Recorded when the link is issued, once per opening;
 * the thumbnails the conversation shows are not openings.
 */
async function recordAttachmentOpened(actor: UserActor, fileId: string, attachment: { chat: CaseAccess; messageId: string; senderId: string }) {
  if (actor.role === "user" || attachment.senderId !== attachment.chat.ownerId) return;
  await recordStaffAction(db(), actor, {
    action: "chat-file.viewed",
    targetType: "stored-file",
    targetId: fileId,
    after: { caseId: attachment.chat.caseId, caseNumber: attachment.chat.caseNumber, messageId: attachment.messageId, subjectUserId: attachment.chat.ownerId },
  });
}

export type ChatFileDownload =
  | { kind: "redirect"; location: string }
  | { kind: "refused"; status: 403 | 404 | 409; message: string }
  | { kind: "file"; file: StoredFile; body: Readable; mediaType: string; thumbnail: boolean };

/**
 * GET /case/:caseId/chat/fichier/:fileId: without a link, a 60-second link bound to the viewer (a redirect); with
 * one, the file decrypted (or an image's thumbnail), after checking the link and the viewer's access again.
 */
export async function chatAttachmentDownload(
  actor: Actor,
  caseId: string,
  fileId: string,
  link: { exp: string | null; sig: string | null; thumbnail: boolean; download: boolean },
): Promise<ChatFileDownload> {
  assertUser(actor);
  const attachment = await attachmentOf(actor, caseId, fileId);
  const storage = fileStorage();
  if (link.exp === null && link.sig === null) {
    const unavailable = await notReadyRefusal(storage, db(), fileId);
    if (unavailable) return unavailable;
    if (!link.thumbnail) await recordAttachmentOpened(actor, fileId, attachment);
    const signed = new URL(storage.downloadLink(fileId, actor.userId), "http://recours.invalid");
    const query = new URLSearchParams({ exp: signed.searchParams.get("exp")!, sig: signed.searchParams.get("sig")! });
    if (link.thumbnail) query.set("preview", "1");
    if (link.download) query.set("download", "1");
    return { kind: "redirect", location: `/case/${caseId}/chat/fichier/${fileId}?${query.toString()}` };
  }
  const check = storage.checkDownloadLink({ fileId, viewerId: actor.userId, exp: link.exp, sig: link.sig });
  if (check === "expired") return { kind: "refused", status: 403, message: "Ce lien a expiré. Rouvrez le document depuis la messagerie." };
  if (check !== "valid") return { kind: "refused", status: 403, message: "Ce lien n'est pas valable." };
  const opened = await openForDownload(storage, fileId);
  if (opened.kind === "refused") return opened;
  const { file, stream } = opened;
  if (link.thumbnail && (file.media_type === "image/jpeg" || file.media_type === "image/png")) {
    const resized = stream.pipe(
      sharp({ limitInputPixels: 100_000_000 }).rotate().resize(THUMBNAIL_PIXELS, THUMBNAIL_PIXELS, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 75 }),
    );
    stream.on("error", (error) => resized.destroy(error));
    return { kind: "file", file, body: resized, mediaType: "image/jpeg", thumbnail: true };
  }
  return { kind: "file", file, body: stream, mediaType: file.media_type, thumbnail: false };
}

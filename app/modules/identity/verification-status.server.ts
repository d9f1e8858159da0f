import { servedFileName } from "~/modules/files/file-names";
import type { DocumentSide, DocumentStatus, DocumentType, Executor, ProofOfAddressType } from "~/platform/database-schema";
import type { IdentityStatus, IdentityStep, UploadStep } from "./identity.schema";

// Private to the identity module: the status row and the status rules every use case of it shares.

export const UPLOAD_STEPS: readonly UploadStep[] = [2, 3, 4];

export type StepState = "empty" | "pending" | "approved" | "rejected";

export interface IdentityDocumentView {
  id: string;
  stepNumber: UploadStep;
  documentType: DocumentType;
  documentSide: DocumentSide;
  proofType: ProofOfAddressType | null;
  fileId: string | null;
  fileName: string;
  mediaType: string;
  /** The stored file's state: "converting" and "failed" have no link (file-states.ts). */
  fileStatus: string | null;
  status: DocumentStatus;
  rejectionReason: string | null;
  uploadedAt: string;
}


export async function ensureStatusRow(executor: Executor, userId: string) {
  await executor.insertInto("identity_verification_status").values({ user_id: userId }).onConflict((oc) => oc.column("user_id").doNothing()).execute();
  return executor.selectFrom("identity_verification_status").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
}

export function stepState(documents: IdentityDocumentView[]): StepState {
  if (documents.some((document) => document.status === "rejected")) return "rejected";
  if (documents.some((document) => document.status === "pending")) return "pending";
  if (documents.some((document) => document.status === "approved")) return "approved";
  return "empty";
}

/** Spec §4, identity status priority: verified, then any rejection, then anything sent or a step done, else unverified. */
export function identityStatusOf(
  identityVerified: boolean,
  documents: { status: DocumentStatus }[],
  completed: Partial<Record<IdentityStep, boolean>>,
): IdentityStatus {
  if (identityVerified) return "verified";
  if (documents.some((document) => document.status === "rejected")) return "rejected";
  if (documents.some((document) => document.status === "pending") || completed[2] || completed[3] || completed[4]) return "pending";
  return "unverified";
}

/** The identity documents (d) with their stored file (f, null columns once the file is gone). */
export function documentsWithFiles(executor: Executor) {
  return executor.selectFrom("identity_verification_documents as d").leftJoin("stored_files as f", "f.id", "d.stored_file_id");
}

/** What the person's screen and the review console read of a document's file. */
export const DOCUMENT_FILE_COLUMNS = [
  "d.document_side",
  "d.proof_type",
  "d.stored_file_id",
  "d.file_name",
  "d.mime_type",
  "f.media_type",
  "f.status as file_status",
] as const;

/** A document's file as both screens show it, from a row with the columns above. */
export function documentFile<FileStatus>(row: {
  stored_file_id: string | null;
  file_name: string;
  mime_type: string;
  media_type: string | null;
  file_status: FileStatus;
}) {
  return {
    fileId: row.stored_file_id,
    fileName: servedFileName(row.file_name, row.media_type ?? row.mime_type),
    mediaType: row.media_type ?? row.mime_type,
    fileStatus: row.file_status,
  };
}

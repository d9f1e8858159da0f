import { sql, type Transaction } from "kysely";
import type { FileStorage, StoredFile } from "~/modules/files/files.server";
import { UploadError } from "~/modules/files/upload-error";
import { receiveUpload } from "~/modules/files/upload-pipeline.server";
import { assertUser, NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import type { Database, DocumentSide, DocumentType, Executor, ProofOfAddressType, VerificationOverallStatus } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { IDENTITY_DOCUMENT_TYPES, identityMessages, PROOF_OF_ADDRESS_TYPES, stepUploadSchema, type IdentityStep, type UploadStep } from "./identity.schema";
import { ensureStatusRow, UPLOAD_STEPS } from "./verification-status.server";

/** Step 1 (the tutorial) is completed by reading it and going on. */
export async function completeTutorial(actor: Actor): Promise<void> {
  assertUser(actor);
  await db()
    .transaction()
    .execute(async (trx) => {
      await ensureStatusRow(trx, actor.userId);
      await trx
        .updateTable("identity_verification_status")
        .set({ step1_completed: true, current_step: sql<number>`GREATEST(current_step, 2)` })
        .where("user_id", "=", actor.userId)
        .execute();
    });
}

/** A step's upload refused for a reason of the form (not of the file): French message, the field at fault. */
export class IdentityFormError extends Error {
  override name = "IdentityFormError";
  constructor(
    message: string,
    readonly field?: string,
    readonly status = 422,
  ) {
    super(message);
  }
}

class DuplicateSubmission extends Error {}

export type StepUploadResult =
  | { ok: true; message: string; documentIds: string[]; duplicate: boolean; nextStep: IdentityStep }
  | { ok: false; status: number; message: string; field?: string; retryAfterSeconds?: number };

const FILE_FIELDS: Record<UploadStep, Record<string, number>> = { 2: { recto: 1, verso: 1 }, 3: { recto: 1, verso: 1 }, 4: { document: 1 } };

/**
 * Receives the files of step 2, 3 or 4 through the upload pipeline and, in the transaction that records them: marks
 * the step's earlier documents obsolete, inserts the new ones as pending, completes the step (spec §4). A refusal
 * leaves nothing behind and the earlier documents untouched.
 */
export async function submitIdentityStep(
  actor: Actor,
  step: UploadStep,
  request: Request,
  options: { storage?: FileStorage } = {},
): Promise<StepUploadResult> {
  assertUser(actor);
  if (!UPLOAD_STEPS.includes(step)) throw new NotFoundError();
  try {
    const upload = await receiveUpload(
      request,
      {
        ownerId: actor.userId,
        fileFields: FILE_FIELDS[step],
        requireFile: false,
        quota: { actor, scope: { kind: "identity" } },
        ...(options.storage ? { storage: options.storage } : {}),
      },
      (trx, received) => recordStep(trx, actor, step, received.files, received.fields),
    );
    const nextStep = await stepAfter(db(), actor.userId, step);
    return { ok: true, message: identityMessages.uploaded[step], documentIds: upload.result, duplicate: false, nextStep };
  } catch (error) {
    if (error instanceof DuplicateSubmission) {
      return { ok: true, message: identityMessages.uploaded[step], documentIds: [], duplicate: true, nextStep: await stepAfter(db(), actor.userId, step) };
    }
    if (error instanceof IdentityFormError) return { ok: false, status: error.status, message: error.message, ...(error.field ? { field: error.field } : {}) };
    if (error instanceof UploadError) {
      return {
        ok: false,
        status: error.status,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
        ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      };
    }
    throw error;
  }
}

/**
 * Where the person goes after sending a step: the next step still to do (never sent, or rejected), else the status
 * step. A document re-sent after a rejection thus leads to the status, not to a step already sent or approved.
 */
async function stepAfter(executor: Executor, userId: string, step: UploadStep): Promise<IdentityStep> {
  const [status, rejected] = await Promise.all([
    executor.selectFrom("identity_verification_status").select(["step2_completed", "step3_completed", "step4_completed"]).where("user_id", "=", userId).executeTakeFirstOrThrow(),
    executor
      .selectFrom("identity_verification_documents")
      .select("step_number")
      .distinct()
      .where("user_id", "=", userId)
      .where("obsolete", "=", false)
      .where("status", "=", "rejected")
      .execute(),
  ]);
  const completed: Record<UploadStep, boolean> = { 2: status.step2_completed, 3: status.step3_completed, 4: status.step4_completed };
  const rejectedSteps = new Set(rejected.map((row) => row.step_number));
  for (const later of UPLOAD_STEPS) {
    if (later > step && (!completed[later] || rejectedSteps.has(later))) return later;
  }
  return 5;
}

async function recordStep(
  trx: Transaction<Database>,
  actor: UserActor,
  step: UploadStep,
  files: { field: string; file: StoredFile }[],
  rawFields: Record<string, string>,
): Promise<string[]> {
  const fields = stepUploadSchema.parse(rawFields);
  await ensureStatusRow(trx, actor.userId);
  // One upload at a time per person: serialises double-clicks and concurrent tabs.
  const status = await trx.selectFrom("identity_verification_status").selectAll().where("user_id", "=", actor.userId).forUpdate().executeTakeFirstOrThrow();
  if (fields.submissionId) {
    const seen = await trx
      .selectFrom("identity_verification_documents")
      .select("id")
      .where("user_id", "=", actor.userId)
      .where("submission_id", "=", fields.submissionId)
      .executeTakeFirst();
    if (seen) throw new DuplicateSubmission();
  }
  const profile = await trx.selectFrom("profiles").select(["identity_verified", "profile_completed"]).where("id", "=", actor.userId).executeTakeFirstOrThrow();
  if (profile.identity_verified) throw new IdentityFormError(identityMessages.alreadyVerified, undefined, 409);
  if (!profile.profile_completed) throw new IdentityFormError(identityMessages.stepNotReachable, undefined, 409);
  const previousDone = step === 2 ? status.step1_completed : step === 3 ? status.step2_completed : status.step3_completed;
  if (!previousDone) throw new IdentityFormError(identityMessages.stepNotReachable, undefined, 409);

  let documentType: DocumentType;
  let proofType: ProofOfAddressType | null = null;
  let placed: { side: DocumentSide; file: StoredFile }[];
  const byField = new Map(files.map((item) => [item.field, item.file]));
  if (step === 4) {
    if (!(PROOF_OF_ADDRESS_TYPES as readonly string[]).includes(fields.proofType)) throw new IdentityFormError(identityMessages.chooseProof, "proofType");
    documentType = "proof_of_address";
    proofType = fields.proofType as ProofOfAddressType;
    const file = byField.get("document");
    if (!file) throw new IdentityFormError(identityMessages.missingProof, "document");
    placed = [{ side: "single", file }];
  } else {
    if (!(IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(fields.documentType)) throw new IdentityFormError(identityMessages.chooseType, "documentType");
    documentType = fields.documentType as DocumentType;
    if (step === 3) {
      const first = await trx
        .selectFrom("identity_verification_documents")
        .select("document_type")
        .where("user_id", "=", actor.userId)
        .where("step_number", "=", 2)
        .where("obsolete", "=", false)
        .orderBy("uploaded_at", "desc")
        .executeTakeFirst();
      if (first?.document_type === documentType) throw new IdentityFormError(identityMessages.sameTypeAsStep2, "documentType");
    }
    const recto = byField.get("recto");
    const verso = byField.get("verso");
    if (documentType === "passeport") {
      if (!recto) throw new IdentityFormError(identityMessages.missingPassportPage, "recto");
      if (verso) throw new IdentityFormError(identityMessages.passportOnePage, "verso");
      placed = [{ side: "single", file: recto }];
    } else {
      if (!recto && !verso) throw new IdentityFormError(identityMessages.missingSides, "recto");
      if (!recto) throw new IdentityFormError(identityMessages.missingRecto, "recto");
      if (!verso) throw new IdentityFormError(identityMessages.missingVerso, "verso");
      placed = [
        { side: "recto", file: recto },
        { side: "verso", file: verso },
      ];
    }
  }
  const blurry = files.find((item) => item.file.warnings.includes("blurry"));
  if (blurry && fields.confirmBlurry !== "on") throw new UploadError("blurry", blurry.field);

  await trx
    .updateTable("identity_verification_documents")
    .set({ obsolete: true })
    .where("user_id", "=", actor.userId)
    .where("step_number", "=", step)
    .where("obsolete", "=", false)
    .execute();
  const inserted = await trx
    .insertInto("identity_verification_documents")
    .values(
      placed.map(({ side, file }) => ({
        user_id: actor.userId,
        step_number: step,
        document_type: documentType,
        document_side: side,
        proof_type: proofType,
        file_name: file.original_name,
        file_path: file.id,
        file_size: Number(file.size_bytes),
        mime_type: file.media_type,
        stored_file_id: file.id,
        submission_id: fields.submissionId ?? null,
        status: "pending" as const,
      })),
    )
    .returning("id")
    .execute();

  const stillRejected = await trx
    .selectFrom("identity_verification_documents")
    .select("id")
    .where("user_id", "=", actor.userId)
    .where("obsolete", "=", false)
    .where("status", "=", "rejected")
    .executeTakeFirst();
  const step4Done = step === 4 || status.step4_completed;
  const overall: VerificationOverallStatus = stillRejected ? "rejected" : step4Done ? "completed" : "in_progress";
  await trx
    .updateTable("identity_verification_status")
    .set({
      [`step${step}_completed`]: true,
      current_step: sql<number>`GREATEST(current_step, ${step + 1})`,
      overall_status: overall,
      ...(step === 4 ? { completed_at: new Date() } : {}),
    })
    .where("user_id", "=", actor.userId)
    .execute();
  return inserted.map((row) => row.id);
}

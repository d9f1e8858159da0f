import { sql, type Transaction } from "kysely";
import { z } from "zod";
import { isUuid } from "~/lib/uuid";
import { recordPersonalDataRead, recordStaffAction } from "~/modules/audit/audit.server";
import { recordEvidenceView, staffMayViewEvidenceFile } from "~/modules/case-file/evidence.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import type { FileStorage, StoredFile } from "~/modules/files/files.server";
import { fileStorage, notReadyRefusal, openForDownload } from "~/modules/files/files.server";
import { servedFileName } from "~/modules/files/file-names";
import { UploadError } from "~/modules/files/upload-error";
import { receiveUpload } from "~/modules/files/upload-pipeline.server";
import { assertRole, assertUser, NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import type { Database, DocumentSide, Executor, DocumentStatus, DocumentType, ProofOfAddressType, VerificationOverallStatus } from "~/platform/database-schema";
import { openProfileFields } from "~/modules/profile/sensitive-fields.server";
import { containsPattern } from "~/platform/like-pattern";
import { db, runtime } from "~/platform/runtime.server";
import {
  documentLabel,
  IDENTITY_DOCUMENT_TYPES,
  identityMessages,
  PROOF_OF_ADDRESS_TYPES,
  reviewMessages,
  stepUploadSchema,
  type IdentityStatus,
  type IdentityStep,
  type ReviewDecision,
  type ReviewQuery,
  type UploadStep,
} from "./identity.schema";
import { formatMegabytes } from "~/lib/format";

const REVIEW_PAGE_SIZE = 20;
const UPLOAD_STEPS: readonly UploadStep[] = [2, 3, 4];

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

export interface VerificationView {
  profileCompleted: boolean;
  identityVerified: boolean;
  identity: IdentityStatus;
  overallStatus: VerificationOverallStatus;
  currentStep: number;
  /** The step the screen opens on (spec §4: lowest rejected step, else 5 once 1–4 are done, else current_step). */
  openStep: IdentityStep;
  completed: Record<IdentityStep, boolean>;
  reachable: Record<IdentityStep, boolean>;
  stepStates: Record<UploadStep, StepState>;
  documents: Record<UploadStep, IdentityDocumentView[]>;
  rejected: IdentityDocumentView[];
  lowestRejectedStep: UploadStep | null;
  /** Percentage of the five steps completed, not counting steps 2–4 with a rejection. */
  progress: number;
  /** The type sent at step 2 (step 3 must differ). */
  step2Type: DocumentType | null;
  address: { firstName: string; lastName: string; address: string | null; postalCode: string | null; city: string | null };
}


async function ensureStatusRow(executor: Executor, userId: string) {
  await executor.insertInto("identity_verification_status").values({ user_id: userId }).onConflict((oc) => oc.column("user_id").doNothing()).execute();
  return executor.selectFrom("identity_verification_status").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
}

function stepState(documents: IdentityDocumentView[]): StepState {
  if (documents.some((document) => document.status === "rejected")) return "rejected";
  if (documents.some((document) => document.status === "pending")) return "pending";
  if (documents.some((document) => document.status === "approved")) return "approved";
  return "empty";
}

/** Spec §4, identity status priority: verified, then any rejection, then anything sent or a step done, else unverified. */
function identityStatusOf(
  identityVerified: boolean,
  documents: { status: DocumentStatus }[],
  completed: Partial<Record<IdentityStep, boolean>>,
): IdentityStatus {
  if (identityVerified) return "verified";
  if (documents.some((document) => document.status === "rejected")) return "rejected";
  if (documents.some((document) => document.status === "pending") || completed[2] || completed[3] || completed[4]) return "pending";
  return "unverified";
}

export interface IdentitySummary {
  identity: IdentityStatus;
  identityVerified: boolean;
  rejectedDocuments: { id: string; documentType: DocumentType; documentSide: DocumentSide; rejectionReason: string | null }[];
}

/** What the dashboard shows of the acting person's verification (read only; same rules as the verification screen). */
export async function identitySummaryFor(actor: Actor): Promise<IdentitySummary> {
  assertUser(actor);
  const database = db();
  const [profile, documents, steps] = await Promise.all([
    database.selectFrom("profiles").select("identity_verified").where("id", "=", actor.userId).executeTakeFirst(),
    database
      .selectFrom("identity_verification_documents")
      .select(["id", "document_type", "document_side", "rejection_reason", "status"])
      .where("user_id", "=", actor.userId)
      .where("obsolete", "=", false)
      .orderBy("step_number")
      .orderBy("uploaded_at", "desc")
      .execute(),
    database
      .selectFrom("identity_verification_status")
      .select(["step2_completed", "step3_completed", "step4_completed"])
      .where("user_id", "=", actor.userId)
      .executeTakeFirst(),
  ]);
  if (!profile) throw new NotFoundError();
  const completed = { 2: steps?.step2_completed, 3: steps?.step3_completed, 4: steps?.step4_completed };
  return {
    identity: identityStatusOf(profile.identity_verified, documents, completed),
    identityVerified: profile.identity_verified,
    rejectedDocuments: documents
      .filter((document) => document.status === "rejected")
      .map((document) => ({
        id: document.id,
        documentType: document.document_type,
        documentSide: document.document_side,
        rejectionReason: document.rejection_reason,
      })),
  };
}

/** The acting person's verification: step states, status priority, rejections, where the screen opens. */
export async function verificationFor(actor: Actor): Promise<VerificationView> {
  assertUser(actor);
  const database = db();
  const profile = await database
    .selectFrom("profiles")
    .select(["first_name", "last_name", "address", "postal_code", "city", "profile_completed", "identity_verified"])
    .where("id", "=", actor.userId)
    .executeTakeFirst();
  if (!profile) throw new NotFoundError();
  const status = await ensureStatusRow(database, actor.userId);
  const rows = await database
    .selectFrom("identity_verification_documents as d")
    .leftJoin("stored_files as f", "f.id", "d.stored_file_id")
    .select([
      "d.id",
      "d.step_number",
      "d.document_type",
      "d.document_side",
      "d.proof_type",
      "d.stored_file_id",
      "d.file_name",
      "d.mime_type",
      "f.media_type",
      "f.status as file_status",
      "d.status",
      "d.rejection_reason",
      "d.uploaded_at",
    ])
    .where("d.user_id", "=", actor.userId)
    .where("d.obsolete", "=", false)
    .orderBy("d.step_number")
    .orderBy("d.uploaded_at", "desc")
    .execute();
  const all: IdentityDocumentView[] = rows.map((row) => ({
    id: row.id,
    stepNumber: row.step_number,
    documentType: row.document_type,
    documentSide: row.document_side,
    proofType: row.proof_type,
    fileId: row.stored_file_id,
    fileName: servedFileName(row.file_name, row.media_type ?? row.mime_type),
    mediaType: row.media_type ?? row.mime_type,
    fileStatus: row.file_status,
    status: row.status,
    rejectionReason: row.rejection_reason,
    uploadedAt: row.uploaded_at.toISOString(),
  }));
  const documents = { 2: [], 3: [], 4: [] } as Record<UploadStep, IdentityDocumentView[]>;
  for (const document of all) documents[document.stepNumber].push(document);
  const stepStates = { 2: stepState(documents[2]), 3: stepState(documents[3]), 4: stepState(documents[4]) };
  const rejected = all.filter((document) => document.status === "rejected");
  const lowestRejectedStep = rejected.length ? (Math.min(...rejected.map((document) => document.stepNumber)) as UploadStep) : null;
  const completed: Record<IdentityStep, boolean> = {
    1: status.step1_completed,
    2: status.step2_completed,
    3: status.step3_completed,
    4: status.step4_completed,
    5: status.step5_completed || profile.identity_verified,
  };
  const reachable = {} as Record<IdentityStep, boolean>;
  for (const step of [1, 2, 3, 4, 5] as IdentityStep[]) {
    reachable[step] = step === 1 || step <= status.current_step || completed[(step - 1) as IdentityStep];
  }
  const done = ([1, 2, 3, 4, 5] as IdentityStep[]).filter(
    (step) => completed[step] && !(step >= 2 && step <= 4 && stepStates[step as UploadStep] === "rejected"),
  ).length;
  const identity = identityStatusOf(profile.identity_verified, all, completed);
  const openStep: IdentityStep =
    lowestRejectedStep ?? (completed[1] && completed[2] && completed[3] && completed[4] ? 5 : (Math.min(Math.max(status.current_step, 1), 5) as IdentityStep));
  return {
    profileCompleted: profile.profile_completed,
    identityVerified: profile.identity_verified,
    identity,
    overallStatus: status.overall_status,
    currentStep: status.current_step,
    openStep,
    completed,
    reachable,
    stepStates,
    documents,
    rejected,
    lowestRejectedStep,
    progress: Math.round((done / 5) * 100),
    step2Type: documents[2][0]?.documentType ?? null,
    address: { firstName: profile.first_name, lastName: profile.last_name, address: profile.address, postalCode: profile.postal_code, city: profile.city },
  };
}

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
  | { ok: true; message: string; documentIds: string[]; duplicate: boolean }
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
    return { ok: true, message: identityMessages.uploaded[step], documentIds: upload.result, duplicate: false };
  } catch (error) {
    if (error instanceof DuplicateSubmission) return { ok: true, message: identityMessages.uploaded[step], documentIds: [], duplicate: true };
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
    if (!file) throw new IdentityFormError(identityMessages.missingSides, "document");
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
      if (!recto) throw new IdentityFormError(identityMessages.missingSides, "recto");
      if (verso) throw new IdentityFormError(identityMessages.passportOnePage, "verso");
      placed = [{ side: "single", file: recto }];
    } else {
      if (!recto || !verso) throw new IdentityFormError(identityMessages.missingSides, recto ? "verso" : "recto");
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

// ---------------------------------------------------------------------------------------------------------------
// Review console (admin only)

export interface ReviewGroup {
  /** Any document of the group identifies it; the newest one is used. */
  groupId: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  documentType: DocumentType;
  stepNumber: UploadStep;
  day: string;
  status: DocumentStatus;
  uploadedAt: string;
  ownDocuments: boolean;
  documents: {
    id: string;
    side: DocumentSide;
    proofType: ProofOfAddressType | null;
    fileId: string | null;
    fileName: string;
    mediaType: string;
    fileStatus: string | null;
    size: string;
    status: DocumentStatus;
    rejectionReason: string | null;
    reviewedAt: string | null;
  }[];
}

export interface ReviewPage {
  groups: ReviewGroup[];
  /** Groups matching the search and filter, up to REVIEW_COUNT_CAP. */
  total: number;
  /** More than REVIEW_COUNT_CAP groups match. */
  totalCapped: boolean;
  /** The cursor of the next page (keyset), or null on the last one. */
  nextCursor: string | null;
  firstPage: boolean;
  pendingGroups: number;
}

/** Where a page starts: just after this group in the list's order (pending first, newest upload, newest document). */
const reviewCursorSchema = z.object({
  p: z.boolean(),
  at: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/),
  id: z.uuid(),
});
type ReviewCursor = z.output<typeof reviewCursorSchema>;

function encodeCursor(cursor: ReviewCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(value: string | undefined): ReviewCursor | null {
  if (!value) return null;
  try {
    const parsed = reviewCursorSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The review console's list: groups (person, type, step, upload day) of non-obsolete documents, pending first then
 * newest, a page at a time by keyset over identity_document_groups (kept by the database, migration 0027).
 */
export const REVIEW_COUNT_CAP = 10_000;

export async function reviewQueue(actor: Actor, query: ReviewQuery): Promise<ReviewPage> {
  assertRole(actor, "admin");
  const database = db();
  const term = query.q.trim();
  const pattern = term ? containsPattern(term) : null;
  const cursor = decodeCursor(query.apres);
  // Every group has its person (foreign key, cascade): the count needs no join.
  let matching = database.selectFrom("identity_document_groups as g");
  if (query.statut !== "all") matching = matching.where("g.status", "=", query.statut);
  if (pattern) {
    // One branch per index: the people through their own (trigram) indexes then their groups by key, the groups
    // through the file names' one. An OR of both in one WHERE would scan every group.
    matching = matching.where(
      sql<boolean>`(g.user_id, g.document_type, g.step_number, g.group_day) IN (
        SELECT x.user_id, x.document_type, x.step_number, x.group_day FROM identity_document_groups x
         WHERE x.user_id IN (SELECT person.id FROM profiles person
                              WHERE person.email ILIKE ${pattern} OR person.first_name ILIKE ${pattern} OR person.last_name ILIKE ${pattern}
                                 OR person.first_name || ' ' || person.last_name ILIKE ${pattern})
        UNION
        SELECT x.user_id, x.document_type, x.step_number, x.group_day FROM identity_document_groups x WHERE x.file_names ILIKE ${pattern})`,
    );
  }
  const [rows, count, pending] = await Promise.all([
    matching
      .innerJoin("profiles as p", "p.id", "g.user_id")
      .select([
        "g.user_id",
        "g.document_type",
        "g.step_number",
        "g.group_day",
        "g.status",
        "g.pending",
        "g.last_upload",
        sql<string>`g.last_upload::text`.as("last_upload_text"),
        "g.anchor_id",
        "p.email",
        "p.first_name",
        "p.last_name",
        "p.fields_key_id",
        "p.fields_wrapped_key",
        "p.birth_date_sealed",
        "p.nif_sealed",
        "p.address",
        "p.postal_code",
        "p.city",
      ])
      .$if(cursor !== null, (qb) =>
        qb.where(sql<boolean>`(g.pending, g.last_upload, g.anchor_id) < (${cursor!.p}, ${cursor!.at}::timestamptz, ${cursor!.id}::uuid)`),
      )
      .orderBy("g.pending", "desc")
      .orderBy("g.last_upload", "desc")
      .orderBy("g.anchor_id", "desc")
      .limit(REVIEW_PAGE_SIZE + 1)
      .execute(),
    // Counted up to the cap only: past it the page says "10 000+" (an exact count of every group grows with the years).
    database
      .selectFrom(matching.select(sql`1`.as("one")).limit(REVIEW_COUNT_CAP + 1).as("counted"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    database
      .selectFrom("identity_document_groups")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("pending", "=", true)
      .executeTakeFirstOrThrow(),
  ]);
  const keys = rows.slice(0, REVIEW_PAGE_SIZE);
  const last = keys[keys.length - 1];
  const nextCursor = rows.length > REVIEW_PAGE_SIZE && last ? encodeCursor({ p: last.pending, at: last.last_upload_text, id: last.anchor_id }) : null;
  const documents = keys.length
    ? await database
        .selectFrom("identity_verification_documents as d")
        .leftJoin("stored_files as f", "f.id", "d.stored_file_id")
        .select([
          "d.id",
          "d.user_id",
          "d.document_type",
          "d.step_number",
          "d.group_day",
          "d.document_side",
          "d.proof_type",
          "d.stored_file_id",
          "d.file_name",
          "d.mime_type",
          "f.media_type",
          "f.status as file_status",
          "d.file_size",
          "d.status",
          "d.rejection_reason",
          "d.reviewed_at",
        ])
        .where("d.obsolete", "=", false)
        .where("d.user_id", "in", [...new Set(keys.map((row) => row.user_id))])
        .orderBy("d.uploaded_at")
        .orderBy("d.document_side")
        .execute()
    : [];
  const groups: ReviewGroup[] = keys.map((row) => ({
    groupId: row.anchor_id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    birthDate: openProfileFields(runtime().keyring, { ...row, id: row.user_id }, ["birth_date"]).birthDate,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
    documentType: row.document_type,
    stepNumber: Number(row.step_number) as UploadStep,
    day: row.group_day,
    status: row.status,
    uploadedAt: new Date(row.last_upload).toISOString(),
    ownDocuments: row.user_id === actor.userId,
    documents: documents
      .filter((d) => d.user_id === row.user_id && d.document_type === row.document_type && d.step_number === Number(row.step_number) && d.group_day === row.group_day)
      .map((d) => ({
        id: d.id,
        side: d.document_side,
        proofType: d.proof_type,
        fileId: d.stored_file_id,
        fileName: servedFileName(d.file_name, d.media_type ?? d.mime_type),
        mediaType: d.media_type ?? d.mime_type,
        fileStatus: d.file_status,
        size: formatMegabytes(Number(d.file_size)),
        status: d.status,
        rejectionReason: d.rejection_reason,
        reviewedAt: d.reviewed_at ? d.reviewed_at.toISOString() : null,
      })),
  }));
  // The console shows each person's birth date (sealed in the database): a read of identity data by staff.
  for (const userId of new Set(groups.filter((group) => group.birthDate).map((group) => group.userId))) {
    await recordPersonalDataRead(
      database,
      actor as UserActor,
      { action: "profile.sensitive-viewed", subjectUserId: userId, targetType: "user", targetId: userId, details: { fields: ["birth_date"], screen: "identity-review" } },
      { coalesceMinutes: 30 },
    );
  }
  return { groups, total: Math.min(Number(count.n), REVIEW_COUNT_CAP), totalCapped: Number(count.n) > REVIEW_COUNT_CAP, nextCursor, firstPage: cursor === null, pendingGroups: Number(pending.n) };
}

export type ReviewResult =
  | { ok: true; outcome: "approved" | "rejected"; message: string; identityVerified: boolean; documentIds: string[] }
  | { ok: false; status: number; message: string };

/**
 * Approves or rejects a whole group (the person, type, step and upload day of `documentId`). In one transaction: the
 * documents, the append-only audit row, the full approval (steps 2, 3 and 4 each with an approved document) and the
 * person's email.
 */
export async function reviewDocumentGroup(actor: Actor, decision: ReviewDecision): Promise<ReviewResult> {
  assertRole(actor, "admin");
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<ReviewResult> => {
      const anchor = await trx
        .selectFrom("identity_verification_documents as d")
        .select(["d.user_id", "d.document_type", "d.step_number", "d.group_day as day"])
        .where("d.id", "=", decision.documentId)
        .where("d.obsolete", "=", false)
        .executeTakeFirst();
      if (!anchor) throw new NotFoundError();
      if (anchor.user_id === actor.userId) return { ok: false, status: 403, message: reviewMessages.ownDocuments };
      await ensureStatusRow(trx, anchor.user_id);
      await trx.selectFrom("identity_verification_status").select("id").where("user_id", "=", anchor.user_id).forUpdate().execute();
      const group = await trx
        .selectFrom("identity_verification_documents as d")
        .select(["d.id", "d.document_side", "d.stored_file_id"])
        .where("d.user_id", "=", anchor.user_id)
        .where("d.document_type", "=", anchor.document_type)
        .where("d.step_number", "=", anchor.step_number)
        .where("d.group_day", "=", anchor.day)
        .where("d.obsolete", "=", false)
        .where("d.status", "=", "pending")
        .execute();
      if (group.length === 0) return { ok: false, status: 409, message: reviewMessages.alreadyReviewed };
      const ids = group.map((row) => row.id);
      const outcome = decision.decision === "approve" ? ("approved" as const) : ("rejected" as const);
      const reason = decision.decision === "reject" ? decision.reason : null;
      await trx
        .updateTable("identity_verification_documents")
        .set({ status: outcome, reviewed_at: new Date(), reviewed_by: actor.userId, rejection_reason: reason })
        .where("id", "in", ids)
        .execute();
      const person = await trx.selectFrom("profiles").select(["email", "first_name", "identity_verified"]).where("id", "=", anchor.user_id).executeTakeFirstOrThrow();
      const base = runtime().env.PUBLIC_URL;
      let identityVerified = false;
      if (outcome === "approved") {
        const approvedSteps = await trx
          .selectFrom("identity_verification_documents")
          .select("step_number")
          .distinct()
          .where("user_id", "=", anchor.user_id)
          .where("obsolete", "=", false)
          .where("status", "=", "approved")
          .execute();
        const steps = new Set(approvedSteps.map((row) => row.step_number));
        if (UPLOAD_STEPS.every((step) => steps.has(step)) && !person.identity_verified) {
          identityVerified = true;
          await trx.updateTable("profiles").set({ identity_verified: true }).where("id", "=", anchor.user_id).execute();
          await trx
            .updateTable("identity_verification_status")
            .set({ step5_completed: true, current_step: 5, overall_status: "approved", completed_at: sql`coalesce(completed_at, now())` })
            .where("user_id", "=", anchor.user_id)
            .execute();
          await enqueueEmail(trx, {
            to: person.email,
            template: "identite-verifiee",
            variables: { prenom: person.first_name, lien: `${base}/dashboard` },
          });
        }
      } else {
        await trx.updateTable("identity_verification_status").set({ overall_status: "rejected" }).where("user_id", "=", anchor.user_id).execute();
        const sides = group.map((row) => documentLabel(anchor.document_type, row.document_side));
        await enqueueEmail(trx, {
          to: person.email,
          template: "document-rejete",
          variables: { prenom: person.first_name, document: [...new Set(sides)].join(", "), raisons: reason ?? "", lien: `${base}/verify-identity` },
        });
      }
      await trx
        .insertInto("identity_review_audit")
        .values({
          reviewer_id: actor.userId,
          reviewer_email: actor.email,
          subject_user_id: anchor.user_id,
          step_number: anchor.step_number,
          document_type: anchor.document_type,
          document_ids: ids,
          outcome,
          reason,
          identity_verified: identityVerified,
        })
        .execute();
      // The staff journal: statuses and reason only, never the files themselves.
      await recordStaffAction(trx, actor, {
        action: outcome === "approved" ? "document.approved" : "document.rejected",
        targetType: "document-group",
        targetId: decision.documentId,
        before: { status: "pending" },
        after: {
          status: outcome,
          reason,
          subjectUserId: anchor.user_id,
          stepNumber: anchor.step_number,
          documentType: anchor.document_type,
          day: anchor.day,
          documentIds: ids,
          identityVerified,
        },
      });
      return {
        ok: true,
        outcome,
        message: outcome === "approved" ? reviewMessages.approved : reviewMessages.rejected,
        identityVerified,
        documentIds: ids,
      };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Files

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
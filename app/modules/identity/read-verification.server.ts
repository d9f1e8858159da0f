import { assertUser, NotFoundError, type Actor } from "~/platform/actor";
import type { DocumentSide, DocumentType, VerificationOverallStatus } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import type { IdentityStatus, IdentityStep, UploadStep } from "./identity.schema";
import {
  DOCUMENT_FILE_COLUMNS,
  documentFile,
  documentsWithFiles,
  ensureStatusRow,
  identityStatusOf,
  stepState,
  type IdentityDocumentView,
  type StepState,
} from "./verification-status.server";

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


export interface IdentitySummary {
  identity: IdentityStatus;
  identityVerified: boolean;
  rejectedDocuments: { id: string; documentType: DocumentType; documentSide: DocumentSide; rejectionReason: string | null }[];
}

/** The person's verification flag and step marks, when the caller has read them already (with their profile). */
export interface IdentityMarks {
  identityVerified: boolean;
  steps: { step2_completed: boolean; step3_completed: boolean; step4_completed: boolean } | undefined;
}

/**
 * What the dashboard shows of the acting person's verification (read only; same rules as the verification screen).
 * `known`: the actor's own flag and step marks, read by the caller with the rest of their profile (decision 0093).
 */
export async function identitySummaryFor(actor: Actor, known?: IdentityMarks): Promise<IdentitySummary> {
  assertUser(actor);
  const database = db();
  const [marks, documents] = await Promise.all([
    known ?? identityMarksOf(actor.userId),
    database
      .selectFrom("identity_verification_documents")
      .select(["id", "document_type", "document_side", "rejection_reason", "status"])
      .where("user_id", "=", actor.userId)
      .where("obsolete", "=", false)
      .orderBy("step_number")
      .orderBy("uploaded_at", "desc")
      .execute(),
  ]);
  const { identityVerified, steps } = marks;
  const completed = { 2: steps?.step2_completed, 3: steps?.step3_completed, 4: steps?.step4_completed };
  return {
    identity: identityStatusOf(identityVerified, documents, completed),
    identityVerified,
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

async function identityMarksOf(userId: string): Promise<IdentityMarks> {
  const row = await db()
    .selectFrom("profiles as p")
    .leftJoin("identity_verification_status as s", "s.user_id", "p.id")
    .select(["p.identity_verified", "s.step2_completed", "s.step3_completed", "s.step4_completed"])
    .where("p.id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  return { identityVerified: row.identity_verified, steps: identityStepsFrom(row) };
}

/** The step marks of a profile read left-joined with identity_verification_status (no row yet: undefined). */
export function identityStepsFrom(row: { step2_completed: boolean | null; step3_completed: boolean | null; step4_completed: boolean | null }): IdentityMarks["steps"] {
  if (row.step2_completed === null || row.step3_completed === null || row.step4_completed === null) return undefined;
  return { step2_completed: row.step2_completed, step3_completed: row.step3_completed, step4_completed: row.step4_completed };
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
  const rows = await documentsWithFiles(database)
    .select([
      "d.id",
      "d.step_number",
      "d.document_type",
      ...DOCUMENT_FILE_COLUMNS,
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
    ...documentFile(row),
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

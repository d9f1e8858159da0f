import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { isUuid } from "~/lib/uuid";
import { assertUser, ForbiddenError, NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import type { CaseOutcome, CaseStatus, Database } from "~/platform/database-schema";
import { isoToFrenchDate } from "~/lib/dates";
import { db } from "~/platform/runtime.server";
import { recordPersonalDataRead } from "~/modules/audit/audit.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { assignCase } from "./case-assignment.server";
import { caseViewerOf, type CaseViewer } from "./case-access.server";
import { caseWithPeople, LAWYER_NAME_COLUMNS } from "./case-with-people.server";
import { enqueueFilingReceipt } from "./filing-receipt-job.server";
import {
  amountForInput,
  caseMessages,
  EMPTY_CASE_FORM,
  normalizeCaseStatus,
  reachableStep,
  type CaseDraftInput,
  type CaseFormValues,
  type WizardScamType,
  type WizardStep,
  CASE_FIELDS,
  EVIDENCE_TYPES,
} from "./cases.schema";

/** Only clients file cases (spec §6): staff get the 403 page. */
function assertClient(actor: Actor): asserts actor is UserActor {
  assertUser(actor);
  if (actor.role !== "user") throw new ForbiddenError(caseMessages.clientsOnly);
}

/** The status history's trigger reads who acts from this transaction setting (decision 0010). */
async function actAs(trx: Transaction<Database>, userId: string | null): Promise<void> {
  await sql`SELECT set_config('recours.actor_id', ${userId ?? ""}, true)`.execute(trx);
}

type CaseRow = {
  scam_type: string | null;
  contact_method: string | null;
  contact_method_details: string | null;
  first_contact_date: string | null;
  total_amount_lost: string | null;
  payment_methods: string[];
  contacted_bank: boolean;
  bank_contact_details: string | null;
  filed_complaint: boolean;
  complaint_status: string | null;
  complaint_reference: string | null;
  detailed_description: string | null;
  evidence_types: string[];
};

function inputFromRow(row: CaseRow): CaseDraftInput {
  return {
    scam_type: (row.scam_type ?? "") as CaseDraftInput["scam_type"],
    contact_method: (row.contact_method ?? "") as CaseDraftInput["contact_method"],
    contact_method_details: row.contact_method_details ?? "",
    first_contact_date: row.first_contact_date ?? "",
    total_amount_lost: row.total_amount_lost,
    payment_methods: row.payment_methods as CaseDraftInput["payment_methods"],
    contacted_bank: row.contacted_bank,
    bank_contact_details: row.bank_contact_details ?? "",
    filed_complaint: row.filed_complaint,
    complaint_status: row.complaint_status ?? "",
    complaint_reference: row.complaint_reference ?? "",
    detailed_description: row.detailed_description ?? "",
    evidence_types: row.evidence_types as CaseDraftInput["evidence_types"],
  };
}

/** A draft's stored values as the wizard's form shows them (dates DD-MM-YYYY, amounts "1 234,56"). */
export function formValuesFrom(input: CaseDraftInput): CaseFormValues {
  return {
    ...EMPTY_CASE_FORM,
    scam_type: input.scam_type,
    contact_method: input.contact_method,
    contact_method_details: input.contact_method_details,
    first_contact_date: isoToFrenchDate(input.first_contact_date),
    total_amount_lost: amountForInput(input.total_amount_lost),
    payment_methods: [...input.payment_methods],
    contacted_bank: input.contacted_bank ? "on" : "",
    bank_contact_details: input.bank_contact_details,
    filed_complaint: input.filed_complaint ? "on" : "",
    complaint_status: input.complaint_status,
    complaint_reference: input.complaint_reference,
    detailed_description: input.detailed_description,
    evidence_types: [...input.evidence_types],
  };
}

/** The columns a draft save writes. Details of a hidden conditional field are not kept (spec §5). */
function columnsFrom(input: CaseDraftInput) {
  return {
    scam_type: input.scam_type || null,
    contact_method: input.contact_method || null,
    contact_method_details: input.contact_method ? input.contact_method_details || null : null,
    first_contact_date: input.first_contact_date || null,
    total_amount_lost: input.total_amount_lost,
    payment_methods: input.payment_methods,
    contacted_bank: input.contacted_bank,
    bank_contact_details: input.contacted_bank ? input.bank_contact_details || null : null,
    filed_complaint: input.filed_complaint,
    complaint_status: input.filed_complaint ? input.complaint_status || null : null,
    complaint_reference: input.filed_complaint ? input.complaint_reference || null : null,
    detailed_description: input.detailed_description || null,
    evidence_types: input.evidence_types,
  };
}

export type WizardView =
  | {
      kind: "wizard";
      draftId: string;
      /** False until the first save creates the draft. */
      exists: boolean;
      caseNumber: string | null;
      values: CaseFormValues;
      reachable: WizardStep;
      identityVerified: boolean;
      /** When the draft was last saved (ISO), null before its first save. */
      savedAt: string | null;
    }
  /** Unverified with a draft already (spec §5): no second one, the existing draft is offered. */
  | { kind: "one-draft"; existingDraftId: string };

/** The categories of the evidence already uploaded on one of the actor's drafts (the wizard pre-ticks them). */
async function uploadedEvidenceCategories(actor: UserActor, caseId: string): Promise<string[]> {
  const rows = await db()
    .selectFrom("case_evidence as e")
    .innerJoin("cases as c", "c.id", "e.case_id")
    .select("e.category")
    .distinct()
    .where("e.case_id", "=", caseId)
    .where("c.user_id", "=", actor.userId)
    .execute();
  return rows.map((row) => row.category);
}

/**
 * The wizard for a new case (a fresh draft id) or for one of the actor's drafts. `preset` (the scam type of the
 * landing page the person came from) is chosen in advance when the draft has none yet; nothing is saved by it.
 */
export async function caseWizardFor(actor: Actor, draftId: string | null, preset: WizardScamType | null = null): Promise<WizardView> {
  assertClient(actor);
  const database = db();
  const profile = await database.selectFrom("profiles").select(["identity_verified"]).where("id", "=", actor.userId).executeTakeFirst();
  if (!profile) throw new NotFoundError();
  if (draftId !== null) {
    if (!isUuid(draftId)) throw new NotFoundError(caseMessages.noAccess);
    const row = await database
      .selectFrom("cases")
      .select(["id", "case_number", "status", "updated_at", ...CASE_FIELDS])
      .where("id", "=", draftId)
      .where("user_id", "=", actor.userId)
      .executeTakeFirst();
    if (row && row.status !== "draft") throw new NotFoundError(caseMessages.alreadySubmitted);
    if (row) {
      const input = inputFromRow(row);
      // The wizard opens where the saved draft stands; a preset type is only chosen in advance on step 1.
      const reachable = reachableStep(input);
      if (!input.scam_type && preset) input.scam_type = preset;
      // Evidence already uploaded on the draft (issue 15): its categories come pre-ticked.
      const uploaded = await uploadedEvidenceCategories(actor, row.id);
      input.evidence_types = EVIDENCE_TYPES.filter((type) => input.evidence_types.includes(type) || uploaded.includes(type));
      return {
        kind: "wizard",
        draftId: row.id,
        exists: true,
        caseNumber: row.case_number,
        values: formValuesFrom(input),
        reachable,
        identityVerified: profile.identity_verified,
        savedAt: new Date(row.updated_at).toISOString(),
      };
    }
    // An id the wizard proposed but no save has used yet: still a new case. Anything else is not the actor's.
    const taken = await database.selectFrom("cases").select("id").where("id", "=", draftId).executeTakeFirst();
    if (taken) throw new NotFoundError(caseMessages.noAccess);
  }
  if (!profile.identity_verified) {
    const existing = await database
      .selectFrom("cases")
      .select("id")
      .where("user_id", "=", actor.userId)
      .where("status", "=", "draft")
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    if (existing) return { kind: "one-draft", existingDraftId: existing.id };
  }
  return {
    kind: "wizard",
    draftId: draftId ?? randomUUID(),
    exists: false,
    caseNumber: null,
    values: { ...EMPTY_CASE_FORM, scam_type: preset ?? "" },
    reachable: 1,
    identityVerified: profile.identity_verified,
    savedAt: null,
  };
}

export type SaveDraftResult =
  | { ok: true; created: boolean; caseNumber: string; reachable: WizardStep; savedAt: string }
  | { ok: false; status: 409; message: string };

/**
 * Saves the wizard's values into the draft `draftId`, creating it on its first save (the id is proposed by the
 * wizard, so a double click or a save repeated after a lost answer never makes two drafts). A draft of someone
 * else answers 404; a submitted case is no longer editable (409). The one-draft rule for unverified people holds
 * under racing tabs: each person's saves are serialised on their profile row.
 */
export async function saveCaseDraft(actor: Actor, draftId: string, input: CaseDraftInput): Promise<SaveDraftResult> {
  assertClient(actor);
  if (!isUuid(draftId)) throw new NotFoundError(caseMessages.noAccess);
  return db()
    .transaction()
    .execute(async (trx) => {
      await actAs(trx, actor.userId);
      const profile = await trx
        .selectFrom("profiles")
        .select(["identity_verified"])
        .where("id", "=", actor.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!profile) throw new NotFoundError();
      const existing = await trx.selectFrom("cases").select(["user_id", "status"]).where("id", "=", draftId).forUpdate().executeTakeFirst();
      if (existing && existing.user_id !== actor.userId) throw new NotFoundError(caseMessages.noAccess);
      if (existing && existing.status !== "draft") return { ok: false as const, status: 409 as const, message: caseMessages.alreadySubmitted };
      const columns = columnsFrom(input);
      const draftData = JSON.stringify(input);
      if (existing) {
        const updated = await trx
          .updateTable("cases")
          .set({ ...columns, draft_data: draftData })
          .where("id", "=", draftId)
          .returning(["case_number", "updated_at"])
          .executeTakeFirstOrThrow();
        return { ok: true as const, created: false, caseNumber: updated.case_number, reachable: reachableStep(input), savedAt: new Date(updated.updated_at).toISOString() };
      }
      if (!profile.identity_verified) {
        const other = await trx
          .selectFrom("cases")
          .select("id")
          .where("user_id", "=", actor.userId)
          .where("status", "=", "draft")
          .executeTakeFirst();
        if (other) return { ok: false as const, status: 409 as const, message: caseMessages.oneDraft };
      }
      const inserted = await trx
        .insertInto("cases")
        .values({ id: draftId, user_id: actor.userId, status: "draft", ...columns, draft_data: draftData })
        .returning(["case_number", "updated_at"])
        .executeTakeFirstOrThrow();
      return { ok: true as const, created: true, caseNumber: inserted.case_number, reachable: reachableStep(input), savedAt: new Date(inserted.updated_at).toISOString() };
    });
}

export type SubmitResult =
  | { ok: true; duplicate: boolean; caseNumber: string; assignedLawyerId: string | null }
  | { ok: false; status: 403 | 422; message: string };

/**
 * Draft → submitted (spec §4), for a verified owner only. Idempotent: a second click or tab finds the case already
 * submitted and succeeds without a second change (nor a second receipt). The status history row names the actor
 * (trigger, decision 0010); the automatic assignment and the filing receipt's job are in the same transaction.
 */
export async function submitCase(actor: Actor, caseId: string): Promise<SubmitResult> {
  assertClient(actor);
  if (!isUuid(caseId)) throw new NotFoundError(caseMessages.noAccess);
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      await actAs(trx, actor.userId);
      const row = await trx
        .selectFrom("cases")
        .select(["user_id", "status", "case_number", "assigned_lawyer_id", ...CASE_FIELDS])
        .where("id", "=", caseId)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.user_id !== actor.userId) throw new NotFoundError(caseMessages.noAccess);
      if (row.status !== "draft") {
        return { ok: true as const, duplicate: true, caseNumber: row.case_number, assignedLawyerId: row.assigned_lawyer_id };
      }
      const profile = await trx.selectFrom("profiles").select("identity_verified").where("id", "=", actor.userId).executeTakeFirstOrThrow();
      if (!profile.identity_verified) return { ok: false as const, status: 403 as const, message: caseMessages.submitNeedsVerification };
      if (reachableStep(inputFromRow(row)) !== 3) return { ok: false as const, status: 422 as const, message: caseMessages.submitIncomplete };
      await trx
        .updateTable("cases")
        .set({ status: "submitted", submitted_at: sql<Date>`now()`, draft_data: null })
        .where("id", "=", caseId)
        .execute();
      // ——— Automatic assignment hook: allocation-based choice of a lawyer (case-assignment.server.ts). ———
      const assignment = await assignCase(trx, caseId);
      // The filing receipt (PDF) and the confirmation e-mail carrying it: made by a job (issue 32).
      await enqueueFilingReceipt(trx, caseId);
      return { ok: true as const, duplicate: false, caseNumber: row.case_number, assignedLawyerId: assignment?.lawyerId ?? null };
    });
  if (result.ok && !result.duplicate) jobsEnqueued();
  return result;
}

export interface CaseTimelineEntry {
  id: number;
  fromStatus: CaseStatus | null;
  toStatus: CaseStatus;
  at: string;
  /** Who made the change: "Vous", a person's name, or null for the platform itself. */
  by: string | null;
  note: string | null;
  /** Made by the platform itself (automatic assignment). */
  automatic: boolean;
  /** The lawyer the case went to, on rows where it changed lawyer. */
  lawyerName: string | null;
  /** On the row that closed the case: its outcome and the sum recovered then (issue 31). */
  outcome: { outcome: CaseOutcome; recoveredCents: number; reason: string | null } | null;
}

export interface CaseView {
  id: string;
  caseNumber: string;
  status: CaseStatus;
  viewer: CaseViewer;
  owner: { firstName: string; lastName: string };
  lawyer: { firstName: string; lastName: string; barName: string | null; barNumber: string | null } | null;
  assignedAt: string | null;
  submittedAt: string | null;
  createdAt: string;
  facts: CaseDraftInput;
  timeline: CaseTimelineEntry[];
}

/** The case's facts (the wizard's fields) as columns of a query on `cases as c`. */
export const CASE_FACT_COLUMNS = CASE_FIELDS.map((field) => `c.${field}` as const);

/** A staff member's reads of one case page within this time are one entry (each action reloads the page). */
export const CASE_VIEW_COALESCE_MINUTES = 30;

/**
 * The case page (spec, second document §6): its owner, the assigned lawyer or an admin. Anyone else, and an unknown
 * id, get the same 404 'Vous n'avez pas accès à ce dossier': whether the case exists is not revealed.
 */
export async function caseFor(actor: Actor, caseId: string): Promise<CaseView> {
  assertUser(actor);
  if (!isUuid(caseId)) throw new NotFoundError(caseMessages.noAccess);
  const database = db();
  const row = await caseWithPeople(database)
    .select([
      "c.id",
      "c.case_number",
      "c.status",
      "c.user_id",
      "c.assigned_lawyer_id",
      "c.assigned_at",
      "c.submitted_at",
      "c.created_at",
      ...CASE_FACT_COLUMNS,
      "o.first_name as owner_first_name",
      "o.last_name as owner_last_name",
      ...LAWYER_NAME_COLUMNS,
      "l.bar_number as lawyer_bar_number",
    ])
    .where("c.id", "=", caseId)
    .executeTakeFirst();
  const viewer = row ? caseViewerOf(actor, row) : null;
  if (!row || !viewer) throw new NotFoundError(caseMessages.noAccess);
  // The marks of staff reading and the history are independent: they run side by side (decision 0093).
  const [history] = await Promise.all([
    database
      .selectFrom("case_status_history as h")
      .leftJoin("profiles as p", "p.id", "h.changed_by")
      .leftJoin("profiles as hl", "hl.id", "h.lawyer_id")
      .select([
        "h.id",
        "h.from_status",
        "h.to_status",
        "h.created_at",
        "h.changed_by",
        "h.note",
        "h.system_reason",
        "h.outcome",
        "h.outcome_reason",
        "h.outcome_recovered_cents",
        "p.first_name",
        "p.last_name",
        "p.role",
        "hl.first_name as lawyer_first_name",
        "hl.last_name as lawyer_last_name",
      ])
      .where("h.case_id", "=", caseId)
      .orderBy("h.created_at")
      .orderBy("h.id")
      .execute(),
    // The assigned lawyer reading the case has opened it: it leaves their 'Nouveaux dossiers'.
    viewer === "lawyer"
      ? database
          .updateTable("cases")
          .set({ opened_at: sql`coalesce(opened_at, now())` })
          .where("id", "=", caseId)
          .where("assigned_lawyer_id", "=", actor.userId)
          .where("opened_at", "is", null)
          .execute()
      : undefined,
    // Staff reading the case file: in the journal, and in the client's 'Qui a consulté mes données' (issue 16, item 5).
    viewer !== "owner"
      ? recordPersonalDataRead(
          database,
          actor,
          { action: "case.viewed", subjectUserId: row.user_id, targetType: "case", targetId: row.id, details: { caseNumber: row.case_number } },
          { coalesceMinutes: CASE_VIEW_COALESCE_MINUTES },
        )
      : undefined,
  ]);
  return {
    id: row.id,
    caseNumber: row.case_number,
    status: normalizeCaseStatus(row.status),
    viewer,
    owner: { firstName: row.owner_first_name, lastName: row.owner_last_name },
    lawyer:
      row.lawyer_first_name && row.lawyer_last_name
        ? { firstName: row.lawyer_first_name, lastName: row.lawyer_last_name, barName: row.lawyer_bar_name, barNumber: row.lawyer_bar_number }
        : null,
    assignedAt: row.assigned_at?.toISOString() ?? null,
    submittedAt: row.submitted_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    facts: inputFromRow(row),
    timeline: history.map((entry) => ({
      id: Number(entry.id),
      fromStatus: entry.from_status,
      toStatus: entry.to_status,
      at: entry.created_at.toISOString(),
      by:
        entry.changed_by === null
          ? null
          : entry.changed_by === actor.userId
            ? "Vous"
            : entry.first_name
              ? `${entry.role === "lawyer" ? "Maître " : ""}${entry.first_name} ${entry.last_name ?? ""}`.trim()
              : null,
      note: entry.note,
      automatic: entry.system_reason !== null,
      lawyerName: entry.lawyer_first_name ? `${entry.lawyer_first_name} ${entry.lawyer_last_name ?? ""}`.trim() : null,
      outcome: entry.outcome ? { outcome: entry.outcome, recoveredCents: Number(entry.outcome_recovered_cents ?? 0), reason: entry.outcome_reason } : null,
    })),
  };
}


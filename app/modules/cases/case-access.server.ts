import { isUuid } from "~/lib/uuid";
import { assertUser, NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import type { CaseStatus, Executor } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { caseMessages } from "./cases.schema";

/**
 * The one case-access policy (decision 0067): who sees a case, who may edit its case file, who may post in its chat.
 * The case page, the case file, evidence, the chat and its live stream all ask here.
 */

export type CaseViewer = "owner" | "lawyer" | "admin";

/** Who may see a case: its owner, an admin, or the lawyer it is assigned to; anyone else gets null (a 404). */
export function caseViewerOf(actor: { userId: string; role: string }, row: { user_id: string; assigned_lawyer_id: string | null }): CaseViewer | null {
  if (row.user_id === actor.userId) return "owner";
  if (actor.role === "admin") return "admin";
  if (actor.role === "lawyer" && row.assigned_lawyer_id === actor.userId) return "lawyer";
  return null;
}

export interface CaseAccess {
  actor: UserActor;
  caseId: string;
  caseNumber: string;
  status: CaseStatus;
  ownerId: string;
  assignedLawyerId: string | null;
  viewer: CaseViewer;
}

export interface CaseAccessOptions {
  /** The caller's transaction (default: the database). */
  executor?: Executor;
  /**
   * Locks the case row for the rest of the transaction: "update" for the case file's edits, "no-key-update" for the
   * chat (serialises its event positions without blocking rows that reference the case).
   */
  lock?: "update" | "no-key-update";
}

/**
 * The case as the actor may see it. Anyone who is not a viewer, and an unknown or malformed id, get the same
 * NotFoundError 'Vous n'avez pas accès à ce dossier': whether the case exists is not revealed.
 */
export async function caseAccess(actor: Actor, caseId: string, options: CaseAccessOptions = {}): Promise<CaseAccess> {
  assertUser(actor);
  if (!isUuid(caseId)) throw new NotFoundError(caseMessages.noAccess);
  if (options.executor || options.lock) return readCaseAccess(actor, caseId, options);
  // The case page's loaders ask for the same case at once (a dozen sections): while one plain read of it is in flight
  // for this actor (one per request), the others wait for its answer instead of repeating it. Only in flight: a call
  // made after it settled reads again, so nothing read before a write is served after it.
  let pending = inFlight.get(actor);
  if (!pending) inFlight.set(actor, (pending = new Map()));
  const shared = pending.get(caseId);
  if (shared) return shared;
  const read = readCaseAccess(actor, caseId, options).finally(() => pending.delete(caseId));
  pending.set(caseId, read);
  return read;
}

const inFlight = new WeakMap<UserActor, Map<string, Promise<CaseAccess>>>();

const accessReads = new WeakMap<CaseAccess, Map<string, Promise<unknown>>>();

/**
 * A read of the case made once for every section holding the same access answer (decision 0093): the case page's
 * sections get one answer from the in-flight check above, so the payments or the evidence several of them show are
 * read once per view. An answer is only shared by calls made while its check was in flight (one request's loader),
 * so a read made after a write asks again. `read` must read the access's case, outside any transaction.
 */
export function sharedCaseRead<T>(access: CaseAccess, key: string, read: () => Promise<T>): Promise<T> {
  let reads = accessReads.get(access);
  if (!reads) accessReads.set(access, (reads = new Map()));
  const shared = reads.get(key) as Promise<T> | undefined;
  if (shared) return shared;
  const started = read();
  reads.set(key, started);
  return started;
}

async function readCaseAccess(actor: UserActor, caseId: string, options: CaseAccessOptions): Promise<CaseAccess> {
  let query = (options.executor ?? db())
    .selectFrom("cases")
    .select(["id", "case_number", "status", "user_id", "assigned_lawyer_id"])
    .where("id", "=", caseId);
  if (options.lock === "update") query = query.forUpdate();
  if (options.lock === "no-key-update") query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  const viewer = row ? caseViewerOf(actor, row) : null;
  if (!row || !viewer) throw new NotFoundError(caseMessages.noAccess);
  return {
    actor,
    caseId: row.id,
    caseNumber: row.case_number,
    status: row.status,
    ownerId: row.user_id,
    assignedLawyerId: row.assigned_lawyer_id,
    viewer,
  };
}

/** The client edits the payments and identifiers while the case is a draft or submitted; staff while it is open. */
export function mayEditCaseFile(access: Pick<CaseAccess, "viewer" | "status">): boolean {
  if (access.viewer === "owner") return access.status === "draft" || access.status === "submitted";
  return access.status !== "closed";
}

/** Every viewer of a case may write in its chat (and attach files) once the case has left the draft. */
export function mayPostInChat(access: Pick<CaseAccess, "status">): boolean {
  return access.status !== "draft";
}

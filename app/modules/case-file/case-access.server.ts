import type { Kysely, Transaction } from "kysely";
import { assertUser, NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import type { CaseStatus, Database } from "~/platform/database-schema";
import { isUuid } from "~/lib/uuid";
import { caseViewerOf } from "~/modules/cases/cases.server";
import { caseMessages } from "~/modules/cases/cases.schema";

export type CaseViewer = "owner" | "lawyer" | "admin";

export interface CaseAccess {
  actor: UserActor;
  caseId: string;
  caseNumber: string;
  status: CaseStatus;
  ownerId: string;
  assignedLawyerId: string | null;
  viewer: CaseViewer;
}

/**
 * Who may read a case file: its client, its assigned lawyer, admins. Anyone else (or a malformed id) gets the same
 * 404 as a case that does not exist. `forUpdate` locks the case row for the rest of the transaction.
 */
export async function caseAccess(
  executor: Kysely<Database> | Transaction<Database>,
  actor: Actor,
  caseId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CaseAccess> {
  assertUser(actor);
  if (!isUuid(caseId)) throw new NotFoundError(caseMessages.noAccess);
  let query = executor
    .selectFrom("cases")
    .select(["id", "case_number", "status", "user_id", "assigned_lawyer_id"])
    .where("id", "=", caseId);
  if (options.forUpdate) query = query.forUpdate();
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
export function canEditCaseFile(access: Pick<CaseAccess, "viewer" | "status">): boolean {
  if (access.viewer === "owner") return access.status === "draft" || access.status === "submitted";
  return access.status !== "closed";
}

import { sql, type Transaction } from "kysely";
import type { Database } from "~/platform/database-schema";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { lawyerTitle, publicLink, withHistoryContext } from "./case-history.server";

/** The history's mark for a change made by the platform itself. */
export const AUTOMATIC_ASSIGNMENT_REASON = "assignation-automatique";

/** Shares are tracked since the last change of percentages, and over 90 days at most. */
export const ASSIGNMENT_PERIOD_DAYS = 90;

export interface AssignmentCandidate {
  lawyerId: string;
  /** Allocation percentage, above 0. */
  percentage: number;
  /** Cases assigned to the lawyer during the current period. */
  assignedInPeriod: number;
  /** Cases assigned to the lawyer and not closed (only read on a tie). */
  activeCases?: number;
}

/**
 * Largest deficit first: with N = the period's assignments including this one, a lawyer's deficit is their share of
 * N (percentage over the candidates' total) minus what they already received. Ties: fewest active cases, then id.
 * Integer arithmetic (both sides multiplied by the total), so the choice is exact and repeatable.
 */
export function chooseLawyer(candidates: readonly AssignmentCandidate[]): string | null {
  if (candidates.length === 0) return null;
  const total = candidates.reduce((sum, candidate) => sum + candidate.percentage, 0);
  const n = candidates.reduce((sum, candidate) => sum + candidate.assignedInPeriod, 0) + 1;
  const ranked = [...candidates].sort((a, b) => {
    const deficit = (c: AssignmentCandidate) => c.percentage * n - c.assignedInPeriod * total;
    return (
      deficit(b) - deficit(a) ||
      (a.activeCases ?? 0) - (b.activeCases ?? 0) ||
      (a.lawyerId < b.lawyerId ? -1 : a.lawyerId > b.lawyerId ? 1 : 0)
    );
  });
  return ranked[0]!.lawyerId;
}

/** Whether the first two candidates tie on deficit (then active cases decide). */
function tiedOnDeficit(candidates: readonly AssignmentCandidate[]): boolean {
  const total = candidates.reduce((sum, candidate) => sum + candidate.percentage, 0);
  const n = candidates.reduce((sum, candidate) => sum + candidate.assignedInPeriod, 0) + 1;
  const deficits = candidates.map((c) => c.percentage * n - c.assignedInPeriod * total).sort((a, b) => b - a);
  return deficits.length > 1 && deficits[0] === deficits[1];
}

/**
 * Assigns a submitted case to a lawyer, inside the caller's transaction (the submission's): one lock for every
 * assignment (the case_assignment_state row), the choice among active lawyers with a percentage above 0 and a bar and
 * registration number (migration 0088 keeps the others at 0), the case
 * (lawyer, assigned_at, status assigned; the history row says the platform did it), the client's lawyer when they had
 * none, and the emails to the client and the lawyer. When no lawyer can take it, the case stays submitted (first in
 * the admin list) and every admin is emailed. A case that is not submitted is left alone (null), one already
 * assigned answers its lawyer.
 */
export async function assignCase(trx: Transaction<Database>, caseId: string): Promise<{ lawyerId: string } | null> {
  const state = await trx
    .selectFrom("case_assignment_state")
    .select(sql<Date>`greatest(allocation_changed_at, now() - make_interval(days => ${ASSIGNMENT_PERIOD_DAYS}))`.as("period_start"))
    .where("id", "=", 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const theCase = await trx
    .selectFrom("cases")
    .select(["id", "status", "user_id", "case_number", "assigned_lawyer_id"])
    .where("id", "=", caseId)
    .forUpdate()
    .executeTakeFirst();
  if (!theCase) return null;
  if (theCase.assigned_lawyer_id) return { lawyerId: theCase.assigned_lawyer_id };
  if (theCase.status !== "submitted") return null;

  const rows = await sql<{ lawyer_id: string; percentage: number; assigned_in_period: number }>`
    SELECT a.lawyer_id, a.allocation_percentage AS percentage,
      (SELECT count(*) FROM cases c WHERE c.assigned_lawyer_id = a.lawyer_id AND c.assigned_at >= ${state.period_start})::int
        AS assigned_in_period
    FROM lawyer_allocation a JOIN profiles p ON p.id = a.lawyer_id
    WHERE p.role = 'lawyer' AND a.active AND a.allocation_percentage > 0
      AND p.bar_name IS NOT NULL AND p.bar_number IS NOT NULL`.execute(trx);
  const candidates: AssignmentCandidate[] = rows.rows.map((row) => ({
    lawyerId: row.lawyer_id,
    percentage: row.percentage,
    assignedInPeriod: row.assigned_in_period,
  }));

  const client = await trx
    .selectFrom("profiles")
    .select(["email", "first_name", "assigned_lawyer_id"])
    .where("id", "=", theCase.user_id)
    .executeTakeFirstOrThrow();

  if (candidates.length === 0) {
    const admins = await trx.selectFrom("profiles").select(["email", "first_name"]).where("role", "=", "admin").execute();
    for (const admin of admins) {
      await enqueueEmail(trx, {
        to: admin.email,
        template: "dossier-sans-avocat",
        variables: { prenom: admin.first_name, numero_dossier: theCase.case_number, lien: publicLink("/admin/cases?filter=non-assignes") },
      });
    }
    return null;
  }

  if (tiedOnDeficit(candidates)) {
    // Kept by the cases' triggers (migration 0080).
    const active = await trx
      .selectFrom("lawyer_case_counts")
      .select(["lawyer_id", "active_cases"])
      .where("lawyer_id", "in", candidates.map((c) => c.lawyerId))
      .execute();
    for (const candidate of candidates) {
      candidate.activeCases = active.find((row) => row.lawyer_id === candidate.lawyerId)?.active_cases ?? 0;
    }
  }
  const lawyerId = chooseLawyer(candidates)!;

  await withHistoryContext(trx, { actorId: null, systemReason: AUTOMATIC_ASSIGNMENT_REASON }, () =>
    trx
      .updateTable("cases")
      .set({ assigned_lawyer_id: lawyerId, assigned_at: sql`clock_timestamp()`, status: "assigned", opened_at: null })
      .where("id", "=", caseId)
      .execute(),
  );
  if (!client.assigned_lawyer_id) {
    await trx
      .updateTable("profiles")
      .set({ assigned_lawyer_id: lawyerId })
      .where("id", "=", theCase.user_id)
      .where("assigned_lawyer_id", "is", null)
      .execute();
  }
  await notifyAssignment(trx, { caseId, caseNumber: theCase.case_number, client, lawyerId });
  return { lawyerId };
}

/** The client's and the lawyer's emails about an assignment, queued in the assignment's transaction. */
export async function notifyAssignment(
  trx: Transaction<Database>,
  assignment: { caseId: string; caseNumber: string; client: { email: string; first_name: string }; lawyerId: string },
): Promise<void> {
  const lawyer = await trx
    .selectFrom("profiles")
    .select(["email", "first_name", "last_name"])
    .where("id", "=", assignment.lawyerId)
    .executeTakeFirstOrThrow();
  await enqueueEmail(trx, {
    to: assignment.client.email,
    template: "dossier-assigne",
    variables: {
      prenom: assignment.client.first_name,
      numero_dossier: assignment.caseNumber,
      avocat: lawyerTitle(lawyer),
      lien: publicLink(`/case/${assignment.caseId}`),
    },
  });
  await enqueueEmail(trx, {
    to: lawyer.email,
    template: "dossier-confie-avocat",
    variables: {
      nom: `${lawyer.first_name} ${lawyer.last_name}`,
      numero_dossier: assignment.caseNumber,
      lien: publicLink(`/avocat/dossiers/${assignment.caseId}`),
    },
  });
}

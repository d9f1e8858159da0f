import type { Transaction } from "kysely";
import { formatEuroCents } from "~/lib/fees";
import { isUuid } from "~/lib/uuid";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { caseAccess } from "~/modules/cases/case-access.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { NotFoundError, type Actor } from "~/platform/actor";
import type { Database, Executor } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { emailClient, entryDayError, lawyerEntryContext, recorderName, type Failure } from "./lawyer-entry.server";
import { COST_DECISION_LABELS, costMessages as messages, type CostDecision, type CostInput } from "./recoveries.schema";
import type { CostView } from "./recovery-views";

/**
 * Costs and disbursements (issue 31, decision 83): the assigned lawyer proposes one under the agreement in force, the
 * client approves or declines it, once; the lawyer may withdraw it while it waits. Only approved costs enter the fee
 * figures. The row is never edited: its decision is set once, timed by the database (migration 0100's trigger).
 */

/** Every cost proposed on a case, oldest first. */
export async function costEntries(executor: Executor, caseId: string): Promise<CostView[]> {
  const rows = await executor
    .selectFrom("case_costs as k")
    .leftJoin("profiles as p", "p.id", "k.proposed_by")
    .select(["k.id", "k.label", "k.incurred_on", "k.amount_ht_cents", "k.note", "k.decision", "k.proposed_at", "k.decided_at", "p.first_name", "p.last_name", "p.role"])
    .where("k.case_id", "=", caseId)
    .orderBy("k.proposed_at")
    .orderBy("k.id")
    .execute();
  return rows.map((row) => {
    const amountCents = Number(row.amount_ht_cents);
    const status = row.decision ?? "pending";
    return {
      id: row.id,
      label: row.label,
      incurredOn: row.incurred_on,
      amountCents,
      amountText: formatEuroCents(amountCents),
      note: row.note,
      status,
      statusLabel: COST_DECISION_LABELS[status],
      proposedBy: recorderName(row),
      proposedAt: row.proposed_at.toISOString(),
      decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    };
  });
}

/** The sum HT of the costs the client approved under an agreement. */
export async function approvedCostsCents(executor: Executor, agreementId: string): Promise<number> {
  const row = await executor
    .selectFrom("case_costs")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("amount_ht_cents"), eb.val("0")).as("total"))
    .where("agreement_id", "=", agreementId)
    .where("decision", "=", "approved")
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export type ProposeCostResult = { ok: true; costId: string } | Failure;

/** The assigned lawyer proposes a cost; the client is told by e-mail (no amount) and the action is journaled. */
export async function proposeCost(actor: Actor, caseId: string, input: CostInput, now: Date = new Date()): Promise<ProposeCostResult> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<ProposeCostResult> => {
      const context = await lawyerEntryContext(trx, actor, caseId, messages.noActiveAgreement);
      if ("ok" in context) return context;
      const { access, agreementId } = context;
      const dayError = await entryDayError(trx, access.caseId, input.incurredOn, now, messages);
      if (dayError) return { ok: false, status: 400, fieldErrors: { incurredOn: dayError } };
      const inserted = await trx
        .insertInto("case_costs")
        .values({
          case_id: access.caseId,
          agreement_id: agreementId,
          label: input.costLabel,
          incurred_on: input.incurredOn,
          amount_ht_cents: input.costAmount,
          note: input.costNote,
          proposed_by: access.actor.userId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordStaffAction(trx, access.actor, {
        action: "cost.proposed",
        targetType: "case",
        targetId: access.caseId,
        after: { costId: inserted.id, amountHtCents: input.costAmount, incurredOn: input.incurredOn, label: input.costLabel },
      });
      await emailClient(trx, access, "frais-a-approuver", "frais");
      return { ok: true, costId: inserted.id };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

export type CostDecisionResult = { ok: true } | Failure;

/**
 * The case's client approves or declines a pending cost. Anyone else (its lawyer included) gets the case's 404; a
 * cost of another case, 404; a cost already decided or withdrawn, 409.
 */
export async function decideCost(actor: Actor, caseId: string, costId: string, decision: CostDecision): Promise<CostDecisionResult> {
  return db()
    .transaction()
    .execute(async (trx): Promise<CostDecisionResult> => {
      const access = await caseAccess(actor, caseId, { executor: trx, lock: "no-key-update" });
      if (access.viewer !== "owner") throw new NotFoundError();
      return setDecision(trx, access.caseId, costId, access.actor.userId, decision, messages.alreadyDecided);
    });
}

/** The assigned lawyer withdraws a cost the client has not answered yet; an answered one stays (409). */
export async function withdrawCost(actor: Actor, caseId: string, costId: string): Promise<CostDecisionResult> {
  return db()
    .transaction()
    .execute(async (trx): Promise<CostDecisionResult> => {
      const access = await caseAccess(actor, caseId, { executor: trx, lock: "no-key-update" });
      if (access.viewer !== "lawyer") throw new NotFoundError();
      const result = await setDecision(trx, access.caseId, costId, access.actor.userId, "withdrawn", messages.withdrawDecided);
      if (result.ok) await recordStaffAction(trx, access.actor, { action: "cost.withdrawn", targetType: "case", targetId: access.caseId, after: { costId } });
      return result;
    });
}

async function setDecision(
  trx: Transaction<Database>,
  caseId: string,
  costId: string,
  by: string,
  decision: CostDecision | "withdrawn",
  decidedMessage: string,
): Promise<CostDecisionResult> {
  if (!isUuid(costId)) return { ok: false, status: 404, formError: messages.costUnknown };
  const cost = await trx.selectFrom("case_costs").select(["id", "decision"]).where("id", "=", costId).where("case_id", "=", caseId).forUpdate().executeTakeFirst();
  if (!cost) return { ok: false, status: 404, formError: messages.costUnknown };
  if (cost.decision !== null) return { ok: false, status: 409, formError: decidedMessage };
  await trx.updateTable("case_costs").set({ decision, decided_by: by }).where("id", "=", cost.id).execute();
  return { ok: true };
}

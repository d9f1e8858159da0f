import type { Transaction } from "kysely";
import { formatDateTime, parisIsoDay } from "~/lib/format";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { publicLink, withHistoryContext } from "~/modules/cases/case-history.server";
import type { CaseAccess } from "~/modules/cases/case-access.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { enqueueEmailToPeople } from "~/modules/notifications/notifications.server";
import { NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import type { Database } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { partyAccess, type Failure } from "./agreement-shared.server";
import { agreementMessages as messages, WITHDRAWAL_DAYS, afterWithdrawalText, type EmailWithdrawalInput } from "./agreements.schema";

/** The last day (Europe/Paris, "yyyy-MM-dd") the client may withdraw: the 14th day after the day they signed. */
export function withdrawalLastDay(clientSignedAt: Date): string {
  const day = new Date(`${parisIsoDay(clientSignedAt)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + WITHDRAWAL_DAYS);
  return day.toISOString().slice(0, 10);
}

export function withinWithdrawalPeriod(clientSignedAt: Date, now: Date = new Date()): boolean {
  return parisIsoDay(now) <= withdrawalLastDay(clientSignedAt);
}

export type WithdrawalResult = { ok: true; earlyStart: boolean } | Failure;

async function withdraw(
  actor: UserActor,
  access: CaseAccess,
  agreementId: string,
  channel: "application" | "email",
  sentOn: Date,
  trx: Transaction<Database>,
  now: Date,
): Promise<WithdrawalResult> {
  const locked = await trx
    .selectFrom("fee_agreements")
    .select(["id", "state", "client_signed_at", "early_start_requested", "lawyer_id"])
    .where("id", "=", agreementId)
    .where("case_id", "=", access.caseId)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) throw new NotFoundError();
  if (!locked.client_signed_at || !["signed", "countersigned", "active"].includes(locked.state)) return { ok: false, status: 409, formError: messages.notPossible };
  if (!withinWithdrawalPeriod(locked.client_signed_at, sentOn)) return { ok: false, status: 409, formError: messages.withdrawalClosed };
  if (channel === "email" && parisIsoDay(sentOn) < parisIsoDay(locked.client_signed_at)) {
    return { ok: false, status: 400, fieldErrors: { sentOn: "Cette date est antérieure à la signature de la convention par le client." } };
  }
  await withHistoryContext(trx, { actorId: actor.userId }, () =>
    trx.updateTable("fee_agreements").set({ state: "withdrawn", withdrawn_at: now, withdrawal_channel: channel }).where("id", "=", locked.id).execute(),
  );
  await enqueueEmailToPeople(trx, [access.ownerId, locked.lawyer_id ?? access.ownerId], {
    template: "convention-retractee",
    variables: () => ({
      numero_dossier: access.caseNumber,
      date: formatDateTime(now),
      suite: afterWithdrawalText(locked.early_start_requested),
      lien: publicLink(`/case/${access.caseId}`),
    }),
  });
  return { ok: true, earlyStart: locked.early_start_requested };
}

/** The client withdraws within 14 days of signing (L221-18): one confirmation, an acknowledgement to both. */
export async function withdrawAgreement(actor: Actor, caseId: string, agreementId: string, now: Date = new Date()): Promise<WithdrawalResult> {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const access = await partyAccess(actor, caseId, "owner", trx);
      return withdraw(access.actor, access, agreementId, "application", now, trx, now);
    });
  if (result.ok) jobsEnqueued();
  return result;
}

/** The lawyer records the model form the client sent by e-mail; the day it was sent must be within the 14 days. */
export async function recordEmailWithdrawal(actor: Actor, caseId: string, input: EmailWithdrawalInput, now: Date = new Date()): Promise<WithdrawalResult> {
  const sentOn = new Date(`${input.sentOn}T12:00:00Z`);
  if (input.sentOn > parisIsoDay(now)) return { ok: false, status: 400, fieldErrors: { sentOn: "La date d'envoi ne peut pas être dans le futur." } };
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const access = await partyAccess(actor, caseId, "lawyer", trx);
      const outcome = await withdraw(access.actor, access, input.agreementId, "email", sentOn, trx, now);
      if (outcome.ok) {
        await recordStaffAction(trx, access.actor, { action: "agreement.withdrawal-recorded", targetType: "case", targetId: access.caseId, after: { agreementId: input.agreementId, sentOn: input.sentOn } });
      }
      return outcome;
    });
  if (result.ok) jobsEnqueued();
  return result;
}

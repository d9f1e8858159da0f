import { sql, type Transaction } from "kysely";
import type { FieldErrors } from "~/lib/form";
import { formatEuroCents } from "~/lib/fees";
import { formatDate, parisIsoDay } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { caseAccess, type CaseAccess } from "~/modules/cases/case-access.server";
import { lawyerTitle, publicLink } from "~/modules/cases/case-history.server";
import { enqueueEmail, type EmailTemplateKey } from "~/modules/notifications/notifications.server";
import { NotFoundError, type Actor } from "~/platform/actor";
import type { Database } from "~/platform/database-schema";
import type { LedgerEntryView } from "./recovery-views";

/**
 * What the lawyer's writes in this module share (sums recovered, costs, sums received): the case locked for the
 * transaction and open to its assigned lawyer only (anyone else: the case's 404), the agreement in force, a date
 * between the case's creation and today (Paris days), and the client's e-mail without any amount.
 */

export type Failure = { ok: false; status: 400 | 404 | 409; formError?: string; fieldErrors?: FieldErrors };

export interface LawyerEntryContext {
  access: CaseAccess;
  agreementId: string;
}

/** The assigned lawyer's access with the case row locked, and the agreement in force (else a 409 with `noAgreement`). */
export async function lawyerEntryContext(
  trx: Transaction<Database>,
  actor: Actor,
  caseId: string,
  noAgreement: string,
): Promise<LawyerEntryContext | Failure> {
  const access = await caseAccess(actor, caseId, { executor: trx, lock: "no-key-update" });
  if (access.viewer !== "lawyer") throw new NotFoundError();
  const agreement = await trx.selectFrom("fee_agreements").select(["id"]).where("case_id", "=", access.caseId).where("state", "=", "active").executeTakeFirst();
  if (!agreement) return { ok: false, status: 409, formError: noAgreement };
  return { access, agreementId: agreement.id };
}

/** The message for a day after today or before the case was created, or null when the day is allowed. */
export async function entryDayError(
  trx: Transaction<Database>,
  caseId: string,
  day: string,
  now: Date,
  messages: { dateInFuture: string; dateBeforeCase: (day: string) => string },
): Promise<string | null> {
  if (day > parisIsoDay(now)) return messages.dateInFuture;
  const created = await trx.selectFrom("cases").select(["created_at"]).where("id", "=", caseId).executeTakeFirstOrThrow();
  const firstDay = parisIsoDay(created.created_at);
  return day < firstDay ? messages.dateBeforeCase(formatDate(firstDay)) : null;
}

/** Queues an e-mail to the case's client from its lawyer (the acting person), with the link to the case's `anchor`. */
export async function emailClient(trx: Transaction<Database>, access: CaseAccess, template: EmailTemplateKey, anchor: string): Promise<void> {
  const people = await trx.selectFrom("profiles").select(["id", "email", "first_name", "last_name"]).where("id", "in", [access.ownerId, access.actor.userId]).execute();
  const client = people.find((person) => person.id === access.ownerId);
  const lawyer = people.find((person) => person.id === access.actor.userId);
  if (!client) return;
  await enqueueEmail(trx, {
    to: client.email,
    template,
    variables: {
      prenom: client.first_name,
      avocat: lawyer ? lawyerTitle(lawyer) : "Votre avocat",
      numero_dossier: access.caseNumber,
      lien: publicLink(`/case/${access.caseId}#${anchor}`),
    },
  });
}

/** Who recorded an entry, from their profile row (joined, so null once the account is purged). */
export function recorderName(row: { first_name: string | null; last_name: string | null; role: string | null }): string {
  if (!row.first_name) return "Compte supprimé";
  return row.role === "lawyer" ? lawyerTitle({ first_name: row.first_name, last_name: row.last_name ?? "" }) : `${row.first_name} ${row.last_name ?? ""}`.trim();
}

interface LedgerRow {
  id: string;
  amount_cents: string | number;
  note: string;
  reverses_id: string | null;
  reason: string | null;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  role: string | null;
}

/** The fields every ledger entry shows, from its rows (each reversal names the entry it cancels). */
export function ledgerEntryViews<Row extends LedgerRow, View>(rows: Row[], more: (row: Row) => View): (LedgerEntryView & View)[] {
  const reversedBy = new Map(rows.filter((row) => row.reverses_id).map((row) => [row.reverses_id!, row.id]));
  return rows.map((row) => {
    const amountCents = Number(row.amount_cents);
    return {
      id: row.id,
      amountCents,
      amountText: formatEuroCents(amountCents),
      note: row.note,
      reversesId: row.reverses_id,
      reason: row.reason,
      reversedById: reversedBy.get(row.id) ?? null,
      recordedBy: recorderName(row),
      createdAt: row.created_at.toISOString(),
      ...more(row),
    };
  });
}

interface ReversalMessages {
  reasonRequired: string;
  reasonTooLong: string;
  entryUnknown: string;
  reversalOfReversal: string;
  alreadyReversed: string;
}

/** A reversal's reason, trimmed, or the 400 it gets (required, at most 1 000 characters). */
export function reversalReason(reason: string, messages: ReversalMessages): string | Failure {
  const trimmed = reason.trim();
  if (trimmed === "") return { ok: false, status: 400, fieldErrors: { reason: messages.reasonRequired } };
  if (trimmed.length > 1000) return { ok: false, status: 400, fieldErrors: { reason: messages.reasonTooLong } };
  return trimmed;
}

/**
 * For a reversal in one of the append-only ledgers, in the lawyer's transaction: the case locked and open to its
 * assigned lawyer only (else the case's 404), and the entry checked: of this case (404), not a reversal itself and
 * not reversed yet (409). The tables' triggers and `UNIQUE (reverses_id)` hold the same if code ever tries.
 */
export async function reversibleEntry(
  trx: Transaction<Database>,
  actor: Actor,
  caseId: string,
  table: "case_recoveries" | "case_fee_payments",
  entryId: string,
  messages: ReversalMessages,
): Promise<CaseAccess | Failure> {
  const access = await caseAccess(actor, caseId, { executor: trx, lock: "no-key-update" });
  if (access.viewer !== "lawyer") throw new NotFoundError();
  if (!isUuid(entryId)) return { ok: false, status: 404, formError: messages.entryUnknown };
  const { rows } = await sql<{ reverses_id: string | null; reversed: boolean }>`
    SELECT e.reverses_id, EXISTS (SELECT 1 FROM ${sql.table(table)} x WHERE x.reverses_id = e.id) AS reversed
    FROM ${sql.table(table)} e WHERE e.id = ${entryId} AND e.case_id = ${access.caseId}`.execute(trx);
  const entry = rows[0];
  if (!entry) return { ok: false, status: 404, formError: messages.entryUnknown };
  if (entry.reverses_id !== null) return { ok: false, status: 409, formError: messages.reversalOfReversal };
  if (entry.reversed) return { ok: false, status: 409, formError: messages.alreadyReversed };
  return access;
}

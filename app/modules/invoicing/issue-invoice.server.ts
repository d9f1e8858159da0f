import { sql } from "kysely";
import { vatOn } from "~/lib/fees";
import { parisIsoDay } from "~/lib/format";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { caseAccess } from "~/modules/cases/case-access.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { computeFees } from "~/modules/recoveries/fee-computation";
import { approvedCostsCents } from "~/modules/recoveries/recoveries.server";
import { NotFoundError, type Actor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { storeInvoiceDocument } from "./invoice-document.server";
import { enqueueIssueNotice } from "./invoice-notice.server";
import { dueDateFrom, nextNumber, SERIES, type IssueHooks } from "./invoice-numbering.server";
import type { BuyerSnapshot, InvoiceLine, InvoiceLineKind } from "./invoice-pdf.server";
import { invoicingMessages, missingForInvoicing } from "./invoicing.schema";
import { missingOf, postalAddress, profileRow, sellerSnapshot, type Failure } from "./invoicing-profile.server";

const LINE_LABELS: Record<InvoiceLineKind, string> = {
  "base-fee": "Honoraires de diligence (travail accompli)",
  "result-fee": "Honoraire complémentaire de résultat",
  costs: "Frais et débours approuvés",
};

export type IssueResult = { ok: true; invoiceId: string; number: string } | Failure;

/**
 * The assigned lawyer issues an invoice for what the case's figures (computeFees, from the active agreement and the
 * ledger) make due and no earlier invoice (net of credit notes) has billed yet. Anyone else gets a 404; a lawyer
 * without a complete invoicing profile and a current mandate gets a 409 naming what is missing.
 */
export async function issueInvoice(actor: Actor, caseId: string, hooks: IssueHooks = {}): Promise<IssueResult> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<IssueResult> => {
      const access = await caseAccess(actor, caseId, { executor: trx, lock: "no-key-update" });
      if (access.viewer !== "lawyer") throw new NotFoundError();
      const lawyerId = access.actor.userId;
      const profile = await profileRow(trx, lawyerId);
      const missing = missingOf(profile);
      if (!profile || missing.length > 0) return { ok: false, status: 409, formError: missingForInvoicing(missing) };
      const agreement = await trx
        .selectFrom("fee_agreements")
        .select(["id", "base_fee_cents", "base_fee_due", "result_percent_bp", "vat_rate_bp"])
        .where("case_id", "=", access.caseId)
        .where("state", "=", "active")
        .executeTakeFirst();
      if (!agreement) return { ok: false, status: 409, formError: invoicingMessages.noActiveAgreement };
      const [ledger, costsCents, billed, people] = await Promise.all([
        trx.selectFrom("case_recoveries").select("amount_cents").where("case_id", "=", access.caseId).where("agreement_id", "=", agreement.id).execute(),
        // Decision 83: the costs the client approved are billed on their own line.
        approvedCostsCents(trx, agreement.id),
        sql<{ kind: InvoiceLineKind; ht: string }>`
          SELECT line->>'kind' AS kind, sum((line->>'htCents')::bigint)::text AS ht
          FROM invoices i, jsonb_array_elements(i.lines) AS line
          WHERE i.case_id = ${access.caseId} AND i.agreement_id = ${agreement.id}
          GROUP BY line->>'kind'`.execute(trx),
        trx.selectFrom("profiles").select(["id", "first_name", "last_name", "address", "postal_code", "city"]).where("id", "in", [access.ownerId, lawyerId]).execute(),
      ]);
      const vatRateBp = profile.vat_franchise ? 0 : agreement.vat_rate_bp;
      const figures = computeFees(
        { baseFeeCents: agreement.base_fee_cents, resultPercentBp: agreement.result_percent_bp, vatRateBp },
        {
          ledgerCents: ledger.map((row) => Number(row.amount_cents)),
          baseFeeDue: agreement.base_fee_due === "signature" || access.status === "resolved" || access.status === "closed",
          approvedCostsCents: costsCents,
        },
      );
      const already = (kind: InvoiceLineKind) => Number(billed.rows.find((row) => row.kind === kind)?.ht ?? 0);
      const due: Record<InvoiceLineKind, number> = {
        "base-fee": figures.baseFeeHtCents - already("base-fee"),
        "result-fee": figures.resultFeeHtCents - already("result-fee"),
        costs: figures.costsHtCents - already("costs"),
      };
      const lines: InvoiceLine[] = (Object.keys(due) as InvoiceLineKind[])
        .filter((kind) => due[kind] > 0)
        .map((kind) => ({ kind, label: LINE_LABELS[kind], quantity: 1, unitHtCents: due[kind], htCents: due[kind] }));
      if (lines.length === 0) return { ok: false, status: 409, formError: invoicingMessages.nothingToInvoice };
      const totalHtCents = lines.reduce((sum, line) => sum + line.htCents, 0);
      const vatCents = vatOn(totalHtCents, vatRateBp);
      const client = people.find((person) => person.id === access.ownerId)!;
      const lawyer = people.find((person) => person.id === lawyerId)!;
      const buyer: BuyerSnapshot = { name: `${client.first_name} ${client.last_name}`, address: postalAddress(client) || "Adresse non renseignée" };

      const { sequence, number, issuedAt } = await nextNumber(trx, lawyerId, SERIES.invoice);
      await hooks.afterCounter?.(sequence);
      const issueDay = parisIsoDay(issuedAt);
      const inserted = await trx
        .insertInto("invoices")
        .values({
          kind: "invoice",
          issuer_id: lawyerId,
          sequence,
          number,
          case_id: access.caseId,
          case_number: access.caseNumber,
          agreement_id: agreement.id,
          buyer_id: access.ownerId,
          issued_at: issuedAt,
          service_date: issueDay,
          due_date: dueDateFrom(issueDay),
          seller: JSON.stringify(sellerSnapshot(profile, lawyer)),
          buyer: JSON.stringify(buyer),
          lines: JSON.stringify(lines),
          vat_rate_bp: vatRateBp,
          total_ht_cents: totalHtCents,
          vat_cents: vatCents,
          total_ttc_cents: totalHtCents + vatCents,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueueIssueNotice(trx, { kind: "invoice", number, buyerId: access.ownerId, lawyerId, caseId: access.caseId, caseNumber: access.caseNumber });
      await recordStaffAction(trx, access.actor, { action: "invoice.issued", targetType: "case", targetId: access.caseId, after: { invoiceId: inserted.id, number, totalHtCents } });
      return { ok: true, invoiceId: inserted.id, number };
    });
  if (result.ok) jobsEnqueued();
  if (result.ok) await storeInvoiceDocument(result.invoiceId).catch((error) => logger.warn({ err: error, invoiceId: result.invoiceId }, "facture : PDF non enregistré, refait au premier téléchargement"));
  return result;
}

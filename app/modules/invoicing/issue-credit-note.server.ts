import { isUuid } from "~/lib/uuid";
import { parisIsoDay } from "~/lib/format";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { NotFoundError, type Actor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { storeInvoiceDocument } from "./invoice-document.server";
import { enqueueIssueNotice } from "./invoice-notice.server";
import { dueDateFrom, nextNumber, SERIES } from "./invoice-numbering.server";
import type { InvoiceLine } from "./invoice-pdf.server";
import { invoicingMessages, missingForInvoicing } from "./invoicing.schema";
import { lawyerOnly, missingOf, profileRow, sellerSnapshot, type Failure } from "./invoicing-profile.server";

export type CreditNoteResult = { ok: true; creditNoteId: string; number: string } | Failure;

/** The issuing lawyer cancels an invoice with a credit note of its own series ('A-…'), for its whole amount. */
export async function issueCreditNote(actor: Actor, invoiceId: string): Promise<CreditNoteResult> {
  const lawyerActor = lawyerOnly(actor);
  if (!isUuid(invoiceId)) throw new NotFoundError();
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<CreditNoteResult> => {
      const invoice = await trx.selectFrom("invoices").selectAll().where("id", "=", invoiceId).where("kind", "=", "invoice").where("issuer_id", "=", lawyerActor.userId).executeTakeFirst();
      if (!invoice) throw new NotFoundError();
      const profile = await profileRow(trx, lawyerActor.userId);
      const missing = missingOf(profile);
      if (!profile || missing.length > 0) return { ok: false, status: 409, formError: missingForInvoicing(missing) };
      const credited = await trx.selectFrom("invoices").select("id").where("credited_invoice_id", "=", invoice.id).executeTakeFirst();
      if (credited) return { ok: false, status: 409, formError: invoicingMessages.alreadyCredited };
      const lawyer = await trx.selectFrom("profiles").select(["first_name", "last_name"]).where("id", "=", lawyerActor.userId).executeTakeFirstOrThrow();
      const lines = (invoice.lines as InvoiceLine[]).map((line) => ({ ...line, unitHtCents: -line.unitHtCents, htCents: -line.htCents }));
      const { sequence, number, issuedAt } = await nextNumber(trx, lawyerActor.userId, SERIES["credit-note"]);
      const issueDay = parisIsoDay(issuedAt);
      const inserted = await trx
        .insertInto("invoices")
        .values({
          kind: "credit-note",
          issuer_id: lawyerActor.userId,
          sequence,
          number,
          case_id: invoice.case_id,
          case_number: invoice.case_number,
          agreement_id: invoice.agreement_id,
          buyer_id: invoice.buyer_id,
          credited_invoice_id: invoice.id,
          issued_at: issuedAt,
          service_date: invoice.service_date,
          due_date: dueDateFrom(issueDay),
          seller: JSON.stringify(sellerSnapshot(profile, lawyer)),
          buyer: JSON.stringify(invoice.buyer),
          lines: JSON.stringify(lines),
          vat_rate_bp: invoice.vat_rate_bp,
          total_ht_cents: -Number(invoice.total_ht_cents),
          vat_cents: -Number(invoice.vat_cents),
          total_ttc_cents: -Number(invoice.total_ttc_cents),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueueIssueNotice(trx, {
        kind: "credit-note",
        number,
        creditedNumber: invoice.number,
        buyerId: invoice.buyer_id,
        lawyerId: lawyerActor.userId,
        caseId: invoice.case_id,
        caseNumber: invoice.case_number,
      });
      await recordStaffAction(trx, lawyerActor, { action: "invoice.credited", targetType: "case", targetId: invoice.case_id, after: { invoiceId: invoice.id, creditNoteId: inserted.id, number } });
      return { ok: true, creditNoteId: inserted.id, number };
    });
  if (result.ok) jobsEnqueued();
  if (result.ok) await storeInvoiceDocument(result.creditNoteId).catch((error) => logger.warn({ err: error, invoiceId: result.creditNoteId }, "avoir : PDF non enregistré, refait au premier téléchargement"));
  return result;
}

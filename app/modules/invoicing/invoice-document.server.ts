import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { operatorIdentity } from "~/content/operator.server";
import { isUuid } from "~/lib/uuid";
import { fileStorage } from "~/modules/files/files.server";
import { assertUser, NotFoundError, type Actor } from "~/platform/actor";
import type { Executor, InvoiceKind } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { renderInvoicePdf, type BuyerSnapshot, type InvoiceDocumentInput, type InvoiceLine, type SellerSnapshot } from "./invoice-pdf.server";

/** The PDF of an invoice or credit note: rendered from its immutable row, stored once with its SHA-256 (decision 0081). */

function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function documentFileName(row: { kind: InvoiceKind; number: string }): string {
  return `${row.kind === "invoice" ? "facture" : "avoir"}-${row.number}.pdf`;
}

async function documentInput(executor: Executor, invoiceId: string): Promise<{ input: InvoiceDocumentInput; buyerId: string; fileName: string }> {
  const row = await executor
    .selectFrom("invoices as i")
    .leftJoin("invoices as c", "c.id", "i.credited_invoice_id")
    .selectAll("i")
    .select("c.number as credited_number")
    .where("i.id", "=", invoiceId)
    .executeTakeFirstOrThrow();
  return {
    buyerId: row.buyer_id,
    fileName: documentFileName(row),
    input: {
      kind: row.kind,
      number: row.number,
      creditedNumber: row.credited_number,
      caseNumber: row.case_number,
      issuedAt: row.issued_at,
      serviceDate: row.service_date,
      dueDate: row.due_date,
      seller: row.seller as SellerSnapshot,
      buyer: row.buyer as BuyerSnapshot,
      lines: row.lines as InvoiceLine[],
      vatRateBp: row.vat_rate_bp,
      totalHtCents: Number(row.total_ht_cents),
      vatCents: Number(row.vat_cents),
      totalTtcCents: Number(row.total_ttc_cents),
      operatorName: operatorIdentity(runtime().env).name,
    },
  };
}

/** Renders the invoice's PDF from its immutable row and stores it once (through the storage gateway, with its SHA-256). */
export async function storeInvoiceDocument(invoiceId: string): Promise<{ pdf: Buffer; fileName: string }> {
  const { input, buyerId, fileName } = await documentInput(db(), invoiceId);
  const pdf = await renderInvoicePdf(input);
  const digest = sha256Hex(pdf);
  await db()
    .transaction()
    .execute(async (trx) => {
      // One document per invoice even when two first downloads race.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`invoice-document:${invoiceId}`}))`.execute(trx);
      const existing = await trx.selectFrom("invoice_documents").select("invoice_id").where("invoice_id", "=", invoiceId).executeTakeFirst();
      if (existing) return;
      const stored = await fileStorage().put({ executor: trx, body: Readable.from([pdf]), ownerId: buyerId, originalName: fileName, mediaType: "application/pdf" });
      await trx.insertInto("invoice_documents").values({ invoice_id: invoiceId, file_id: stored.id, sha256: digest }).execute();
    });
  return { pdf, fileName };
}

export type InvoiceDocumentResult = { ok: true; fileName: string; pdf: Buffer; sha256: string } | { ok: false; status: 503 };

/** The PDF of an invoice or credit note, for its buyer, its issuer and admins; anyone else gets a 404. */
export async function invoiceDocument(actor: Actor, invoiceId: string): Promise<InvoiceDocumentResult> {
  assertUser(actor);
  if (!isUuid(invoiceId)) throw new NotFoundError();
  const row = await db()
    .selectFrom("invoices as i")
    .leftJoin("invoice_documents as d", "d.invoice_id", "i.id")
    .select(["i.buyer_id", "i.issuer_id", "i.number", "i.kind", "d.file_id", "d.sha256"])
    .where("i.id", "=", invoiceId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  const allowed = row.buyer_id === actor.userId || (actor.role === "lawyer" && row.issuer_id === actor.userId) || actor.role === "admin";
  if (!allowed) throw new NotFoundError();
  if (!row.file_id || !row.sha256) {
    const made = await storeInvoiceDocument(invoiceId);
    return { ok: true, fileName: made.fileName, pdf: made.pdf, sha256: sha256Hex(made.pdf) };
  }
  try {
    const { stream } = await fileStorage().open(row.file_id);
    const pdf = await buffer(stream);
    if (sha256Hex(pdf) !== row.sha256) {
      logger.error({ invoiceId }, "facture : le PDF stocké ne correspond plus à son empreinte");
      return { ok: false, status: 503 };
    }
    return { ok: true, fileName: documentFileName(row), pdf, sha256: row.sha256 };
  } catch (error) {
    logger.warn({ err: error, invoiceId }, "facture : PDF illisible");
    return { ok: false, status: 503 };
  }
}

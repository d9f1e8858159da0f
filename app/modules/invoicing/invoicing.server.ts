import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { createHash } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { operatorIdentity } from "~/content/operator.server";
import { vatOn } from "~/lib/fees";
import { parisIsoDay } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { caseAccess } from "~/modules/cases/case-access.server";
import { fileStorage } from "~/modules/files/files.server";
import { computeFees } from "~/modules/recoveries/fee-computation";
import { assertUser, NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import type { Database, Executor, InvoiceKind, InvoiceSeries } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { renderInvoicePdf, type BuyerSnapshot, type InvoiceDocumentInput, type InvoiceLine, type InvoiceLineKind, type SellerSnapshot } from "./invoice-pdf.server";
import { MANDATE_VERSION, invoicingMessages, missingForInvoicing, type AdminInvoiceFilter, type InvoicingProfileInput } from "./invoicing.schema";

/**
 * Invoices and credit notes issued by Recours in the lawyer's name (issue 31, decision 0081). The number comes from a
 * counter row per issuer and series locked in the invoice's own transaction: a rollback gives the number back.
 */

/** Days between issue and the due date written on the invoice. */
export const INVOICE_PAYMENT_DAYS = 30;

type Failure = { ok: false; status: 400 | 409; formError?: string; fieldErrors?: Record<string, string> };

const SERIES: Record<InvoiceKind, InvoiceSeries> = { invoice: "F", "credit-note": "A" };

const LINE_LABELS: Record<InvoiceLineKind, string> = {
  "base-fee": "Honoraires de diligence (travail accompli)",
  "result-fee": "Honoraire complémentaire de résultat",
  costs: "Frais et débours approuvés",
};

function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function postalAddress(row: { address: string | null; postal_code: string | null; city: string | null }): string {
  return [row.address, [row.postal_code, row.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

function addDays(isoDay: string, days: number): string {
  const day = new Date(`${isoDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

function lawyerOnly(actor: Actor): UserActor {
  assertUser(actor);
  if (actor.role !== "lawyer") throw new NotFoundError();
  return actor;
}

// ---------------------------------------------------------------------------------------------------------------
// The lawyer's invoicing profile and mandate

export interface InvoicingProfileView {
  values: { firmName: string; address: string; postalCode: string; city: string; siren: string; siret: string; vatNumber: string; vatFranchise: boolean };
  mandate: { acceptedAt: string; version: string; current: boolean } | null;
  /** What an invoice still needs (empty: invoices may be issued). */
  missing: string[];
}

type ProfileRow = {
  firm_name: string;
  address: string;
  postal_code: string;
  city: string;
  siren: string;
  siret: string | null;
  vat_number: string | null;
  vat_franchise: boolean;
  mandate_accepted_at: Date | null;
  mandate_version: string | null;
};

function missingOf(row: ProfileRow | undefined): string[] {
  if (!row) return ["nom du cabinet", "adresse", "SIREN", "numéro de TVA ou mention de franchise", "mandat de facturation"];
  return row.mandate_accepted_at && row.mandate_version === MANDATE_VERSION ? [] : ["mandat de facturation"];
}

async function profileRow(executor: Executor, lawyerId: string): Promise<ProfileRow | undefined> {
  return executor
    .selectFrom("lawyer_invoicing_profiles")
    .select(["firm_name", "address", "postal_code", "city", "siren", "siret", "vat_number", "vat_franchise", "mandate_accepted_at", "mandate_version"])
    .where("lawyer_id", "=", lawyerId)
    .executeTakeFirst();
}

export async function invoicingProfileFor(actor: Actor): Promise<InvoicingProfileView> {
  const lawyer = lawyerOnly(actor);
  const row = await profileRow(db(), lawyer.userId);
  return {
    values: {
      firmName: row?.firm_name ?? "",
      address: row?.address ?? "",
      postalCode: row?.postal_code ?? "",
      city: row?.city ?? "",
      siren: row?.siren ?? "",
      siret: row?.siret ?? "",
      vatNumber: row?.vat_number ?? "",
      vatFranchise: row?.vat_franchise ?? false,
    },
    mandate: row?.mandate_accepted_at && row.mandate_version ? { acceptedAt: row.mandate_accepted_at.toISOString(), version: row.mandate_version, current: row.mandate_version === MANDATE_VERSION } : null,
    missing: missingOf(row),
  };
}

export type SaveProfileResult = { ok: true } | Failure;

/** The lawyer fills their invoicing profile; the mandate is accepted once per text version (its date is kept). */
export async function saveInvoicingProfile(actor: Actor, input: InvoicingProfileInput, now: Date = new Date()): Promise<SaveProfileResult> {
  const lawyer = lawyerOnly(actor);
  return db()
    .transaction()
    .execute(async (trx): Promise<SaveProfileResult> => {
      const existing = await trx.selectFrom("lawyer_invoicing_profiles").selectAll().where("lawyer_id", "=", lawyer.userId).forUpdate().executeTakeFirst();
      const mandateCurrent = existing?.mandate_accepted_at && existing.mandate_version === MANDATE_VERSION;
      if (!mandateCurrent && input.mandate !== "on") return { ok: false, status: 400, fieldErrors: { mandate: invoicingMessages.mandateRequired } };
      const values = {
        firm_name: input.firmName,
        address: input.address,
        postal_code: input.postalCode,
        city: input.city,
        siren: input.siren,
        siret: input.siret || null,
        vat_number: input.vatFranchise ? null : input.vatNumber,
        vat_franchise: input.vatFranchise === "on",
        mandate_accepted_at: mandateCurrent ? existing.mandate_accepted_at : now,
        mandate_version: MANDATE_VERSION,
        updated_at: now,
      };
      await trx
        .insertInto("lawyer_invoicing_profiles")
        .values({ lawyer_id: lawyer.userId, ...values })
        .onConflict((conflict) => conflict.column("lawyer_id").doUpdateSet(values))
        .execute();
      await recordStaffAction(trx, lawyer, {
        action: mandateCurrent ? "invoicing.profile-updated" : "invoicing.mandate-accepted",
        targetType: "user",
        targetId: lawyer.userId,
        after: { siren: values.siren, vatFranchise: values.vat_franchise, mandateVersion: MANDATE_VERSION },
      });
      return { ok: true };
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Numbering

export interface IssueHooks {
  /** Tests: runs inside the transaction right after the counter moved (a throw there rolls everything back). */
  afterCounter?: (sequence: number) => void | Promise<void>;
}

/**
 * The next number of a series: the counter row is created if needed, then locked FOR UPDATE until the caller's
 * transaction ends, so concurrent issuers queue and a rollback gives the number back. Also returns the database's
 * clock read under the lock: issue times follow the numbers' order.
 */
async function nextNumber(trx: Transaction<Database>, issuerId: string, series: InvoiceSeries): Promise<{ sequence: number; number: string; issuedAt: Date }> {
  await trx.insertInto("invoice_counters").values({ issuer_id: issuerId, series }).onConflict((conflict) => conflict.columns(["issuer_id", "series"]).doNothing()).execute();
  const locked = await trx.selectFrom("invoice_counters").select("last_value").where("issuer_id", "=", issuerId).where("series", "=", series).forUpdate().executeTakeFirstOrThrow();
  const sequence = locked.last_value + 1;
  const updated = await sql<{ at: Date }>`UPDATE invoice_counters SET last_value = ${sequence} WHERE issuer_id = ${issuerId} AND series = ${series} RETURNING clock_timestamp() AS at`.execute(trx);
  const issuedAt = new Date(updated.rows[0]!.at);
  const year = parisIsoDay(issuedAt).slice(0, 4);
  return { sequence, number: `${series}-${year}-${String(sequence).padStart(6, "0")}`, issuedAt };
}

// ---------------------------------------------------------------------------------------------------------------
// Issuing

function sellerSnapshot(row: ProfileRow, lawyer: { first_name: string; last_name: string }): SellerSnapshot {
  return {
    firmName: row.firm_name,
    lawyerName: `Maître ${lawyer.first_name} ${lawyer.last_name}`,
    address: postalAddress(row),
    siren: row.siren,
    siret: row.siret,
    vatNumber: row.vat_number,
    vatFranchise: row.vat_franchise,
    mandateAcceptedAt: row.mandate_accepted_at!.toISOString(),
    mandateVersion: row.mandate_version!,
  };
}

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
      const [ledger, billed, people] = await Promise.all([
        trx.selectFrom("case_recoveries").select("amount_cents").where("case_id", "=", access.caseId).where("agreement_id", "=", agreement.id).execute(),
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
        { ledgerCents: ledger.map((row) => Number(row.amount_cents)), baseFeeDue: agreement.base_fee_due === "signature" || access.status === "resolved" || access.status === "closed" },
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
          due_date: addDays(issueDay, INVOICE_PAYMENT_DAYS),
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
      await recordStaffAction(trx, access.actor, { action: "invoice.issued", targetType: "case", targetId: access.caseId, after: { invoiceId: inserted.id, number, totalHtCents } });
      return { ok: true, invoiceId: inserted.id, number };
    });
  if (result.ok) await storeInvoiceDocument(result.invoiceId).catch((error) => logger.warn({ err: error, invoiceId: result.invoiceId }, "facture : PDF non enregistré, refait au premier téléchargement"));
  return result;
}

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
          due_date: addDays(issueDay, INVOICE_PAYMENT_DAYS),
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
      await recordStaffAction(trx, lawyerActor, { action: "invoice.credited", targetType: "case", targetId: invoice.case_id, after: { invoiceId: invoice.id, creditNoteId: inserted.id, number } });
      return { ok: true, creditNoteId: inserted.id, number };
    });
  if (result.ok) await storeInvoiceDocument(result.creditNoteId).catch((error) => logger.warn({ err: error, invoiceId: result.creditNoteId }, "avoir : PDF non enregistré, refait au premier téléchargement"));
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The PDF

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
    fileName: `${row.kind === "invoice" ? "facture" : "avoir"}-${row.number}.pdf`,
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
async function storeInvoiceDocument(invoiceId: string): Promise<{ pdf: Buffer; fileName: string }> {
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
    return { ok: true, fileName: `${row.kind === "invoice" ? "facture" : "avoir"}-${row.number}.pdf`, pdf, sha256: row.sha256 };
  } catch (error) {
    logger.warn({ err: error, invoiceId }, "facture : PDF illisible");
    return { ok: false, status: 503 };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Lists

export interface InvoiceListItem {
  id: string;
  kind: InvoiceKind;
  number: string;
  issuedAt: string;
  caseId: string;
  caseNumber: string;
  issuerId: string;
  sellerName: string;
  buyerName: string;
  totalHtCents: number;
  vatCents: number;
  totalTtcCents: number;
  creditedInvoiceId: string | null;
  creditedNumber: string | null;
  creditedBy: string | null;
}

function listQuery(executor: Executor) {
  return executor
    .selectFrom("invoices as i")
    .leftJoin("invoices as c", "c.id", "i.credited_invoice_id")
    .leftJoin("invoices as n", "n.credited_invoice_id", "i.id")
    .select([
      "i.id",
      "i.kind",
      "i.number",
      "i.issued_at",
      "i.case_id",
      "i.case_number",
      "i.issuer_id",
      "i.seller",
      "i.buyer",
      "i.total_ht_cents",
      "i.vat_cents",
      "i.total_ttc_cents",
      "i.credited_invoice_id",
      "c.number as credited_number",
      "n.number as credited_by",
    ]);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>["execute"]>>[number];

function listItem(row: ListRow): InvoiceListItem {
  const seller = row.seller as SellerSnapshot;
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issued_at.toISOString(),
    caseId: row.case_id,
    caseNumber: row.case_number,
    issuerId: row.issuer_id,
    sellerName: `${seller.lawyerName} (${seller.firmName})`,
    buyerName: (row.buyer as BuyerSnapshot).name,
    totalHtCents: Number(row.total_ht_cents),
    vatCents: Number(row.vat_cents),
    totalTtcCents: Number(row.total_ttc_cents),
    creditedInvoiceId: row.credited_invoice_id,
    creditedNumber: row.credited_number,
    creditedBy: row.credited_by,
  };
}

export interface CaseInvoicesPanel {
  caseId: string;
  invoices: InvoiceListItem[];
  /** The assigned lawyer, with an active agreement: may try to issue (the use case says what is missing). */
  mayIssue: boolean;
  missing: string[];
}

/** The invoices of a case for its client, its lawyer and admins (read only). */
export async function caseInvoicesFor(actor: Actor, caseId: string): Promise<CaseInvoicesPanel> {
  const access = await caseAccess(actor, caseId);
  const [rows, agreement, profile] = await Promise.all([
    listQuery(db()).where("i.case_id", "=", access.caseId).orderBy("i.issued_at").orderBy("i.number").execute(),
    db().selectFrom("fee_agreements").select("id").where("case_id", "=", access.caseId).where("state", "=", "active").executeTakeFirst(),
    access.viewer === "lawyer" ? profileRow(db(), access.actor.userId) : Promise.resolve(undefined),
  ]);
  return {
    caseId: access.caseId,
    invoices: rows.map(listItem),
    mayIssue: access.viewer === "lawyer" && agreement !== undefined,
    missing: access.viewer === "lawyer" ? missingOf(profile) : [],
  };
}

const ADMIN_LIST_LIMIT = 500;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** /admin/factures: search by number, client or lawyer, and a period (Paris days, inclusive). Admins only. */
export async function adminInvoices(actor: Actor, filter: AdminInvoiceFilter, limit: number = ADMIN_LIST_LIMIT): Promise<InvoiceListItem[]> {
  assertUser(actor);
  if (actor.role !== "admin") throw new NotFoundError();
  let query = listQuery(db());
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("i.number", "ilike", pattern),
        eb("i.case_number", "ilike", pattern),
        eb(sql<string>`i.buyer->>'name'`, "ilike", pattern),
        eb(sql<string>`i.seller->>'lawyerName'`, "ilike", pattern),
        eb(sql<string>`i.seller->>'firmName'`, "ilike", pattern),
      ]),
    );
  }
  if (filter.from) query = query.where("i.issued_at", ">=", sql<Date>`(${filter.from}::date)::timestamp AT TIME ZONE 'Europe/Paris'`);
  if (filter.to) query = query.where("i.issued_at", "<", sql<Date>`((${filter.to}::date + 1)::timestamp) AT TIME ZONE 'Europe/Paris'`);
  const rows = await query.orderBy("i.issued_at", "desc").orderBy("i.number", "desc").limit(limit).execute();
  return rows.map(listItem);
}

const KIND_LABELS: Record<InvoiceKind, string> = { invoice: "facture", "credit-note": "avoir" };

function csvCell(value: string): string {
  return /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)},${String(absolute % 100).padStart(2, "0")}`;
}

/** The accountant's export (semicolon-separated, decimal comma, UTF-8 with BOM: it opens as is in a French spreadsheet). */
export async function adminInvoicesCsv(actor: Actor, filter: AdminInvoiceFilter): Promise<string> {
  const rows = await adminInvoices(actor, filter, 100_000);
  const header = ["numero", "date", "type", "emetteur", "acheteur", "dossier", "total_ht", "tva", "total_ttc", "facture_liee"];
  const lines = rows.map((row) =>
    [row.number, parisIsoDay(row.issuedAt), KIND_LABELS[row.kind], row.sellerName, row.buyerName, row.caseNumber, csvAmount(row.totalHtCents), csvAmount(row.vatCents), csvAmount(row.totalTtcCents), row.creditedNumber ?? row.creditedBy ?? ""]
      .map(csvCell)
      .join(";"),
  );
  return `\ufeff${[header.join(";"), ...lines].join("\r\n")}\r\n`;
}

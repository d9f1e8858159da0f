import { sql } from "kysely";
import { parisIsoDay } from "~/lib/format";
import { caseAccess } from "~/modules/cases/case-access.server";
import { assertUser, NotFoundError, type Actor } from "~/platform/actor";
import type { Executor, InvoiceKind } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import type { BuyerSnapshot, SellerSnapshot } from "./invoice-pdf.server";
import type { AdminInvoiceFilter } from "./invoicing.schema";
import { missingOf, profileRow } from "./invoicing-profile.server";

/** The invoices of a case, and the operator's list and accountant's export (/admin/factures). */

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

/**
 * A whole number, or its start past the year ("F-2026-0001"): numbers begin with their series letter, so one that
 * contains it starts with it; the prefix is read from a btree (every issuer's series share their trigrams, so the
 * trigram index would hand back most of the table for a number).
 */
const NUMBER_START = /^[FA]-\d{4}-\d+$/i;

/** /admin/factures: search by number, client or lawyer, and a period (Paris days, inclusive). Admins only. */
export async function adminInvoices(actor: Actor, filter: AdminInvoiceFilter, limit: number = ADMIN_LIST_LIMIT): Promise<InvoiceListItem[]> {
  assertUser(actor);
  if (actor.role !== "admin") throw new NotFoundError();
  let query = listQuery(db());
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    query = query.where((eb) =>
      eb.or([
        NUMBER_START.test(filter.q) ? eb("i.number", "like", `${filter.q.toUpperCase()}%`) : eb("i.number", "ilike", pattern),
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

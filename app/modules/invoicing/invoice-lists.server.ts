import { sql, type RawBuilder } from "kysely";
import { parisIsoDay } from "~/lib/format";
import { caseAccess } from "~/modules/cases/case-access.server";
import { assertUser, NotFoundError, type Actor } from "~/platform/actor";
import type { Executor, InvoiceKind } from "~/platform/database-schema";
import { encodeCursor, keysetCursor, type KeysetCursor } from "~/platform/keyset";
import { cursorTime, olderThan } from "~/platform/keyset.server";
import { db } from "~/platform/runtime.server";
import type { BuyerSnapshot, SellerSnapshot } from "./invoice-pdf.server";
import { ADMIN_INVOICES_PAGE_SIZE, type AdminInvoiceFilter, type AdminInvoiceListQuery } from "./invoicing.schema";
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

/**
 * The invoices with the numbers they cancel and are cancelled by; with `newest`, only among the `rows` newest
 * invoices (issued_at, id) meeting `where` (a bounded walk of the time index).
 */
function listQuery(executor: Executor, newest?: { where: RawBuilder<boolean>; rows: number }) {
  const from = newest
    ? executor.selectFrom((eb) =>
        eb.selectFrom("invoices as i").selectAll("i").where(newest.where).orderBy("i.issued_at", "desc").orderBy("i.id", "desc").limit(newest.rows).as("i"),
      )
    : executor.selectFrom("invoices as i");
  return from
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

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A whole number, or its start past the year ("F-2026-0001"): numbers begin with their series letter, so one that
 * contains it starts with it; the prefix is read from a btree (every issuer's series share their trigrams, so the
 * trigram index would hand back most of the table for a number).
 */
const NUMBER_START = /^[FA]-\d{4}-\d+$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The invoices the filter finds, newest first, after the cursor: `limit` rows and the cursor of the last. */
/**
 * How many of the newest invoices a search first looks through: a frequent term (a first name) fills its page there
 * at once; a rare one (a number, a surname) then gathers its few matches from the trigram and prefix indexes and
 * sorts them. Left to itself, the planner walked the time index for both, reading the whole table for a rare term.
 */
const SEARCH_NEWEST_FIRST = 3_000;

/** The invoices the filter finds, newest first, after the cursor: `limit` rows, each with its cursor. */
async function filteredInvoices(filter: AdminInvoiceFilter, after: KeysetCursor | undefined, limit: number) {
  const window: RawBuilder<boolean>[] = [];
  if (filter.from) window.push(sql<boolean>`i.issued_at >= (${filter.from}::date)::timestamp AT TIME ZONE 'Europe/Paris'`);
  if (filter.to) window.push(sql<boolean>`i.issued_at < ((${filter.to}::date + 1)::timestamp) AT TIME ZONE 'Europe/Paris'`);
  // A cursor whose id is not a UUID is malformed: the first page.
  if (after && UUID.test(after.id)) window.push(olderThan("i.issued_at", "i.id", after));
  const inWindow = window.length > 0 ? sql<boolean>`(${sql.join(window, sql` AND `)})` : sql<boolean>`true`;
  const run = async (query: ReturnType<typeof listQuery>, byIndex: boolean) => {
    const time = byIndex ? sql.ref("i.issued_at") : sql`i.issued_at + interval '0 seconds'`;
    const rows = await query.select(cursorTime("i.issued_at").as("cursor_at")).orderBy(time, "desc").orderBy("i.id", "desc").limit(limit).execute();
    return rows.map((row) => ({ item: listItem(row), cursor: encodeCursor(row.cursor_at, row.id) }));
  };
  if (!filter.q) return run(listQuery(db()).where(inWindow), true);
  const pattern = `%${escapeLike(filter.q)}%`;
  // The start of a document number ("F-2026-0001") is looked for in the numbers alone: a case number (RC-…) or a
  // name never holds one, and the trigram indexes would read every row sharing its common trigrams ("202", "000").
  const found = NUMBER_START.test(filter.q)
    ? sql<boolean>`i.number LIKE ${`${filter.q.toUpperCase()}%`}`
    : sql<boolean>`(${sql.join(
        [
          sql`i.number ILIKE ${pattern}`,
          sql`i.case_number ILIKE ${pattern}`,
          sql`i.buyer->>'name' ILIKE ${pattern}`,
          sql`i.seller->>'lawyerName' ILIKE ${pattern}`,
          sql`i.seller->>'firmName' ILIKE ${pattern}`,
        ],
        sql` OR `,
      )})`;
  // A number is found once per issuer at most: its matches are few, sorted at once.
  if (!NUMBER_START.test(filter.q)) {
    const among = await run(listQuery(db(), { where: inWindow, rows: SEARCH_NEWEST_FIRST }).where(found), true);
    if (among.length === limit) return among;
  }
  // Sorted from the matches (the expression keeps the planner off the time index), the page's ids first on narrow
  // rows, then their columns.
  const page = db()
    .selectFrom("invoices as i")
    .select("i.id")
    .where(inWindow)
    .where(found)
    .orderBy(sql`i.issued_at + interval '0 seconds'`, "desc")
    .orderBy("i.id", "desc")
    .limit(limit);
  return run(listQuery(db()).where("i.id", "in", page), false);
}

export interface AdminInvoicePage {
  invoices: InvoiceListItem[];
  /** The cursor of the next page, when there is one. */
  next: string | null;
}

/** /admin/factures: search by number, client or lawyer, and a period (Paris days, inclusive), 25 a page. Admins only. */
export async function adminInvoices(actor: Actor, query: AdminInvoiceListQuery): Promise<AdminInvoicePage> {
  assertUser(actor);
  if (actor.role !== "admin") throw new NotFoundError();
  const rows = await filteredInvoices(query, query.after, ADMIN_INVOICES_PAGE_SIZE + 1);
  const page = rows.slice(0, ADMIN_INVOICES_PAGE_SIZE);
  return { invoices: page.map((row) => row.item), next: rows.length > ADMIN_INVOICES_PAGE_SIZE ? page.at(-1)!.cursor : null };
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

/** How many rows the export reads at a time: the whole export is never in memory. */
const EXPORT_BATCH = 2_000;

/**
 * The accountant's export (semicolon-separated, decimal comma, UTF-8 with BOM: it opens as is in a French spreadsheet),
 * every invoice the filter finds, read by batches along the list's keyset and sent as it is read. Admins only (checked
 * on the call, before the first batch).
 */
export function adminInvoicesCsv(actor: Actor, filter: AdminInvoiceFilter): AsyncIterable<string> {
  assertUser(actor);
  if (actor.role !== "admin") throw new NotFoundError();
  return (async function* () {
    yield `\ufeff${["numero", "date", "type", "emetteur", "acheteur", "dossier", "total_ht", "tva", "total_ttc", "facture_liee"].join(";")}\r\n`;
    let after: KeysetCursor | undefined;
    for (;;) {
      const rows = await filteredInvoices(filter, after, EXPORT_BATCH);
      yield rows
        .map(({ item }) =>
          [item.number, parisIsoDay(item.issuedAt), KIND_LABELS[item.kind], item.sellerName, item.buyerName, item.caseNumber, csvAmount(item.totalHtCents), csvAmount(item.vatCents), csvAmount(item.totalTtcCents), item.creditedNumber ?? item.creditedBy ?? ""]
            .map(csvCell)
            .join(";") + "\r\n",
        )
        .join("");
      if (rows.length < EXPORT_BATCH) return;
      after = keysetCursor.parse(rows.at(-1)!.cursor);
    }
  })();
}

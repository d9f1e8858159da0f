import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminInvoices, adminInvoicesCsv, type InvoiceListItem } from "~/modules/invoicing/invoicing.server";
import { adminInvoiceListSchema, type AdminInvoiceListQuery } from "~/modules/invoicing/invoicing.schema";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { seedActor } from "../support/cases";
import { insertRawInvoice } from "../support/invoicing";
import { startTestRuntime, testEngines } from "../support/test-database";

/** /admin/factures by 25 along decision 0070's keyset cursor, and the CSV export read by batches. */
describe.each(testEngines())("/admin/factures paged on %s", (engine) => {
  let stop: () => Promise<void>;
  let admin: UserActor;
  const HOUR = 3_600_000;
  const start = new Date("2026-03-01T10:00:00.000Z");

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    admin = await seedActor("admin", "Adèle", "Martin");
    // 60 invoices an hour apart, every sixth one issued at the same instant as the one before (the id breaks the tie);
    // one in three bought by "Martine Recherchée".
    for (let i = 0; i < 60; i += 1) {
      const at = new Date(start.getTime() + (i % 6 === 5 ? i - 1 : i) * HOUR);
      await insertRawInvoice(at, 1_000 + i, undefined, i % 3 === 0 ? "Martine Recherchée" : "Client Test");
    }
  });
  afterAll(async () => {
    await stop?.();
  });

  async function allPages(query: Omit<AdminInvoiceListQuery, "after">): Promise<{ pages: number[]; rows: InvoiceListItem[] }> {
    const pages: number[] = [];
    const rows: InvoiceListItem[] = [];
    let after: string | null = null;
    do {
      const page = await adminInvoices(admin, adminInvoiceListSchema.parse({ ...query, ...(after ? { after } : {}) }));
      pages.push(page.invoices.length);
      rows.push(...page.invoices);
      after = page.next;
    } while (after);
    return { pages, rows };
  }

  it("pages by 25, newest first, each invoice once, ties broken by id", async () => {
    const { pages, rows } = await allPages({ q: "", from: "", to: "" });
    expect(pages).toEqual([25, 25, 10]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(60);
    const expected = await db().selectFrom("invoices").select("id").orderBy("issued_at", "desc").orderBy("id", "desc").execute();
    expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  });

  it("keeps the search and the period from page to page", async () => {
    const { pages, rows } = await allPages({ q: "Recherchée", from: "", to: "" });
    expect(pages).toEqual([20]);
    expect(rows.every((row) => row.buyerName === "Martine Recherchée")).toBe(true);
    // A frequent term fills its pages among the newest invoices first: the same order, the same rows.
    const frequent = await allPages({ q: "Client Test", from: "", to: "" });
    expect(frequent.pages).toEqual([25, 15]);
    const expected = await db().selectFrom("invoices").select("id").where(sql<boolean>`buyer->>'name' = 'Client Test'`).orderBy("issued_at", "desc").orderBy("id", "desc").execute();
    expect(frequent.rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    // 2026-03-02 in Paris: 23:00 UTC on the 1st to 23:00 UTC on the 2nd, i.e. invoices 13 to 36 (those of the hour 36 excluded).
    const day = await allPages({ q: "", from: "2026-03-02", to: "2026-03-02" });
    expect(day.pages).toEqual([24]);
    const both = await allPages({ q: "Recherchée", from: "2026-03-02", to: "2026-03-03" });
    expect(both.rows.every((row) => row.buyerName === "Martine Recherchée" && row.issuedAt >= "2026-03-01T23:00:00.000Z")).toBe(true);
    expect(both.pages).toEqual([15]);
  });

  it("reads a malformed cursor as the first page", async () => {
    const first = await adminInvoices(admin, adminInvoiceListSchema.parse({}));
    for (const after of ["n'importe", "2026-03-01T10:00:00.000000Z_pas-un-uuid", "2026-13-45T99:00:00.000000Z_0f9c", "2026-02-30T10:00:00.000000Z_0f9c2b1e-1234-4abc-8def-0123456789ab", "x".repeat(500)]) {
      const query = adminInvoiceListSchema.parse({ after });
      expect(await adminInvoices(admin, query)).toEqual(first);
    }
    expect(first.next).not.toBeNull();
  });

  it("exports every invoice found, by batches along the keyset, newest first", async () => {
    // 2 100 more, one second apart: more than one batch of 2 000.
    await sql`
      INSERT INTO invoices (kind, issuer_id, sequence, number, case_id, case_number, agreement_id, buyer_id, issued_at,
                            service_date, due_date, seller, buyer, lines, vat_rate_bp, total_ht_cents, vat_cents, total_ttc_cents)
      SELECT 'invoice', 'issuer-batch', n, 'F-B-' || lpad(n::text, 6, '0'), gen_random_uuid(), 'RC-BATCH', gen_random_uuid(), 'buyer-batch',
             ${new Date("2026-05-01T10:00:00Z")}::timestamptz + n * interval '1 second', '2026-05-01', '2026-05-01',
             '{"lawyerName": "Maître Lot", "firmName": "Cabinet Lot"}'::jsonb, '{"name": "Client Lot"}'::jsonb, '[{"kind": "fixed"}]'::jsonb,
             0, 100, 0, 100
      FROM generate_series(1, 2100) AS n`.execute(db());
    let csv = "";
    let chunks = 0;
    for await (const chunk of adminInvoicesCsv(admin, { q: "", from: "", to: "" })) {
      csv += chunk;
      chunks += 1;
    }
    const lines = csv.replace(/^\ufeff/, "").trim().split("\r\n");
    expect(lines).toHaveLength(1 + 2_160);
    expect(chunks).toBe(3);
    expect(lines[1]).toMatch(/^F-B-002100;2026-05-01;facture;Maître Lot \(Cabinet Lot\);Client Lot;RC-BATCH;1,00;0,00;1,00;$/);
    expect(new Set(lines.slice(1).map((line) => line.split(";")[0])).size).toBe(2_160);
    let filtered = "";
    for await (const chunk of adminInvoicesCsv(admin, { q: "Recherchée", from: "", to: "" })) filtered += chunk;
    expect(filtered.trim().split("\r\n")).toHaveLength(1 + 20);
    let batch = "";
    for await (const chunk of adminInvoicesCsv(admin, { q: "Client Lot", from: "", to: "" })) batch += chunk;
    const batchLines = batch.trim().split("\r\n").slice(1);
    expect(batchLines).toHaveLength(2_100);
    expect(batchLines.map((line) => line.split(";")[0])).toEqual(Array.from({ length: 2_100 }, (_, i) => `F-B-${String(2_100 - i).padStart(6, "0")}`));
  });
});

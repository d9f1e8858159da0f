import { Readable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parisIsoDay } from "~/lib/format";
import { useFileStorage } from "~/modules/files/files.server";
import { adminInvoices, issueCreditNote, issueInvoice } from "~/modules/invoicing/invoicing.server";
import { purgeExpiredInvoices } from "~/modules/invoicing/invoice-retention.server";
import { INVOICE_RETENTION_YEARS, retentionRules } from "~/modules/privacy/retention";
import { runRetention } from "~/modules/privacy/retention.server";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { queuedEmails } from "../support/agreements";
import { seedPerson } from "../support/cases";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { caseWithActiveAgreement, giveInvoicingProfile } from "../support/invoicing";
import { deliverQueuedEmails, sentEmails } from "../support/mailbox";
import { startTestRuntime, testEngines } from "../support/test-database";

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

describe.each(testEngines())("invoice retention and the client's notices on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let storage: ReturnType<typeof testFileStorage>;
  let client: UserActor;
  let lawyer: UserActor;
  let otherLawyer: UserActor;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    storage = testFileStorage(store.store);
    useFileStorage(storage);
    client = await seedPerson("user", "Odile", { verified: true });
    lawyer = await seedPerson("lawyer", "Jeanne");
    otherLawyer = await seedPerson("lawyer", "Victor");
    await giveInvoicingProfile(lawyer);
    await giveInvoicingProfile(otherLawyer, { siren: "552100554", siret: "", vatNumber: "", vatFranchise: "on" });
  }, 120_000);
  afterAll(async () => {
    useFileStorage(undefined);
    await store?.close();
    await stop?.();
  });

  /** An invoice (or a credit note of `credits`) issued at `issuedAt`, inserted as issued long ago, with a stored PDF. */
  let sequence = 900;
  async function issuedAt(issued: Date, credits?: string): Promise<{ id: string; fileId: string }> {
    sequence += 1;
    const { caseId, caseNumber, agreementId } = await caseWithActiveAgreement(client.userId, lawyer.userId);
    const sign = credits ? -1 : 1;
    const row = await db()
      .insertInto("invoices")
      .values({
        kind: credits ? "credit-note" : "invoice",
        issuer_id: lawyer.userId,
        sequence,
        number: `${credits ? "A" : "F"}-${parisIsoDay(issued).slice(0, 4)}-${String(sequence).padStart(6, "0")}`,
        case_id: caseId,
        case_number: caseNumber,
        agreement_id: agreementId,
        buyer_id: client.userId,
        credited_invoice_id: credits ?? null,
        issued_at: issued,
        service_date: parisIsoDay(issued),
        due_date: parisIsoDay(issued),
        seller: JSON.stringify({ firmName: "Cabinet", lawyerName: "Maître Jeanne NomJeanne" }),
        buyer: JSON.stringify({ name: "Odile NomOdile", address: "8 rue des Tilleuls, 33000 Bordeaux" }),
        lines: JSON.stringify([{ kind: "base-fee", label: "Honoraires", quantity: 1, unitHtCents: sign * 10_000, htCents: sign * 10_000 }]),
        vat_rate_bp: 2000,
        total_ht_cents: sign * 10_000,
        vat_cents: sign * 2_000,
        total_ttc_cents: sign * 12_000,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const file = await storage.put({ ownerId: client.userId, originalName: `facture-${sequence}.pdf`, mediaType: "application/pdf", body: Readable.from([Buffer.from(`%PDF-1.7 ${sequence}`)]) });
    await db().insertInto("invoice_documents").values({ invoice_id: row.id, file_id: file.id, sha256: "b".repeat(64) }).execute();
    return { id: row.id, fileId: file.id };
  }

  const invoiceIds = async () => (await db().selectFrom("invoices").select("id").execute()).map((row) => row.id);
  const fileIds = async () => (await db().selectFrom("stored_files").select("id").execute()).map((row) => row.id);

  it("the database keeps an invoice until the end of the 10th accounting year after its issue, as the policy says", async () => {
    const at = (iso: string) => sql<Date>`invoice_retention_cutoff(${iso}::timestamptz)`;
    const cutoffs = await db()
      .selectNoFrom([at("2026-11-27T10:00:00Z").as("november"), at("2025-12-31T23:30:00Z").as("paris_new_year"), at("2025-12-31T22:30:00Z").as("paris_last_evening")])
      .executeTakeFirstOrThrow();
    // In 2026 (Paris), 2015's invoices may go (kept until 31 December 2025), 2016's are kept: the cutoff is 1 January 2016, Paris.
    expect(new Date(cutoffs.november).toISOString()).toBe("2015-12-31T23:00:00.000Z");
    expect(new Date(cutoffs.paris_new_year).toISOString()).toBe("2015-12-31T23:00:00.000Z");
    // Still 2025 in Paris: 2014's invoices may go, not 2015's.
    expect(new Date(cutoffs.paris_last_evening).toISOString()).toBe("2014-12-31T23:00:00.000Z");
    expect(INVOICE_RETENTION_YEARS).toBe(10);
    const rule = retentionRules().find((candidate) => candidate.key === "accounting")!;
    expect(rule.duration).toBe("10 ans après la clôture de l'exercice, même après la suppression du compte");
    expect(rule.outcome).toMatch(/supprimés avec leur PDF/);
  });

  it("the retention job purges an 11-year-old invoice with its stored PDF, keeps a 9-year-old one; the database refuses to delete a recent one", async () => {
    const now = new Date();
    const old = await issuedAt(new Date(now.getTime() - 11 * YEAR_MS));
    const kept = await issuedAt(new Date(now.getTime() - 9 * YEAR_MS));
    // An old invoice and its old credit note both go; an old invoice whose credit note is still kept stays with it.
    const oldCredited = await issuedAt(new Date(now.getTime() - 11.5 * YEAR_MS));
    const oldCreditNote = await issuedAt(new Date(now.getTime() - 11.4 * YEAR_MS), oldCredited.id);
    const creditedLater = await issuedAt(new Date(now.getTime() - 12 * YEAR_MS));
    const recentCreditNote = await issuedAt(new Date(now.getTime() - 9.5 * YEAR_MS), creditedLater.id);
    const { caseId } = await caseWithActiveAgreement(client.userId, lawyer.userId, { recoveredCents: [100_000] });
    const recent = await issueInvoice(lawyer, caseId);
    if (!recent.ok) throw new Error(JSON.stringify(recent));

    // A direct DELETE or UPDATE of an invoice under retention is refused by the database; so is editing an old one.
    await expect(db().deleteFrom("invoices").where("id", "=", recent.invoiceId).execute()).rejects.toThrow(/ne se supprime pas/);
    await expect(db().deleteFrom("invoices").where("id", "=", kept.id).execute()).rejects.toThrow(/ne se supprime pas/);
    await expect(sql`UPDATE invoices SET case_number = 'X' WHERE id = ${old.id}`.execute(db())).rejects.toThrow(/ne se modifie pas/);
    await expect(db().deleteFrom("invoice_documents").where("invoice_id", "=", kept.id).execute()).rejects.toThrow(/ajout seul/);

    const counts = await runRetention(db(), storage, { now, identityDocumentDays: 30, attemptWindowSeconds: 900 });
    expect(counts.invoicesPurged).toBe(3);
    expect(counts.filesDeleted).toBe(3);
    const left = await invoiceIds();
    for (const gone of [old, oldCredited, oldCreditNote]) expect(left).not.toContain(gone.id);
    for (const stays of [kept, creditedLater, recentCreditNote]) expect(left).toContain(stays.id);
    expect(left).toContain(recent.invoiceId);
    const files = await fileIds();
    for (const gone of [old, oldCredited, oldCreditNote]) {
      expect(files).not.toContain(gone.fileId);
      await expect(storage.open(gone.fileId)).rejects.toThrow();
    }
    for (const stays of [kept, creditedLater, recentCreditNote]) expect(files).toContain(stays.fileId);
    expect(await db().selectFrom("invoice_documents").select("invoice_id").where("invoice_id", "in", [old.id, oldCredited.id, oldCreditNote.id]).execute()).toEqual([]);

    // A second run finds nothing; a clock ten years ahead of the database's asks for nothing the trigger would refuse.
    expect(await purgeExpiredInvoices(db(), now)).toBe(0);
    expect(await purgeExpiredInvoices(db(), new Date(now.getTime() + 10 * YEAR_MS))).toBe(0);
  });

  it("two lawyers each have their own series: both have an invoice number F-<year>-000001", async () => {
    const first = `F-${parisIsoDay(new Date()).slice(0, 4)}-000001`;
    // The previous test's lawyer issued theirs; the other lawyer now issues their first.
    expect(await db().selectFrom("invoices").select("number").where("issuer_id", "=", lawyer.userId).where("number", "=", first).execute()).toHaveLength(1);
    const { caseId } = await caseWithActiveAgreement(client.userId, otherLawyer.userId);
    expect(await issueInvoice(otherLawyer, caseId)).toEqual({ ok: true, invoiceId: expect.any(String), number: first });
  });

  it("/admin/factures finds a number typed whole or by its start, in any case, among every issuer's same numbers", async () => {
    const admin = await seedPerson("admin", "Agathe");
    const first = `F-${parisIsoDay(new Date()).slice(0, 4)}-000001`;
    const numbers = async (q: string) => (await adminInvoices(admin, { q, from: "", to: "" })).invoices.map((row) => `${row.number} ${row.issuerId}`).sort();
    const both = [`${first} ${lawyer.userId}`, `${first} ${otherLawyer.userId}`].sort();
    expect(await numbers(first)).toEqual(both);
    expect(await numbers(first.toLowerCase())).toEqual(both);
    expect(await numbers(first.slice(0, 10))).toEqual(expect.arrayContaining(both));
    expect(await numbers(`${first}9`)).toEqual([]);
  });

  it("the client is e-mailed, in the issuing transaction, when an invoice or a credit note is issued: numbers, no amount", async () => {
    await db().deleteFrom("jobs").execute();
    const { caseId, caseNumber } = await caseWithActiveAgreement(client.userId, lawyer.userId, { baseFeeCents: 123_400, recoveredCents: [987_600] });
    // Rolled back after the counter moved: no invoice, no e-mail.
    await expect(issueInvoice(lawyer, caseId, { afterCounter: () => Promise.reject(new Error("panne")) })).rejects.toThrow("panne");
    expect(await queuedEmails(client.email, "facture-emise")).toEqual([]);

    const issued = await issueInvoice(lawyer, caseId);
    if (!issued.ok) throw new Error(JSON.stringify(issued));
    const invoiceEmails = await queuedEmails(client.email, "facture-emise");
    expect(invoiceEmails).toEqual([
      { variables: { prenom: "Odile", avocat: "Maître Jeanne NomJeanne", numero_dossier: caseNumber, numero_facture: issued.number, lien: expect.stringMatching(new RegExp(`/case/${caseId}/factures$`)) } },
    ]);
    const credited = await issueCreditNote(lawyer, issued.invoiceId);
    if (!credited.ok) throw new Error(JSON.stringify(credited));
    expect(await queuedEmails(client.email, "avoir-emis")).toEqual([
      { variables: expect.objectContaining({ numero_avoir: credited.number, numero_facture: issued.number, numero_dossier: caseNumber }) },
    ]);
    // Nobody else is written to.
    expect(await queuedEmails(lawyer.email, "facture-emise")).toEqual([]);

    sentEmails.length = 0;
    await deliverQueuedEmails();
    const sent = sentEmails.filter((email) => email.to === client.email);
    expect(sent.map((email) => email.subject)).toEqual([
      `Dossier ${caseNumber} : une facture d'honoraires est disponible`,
      `Dossier ${caseNumber} : un avoir annule la facture ${issued.number}`,
    ]);
    for (const email of sent) {
      expect(email.text).toContain(`/case/${caseId}/factures`);
      expect(email.text).toContain(issued.number);
      // 1 234 € base fee, 987 600 cents recovered: no amount, no euro sign.
      expect(`${email.subject} ${email.text}`).not.toMatch(/€|1\s?234|9\s?876|montant/i);
    }
  });

  it("a deleted client's account gets no e-mail, the invoice is issued all the same", async () => {
    await db().deleteFrom("jobs").execute();
    const { caseId } = await caseWithActiveAgreement(client.userId, lawyer.userId, { recoveredCents: [50_000] });
    await db().updateTable("profiles").set({ deleted_at: new Date() }).where("id", "=", client.userId).execute();
    try {
      expect(await issueInvoice(lawyer, caseId)).toMatchObject({ ok: true });
      expect(await db().selectFrom("jobs").select("id").where("kind", "=", "email").execute()).toEqual([]);
    } finally {
      await db().updateTable("profiles").set({ deleted_at: null }).where("id", "=", client.userId).execute();
    }
  });
});

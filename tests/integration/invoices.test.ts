import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parisIsoDay } from "~/lib/format";
import { useFileStorage } from "~/modules/files/files.server";
import { deleteMyAccount, purgeExpiredClosedCases } from "~/modules/privacy/account-deletion.server";
import { sweepFilesMarkedForDeletion } from "~/modules/privacy/file-sweep.server";
import { CLOSED_CASE_RETENTION_DAYS } from "~/modules/privacy/retention";
import { collectExportContents } from "~/modules/privacy/export-contents.server";
import { operatorResults } from "~/modules/results/results.server";
import { adminInvoices, adminInvoicesCsv, caseInvoicesFor, invoiceDocument, invoicingProfileFor, issueCreditNote, issueInvoice, saveInvoicingProfile } from "~/modules/invoicing/invoicing.server";
import { invoicingMessages, invoicingProfileSchema, MANDATE_VERSION } from "~/modules/invoicing/invoicing.schema";
import { NotFoundError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { seedPerson } from "../support/cases";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { caseWithActiveAgreement, giveInvoicingProfile, SIREN, VAT_NUMBER } from "../support/invoicing";
import { startTestRuntime, testEngines } from "../support/test-database";

function pdfText(pdf: Uint8Array): string {
  const directory = mkdtempSync(path.join(tmpdir(), "recours-invoice-"));
  try {
    const file = path.join(directory, "facture.pdf");
    writeFileSync(file, pdf);
    const result = spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(result.stderr);
    // Whitespace folded (U+202F and U+00A0 included): pdftotext renders them as it likes.
    return result.stdout.replace(/[\s\u00a0\u202f]+/g, " ");
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const fold = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

describe.each(testEngines())("invoices on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let storage: ReturnType<typeof testFileStorage>;
  let client: UserActor;
  let otherClient: UserActor;
  let lawyer: UserActor;
  let otherLawyer: UserActor;
  let admin: UserActor;
  const year = parisIsoDay(new Date()).slice(0, 4);
  const number = (series: string, sequence: number) => `${series}-${year}-${String(sequence).padStart(6, "0")}`;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    storage = testFileStorage(store.store);
    useFileStorage(storage);
    client = await seedPerson("user", "Eloise", { verified: true });
    otherClient = await seedPerson("user", "Bastien", { verified: true });
    lawyer = await seedPerson("lawyer", "Anne");
    otherLawyer = await seedPerson("lawyer", "Paul");
    admin = await seedPerson("admin", "Inès");
  }, 120_000);
  afterAll(async () => {
    useFileStorage(undefined);
    await store?.close();
    await stop?.();
  });

  it("the invoicing profile refuses bad SIREN, SIRET and VAT numbers and a missing mandate, in French", () => {
    const parsed = invoicingProfileSchema.safeParse({ firmName: "", address: "", postalCode: "330", city: "", siren: "123456789", siret: "12345678900001", vatNumber: "FR00123456789" });
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining([invoicingMessages.firmNameRequired, invoicingMessages.postalCodeInvalid, invoicingMessages.sirenInvalid]));
    const wrongVat = invoicingProfileSchema.safeParse({ firmName: "C", address: "A", postalCode: "33000", city: "B", siren: SIREN, siret: `${SIREN}00016`, vatNumber: "FR45732829320" });
    expect(wrongVat.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["siret", invoicingMessages.siretInvalid],
      ["vatNumber", invoicingMessages.vatNumberInvalid],
    ]);
    const neither = invoicingProfileSchema.safeParse({ firmName: "C", address: "A", postalCode: "33000", city: "B", siren: "732 829 320" });
    expect(neither.error!.issues.map((issue) => issue.message)).toEqual([invoicingMessages.vatChoiceRequired]);
    expect(invoicingProfileSchema.parse({ firmName: "C", address: "A", postalCode: "33000", city: "B", siren: "732 829 320", vatFranchise: "on" }).siren).toBe(SIREN);
  });

  it("without a complete profile and mandate, issuing is refused with a French 409 naming what is missing", async () => {
    const { caseId } = await caseWithActiveAgreement(client.userId, lawyer.userId, { recoveredCents: [1_000_000] });
    const refused = await issueInvoice(lawyer, caseId);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? "" : refused.formError).toContain("SIREN");
    expect(refused.ok ? "" : refused.formError).toContain("mandat de facturation");
    const noMandate = await saveInvoicingProfile(lawyer, invoicingProfileSchema.parse({ firmName: "Cabinet", address: "1 rue", postalCode: "33000", city: "Bordeaux", siren: SIREN, vatNumber: VAT_NUMBER }));
    expect(noMandate).toEqual({ ok: false, status: 400, fieldErrors: { mandate: invoicingMessages.mandateRequired } });
    expect((await invoicingProfileFor(lawyer)).missing).toHaveLength(5);
    // The mandate of an older text version does not count.
    await giveInvoicingProfile(lawyer);
    await db().updateTable("lawyer_invoicing_profiles").set({ mandate_version: "2020-01" }).where("lawyer_id", "=", lawyer.userId).execute();
    const oldMandate = await issueInvoice(lawyer, caseId);
    expect(oldMandate).toEqual({ ok: false, status: 409, formError: expect.stringMatching(/complétez votre profil de facturation .*: mandat de facturation\.$/) });
    expect(await db().selectFrom("invoices").select("id").execute()).toHaveLength(0);
    await giveInvoicingProfile(lawyer);
    const view = await invoicingProfileFor(lawyer);
    expect(view.missing).toEqual([]);
    expect(view.mandate).toMatchObject({ version: MANDATE_VERSION, current: true });
  });

  it("another lawyer, the client and an admin cannot issue (404); no active agreement is a 409", async () => {
    await giveInvoicingProfile(otherLawyer, { siren: "552100554", siret: "", vatNumber: "", vatFranchise: "on" });
    const { caseId } = await caseWithActiveAgreement(client.userId, lawyer.userId, { recoveredCents: [100_000] });
    for (const someone of [otherLawyer, client, otherClient, admin]) await expect(issueInvoice(someone, caseId)).rejects.toBeInstanceOf(NotFoundError);
    await db().updateTable("fee_agreements").set({ state: "withdrawn" }).where("case_id", "=", caseId).execute();
    expect(await issueInvoice(lawyer, caseId)).toEqual({ ok: false, status: 409, formError: invoicingMessages.noActiveAgreement });
    expect(await db().selectFrom("invoices").select("id").execute()).toHaveLength(0);
  });

  it("issues from the case's figures; the PDF carries every mandatory mention and the right totals", async () => {
    // 500 € base fee + 15 % of 10 000 € recovered (a 2 000 € sum reversed) = 500 + 1 200 = 1 700 € HT, 340 € VAT, 2 040 € TTC.
    const { caseId, caseNumber } = await caseWithActiveAgreement(client.userId, lawyer.userId, { recoveredCents: [1_000_000] });
    const agreement = await db().selectFrom("fee_agreements").select("id").where("case_id", "=", caseId).executeTakeFirstOrThrow();
    const positive = await db().insertInto("case_recoveries").values({ case_id: caseId, agreement_id: agreement.id, recovered_on: "2026-02-01", amount_cents: 200_000, source: "chargeback", recorded_by: lawyer.userId }).returning("id").executeTakeFirstOrThrow();
    await db().insertInto("case_recoveries").values({ case_id: caseId, agreement_id: agreement.id, recovered_on: "2026-02-02", amount_cents: -200_000, source: "chargeback", recorded_by: lawyer.userId, reverses_id: positive.id, reason: "Rejet de la banque" }).execute();
    await db().updateTable("fee_agreements").set({ result_percent_bp: 1200 }).where("id", "=", agreement.id).execute();

    const issued = await issueInvoice(lawyer, caseId);
    expect(issued).toEqual({ ok: true, invoiceId: expect.any(String), number: number("F", 1) });
    if (!issued.ok) return;
    const row = await db().selectFrom("invoices").selectAll().where("id", "=", issued.invoiceId).executeTakeFirstOrThrow();
    expect([Number(row.total_ht_cents), Number(row.vat_cents), Number(row.total_ttc_cents)]).toEqual([170_000, 34_000, 204_000]);
    expect(row.buyer).toEqual({ name: "Eloise NomEloise", address: "8 rue des Tilleuls, 33000 Bordeaux" });

    for (const reader of [client, lawyer, admin]) {
      const document = await invoiceDocument(reader, issued.invoiceId);
      if (!document.ok) throw new Error("PDF absent");
      expect(createHash("sha256").update(document.pdf).digest("hex")).toBe(document.sha256);
    }
    await expect(invoiceDocument(otherClient, issued.invoiceId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(invoiceDocument(otherLawyer, issued.invoiceId)).rejects.toBeInstanceOf(NotFoundError);
    const stored = await db().selectFrom("invoice_documents").select(["sha256"]).where("invoice_id", "=", issued.invoiceId).executeTakeFirstOrThrow();
    const document = await invoiceDocument(client, issued.invoiceId);
    if (!document.ok) throw new Error("PDF absent");
    expect(document.sha256).toBe(stored.sha256);

    const text = pdfText(document.pdf);
    const today = parisIsoDay(new Date()).split("-").reverse().join("/");
    const due = new Date(`${parisIsoDay(new Date())}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 30);
    const dueText = due.toISOString().slice(0, 10).split("-").reverse().join("/");
    for (const mention of [
      `Facture n° ${number("F", 1)}`,
      `Numéro : ${number("F", 1)}`,
      `Date d'émission : ${today}`,
      `Date de la prestation : ${today}`,
      `Dossier : ${caseNumber}`,
      "Cabinet : Cabinet Avocate & Associés",
      "Avocat : Maître Anne NomAnne",
      "Adresse : 3 cours de l'Intendance, 33000 Bordeaux",
      `SIREN : ${SIREN}`,
      `SIRET : ${SIREN}00017`,
      `N° de TVA intracommunautaire : ${VAT_NUMBER}`,
      "Nom : Eloise NomEloise",
      "Adresse : 8 rue des Tilleuls, 33000 Bordeaux",
      "Prix unitaire HT",
      "Honoraires de diligence (travail accompli)",
      "Honoraire complémentaire de résultat",
      fold("500,00 €"),
      fold("1 200,00 €"),
      "20 %",
      fold("Total HT : 1 700,00 €"),
      fold("TVA (20 %) : 340,00 €"),
      fold("Total TTC : 2 040,00 €"),
      `Échéance : paiement au plus tard le ${dueText}`,
      "intérêts au taux légal",
      "art. 1231-6 du Code civil",
      "l'indemnité forfaitaire pour frais de recouvrement de 40 € ne s'applique pas",
      "Facture émise par Recours",
      "au nom et pour le compte de Maître Anne NomAnne (mandat de facturation du",
    ]) {
      expect(text, mention).toContain(mention);
    }
  });

  it("numbers are consecutive, a rollback in the middle of issuing leaves no gap, and nothing is billed twice", async () => {
    const second = await caseWithActiveAgreement(client.userId, lawyer.userId, { recoveredCents: [50_000] });
    expect(await issueInvoice(lawyer, second.caseId)).toMatchObject({ ok: true, number: number("F", 2) });
    expect(await issueInvoice(lawyer, second.caseId)).toEqual({ ok: false, status: 409, formError: invoicingMessages.nothingToInvoice });

    const third = await caseWithActiveAgreement(client.userId, lawyer.userId, { recoveredCents: [50_000] });
    let seen = 0;
    await expect(
      issueInvoice(lawyer, third.caseId, {
        afterCounter(sequence) {
          seen = sequence;
          throw new Error("panne au milieu de l'émission");
        },
      }),
    ).rejects.toThrow("panne au milieu");
    expect(seen).toBe(3);
    expect(await db().selectFrom("invoices").select("id").where("case_id", "=", third.caseId).execute()).toHaveLength(0);
    expect(await issueInvoice(lawyer, third.caseId)).toMatchObject({ ok: true, number: number("F", 3) });
    const numbers = await db().selectFrom("invoices").select("sequence").where("issuer_id", "=", lawyer.userId).where("kind", "=", "invoice").orderBy("sequence").execute();
    expect(numbers.map((row) => row.sequence)).toEqual([1, 2, 3]);
  });

  it("an issued invoice cannot be edited or deleted: the database refuses", async () => {
    const invoice = await db().selectFrom("invoices").select(["id", "total_ht_cents"]).where("number", "=", number("F", 1)).executeTakeFirstOrThrow();
    await expect(sql`UPDATE invoices SET total_ht_cents = 1, vat_cents = 0, total_ttc_cents = 1 WHERE id = ${invoice.id}`.execute(db())).rejects.toThrow(/ne se modifie pas/);
    await expect(sql`UPDATE invoices SET buyer = '{"name": "Quelqu''un d''autre"}' WHERE id = ${invoice.id}`.execute(db())).rejects.toThrow(/ne se modifie pas/);
    await expect(sql`DELETE FROM invoices WHERE id = ${invoice.id}`.execute(db())).rejects.toThrow(/ne se supprime pas/);
    await expect(sql`UPDATE invoice_documents SET sha256 = ${"b".repeat(64)} WHERE invoice_id = ${invoice.id}`.execute(db())).rejects.toThrow(/ajout seul/);
    expect(Number((await db().selectFrom("invoices").select("total_ht_cents").where("id", "=", invoice.id).executeTakeFirstOrThrow()).total_ht_cents)).toBe(Number(invoice.total_ht_cents));
  });

  it("a credit note cancels an invoice with a number of its own series, once; the case may then be invoiced again", async () => {
    const invoice = await db().selectFrom("invoices").select(["id", "case_id", "total_ttc_cents"]).where("number", "=", number("F", 2)).executeTakeFirstOrThrow();
    await expect(issueCreditNote(otherLawyer, invoice.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(issueCreditNote(client, invoice.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(issueCreditNote(admin, invoice.id)).rejects.toBeInstanceOf(NotFoundError);
    const credited = await issueCreditNote(lawyer, invoice.id);
    expect(credited).toEqual({ ok: true, creditNoteId: expect.any(String), number: number("A", 1) });
    if (!credited.ok) return;
    expect(await issueCreditNote(lawyer, invoice.id)).toEqual({ ok: false, status: 409, formError: invoicingMessages.alreadyCredited });
    const note = await db().selectFrom("invoices").selectAll().where("id", "=", credited.creditNoteId).executeTakeFirstOrThrow();
    expect(note).toMatchObject({ kind: "credit-note", credited_invoice_id: invoice.id, sequence: 1 });
    expect(Number(note.total_ttc_cents)).toBe(-Number(invoice.total_ttc_cents));
    const document = await invoiceDocument(client, credited.creditNoteId);
    if (!document.ok) throw new Error("PDF absent");
    const text = pdfText(document.pdf);
    expect(text).toContain(`Avoir n° ${number("A", 1)}`);
    expect(text).toContain(`Annule la facture : ${number("F", 2)}`);

    expect(await issueInvoice(lawyer, invoice.case_id)).toMatchObject({ ok: true, number: number("F", 4) });
    const panel = await caseInvoicesFor(client, invoice.case_id);
    expect(panel.invoices.map((item) => [item.number, item.creditedNumber ?? item.creditedBy])).toEqual([
      [number("F", 2), number("A", 1)],
      [number("A", 1), number("F", 2)],
      [number("F", 4), null],
    ]);
    expect(panel.mayIssue).toBe(false);
    await expect(caseInvoicesFor(otherClient, invoice.case_id)).rejects.toBeInstanceOf(NotFoundError);

    // The client's data export holds their invoices and credit notes, with the PDFs.
    const exported = await collectExportContents(db(), client.userId);
    const exportedInvoices = (exported.data as { invoices: { number: string; kind: string; cancels: string | null; file_in_export: string | null }[] }).invoices;
    expect(exportedInvoices.map((row) => [row.number, row.kind, row.cancels])).toEqual([
      [number("F", 1), "facture", null],
      [number("F", 2), "facture", null],
      [number("F", 3), "facture", null],
      [number("A", 1), "avoir", number("F", 2)],
      [number("F", 4), "facture", null],
    ]);
    expect(exportedInvoices.every((row) => row.file_in_export?.startsWith("fichiers/factures/"))).toBe(true);
    expect((await collectExportContents(db(), otherClient.userId)).data).toMatchObject({ invoices: [] });
  });

  it("/admin/factures searches by number, client and lawyer, over a period, and exports CSV for the accountant", async () => {
    await expect(adminInvoices(lawyer, { q: "", from: "", to: "" })).rejects.toBeInstanceOf(NotFoundError);
    expect((await adminInvoices(admin, { q: "", from: "", to: "" })).invoices).toHaveLength(5);
    expect((await adminInvoices(admin, { q: number("A", 1), from: "", to: "" })).invoices.map((row) => row.number)).toEqual([number("A", 1)]);
    expect((await adminInvoices(admin, { q: "NomEloise", from: "", to: "" })).invoices).toHaveLength(5);
    expect((await adminInvoices(admin, { q: "NomAnne", from: "", to: "" })).invoices).toHaveLength(5);
    expect((await adminInvoices(admin, { q: "NomPaul", from: "", to: "" })).invoices).toHaveLength(0);
    expect((await adminInvoices(admin, { q: "", from: "2020-01-01", to: "2020-12-31" })).invoices).toHaveLength(0);
    const today = parisIsoDay(new Date());
    expect((await adminInvoices(admin, { q: "", from: today, to: today })).invoices).toHaveLength(5);
    let csv = "";
    for await (const chunk of adminInvoicesCsv(admin, { q: "", from: "", to: "" })) csv += chunk;
    expect(() => adminInvoicesCsv(lawyer, { q: "", from: "", to: "" })).toThrow(NotFoundError);
    const lines = csv.replace(/^\ufeff/, "").trim().split("\r\n");
    expect(lines[0]).toBe("numero;date;type;emetteur;acheteur;dossier;total_ht;tva;total_ttc;facture_liee");
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${number("F", 1)};${today};facture;Maître Anne NomAnne \\(Cabinet Avocate & Associés\\);Eloise NomEloise;[^;]+;1700,00;340,00;2040,00;$`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${number("A", 1)};${today};avoir;.*;-[0-9]+,[0-9]{2};-[0-9]+,[0-9]{2};-[0-9]+,[0-9]{2};${number("F", 2)}$`)));

    // The operator's view sums what was invoiced in the period, credit notes deducted.
    const listed = (await adminInvoices(admin, { q: "", from: "", to: "" })).invoices;
    const view = await operatorResults(admin, "12-mois");
    expect(view.invoicedHtCents).toBe(listed.reduce((sum, row) => sum + row.totalHtCents, 0));
    expect(view.invoicedTtcCents).toBe(listed.reduce((sum, row) => sum + row.totalTtcCents, 0));
    expect(view.invoicedHtCents).toBeGreaterThan(0);
    expect((await operatorResults(admin, "12-mois", new Date("2020-06-01T12:00:00Z"))).invoicedHtCents).toBe(0);
  });

  it("an invoice survives the client's account deletion and the purge of the case: its row, and its PDF intact", async () => {
    const leaving = await seedPerson("user", "Partant", { verified: true });
    const { caseId } = await caseWithActiveAgreement(leaving.userId, lawyer.userId, { recoveredCents: [300_000] });
    const issued = await issueInvoice(lawyer, caseId);
    if (!issued.ok) throw new Error("facture refusée");
    const before = await invoiceDocument(lawyer, issued.invoiceId);
    if (!before.ok) throw new Error("PDF absent");
    await db().updateTable("cases").set({ status: "resolved" }).where("id", "=", caseId).execute();
    expect((await deleteMyAccount(leaving, { password: leaving.password, confirmation: "oui" })).ok).toBe(true);
    await db().updateTable("cases").set({ status: "closed" }).where("id", "=", caseId).execute();
    const DAY = 24 * 3600 * 1000;
    expect(await purgeExpiredClosedCases(db(), new Date(Date.now() + (CLOSED_CASE_RETENTION_DAYS + 1) * DAY), CLOSED_CASE_RETENTION_DAYS)).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom("cases").select("id").where("id", "=", caseId).execute()).toEqual([]);
    await sweepFilesMarkedForDeletion(db(), storage);

    const file = await db()
      .selectFrom("invoice_documents as d")
      .innerJoin("stored_files as f", "f.id", "d.file_id")
      .select(["f.deletion_requested_at"])
      .where("d.invoice_id", "=", issued.invoiceId)
      .executeTakeFirstOrThrow();
    expect(file.deletion_requested_at).toBeNull();
    const after = await invoiceDocument(lawyer, issued.invoiceId);
    if (!after.ok) throw new Error("PDF perdu");
    expect(after.sha256).toBe(before.sha256);
    expect(pdfText(after.pdf)).toContain("Nom : Partant NomPartant");
    expect((await adminInvoices(admin, { q: issued.number, from: "", to: "" })).invoices.map((row) => row.buyerName)).toEqual(["Partant NomPartant"]);
  });
});

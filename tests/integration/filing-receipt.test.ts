/**
 * Issue 32, part 3: the filing receipt on both engines. Submitting a case queues its receipt job in the same
 * transaction (a second click queues nothing); the job stores a tagged PDF whose text holds the case number, the date
 * and time of the submission, the payments and each evidence file's SHA-256, records its own SHA-256, and queues the
 * confirmation e-mail carrying it. A job killed halfway, or run twice, ends with one receipt and one e-mail. The PDF is
 * served to the client, the assigned lawyer and an admin (anyone else 404), and never once altered.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FilingReceiptCard } from "~/components/case-file/filing-receipt-card";
import { safetyNotice } from "~/content/site";
import { formatLongDateTime } from "~/lib/format";
import { paymentSchema } from "~/modules/case-file/case-file.schema";
import { addPayment } from "~/modules/case-file/case-file.server";
import { formatMoney } from "~/modules/case-file/case-file-format";
import { uploadEvidence } from "~/modules/case-file/evidence.server";
import {
  createFilingReceiptHandler,
  downloadFilingReceipt,
  FILING_RECEIPT_JOB,
  filingReceiptFor,
  filingReceiptMessages,
  storedFileAttachments,
} from "~/modules/case-file/filing-receipt.server";
import { saveCaseDraft, submitCase } from "~/modules/cases/cases.server";
import { useFileStorage, type FileStorage } from "~/modules/files/files.server";
import { collectExportContents } from "~/modules/privacy/data-export.server";
import type { ClaimedJob } from "~/modules/jobs/jobs.server";
import { createEmailJobHandler } from "~/modules/notifications/notifications.server";
import { NotFoundError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { draftInput, insertSubmittedCase, seedCaseCast } from "../support/cases";
import { capturingTransport, sentEmails } from "../support/mailbox";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { fold, pdfInfo, pdfText } from "../support/pdf-text";
import { startTestRuntime, testEngines } from "../support/test-database";
import { pdfFile } from "../support/upload-fixtures";

const IBAN = "FR7630006000011234567890189";
const WALLET = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function evidenceRequest(caseId: string, files: { name: string; bytes: Buffer }[]): Request {
  const form = new FormData();
  form.append("category", "bank_statements");
  form.append("description", "Relevés de mars");
  for (const file of files) form.append("fichiers", new Blob([new Uint8Array(file.bytes)]), file.name);
  return new Request(`http://localhost/case/${caseId}/preuves`, { method: "POST", body: form });
}

let jobIds = 0;
function claimed(payload: Record<string, unknown>): ClaimedJob {
  jobIds += 1;
  return { id: 900_000 + jobIds, kind: FILING_RECEIPT_JOB, payload, attempt: 1, maxAttempts: 8 };
}

describe.each(testEngines())("the filing receipt on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let storage: FileStorage;
  let client: UserActor;
  let lawyer: UserActor;
  let otherClient: UserActor;
  let otherLawyer: UserActor;
  let admin: UserActor;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    storage = testFileStorage(store.store);
    useFileStorage(storage);
    ({ client, otherClient, lawyer, otherLawyer, admin } = await seedCaseCast());
  }, 120_000);
  afterAll(async () => {
    useFileStorage(undefined);
    await store?.close();
    await stop?.();
  });

  /** A draft filled through the wizard's use case, with what `prepare` adds, then submitted. */
  async function submittedCase(prepare: (caseId: string) => Promise<void> = async () => undefined) {
    const caseId = crypto.randomUUID();
    const saved = await saveCaseDraft(client, caseId, draftInput());
    if (!saved.ok) throw new Error("brouillon refusé");
    await prepare(caseId);
    const submitted = await submitCase(client, caseId);
    if (!submitted.ok) throw new Error("soumission refusée");
    return { caseId, caseNumber: submitted.caseNumber };
  }

  async function receiptJobs(caseId: string) {
    const rows = await db().selectFrom("jobs").select(["payload"]).where("kind", "=", FILING_RECEIPT_JOB).execute();
    return rows.filter((row) => (row.payload as { caseId?: string }).caseId === caseId);
  }

  async function confirmationEmails(to: string) {
    const rows = await db().selectFrom("jobs").select(["id", "kind", "payload", "attempts", "max_attempts"]).where("kind", "=", "email").orderBy("id").execute();
    return rows.filter((row) => {
      const payload = row.payload as { to?: string; template?: string };
      return payload.to === to && payload.template === "dossier-soumis";
    });
  }

  async function receiptRows(caseId: string) {
    return db().selectFrom("case_filing_receipts").selectAll().where("case_id", "=", caseId).execute();
  }

  const runReceiptJob = (caseId: string, withStorage: FileStorage = storage) => createFilingReceiptHandler(() => withStorage)(claimed({ caseId }), db());

  it("queues the receipt job with the submission, once: a second click queues nothing more, and no e-mail leaves before the PDF", async () => {
    const before = (await confirmationEmails(client.email)).length;
    const { caseId } = await submittedCase();
    expect(await receiptJobs(caseId)).toHaveLength(1);
    expect(await submitCase(client, caseId)).toMatchObject({ ok: true, duplicate: true });
    expect(await receiptJobs(caseId)).toHaveLength(1);
    expect(await confirmationEmails(client.email)).toHaveLength(before);
    // Until the job has run, the case page says it is being prepared and the download answers so.
    const preparing = await filingReceiptFor(client, caseId);
    expect(preparing).toEqual({ state: "preparing" });
    const card = renderToStaticMarkup(createElement(FilingReceiptCard, { caseId, receipt: preparing!, forOwner: true }));
    expect(card).toContain("en cours de préparation");
    expect(card).not.toContain("accuse-de-depot.pdf");
    expect(await downloadFilingReceipt(client, caseId, { storage })).toEqual({ ok: false, status: 404, message: filingReceiptMessages.preparing });
  });

  it("makes a PDF whose text holds the case number, the date and time, the scam type, the loss, the payments and each file's SHA-256", async () => {
    const files = [
      { name: "releve-mars.pdf", bytes: await pdfFile({ marker: "releve-mars" }) },
      { name: "virement.pdf", bytes: await pdfFile({ marker: "virement" }) },
    ];
    const { caseId, caseNumber } = await submittedCase(async (id) => {
      const payment = (values: Record<string, string>) =>
        paymentSchema.parse({ paid_on: "04-03-2026", amount: "1 200,50", currency: "EUR", method: "bank_transfer", beneficiary_kind: "iban", beneficiary: IBAN, ...values });
      expect(await addPayment(client, id, payment({}))).toMatchObject({ ok: true });
      expect(await addPayment(client, id, payment({ paid_on: "18-03-2026", amount: "3 000", method: "cryptocurrency", beneficiary_kind: "wallet", beneficiary: WALLET, wallet_network: "btc" }))).toMatchObject({ ok: true });
      expect(await uploadEvidence(client, id, evidenceRequest(id, files), { storage })).toMatchObject({ ok: true });
    });
    await runReceiptJob(caseId);

    const submittedAt = (await db().selectFrom("cases").select("submitted_at").where("id", "=", caseId).executeTakeFirstOrThrow()).submitted_at!;
    const download = await downloadFilingReceipt(client, caseId, { storage });
    if (!download.ok) throw new Error(download.message);
    expect(download.fileName).toBe(`accuse-de-depot-${caseNumber}.pdf`);
    expect(download.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // Tagged (PDF/UA), titled, in French: the case file's toolkit.
    expect(pdfInfo(download.pdf)).toMatchObject({ Tagged: "yes", Title: `Accusé de dépôt de dossier ${caseNumber}` });
    const text = pdfText(download.pdf);
    expect(text).toContain("Accusé de dépôt de dossier");
    expect(text).toContain(caseNumber);
    expect(text).toContain(fold(formatLongDateTime(submittedAt)));
    expect(text).toMatch(/\d{1,2}(er)? \p{L}+ \d{4} à \d{1,2} h \d{2}/u);
    expect(text).toContain("Arnaque à l'investissement");
    expect(text).toContain(fold(formatMoney("12500")));
    for (const payment of ["04/03/2026", fold(formatMoney("1200.50")), "FR76 3000 6000 0112 3456 7890 189", "18/03/2026", fold(formatMoney("3000")), WALLET]) {
      expect(text).toContain(payment);
    }
    for (const file of files) {
      expect(text).toContain(file.name);
      expect(text).toContain(sha256(file.bytes));
    }
    expect(text).toContain("messagerie du dossier");
    expect(text).toContain(fold(safetyNotice));

    // Its own SHA-256 is recorded and shown on the case page, so a copy can be checked.
    const [row] = await receiptRows(caseId);
    expect(row!.sha256).toBe(sha256(download.pdf));
    const ready = await filingReceiptFor(client, caseId);
    expect(ready).toMatchObject({ state: "ready", sha256: sha256(download.pdf) });
    const card = renderToStaticMarkup(createElement(FilingReceiptCard, { caseId, receipt: ready!, forOwner: true }));
    expect(card).toContain(`href="/case/${caseId}/accuse-de-depot.pdf"`);
    expect(card).toContain("Télécharger l&#x27;accusé de dépôt (PDF)");
    expect(card).toContain(sha256(download.pdf));
  });

  it("serves the receipt to the client, the assigned lawyer and an admin; anyone else gets the case's 404; an altered file is refused", async () => {
    const { caseId } = await submittedCase();
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "assigned" }).where("id", "=", caseId).execute();
    await runReceiptJob(caseId);
    for (const viewer of [client, lawyer, admin]) {
      expect(await downloadFilingReceipt(viewer, caseId, { storage })).toMatchObject({ ok: true });
      expect(await filingReceiptFor(viewer, caseId)).toMatchObject({ state: "ready" });
    }
    for (const stranger of [otherClient, otherLawyer]) {
      await expect(downloadFilingReceipt(stranger, caseId, { storage })).rejects.toBeInstanceOf(NotFoundError);
      await expect(filingReceiptFor(stranger, caseId)).rejects.toBeInstanceOf(NotFoundError);
    }
    await expect(downloadFilingReceipt(client, "pas-un-uuid", { storage })).rejects.toBeInstanceOf(NotFoundError);
    // The recorded SHA-256 no longer matches the stored bytes: never served.
    await db().updateTable("case_filing_receipts").set({ sha256: "0".repeat(64) }).where("case_id", "=", caseId).execute();
    expect(await downloadFilingReceipt(client, caseId, { storage })).toEqual({ ok: false, status: 409, message: filingReceiptMessages.altered });
  });

  it("e-mails the confirmation with the stored PDF attached, once the receipt is stored", async () => {
    const { caseId, caseNumber } = await submittedCase();
    const before = await confirmationEmails(client.email);
    await runReceiptJob(caseId);
    const after = await confirmationEmails(client.email);
    expect(after).toHaveLength(before.length + 1);
    const job = after.at(-1)!;
    const [row] = await receiptRows(caseId);
    expect(job.payload).toMatchObject({
      variables: { numero_dossier: caseNumber },
      attachments: [{ fileId: row!.file_id, fileName: `accuse-de-depot-${caseNumber}.pdf`, sha256: row!.sha256 }],
    });
    const sendEmail = createEmailJobHandler(capturingTransport, { attachments: storedFileAttachments(() => storage) });
    await sendEmail({ id: Number(job.id), kind: "email", payload: job.payload as Record<string, unknown>, attempt: 1, maxAttempts: 8 }, db());
    const email = sentEmails.at(-1)!;
    expect(email.to).toBe(client.email);
    expect(email.subject).toContain(caseNumber);
    expect(email.text).toContain("accusé de dépôt");
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments![0]).toMatchObject({ filename: `accuse-de-depot-${caseNumber}.pdf`, contentType: "application/pdf" });
    expect(sha256(email.attachments![0]!.content)).toBe(row!.sha256);
    // Without a reader the e-mail cannot carry its attachment: it is not sent bare.
    await expect(createEmailJobHandler(capturingTransport)({ id: Number(job.id) + 1, kind: "email", payload: job.payload as Record<string, unknown>, attempt: 1, maxAttempts: 8 }, db())).rejects.toThrow(
      /pièces jointes/,
    );
  });

  it("killed halfway (after the file is written, before the commit), then run again and again: one receipt, one e-mail", async () => {
    const { caseId } = await submittedCase();
    const emailsBefore = (await confirmationEmails(client.email)).length;
    const filesBefore = await db().selectFrom("stored_files").select("id").where("owner_id", "=", client.userId).execute();
    // The process dies right after the encrypted file is written and recorded, inside the job's transaction.
    const dying: FileStorage = {
      ...storage,
      async put(input) {
        await storage.put(input);
        throw new Error("processus arrêté");
      },
    };
    await expect(runReceiptJob(caseId, dying)).rejects.toThrow("processus arrêté");
    expect(await receiptRows(caseId)).toHaveLength(0);
    expect(await confirmationEmails(client.email)).toHaveLength(emailsBefore);
    // The file's row went with the transaction; its object is left for the storage janitor.
    expect(await db().selectFrom("stored_files").select("id").where("owner_id", "=", client.userId).execute()).toHaveLength(filesBefore.length);

    // The retry makes it; a run after the commit (the job not yet marked done when the worker died) does nothing.
    await runReceiptJob(caseId);
    await runReceiptJob(caseId);
    await Promise.all([runReceiptJob(caseId), runReceiptJob(caseId)]);
    expect(await receiptRows(caseId)).toHaveLength(1);
    expect(await confirmationEmails(client.email)).toHaveLength(emailsBefore + 1);
    expect(await db().selectFrom("stored_files").select("id").where("owner_id", "=", client.userId).execute()).toHaveLength(filesBefore.length + 1);
  });

  it("two runs racing on a case without a receipt store one", async () => {
    const { caseId } = await submittedCase();
    const emailsBefore = (await confirmationEmails(client.email)).length;
    await Promise.all([runReceiptJob(caseId), runReceiptJob(caseId)]);
    expect(await receiptRows(caseId)).toHaveLength(1);
    expect(await confirmationEmails(client.email)).toHaveLength(emailsBefore + 1);
  });

  it("puts each case's receipt, its SHA-256 and its PDF in the person's data export", async () => {
    const { caseId, caseNumber } = await submittedCase();
    await runReceiptJob(caseId);
    const [row] = await receiptRows(caseId);
    const contents = await collectExportContents(db(), client.userId);
    const exported = (contents.data.cases as { case_number: string; filing_receipt: { sha256: string; file_in_export: string } | null }[]).find((c) => c.case_number === caseNumber)!;
    expect(exported.filing_receipt).toMatchObject({ sha256: row!.sha256 });
    expect(exported.filing_receipt!.file_in_export).toMatch(new RegExp(`^fichiers/dossiers/${caseNumber}/`));
    expect(contents.files.find((entry) => entry.path === exported.filing_receipt!.file_in_export)?.file.id).toBe(row!.file_id);
  });

  it("shows no card for a case whose receipt job failed for good, or that never had one", async () => {
    const { caseId } = await submittedCase();
    await db().updateTable("jobs").set({ status: "failed", finished_at: new Date() }).where("kind", "=", FILING_RECEIPT_JOB).where(sql<boolean>`payload->>'caseId' = ${caseId}`).execute();
    expect(await filingReceiptFor(client, caseId)).toBeNull();
    const older = await insertSubmittedCase(client.userId);
    expect(await filingReceiptFor(client, older.id)).toBeNull();
    // A job still running (its lease not over) is still "being prepared".
    const running = await submittedCase();
    await db().updateTable("jobs").set({ status: "running", locked_until: new Date(Date.now() + 60_000) }).where("kind", "=", FILING_RECEIPT_JOB).where(sql<boolean>`payload->>'caseId' = ${running.caseId}`).execute();
    expect(await filingReceiptFor(client, running.caseId)).toEqual({ state: "preparing" });
  });

  it("makes no receipt for a draft, and none with an e-mail for a case queued by the migration (notify: false)", async () => {
    const draftId = crypto.randomUUID();
    await saveCaseDraft(client, draftId, draftInput());
    await runReceiptJob(draftId);
    expect(await receiptRows(draftId)).toHaveLength(0);
    expect(await filingReceiptFor(client, draftId)).toBeNull();

    const { caseId } = await submittedCase();
    const emailsBefore = (await confirmationEmails(client.email)).length;
    await createFilingReceiptHandler(() => storage)(claimed({ caseId, notify: false }), db());
    expect(await receiptRows(caseId)).toHaveLength(1);
    expect(await confirmationEmails(client.email)).toHaveLength(emailsBefore);
    await expect(createFilingReceiptHandler(() => storage)(claimed({ caseId: "pas-un-uuid" }), db())).rejects.toThrow(/sans dossier/);
  });
});

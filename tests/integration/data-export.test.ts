/**
 * Issue 16, items 2 and 5, through the modules on each engine: the data export (password, once a day, built by the
 * job into the encrypted store, emailed single-use link bound to the person, every item and file in the ZIP) and the
 * person's list of staff reads of their data.
 */
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromBuffer, type Entry, type ZipFile } from "yauzl";
import { buildPersonalLink } from "~/modules/accounts/accounts.server";
import { CompiledQuery, sql } from "kysely";
import { personalDataReadsQuery, recordPersonalDataRead } from "~/modules/audit/audit.server";
import { personalDataReadsFor } from "~/modules/privacy/access-log.server";
import { keysetCursor } from "~/platform/keyset";
import { caseFor } from "~/modules/cases/cases.server";
import { chatAttachmentDownload } from "~/modules/chat/chat-attachments.server";
import { useFileStorage, type FileStorage } from "~/modules/files/files.server";
import { downloadFile } from "~/modules/identity/identity.server";
import { createJobWorker } from "~/modules/jobs/jobs.server";
import { createEmailJobHandler, EMAIL_JOB, type MailTransport } from "~/modules/notifications/notifications.server";
import type { OutgoingEmail } from "~/modules/notifications/mail-transport.server";
import { DATA_EXPORT_INTENT, dataExportMessages } from "~/modules/privacy/data-export.schema";
import {
  buildDataExportLink,
  createDataExportExpiryHandler,
  createDataExportHandler,
  DATA_EXPORT_EXPIRY_JOB,
  DATA_EXPORT_JOB,
  dataExportStatusFor,
  exportLinkState,
  openDataExport,
  requestDataExport,
} from "~/modules/privacy/data-export.server";
import { writeProfileFields } from "~/modules/profile/sensitive-fields.server";
import type { UserActor } from "~/platform/actor";
import { db, runtime } from "~/platform/runtime.server";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { assignTo } from "../support/chat";
import { directoryContains, startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";
import { jpegFile, pdfFile } from "../support/upload-fixtures";

const NIF = "1234567890123";

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (error: Error | null, zip?: ZipFile) => {
      if (error || !zip) return reject(error ?? new Error("zip illisible"));
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("entrée illisible"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on("error", reject);
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(testEngines())("data export and access log on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let files: FileStorage;
  let client: UserActor & { password: string };
  let other: UserActor & { password: string };
  let lawyer: UserActor & { password: string };
  let admin: UserActor & { password: string };
  let caseId: string;
  let caseNumber: string;
  const originals = {} as Record<"identity" | "evidence" | "chat" | "otherIdentity", { fileId: string; bytes: Buffer }>;
  const sent: OutgoingEmail[] = [];

  const transport: MailTransport = {
    kind: "development",
    async send(email) {
      sent.push(email);
    },
    close() {},
  };

  async function runJobs(): Promise<void> {
    const worker = createJobWorker({
      database: db(),
      handlers: {
        [DATA_EXPORT_JOB]: createDataExportHandler(() => files),
        [DATA_EXPORT_EXPIRY_JOB]: createDataExportExpiryHandler(() => files),
        [EMAIL_JOB]: createEmailJobHandler(transport, {
          personalLink: (request, database) => (request.kind === "data-export" ? buildDataExportLink(request, database) : buildPersonalLink(request, database)),
        }),
      },
      retryBaseSeconds: 0,
    });
    await worker.drain();
  }

  async function identityDocument(owner: string, bytes: Buffer): Promise<string> {
    const file = await files.put({ ownerId: owner, originalName: "cni-recto.jpg", mediaType: "image/jpeg", body: Readable.from([bytes]) });
    await db()
      .insertInto("identity_verification_documents")
      .values({
        user_id: owner,
        step_number: 2,
        document_type: "cni",
        document_side: "recto",
        file_name: file.original_name,
        file_path: file.id,
        file_size: file.size_bytes,
        mime_type: "image/jpeg",
        stored_file_id: file.id,
      })
      .execute();
    return file.id;
  }

  const exportJobs = async () =>
    Number((await db().selectFrom("jobs").select((eb) => eb.fn.countAll<number>().as("n")).where("kind", "=", DATA_EXPORT_JOB).executeTakeFirstOrThrow()).n);
  const exportRows = async (userId: string) => db().selectFrom("data_exports").selectAll().where("user_id", "=", userId).execute();
  const linkOf = (email: OutgoingEmail) => {
    const match = /\/compte\/donnees\/export\?token=([A-Za-z0-9_-]{43})/.exec(email.text);
    if (!match) throw new Error("pas de lien d'export dans l'e-mail");
    return match[1]!;
  };

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    files = testFileStorage(store.store);
    useFileStorage(files);
    client = await seedPerson("user", "Clarisse");
    other = await seedPerson("user", "Octave");
    lawyer = await seedPerson("lawyer", "Laure");
    admin = await seedPerson("admin", "Adèle");
    await writeProfileFields(db(), runtime().keyring, client.userId, { birthDate: "1956-03-14", nif: NIF });

    ({ id: caseId, caseNumber } = await insertSubmittedCase(client.userId));
    await assignTo(caseId, lawyer.userId);
    const payment = await db()
      .insertInto("case_payments")
      .values({ case_id: caseId, paid_on: "2025-03-05", amount: "4800.50", method: "bank_transfer", beneficiary_kind: "iban", beneficiary: "FR7630006000011234567890189", payer_bank: "Banque Lumière", created_by: client.userId })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(payment.id).toBeTruthy();
    await db()
      .insertInto("case_identifiers")
      .values({ case_id: caseId, kind: "phone", value: "+33 6 11 22 33 44", normalized: "+33611223344", created_by: client.userId })
      .execute();

    originals.identity = { bytes: await jpegFile(), fileId: "" };
    originals.identity.fileId = await identityDocument(client.userId, originals.identity.bytes);
    originals.otherIdentity = { bytes: await jpegFile(), fileId: "" };
    originals.otherIdentity.fileId = await identityDocument(other.userId, originals.otherIdentity.bytes);

    originals.evidence = { bytes: await pdfFile({ marker: "releve-export" }), fileId: "" };
    const evidence = await files.put({ ownerId: client.userId, originalName: "relevé mars.pdf", mediaType: "application/pdf", body: Readable.from([originals.evidence.bytes]) });
    originals.evidence.fileId = evidence.id;
    await db()
      .insertInto("case_evidence")
      .values({ case_id: caseId, stored_file_id: evidence.id, category: "bank_statements", description: "Relevé de mars", original_sha256: Buffer.alloc(32, 1), uploaded_by: client.userId })
      .execute();

    originals.chat = { bytes: await pdfFile({ marker: "piece-jointe-export" }), fileId: "" };
    const attachment = await files.put({ ownerId: client.userId, originalName: "contrat.pdf", mediaType: "application/pdf", body: Readable.from([originals.chat.bytes]) });
    originals.chat.fileId = attachment.id;
    await db()
      .insertInto("case_chat_messages")
      .values([
        { case_id: caseId, sender_id: client.userId, message: "Bonjour Maître, voici mon relevé." },
        { case_id: caseId, sender_id: lawyer.userId, message: "Merci, je prépare la lettre à la banque." },
        { case_id: caseId, sender_id: client.userId, message: "", file_id: attachment.id, file_name: "contrat.pdf" },
      ])
      .execute();
    await db()
      .insertInto("email_logs")
      .values({ recipient_email: client.email, subject: "Votre dossier a été soumis", body: "Bonjour Clarisse", status: "sent", sent_at: new Date() })
      .execute();
    await db()
      .insertInto("session")
      .values({ id: "session-export", token: "jeton-de-session-secret", userId: client.userId, expiresAt: new Date(Date.now() + 3600_000), createdAt: new Date(), updatedAt: new Date(), ipAddress: "203.0.113.7", userAgent: "Firefox de test" })
      .execute();
  }, 120_000);

  afterAll(async () => {
    useFileStorage(undefined);
    await store?.close();
    await stop?.();
  });

  it("refuses a wrong password (400, French message) and queues nothing", async () => {
    const refused = await requestDataExport(client, { intent: DATA_EXPORT_INTENT, password: "pas le bon mot de passe" });
    expect(refused).toEqual({ ok: false, status: 400, fieldErrors: { password: dataExportMessages.passwordWrong } });
    expect(await exportRows(client.userId)).toHaveLength(0);
    expect(await exportJobs()).toBe(0);
    expect((await dataExportStatusFor(client)).latest).toBeNull();
  });

  it("builds the export once a day, emails a single-use link bound to the person, and the ZIP holds every item and file", async () => {
    const accepted = await requestDataExport(client, { intent: DATA_EXPORT_INTENT, password: client.password });
    expect(accepted.ok).toBe(true);
    expect((await dataExportStatusFor(client)).latest?.state).toBe("preparing");

    // A second request within 24 hours: 429, French message, nothing new queued.
    const again = await requestDataExport(client, { intent: DATA_EXPORT_INTENT, password: client.password });
    expect(again.ok).toBe(false);
    expect(again).toMatchObject({ status: 429 });
    expect((again as { formError: string }).formError).toMatch(/^Vous avez déjà demandé l'export de vos données il y a moins de 24 heures\. Vous pourrez en demander un nouveau à partir du /);
    expect(await exportRows(client.userId)).toHaveLength(1);
    expect(await exportJobs()).toBe(1);

    await runJobs();
    const [row] = await exportRows(client.userId);
    expect(row).toMatchObject({ status: "ready", downloaded_at: null });
    expect(row!.expires_at!.getTime() - row!.ready_at!.getTime()).toBe(24 * 3600 * 1000);
    const status = await dataExportStatusFor(client);
    expect(status.latest?.state).toBe("ready");
    expect(status.nextRequestAt).not.toBeNull();
    // Encrypted at rest like every file: the NIF is in the ZIP, never in the store's bytes.
    expect(await directoryContains(store.directory, Buffer.from(NIF))).toBe(false);

    const email = sent.find((message) => message.to === client.email);
    expect(email?.subject).toBe("Vos données Recours sont prêtes à télécharger");
    const token = linkOf(email!);
    // The token is stored only as its hash, and the queued email no longer holds the link.
    const queued = await db().selectFrom("jobs").select("payload").where("kind", "=", EMAIL_JOB).execute();
    expect(JSON.stringify(queued)).not.toContain(token);

    // Another signed-in account: not found, and the link stays whole.
    expect(await exportLinkState(other, token)).toMatchObject({ state: "not-found", status: 404, message: dataExportMessages.linkNotFound });
    expect(await openDataExport(other, token)).toMatchObject({ kind: "refused", state: { status: 404 } });
    expect(await exportLinkState(client, "x".repeat(43))).toMatchObject({ status: 404 });
    expect(await exportLinkState(client, token)).toMatchObject({ state: "ready" });

    const opened = await openDataExport(client, token);
    if (opened.kind !== "file") throw new Error(`export refusé : ${JSON.stringify(opened)}`);
    expect(opened.fileName).toMatch(/^recours-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
    const zipped = await readAll(opened.stream);
    expect(zipped.length).toBe(opened.sizeBytes);
    const entries = await unzip(zipped);

    const data = JSON.parse(entries.get("donnees.json")!.toString("utf8"));
    expect(entries.get("LISEZ-MOI.txt")!.toString("utf8")).toContain("Vos données chez Recours");
    expect(data.profile).toMatchObject({ email: client.email, first_name: "Clarisse", nif: NIF, birth_date: "1956-03-14", address: "8 rue des Tilleuls" });
    expect(data.cases).toHaveLength(1);
    const exported = data.cases[0];
    expect(exported).toMatchObject({ case_number: caseNumber, status: "assigned", scam_type: "investment_scam" });
    expect(exported.status_history.map((entry: { to_status: string }) => entry.to_status)).toContain("submitted");
    expect(exported.payments).toEqual([expect.objectContaining({ amount: "4800.50", beneficiary: "FR7630006000011234567890189", payer_bank: "Banque Lumière" })]);
    expect(exported.identifiers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "phone", value: "+33 6 11 22 33 44" }),
        expect.objectContaining({ kind: "iban", value: "FR7630006000011234567890189" }),
      ]),
    );
    expect(exported.messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ["vous", "Bonjour Maître, voici mon relevé."],
      ["Maître Laure NomLaure", "Merci, je prépare la lettre à la banque."],
      ["vous", ""],
    ]);
    expect(data.emails_sent_to_you).toEqual([expect.objectContaining({ subject: "Votre dossier a été soumis", body: "Bonjour Clarisse" })]);
    expect(data.sessions).toEqual([expect.objectContaining({ ip_address: "203.0.113.7", user_agent: "Firefox de test" })]);
    expect(entries.get("donnees.json")!.toString("utf8")).not.toContain("jeton-de-session-secret");

    // Every file the person uploaded, decrypted, byte for byte, where the JSON says.
    const identityPath = data.identity_verification.documents[0].file_in_export as string;
    const evidencePath = exported.evidence[0].file_in_export as string;
    const chatPath = exported.messages[2].file_in_export as string;
    expect(identityPath).toMatch(/^fichiers\/identite\//);
    expect(evidencePath).toMatch(new RegExp(`^fichiers/dossiers/${caseNumber}/preuves/`));
    expect(chatPath).toMatch(new RegExp(`^fichiers/dossiers/${caseNumber}/messagerie/`));
    expect(entries.get(identityPath)!.equals(originals.identity.bytes)).toBe(true);
    expect(entries.get(evidencePath)!.equals(originals.evidence.bytes)).toBe(true);
    expect(entries.get(chatPath)!.equals(originals.chat.bytes)).toBe(true);
    expect([...entries.keys()].filter((name) => name.startsWith("fichiers/"))).toHaveLength(3);

    // Used once: the file is gone from the store, and the link answers 410 with a French message.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const spent = (await exportRows(client.userId))[0]!;
    expect(spent.downloaded_at).not.toBeNull();
    expect(spent.stored_file_id).toBeNull();
    expect(await openDataExport(client, token)).toMatchObject({ kind: "refused", state: { state: "used", status: 410, message: dataExportMessages.linkUsed } });
    expect(await exportLinkState(client, token)).toMatchObject({ state: "used", status: 410 });
    expect((await dataExportStatusFor(client)).latest?.state).toBe("downloaded");
  }, 60_000);

  it("shows the person who at Recours read their documents and case, by name and role, never another person's", async () => {
    const open = async (actor: UserActor, fileId: string) => {
      const link = new URL(files.downloadLink(fileId, actor.userId), "http://recours.test");
      const result = await downloadFile(actor, fileId, { exp: link.searchParams.get("exp"), sig: link.searchParams.get("sig") }, { storage: files });
      expect(result.kind).toBe("file");
      if (result.kind === "file") result.stream.resume();
    };
    await open(admin, originals.identity.fileId);
    await open(admin, originals.otherIdentity.fileId);
    await caseFor(lawyer, caseId);
    await caseFor(lawyer, caseId); // the page again after an action: one entry
    await caseFor(client, caseId); // the person's own reads are not listed
    // The lawyer opens the file the client sent in the chat; the thumbnails and the client's own openings are not listed.
    const chatLink = { exp: null, sig: null, thumbnail: false, download: false };
    expect(await chatAttachmentDownload(lawyer, caseId, originals.chat.fileId, chatLink)).toMatchObject({ kind: "redirect" });
    expect(await chatAttachmentDownload(lawyer, caseId, originals.chat.fileId, { ...chatLink, thumbnail: true })).toMatchObject({ kind: "redirect" });
    expect(await chatAttachmentDownload(client, caseId, originals.chat.fileId, chatLink)).toMatchObject({ kind: "redirect" });
    await expect(chatAttachmentDownload(other, caseId, originals.chat.fileId, chatLink)).rejects.toThrow();

    const page = await personalDataReadsFor(client);
    expect(page.entries.map(({ who, role, what, action }) => ({ who, role, what, action }))).toEqual([
      { who: "Maître Laure NomLaure", role: "Avocat", what: `Pièce jointe envoyée dans la messagerie du dossier ${caseNumber}`, action: "chat-file.viewed" },
      { who: "Maître Laure NomLaure", role: "Avocat", what: `Dossier ${caseNumber}`, action: "case.viewed" },
      { who: "Adèle NomAdèle", role: "Administrateur", what: "Pièce justificative\u202f: Carte d'identité (recto)", action: "document.viewed" },
    ]);
    expect(JSON.stringify(page)).not.toContain(admin.email);
    expect(page.next).toBeNull();

    const others = await personalDataReadsFor(other);
    expect(others.entries).toHaveLength(1);
    expect(others.entries[0]).toMatchObject({ who: "Adèle NomAdèle", action: "document.viewed" });
  });

  it("pages the list newest first, 20 at a time, with one query on the subject index", async () => {
    const subject = await seedPerson("user", "Paginée");
    for (let i = 0; i < 25; i += 1) {
      await recordPersonalDataRead(db(), admin, { action: "case.viewed", subjectUserId: subject.userId, targetType: "case", targetId: `dossier-${i}`, details: { caseNumber: `RC-TEST-${i}` } });
    }
    const first = await personalDataReadsFor(subject);
    expect(first.entries.map((entry) => entry.what)).toEqual(Array.from({ length: 20 }, (_, i) => `Dossier RC-TEST-${24 - i}`));
    const second = await personalDataReadsFor(subject, keysetCursor.parse(first.next));
    expect(second.entries.map((entry) => entry.what)).toEqual(Array.from({ length: 5 }, (_, i) => `Dossier RC-TEST-${4 - i}`));
    expect(second.next).toBeNull();

    // The partial index serves the filter and the order (no sort), whatever the table's size.
    const compiled = personalDataReadsQuery(subject.userId).compile();
    const plan = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        return trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
      });
    const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("staff_audit_log_subject_reads_idx");
    expect(text).not.toMatch(/\bSort\b/);
  });
});

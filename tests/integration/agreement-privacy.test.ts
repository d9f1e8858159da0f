/**
 * Issue 30, item 6, through the modules on each engine: the admin case list shows each case's fee agreement state;
 * the person's export holds their agreements and the PDFs byte for byte; an account deletion keeps the agreement
 * files (legal files, still served intact to the lawyer) while the person's other files go; the purge of an expired
 * closed case removes the agreement rows and their files.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromBuffer, type Entry, type ZipFile } from "yauzl";
import { agreementDocument, agreementPanelFor } from "~/modules/agreements/agreements.server";
import { adminCaseList } from "~/modules/cases/admin-cases.server";
import { adminCaseQuerySchema, CASE_AGREEMENT_LABELS } from "~/modules/cases/admin-cases.schema";
import { useFileStorage, type FileStorage } from "~/modules/files/files.server";
import { deletionExplanation } from "~/modules/privacy/account-deletion.schema";
import { deleteMyAccount, purgeExpiredClosedCases } from "~/modules/privacy/account-deletion.server";
import { collectExportContents, zipExport } from "~/modules/privacy/export-contents.server";
import { sweepFilesMarkedForDeletion } from "~/modules/privacy/file-sweep.server";
import { CLOSED_CASE_RETENTION_DAYS, retentionRules } from "~/modules/privacy/retention";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { proposeTerms, seedActiveAgreement } from "../support/agreements";
import { seedEnrolledAccount } from "../support/accounts";
import { actorFor, giveBarDetails, insertSubmittedCase, seedPerson } from "../support/cases";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";

const CLIENT_ORIGIN = { ipAddress: "203.0.113.7", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1" };
const LAWYER_ORIGIN = { ipAddress: "198.51.100.42", userAgent: "Navigateur du cabinet 1.0" };
const DAY = 24 * 3600 * 1000;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

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

describe.each(testEngines())("fee agreements in the admin list, the export, the deletion and the purge on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let storage: FileStorage;
  let client: UserActor & { password: string };
  let lawyer: UserActor;
  let lawyerKey: string;
  let admin: UserActor;
  /** A case with an active, sealed agreement; one with a replaced proposal and a new one; one without. */
  let sealedCase: { id: string; caseNumber: string };
  let proposedCase: { id: string; caseNumber: string };
  let bareCase: { id: string; caseNumber: string };
  let agreementId: string;
  let otherUploadId: string;

  async function assignedCase(): Promise<{ id: string; caseNumber: string }> {
    const created = await insertSubmittedCase(client.userId);
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "assigned" }).where("id", "=", created.id).execute();
    return created;
  }

  async function agreementFiles(caseId: string) {
    return db()
      .selectFrom("fee_agreement_documents as d")
      .innerJoin("fee_agreements as a", "a.id", "d.agreement_id")
      .leftJoin("stored_files as f", "f.id", "d.file_id")
      .select(["d.kind", "d.sha256", "d.file_id", "f.id as stored_id", "f.deletion_requested_at"])
      .where("a.case_id", "=", caseId)
      .orderBy("d.id")
      .execute();
  }

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    storage = testFileStorage(store.store);
    useFileStorage(storage);
    client = await seedPerson("user", "Octave", { verified: true });
    const enrolled = await seedEnrolledAccount("lawyer", { firstName: "Agathe", lastName: "Conseil" });
    lawyerKey = enrolled.manualKey;
    await db().updateTable("profiles").set({ profile_completed: true, address: "3 cours de l'Intendance", postal_code: "33000", city: "Bordeaux" }).where("id", "=", enrolled.userId).execute();
    await giveBarDetails(enrolled.userId);
    lawyer = actorFor("lawyer", enrolled.userId, enrolled.email, "Agathe", "Conseil");
    admin = await seedPerson("admin", "Inès");

    sealedCase = await assignedCase();
    ({ agreementId } = await seedActiveAgreement({ lawyer, lawyerKey, client, caseId: sealedCase.id, clientOrigin: CLIENT_ORIGIN, lawyerOrigin: LAWYER_ORIGIN }));
    expect((await agreementPanelFor(client, sealedCase.id)).current).toMatchObject({ state: "active", sealed: { intact: true } });

    proposedCase = await assignedCase();
    await proposeTerms(lawyer, proposedCase.id);
    await proposeTerms(lawyer, proposedCase.id);
    bareCase = await insertSubmittedCase(client.userId);

    // Something else the person uploaded: it goes with the account.
    const upload = await storage.put({ ownerId: client.userId, originalName: "releve.pdf", mediaType: "application/pdf", body: Readable.from([Buffer.from("%PDF-1.4 relevé")]) });
    otherUploadId = upload.id;
  }, 120_000);
  afterAll(async () => {
    useFileStorage(undefined);
    await store?.close();
    await stop?.();
  });

  it("the admin case list shows each case's current agreement in French, and filters on it", async () => {
    const list = async (values: Record<string, string> = {}) => (await adminCaseList(admin, adminCaseQuerySchema.parse({ q: client.email, ...values }))).rows;
    const states = new Map((await list()).map((row) => [row.id, row.agreement]));
    // The replaced first proposal does not count: the second one is current.
    expect(states.get(sealedCase.id)).toBe("active");
    expect(states.get(proposedCase.id)).toBe("proposed");
    expect(states.get(bareCase.id)).toBe("none");
    expect([states.get(sealedCase.id), states.get(proposedCase.id), states.get(bareCase.id)].map((state) => CASE_AGREEMENT_LABELS[state!])).toEqual([
      "En vigueur",
      "Proposée",
      "Aucune",
    ]);
    expect((await list({ agreement: "active" })).map((row) => row.id)).toEqual([sealedCase.id]);
    expect((await list({ agreement: "none" })).map((row) => row.id)).toEqual([bareCase.id]);
    expect(await list({ agreement: "withdrawn" })).toEqual([]);
    // An unknown value shows every case.
    expect(adminCaseQuerySchema.parse({ agreement: "replaced" }).agreement).toBe("toutes");
    expect(await list({ agreement: "n'importe quoi" })).toHaveLength(3);
  });

  it("the export holds each agreement and its PDFs byte for byte, and only the person's own signature evidence", async () => {
    const contents = await collectExportContents(db(), client.userId);
    const entries = await unzip(await readAll(zipExport(contents, storage)));
    const data = JSON.parse(entries.get("donnees.json")!.toString("utf8"));
    const exported = data.cases.find((c: { case_number: string }) => c.case_number === sealedCase.caseNumber);
    expect(exported.fee_agreements).toHaveLength(1);
    const agreement = exported.fee_agreements[0];
    expect(agreement).toMatchObject({
      revision: 1,
      state: "active",
      base_fee_cents_ht: 50_000,
      result_percent_ht: 15,
      your_signature: { ip_address: CLIENT_ORIGIN.ipAddress, method: "password-email-code" },
    });
    expect(agreement.in_force_at).not.toBeNull();
    const recorded = await agreementFiles(sealedCase.id);
    expect(agreement.documents.map((d: { kind: string }) => d.kind)).toEqual(["proposal", "sealed"]);
    for (const document of agreement.documents as { kind: string; sha256: string; file_in_export: string }[]) {
      expect(document.file_in_export).toMatch(new RegExp(`^fichiers/dossiers/${sealedCase.caseNumber}/convention/`));
      const bytes = entries.get(document.file_in_export)!;
      expect(sha256(bytes)).toBe(recorded.find((row) => row.kind === document.kind)!.sha256);
      expect(document.sha256).toBe(sha256(bytes));
    }
    expect(agreement.document_sha256).toBe(recorded.find((row) => row.kind === "proposal")!.sha256);
    // The replaced proposal and the new one are both there, with their PDFs.
    const proposed = data.cases.find((c: { case_number: string }) => c.case_number === proposedCase.caseNumber);
    expect(proposed.fee_agreements.map((a: { revision: number; state: string }) => [a.revision, a.state])).toEqual([
      [1, "replaced"],
      [2, "proposed"],
    ]);
    expect(proposed.fee_agreements.every((a: { documents: { file_in_export: string | null }[] }) => a.documents[0]?.file_in_export)).toBe(true);
    // The lawyer's signature evidence is not the person's data.
    const json = entries.get("donnees.json")!.toString("utf8");
    expect(json).not.toContain(LAWYER_ORIGIN.ipAddress);
    expect(json).not.toContain(LAWYER_ORIGIN.userAgent);
    expect(json).not.toContain(lawyer.email);
  });

  it("the deletion page and the retention rule name the signed agreements, kept as long as the legal file", () => {
    const rule = retentionRules().find((candidate) => candidate.key === "closed-cases")!;
    expect(rule.data).toContain("conventions d'honoraires signées et leurs preuves de signature");
    expect(rule.days).toBe(CLOSED_CASE_RETENTION_DAYS);
    const kept = deletionExplanation().kept.find((item) => item.data.includes("conventions d'honoraires signées et leurs preuves de signature"));
    expect(kept?.duration).toBe(rule.duration);
  });

  it("an account deletion keeps the agreement files, still served intact to the lawyer, and marks the person's other files", async () => {
    // The cases are finished with the lawyer, so the deletion goes ahead.
    await db().updateTable("cases").set({ status: "resolved" }).where("id", "in", [sealedCase.id, proposedCase.id]).execute();
    const before = await agreementFiles(sealedCase.id);
    expect(before).toHaveLength(2);
    const result = await deleteMyAccount(client, { password: client.password, confirmation: "oui" });
    expect(result.ok).toBe(true);

    const request = await db().selectFrom("account_deletion_requests").selectAll().where("user_id", "=", client.userId).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ status: "done", files_deleted: 1 });
    expect((await db().selectFrom("stored_files").select("deletion_requested_at").where("id", "=", otherUploadId).executeTakeFirstOrThrow()).deletion_requested_at).not.toBeNull();
    await sweepFilesMarkedForDeletion(db(), storage);
    expect(await db().selectFrom("stored_files").select("id").where("id", "=", otherUploadId).execute()).toEqual([]);

    for (const caseId of [sealedCase.id, proposedCase.id]) {
      const kept = await agreementFiles(caseId);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.every((row) => row.stored_id !== null && row.deletion_requested_at === null)).toBe(true);
    }
    for (const kind of ["proposal", "sealed"] as const) {
      const document = await agreementDocument(lawyer, sealedCase.id, agreementId, kind);
      if (!document.ok) throw new Error(`${kind} non servi : ${document.message}`);
      expect(sha256(document.pdf)).toBe(before.find((row) => row.kind === kind)!.sha256);
    }
    const signatures = await db().selectFrom("fee_agreement_signatures").select("role").where("agreement_id", "=", agreementId).orderBy("role").execute();
    expect(signatures.map((row) => row.role)).toEqual(["client", "lawyer"]);
    expect((await agreementPanelFor(lawyer, sealedCase.id)).current).toMatchObject({ state: "active", sealed: { intact: true } });
  });

  it("the purge of an expired closed case removes its agreements with their evidence and marks their files", async () => {
    const files = [...(await agreementFiles(sealedCase.id)), ...(await agreementFiles(proposedCase.id))].map((row) => row.file_id);
    expect(files).toHaveLength(4);
    // Not yet due: nothing moves.
    expect(await purgeExpiredClosedCases(db(), new Date(Date.now() + DAY), CLOSED_CASE_RETENTION_DAYS)).toBe(0);
    const purged = await purgeExpiredClosedCases(db(), new Date(Date.now() + (CLOSED_CASE_RETENTION_DAYS + 1) * DAY), CLOSED_CASE_RETENTION_DAYS);
    expect(purged).toBeGreaterThanOrEqual(3);
    const caseIds = [sealedCase.id, proposedCase.id];
    expect(await db().selectFrom("fee_agreements").select("id").where("case_id", "in", caseIds).execute()).toEqual([]);
    expect(await db().selectFrom("fee_agreement_events").select("id").where("case_id", "in", caseIds).execute()).toEqual([]);
    expect(await db().selectFrom("fee_agreement_signatures").select("id").where("agreement_id", "=", agreementId).execute()).toEqual([]);
    expect(await db().selectFrom("fee_agreement_documents").select("id").where("file_id", "in", files).execute()).toEqual([]);
    const marked = await db().selectFrom("stored_files").select(["id", "deletion_requested_at"]).where("id", "in", files).execute();
    expect(marked).toHaveLength(4);
    expect(marked.every((row) => row.deletion_requested_at !== null)).toBe(true);
    expect(await sweepFilesMarkedForDeletion(db(), storage)).toBe(4);
    expect(await db().selectFrom("stored_files").select("id").where("id", "in", files).execute()).toEqual([]);
  });
});

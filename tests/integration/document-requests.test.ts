import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parisIsoDay } from "~/lib/format";
import { addDays } from "~/modules/case-file/deadlines";
import { complaintPackFor } from "~/modules/case-file/complaint-pack.server";
import { sendDueDocumentReminders } from "~/modules/case-file/document-reminders.server";
import {
  documentRequestMessages as messages,
  documentRequestSchema,
  documentUnavailableSchema,
  DOCUMENT_KIND_LABELS,
} from "~/modules/case-file/document-requests.schema";
import { acceptDocument, answerDocumentUnavailable, documentRequestsFor, reopenDocument, requestDocument } from "~/modules/case-file/document-requests.server";
import { uploadEvidence } from "~/modules/case-file/evidence.server";
import { dashboardFor, type LawyerDashboard } from "~/modules/dashboard/dashboard.server";
import { useFileStorage, type FileStorage } from "~/modules/files/files.server";
import { collectExportContents } from "~/modules/privacy/export-contents.server";
import { NotFoundError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { queuedEmails } from "../support/agreements";
import { insertSubmittedCase, seedCaseCast } from "../support/cases";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { fold, pdfText } from "../support/pdf-text";
import { startTestRuntime, testEngines } from "../support/test-database";
import { pdfFile } from "../support/upload-fixtures";

const request = (values: Record<string, string> = {}) =>
  documentRequestSchema.parse({ documentKind: "bank_statement", documentLabel: "", dueOn: "", documentNote: "", ...values });

function uploadRequest(caseId: string, bytes: Buffer, fields: Record<string, string> = {}): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("fichiers", new Blob([new Uint8Array(bytes)]), "releve-avril.pdf");
  return new Request(`http://localhost/case/${caseId}/preuves`, { method: "POST", body: form });
}

async function items(caseId: string) {
  return db().selectFrom("case_document_requests").selectAll().where("case_id", "=", caseId).orderBy("requested_at").execute();
}

describe.each(testEngines())("document requests on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let storage: FileStorage;
  let client: UserActor;
  let otherClient: UserActor;
  let lawyer: UserActor;
  let otherLawyer: UserActor;
  let admin: UserActor;
  let caseId: string;
  let caseNumber: string;
  let otherCaseId: string;
  let pdf: Buffer;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    storage = testFileStorage(store.store);
    useFileStorage(storage);
    pdf = await pdfFile({ marker: "releve" });
    ({ client, otherClient, lawyer, otherLawyer, admin } = await seedCaseCast());
    ({ id: caseId, caseNumber } = await insertSubmittedCase(client.userId));
    ({ id: otherCaseId } = await insertSubmittedCase(otherClient.userId));
    for (const id of [caseId, otherCaseId]) {
      await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "in_progress" }).where("id", "=", id).execute();
    }
  }, 120_000);
  afterAll(async () => {
    useFileStorage(undefined);
    await store?.close();
    await stop?.();
  });

  async function counts() {
    const [evidence, files, requests] = await Promise.all([
      db().selectFrom("case_evidence").select(db().fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
      db().selectFrom("stored_files").select(db().fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
      db().selectFrom("case_document_requests").select(db().fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { evidence: Number(evidence.n), files: Number(files.n), requests: Number(requests.n), objects: await store.count() };
  }

  it("refuses each bad form with a French field error", () => {
    const errorOf = (values: Record<string, string>) => {
      const result = documentRequestSchema.safeParse({ documentKind: "bank_statement", documentLabel: "", dueOn: "", documentNote: "", ...values });
      return result.success ? null : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
    };
    expect(errorOf({ documentKind: "" })).toEqual({ documentKind: messages.kindRequired });
    expect(errorOf({ documentKind: "passport" })).toEqual({ documentKind: messages.kindRequired });
    expect(errorOf({ documentKind: "other", documentLabel: "   " })).toEqual({ documentLabel: messages.labelRequired });
    expect(errorOf({ documentKind: "other", documentLabel: "x".repeat(121) })).toEqual({ documentLabel: messages.labelTooLong });
    expect(errorOf({ documentKind: "other", documentLabel: "Contrat\u202eéditeur" })).toEqual({ documentLabel: messages.oneLine });
    expect(errorOf({ documentNote: "x".repeat(1001) })).toEqual({ documentNote: messages.noteTooLong });
    // Dates: before today in Paris refused; today and later allowed; typed or from a date picker.
    const today = parisIsoDay();
    expect(errorOf({ dueOn: addDays(today, -1) })).toEqual({ dueOn: messages.duePast });
    expect(errorOf({ dueOn: "31-02-2030" })).toEqual({ dueOn: messages.dueInvalid });
    expect(errorOf({ dueOn: "demain" })).toEqual({ dueOn: messages.dueFormat });
    expect(request({ dueOn: today }).dueOn).toBe(today);
    const [year, month, day] = addDays(today, 3).split("-");
    expect(request({ dueOn: `${day}-${month}-${year}` }).dueOn).toBe(addDays(today, 3));
    // A listed document is named by its label, whatever was typed beside it.
    expect(request({ documentLabel: "ignoré" })).toMatchObject({ kind: "bank_statement", label: DOCUMENT_KIND_LABELS.bank_statement });
    expect(request({ documentKind: "other", documentLabel: " Contrat de prêt " })).toMatchObject({ kind: "other", label: "Contrat de prêt" });

    const reasonOf = (reason: string) => {
      const result = documentUnavailableSchema.safeParse({ requestId: "x", unavailableReason: reason });
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(reasonOf("  ")).toBe(messages.reasonRequired);
    expect(reasonOf("x".repeat(501))).toBe(messages.reasonTooLong);
    expect(reasonOf("Ma banque a fermé mon compte")).toBeNull();
  });

  it("only the assigned lawyer asks, on a case in progress; anyone else gets the case's 404 and nothing is saved", async () => {
    for (const someone of [client, otherLawyer, admin, otherClient]) await expect(requestDocument(someone, caseId, request())).rejects.toBeInstanceOf(NotFoundError);
    const { id: closedId } = await insertSubmittedCase(client.userId);
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "closed" }).where("id", "=", closedId).execute();
    expect(await requestDocument(lawyer, closedId, request())).toEqual({ ok: false, status: 409, formError: messages.caseNotOpen });
    expect((await counts()).requests).toBe(0);
    expect(await queuedEmails(client.email, "document-demande")).toEqual([]);
  });

  it("the lawyer asks for two documents; the client is told the label and the date, nothing else", async () => {
    const due = addDays(parisIsoDay(), 10);
    expect(await requestDocument(lawyer, caseId, request({ dueOn: due, documentNote: "Les trois derniers mois" }))).toEqual({ ok: true });
    expect(await requestDocument(lawyer, caseId, request({ documentKind: "other", documentLabel: "Contrat de prêt" }))).toEqual({ ok: true });
    const emails = await queuedEmails(client.email, "document-demande");
    expect(emails.map((email) => email.variables.document)).toEqual(["Relevé bancaire", "Contrat de prêt"]);
    expect(emails[0]!.variables).toMatchObject({ numero_dossier: caseNumber, avocat: "Maître Anne NomAnne" });
    expect(emails[0]!.variables.echeance).toContain("au plus tard le");
    expect(emails[1]!.variables.echeance).toBe("");
    expect(emails[0]!.variables.lien).toContain(`/case/${caseId}#documents-demandes`);
    expect(Object.values(emails[0]!.variables).join(" ")).not.toMatch(/€|trois derniers mois/);
    const audit = await db().selectFrom("staff_audit_log").select(["action", "target_id"]).where("action", "=", "document-request.created").execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]!.target_id).toBe(caseId);

    const panel = await documentRequestsFor(client, caseId);
    expect(panel).toMatchObject({ mayAnswer: true, mayRequest: false });
    expect(panel.items.map((item) => [item.label, item.status, item.dueOn, item.overdue])).toEqual([
      ["Relevé bancaire", "requested", due, false],
      ["Contrat de prêt", "requested", null, false],
    ]);
    expect((await documentRequestsFor(lawyer, caseId)).mayRequest).toBe(true);
    await expect(documentRequestsFor(otherClient, caseId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("the client sends a file against an item through the evidence upload; the lawyer is told", async () => {
    const [statement] = await items(caseId);
    const before = await counts();
    // Another client, on their own case or on this one, cannot reach the item.
    const foreign = await uploadEvidence(otherClient, otherCaseId, uploadRequest(otherCaseId, pdf), { storage, documentRequestId: statement!.id });
    expect(foreign).toEqual({ ok: false, status: 404, message: messages.requestUnknown });
    await expect(uploadEvidence(otherClient, caseId, uploadRequest(caseId, pdf), { storage, documentRequestId: statement!.id })).rejects.toBeInstanceOf(NotFoundError);
    expect(await counts()).toEqual(before);

    const sent = await uploadEvidence(client, caseId, uploadRequest(caseId, pdf), { storage, documentRequestId: statement!.id });
    expect(sent).toMatchObject({ ok: true });
    const evidence = await db().selectFrom("case_evidence").select(["category", "description", "document_request_id"]).where("case_id", "=", caseId).execute();
    expect(evidence).toEqual([{ category: "bank_statements", description: "Relevé bancaire", document_request_id: statement!.id }]);
    const panel = await documentRequestsFor(lawyer, caseId);
    expect(panel.items[0]).toMatchObject({ status: "provided", files: [{ fileName: "releve-avril.pdf" }] });
    const told = await queuedEmails(lawyer.email, "document-fourni");
    expect(told).toHaveLength(1);
    expect(told[0]!.variables).toMatchObject({ numero_dossier: caseNumber, document: "Relevé bancaire" });
    expect(JSON.stringify(told)).not.toContain("releve-avril");
  });

  it("the client answers 'je ne l'ai pas' with a reason, once; another client's item is a 404", async () => {
    const [statement, loan] = await items(caseId);
    expect(await answerDocumentUnavailable(otherClient, otherCaseId, loan!.id, "Je ne sais pas")).toEqual({ ok: false, status: 404, formError: messages.requestUnknown });
    await expect(answerDocumentUnavailable(otherClient, caseId, loan!.id, "Je ne sais pas")).rejects.toBeInstanceOf(NotFoundError);
    await expect(answerDocumentUnavailable(lawyer, caseId, loan!.id, "Je ne sais pas")).rejects.toBeInstanceOf(NotFoundError);
    expect(await answerDocumentUnavailable(client, caseId, statement!.id, "Perdu")).toEqual({ ok: false, status: 409, formError: messages.alreadyProvided });

    expect(await answerDocumentUnavailable(client, caseId, loan!.id, "Le prêt était verbal")).toEqual({ ok: true });
    expect(await answerDocumentUnavailable(client, caseId, loan!.id, "Encore")).toEqual({ ok: false, status: 409, formError: messages.alreadyUnavailable });
    const row = (await items(caseId))[1]!;
    expect(row).toMatchObject({ status: "unavailable", unavailable_reason: "Le prêt était verbal" });
    // The table's CHECK holds the length even past the schema.
    await expect(db().updateTable("case_document_requests").set({ status: "requested", unavailable_reason: "x".repeat(501) }).where("id", "=", loan!.id).execute()).rejects.toThrow();
    const told = await queuedEmails(lawyer.email, "document-indisponible");
    expect(told.map((email) => email.variables.document)).toEqual(["Contrat de prêt"]);
    expect(JSON.stringify(told)).not.toContain("verbal");
  });

  it("the lawyer accepts an answered item, which closes it; a file against it is then refused and nothing is kept", async () => {
    const [statement, loan] = await items(caseId);
    expect(await acceptDocument(client, caseId, statement!.id).catch((error: unknown) => error)).toBeInstanceOf(NotFoundError);
    expect(await acceptDocument(lawyer, otherCaseId, statement!.id)).toEqual({ ok: false, status: 404, formError: messages.requestUnknown });
    expect(await acceptDocument(lawyer, caseId, statement!.id)).toEqual({ ok: true });
    expect(await acceptDocument(lawyer, caseId, statement!.id)).toEqual({ ok: false, status: 409, formError: messages.closed });
    expect(await reopenDocument(lawyer, caseId, statement!.id)).toEqual({ ok: false, status: 409, formError: messages.closed });

    const before = await counts();
    const refused = await uploadEvidence(client, caseId, uploadRequest(caseId, pdf), { storage, documentRequestId: statement!.id });
    expect(refused).toEqual({ ok: false, status: 409, message: messages.closed });
    expect(await answerDocumentUnavailable(client, caseId, statement!.id, "Perdu")).toEqual({ ok: false, status: 409, formError: messages.closed });
    expect(await counts()).toEqual(before);
    // Closed in the database too.
    await expect(db().updateTable("case_document_requests").set({ status: "requested" }).where("id", "=", statement!.id).execute()).rejects.toThrow(/close/);
    await expect(db().updateTable("case_document_requests").set({ label: "Autre" }).where("id", "=", loan!.id).execute()).rejects.toThrow(/ne se modifie pas/);

    // The history, timed by the database.
    const events = await db().selectFrom("case_document_request_events").select(["to_status", "changed_by", "at"]).where("request_id", "=", statement!.id).orderBy("id").execute();
    expect(events.map((event) => [event.to_status, event.changed_by])).toEqual([
      ["requested", lawyer.userId],
      ["provided", client.userId],
      ["accepted", lawyer.userId],
    ]);
    expect(events.every((event, index) => index === 0 || event.at >= events[index - 1]!.at)).toBe(true);
    const audit = await db().selectFrom("staff_audit_log").select(["action"]).where("action", "like", "document-request.%").execute();
    expect(audit.map((entry) => entry.action)).toContain("document-request.accepted");
  });

  it("the lawyer asks again after 'je ne l'ai pas': the item waits again and the client is told", async () => {
    const loan = (await items(caseId))[1]!;
    const before = (await queuedEmails(client.email, "document-demande")).length;
    expect(await reopenDocument(lawyer, caseId, loan.id)).toEqual({ ok: true });
    expect(await reopenDocument(lawyer, caseId, loan.id)).toEqual({ ok: false, status: 409, formError: messages.nothingToReopen });
    expect(await acceptDocument(lawyer, caseId, loan.id)).toEqual({ ok: false, status: 409, formError: messages.nothingToAccept });
    expect((await items(caseId))[1]).toMatchObject({ status: "requested", unavailable_reason: null });
    expect(await queuedEmails(client.email, "document-demande")).toHaveLength(before + 1);
  });

  it("the lawyer's dashboard counts the items waited for past their due date, and the checklist marks them", async () => {
    expect(((await dashboardFor(lawyer)) as LawyerDashboard).overdueDocuments.total).toBe(0);
    // A due date set when it was still to come, now past.
    const loan = (await items(caseId))[1]!;
    await db().insertInto("case_document_requests").values({ case_id: otherCaseId, kind: "identity_document", label: "Pièce d'identité", due_on: addDays(parisIsoDay(), -3), requested_by: lawyer.userId, status_changed_by: lawyer.userId }).execute();
    const dashboard = (await dashboardFor(lawyer)) as LawyerDashboard;
    expect(dashboard.overdueDocuments.total).toBe(1);
    expect(dashboard.overdueDocuments.cases).toEqual([{ caseId: otherCaseId, caseNumber: expect.any(String), count: 1 }]);
    expect(((await dashboardFor(otherLawyer)) as LawyerDashboard).overdueDocuments.total).toBe(0);
    const panel = await documentRequestsFor(otherClient, otherCaseId);
    expect(panel.items.map((item) => item.overdue)).toEqual([true]);
    // Seen from days later, the item without a date is never overdue.
    const later = await documentRequestsFor(client, caseId, new Date(Date.now() + 60 * 86_400_000));
    expect(later.items.find((item) => item.id === loan.id)?.overdue).toBe(false);
  });

  it("the reminder goes once, two days before the due date, even with two runs at once", async () => {
    const due = addDays(parisIsoDay(), 6);
    await requestDocument(lawyer, caseId, request({ documentKind: "transfer_proof", dueOn: due }));
    const [year, month, day] = addDays(due, -2).split("-").map(Number) as [number, number, number];
    const reminderDay = new Date(Date.UTC(year, month - 1, day, 10));
    expect(await sendDueDocumentReminders(db(), new Date(reminderDay.getTime() - 86_400_000))).toBe(0);
    const runs = await Promise.all([sendDueDocumentReminders(db(), reminderDay), sendDueDocumentReminders(db(), reminderDay)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await sendDueDocumentReminders(db(), new Date(reminderDay.getTime() + 86_400_000))).toBe(0);
    const reminders = await queuedEmails(client.email, "document-echeance-proche");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.variables).toMatchObject({ document: "Justificatif de virement", numero_dossier: caseNumber });
    // An item requested inside the window already told its date: no reminder.
    await requestDocument(lawyer, caseId, request({ documentKind: "complaint_receipt", dueOn: addDays(parisIsoDay(), 1) }));
    expect(await sendDueDocumentReminders(db())).toBe(0);
  });

  it("the complaint pack lists the documents requested and their state", async () => {
    const text = fold(pdfText((await complaintPackFor(lawyer, caseId)).pdf));
    expect(text).toContain("Documents demandés par l'avocat");
    expect(text).toMatch(/Relevé bancaire .*Accepté \(preuve n° 1\)/);
    expect(text).toContain("Contrat de prêt");
    expect(text).toContain("Justificatif de virement");
  });

  it("the client's data export carries the documents requested and their answers", async () => {
    const exported = (await collectExportContents(db(), client.userId)).data as { cases: { id: string; documents_requested: { document: string; state: string; your_reason: string | null }[] }[] };
    const mine = exported.cases.find((entry) => entry.id === caseId)!;
    expect(mine.documents_requested.slice(0, 2).map((entry) => [entry.document, entry.state])).toEqual([
      ["Relevé bancaire", "accepted"],
      ["Contrat de prêt", "requested"],
    ]);
  });
});

import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { anonymousActor, signIn } from "~/modules/accounts/accounts.server";
import type { FileStorage } from "~/modules/files/files.server";
import type { ObjectStore } from "~/modules/files/object-store.server";
import { UploadError } from "~/modules/files/upload-error";
import { receiveUpload } from "~/modules/files/upload-pipeline.server";
import { accountDeletionMessages, DELETED_EMAIL_DOMAIN, deletionExplanation } from "~/modules/privacy/account-deletion.schema";
import { deleteMyAccount } from "~/modules/privacy/account-deletion.server";
import { DELETED_FILES_SWEEP_JOB, sweepFilesMarkedForDeletion } from "~/modules/privacy/file-sweep.server";
import { CLOSED_CASE_RETENTION_DAYS, retentionRules } from "~/modules/privacy/retention";
import { runRetention } from "~/modules/privacy/retention.server";
import { createEmailJobHandler, EMAIL_JOB, type MailTransport } from "~/modules/notifications/notifications.server";
import { readProfileFields } from "~/modules/profile/sensitive-fields.server";
import type { CaseStatus } from "~/platform/database-schema";
import { db, runtime } from "~/platform/runtime.server";
import { authRequest, STRONG_PASSWORD } from "../support/accounts";
import { insertSubmittedCase, seedActor, seedPerson } from "../support/cases";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";
import { pdfFile } from "../support/upload-fixtures";

const DAY = 24 * 3600 * 1000;

describe.each(testEngines())("account deletion on %s", (engine) => {
  let stopRuntime: () => Promise<void>;
  let store: TestStore;
  let files: FileStorage;

  beforeAll(async () => {
    ({ stop: stopRuntime } = await startTestRuntime(engine));
  });
  afterAll(async () => {
    await store?.close();
    await stopRuntime?.();
  });
  beforeEach(async () => {
    await store?.close();
    store = await startTestStore("filesystem");
    files = testFileStorage(store.store);
  });

  const retention = (now: Date) => ({ now, identityDocumentDays: 30, attemptWindowSeconds: 900 });

  async function putFile(ownerId: string, label: string) {
    return files.put({ ownerId, originalName: `${label}.pdf`, mediaType: "application/pdf", body: Readable.from([Buffer.from(label)]) });
  }

  /** A client with an identity document, a case in the given status with a payment, a chat message with a file. */
  async function seedClientWorld(status: CaseStatus) {
    const client = await seedPerson("user", "Odile");
    await db().updateTable("profiles").set({ phone_fixed: "+33123456789" }).where("id", "=", client.userId).execute();
    const lawyer = await seedActor("lawyer", "Léon");
    const identity = await putFile(client.userId, "cni");
    await db()
      .insertInto("identity_verification_documents")
      .values({
        user_id: client.userId,
        step_number: 2,
        document_type: "cni",
        document_side: "recto",
        file_name: "cni.pdf",
        file_path: identity.id,
        file_size: identity.size_bytes,
        mime_type: "application/pdf",
        stored_file_id: identity.id,
      })
      .execute();
    const created = await insertSubmittedCase(client.userId);
    if (status !== "submitted") {
      await db().updateTable("cases").set({ status, assigned_lawyer_id: lawyer.userId, assigned_at: new Date() }).where("id", "=", created.id).execute();
    }
    await db()
      .insertInto("case_payments")
      .values({ case_id: created.id, paid_on: "2025-03-04", amount: "2500", method: "bank_transfer", beneficiary_kind: "iban", beneficiary: "FR7630006000011234567890189" })
      .execute();
    const attachment = await putFile(client.userId, "capture");
    await db()
      .insertInto("case_chat_messages")
      .values({ case_id: created.id, sender_id: client.userId, message: "", file_id: attachment.id, file_name: "capture.pdf" })
      .execute();
    await db().insertInto("case_chat_messages").values({ case_id: created.id, sender_id: client.userId, message: "Voici mon relevé." }).execute();
    const lawyerFile = await putFile(lawyer.userId, "note-avocat");
    await db()
      .insertInto("case_evidence")
      .values({ case_id: created.id, stored_file_id: lawyerFile.id, category: "bank_statements", description: "Note", original_sha256: Buffer.alloc(32), uploaded_by: lawyer.userId })
      .execute();
    return { client, lawyer, caseId: created.id, caseNumber: created.caseNumber, files: [identity.id, attachment.id], lawyerFileId: lawyerFile.id };
  }

  const objectNames = async (ids: string[]) =>
    ids.length === 0 ? [] : (await db().selectFrom("stored_files").select("object_name").where("id", "in", ids).execute()).map((row) => row.object_name);

  it("wrong password: 400 with a French message, nothing deleted", async () => {
    const world = await seedClientWorld("submitted");
    const result = await deleteMyAccount(world.client, { password: "pas le bon mot de passe", confirmation: "oui" });
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { password: accountDeletionMessages.wrongPassword } });
    const profile = await db().selectFrom("profiles").select(["email", "deleted_at"]).where("id", "=", world.client.userId).executeTakeFirstOrThrow();
    expect(profile).toEqual({ email: world.client.email, deleted_at: null });
    expect(await store.count()).toBe(3);
    const signedIn = await signIn(anonymousActor(authRequest()), { email: world.client.email, password: STRONG_PASSWORD }, authRequest());
    expect(signedIn.ok).toBe(true);
  });

  it("must show: after deletion sign-in fails, the documents are gone, the legal file stays pseudonymised until retention purges it", async () => {
    const world = await seedClientWorld("submitted");
    const personalObjects = await objectNames(world.files);
    const result = await deleteMyAccount(world.client, { password: STRONG_PASSWORD, confirmation: "oui" });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.headers.getSetCookie().some((line) => /session_token=;.*Max-Age=0/.test(line))).toBe(true);

    // Sign-in impossible, with the old address and no session left.
    const signedIn = await signIn(anonymousActor(authRequest()), { email: world.client.email, password: STRONG_PASSWORD }, authRequest());
    expect(signedIn.ok).toBe(false);
    expect(await db().selectFrom("session").select("id").where("userId", "=", world.client.userId).execute()).toEqual([]);
    expect(await db().selectFrom("account").select("id").where("userId", "=", world.client.userId).execute()).toEqual([]);

    // Files: marked at once (no link opens them), deleted by the queued sweep; the lawyer's file stays with the case.
    for (const id of world.files) await expect(files.find(db(), id)).rejects.toThrow();
    const sweeps = await db().selectFrom("jobs").select("id").where("kind", "=", DELETED_FILES_SWEEP_JOB).execute();
    expect(sweeps.length).toBe(1);
    expect(await sweepFilesMarkedForDeletion(db(), files)).toBe(2);
    for (const name of personalObjects) await expect(store.store.read(name)).rejects.toThrow();
    expect(await store.count()).toBe(1);
    expect(await db().selectFrom("identity_verification_documents").select("id").where("user_id", "=", world.client.userId).execute()).toEqual([]);

    // Profile pseudonymised: no name, address, phone, NIF, birth date; the email freed.
    const profile = await db().selectFrom("profiles").selectAll().where("id", "=", world.client.userId).executeTakeFirstOrThrow();
    expect(profile.email.endsWith(`@${DELETED_EMAIL_DOMAIN}`)).toBe(true);
    expect(profile).toMatchObject({ first_name: "Compte", last_name: "supprimé", phone_mobile: null, phone_fixed: null, address: null, city: null, postal_code: null, birth_date_sealed: null, nif_sealed: null });
    expect(profile.deleted_at).not.toBeNull();
    expect(await readProfileFields(db(), runtime().keyring, world.client.userId)).toMatchObject({ birthDate: null, nif: null });
    const dump = JSON.stringify(await db().selectFrom("user").selectAll().where("id", "=", world.client.userId).execute()) + JSON.stringify(profile);
    expect(dump).not.toContain("Odile");
    expect(dump).not.toContain(world.client.email);

    // The legal file stays: case (closed by the deletion), history, payment, message text; the attachment is gone.
    const kept = await db().selectFrom("cases").select(["status", "user_id"]).where("id", "=", world.caseId).executeTakeFirstOrThrow();
    expect(kept).toEqual({ status: "closed", user_id: world.client.userId });
    const history = await db().selectFrom("case_status_history").select(["to_status", "system_reason"]).where("case_id", "=", world.caseId).orderBy("id").execute();
    expect(history.at(-1)).toEqual({ to_status: "closed", system_reason: "compte-supprime" });
    expect(await db().selectFrom("case_payments").select("id").where("case_id", "=", world.caseId).execute()).toHaveLength(1);
    const messages = await db().selectFrom("case_chat_messages").select(["message", "file_id"]).where("case_id", "=", world.caseId).orderBy("seq").execute();
    expect(messages.map((m) => m.file_id)).toEqual([null, null]);
    expect(messages[1]!.message).toBe("Voici mon relevé.");
    const request = await db().selectFrom("account_deletion_requests").selectAll().where("user_id", "=", world.client.userId).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ status: "done", origin: "person", files_deleted: 2, cases_kept: 1, purged_at: null });

    // A second deletion of the same account changes nothing (the session is gone anyway).
    expect((await deleteMyAccount(world.client, { password: STRONG_PASSWORD, confirmation: "oui" })).ok).toBe(false);

    // Retention today keeps it; once its 10 years are in the past it purges the case, the lawyer's file and the tombstone.
    const today = await runRetention(db(), files, retention(new Date()));
    expect(today).toMatchObject({ closedCasesPurged: 0, deletedAccountsRemoved: 0 });
    const later = new Date(Date.now() + (CLOSED_CASE_RETENTION_DAYS + 1) * DAY);
    const purge = await runRetention(db(), files, retention(later));
    expect(purge).toMatchObject({ closedCasesPurged: 1, deletedAccountsRemoved: 1 });
    expect(purge.filesDeleted).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom("cases").select("id").where("id", "=", world.caseId).execute()).toEqual([]);
    expect(await db().selectFrom("profiles").select("id").where("id", "=", world.client.userId).execute()).toEqual([]);
    expect(await store.count()).toBe(0);
    const purged = await db().selectFrom("account_deletion_requests").select("purged_at").where("user_id", "=", world.client.userId).executeTakeFirstOrThrow();
    expect(purged.purged_at).not.toBeNull();
    // Run again: nothing left to do, nothing counted twice.
    expect(await runRetention(db(), files, retention(later))).toMatchObject({ closedCasesPurged: 0, deletedAccountsRemoved: 0, filesDeleted: 0 });
  });

  it("a case in progress with a lawyer: 409 in French, the lawyer emailed once, nothing deleted", async () => {
    const world = await seedClientWorld("in_progress");
    const first = await deleteMyAccount(world.client, { password: STRONG_PASSWORD, confirmation: "oui" });
    expect(first).toMatchObject({ ok: false, status: 409, formError: accountDeletionMessages.activeCase, blocked: [{ caseNumber: world.caseNumber, lawyerName: "Maître Léon NomLéon" }] });
    const again = await deleteMyAccount(world.client, { password: STRONG_PASSWORD, confirmation: "oui" });
    expect(again).toMatchObject({ ok: false, status: 409 });
    const emails = await db().selectFrom("jobs").select("payload").where("kind", "=", "email").execute();
    const toLawyer = emails.map((row) => row.payload as { to: string; template: string; variables: Record<string, string> }).filter((p) => p.template === "suppression-compte-dossier-en-cours");
    expect(toLawyer).toHaveLength(1);
    expect(toLawyer[0]).toMatchObject({ to: world.lawyer.email, variables: { dossier: world.caseNumber } });
    expect(await db().selectFrom("profiles").select("deleted_at").where("id", "=", world.client.userId).executeTakeFirstOrThrow()).toEqual({ deleted_at: null });
    expect(await db().selectFrom("stored_files").select("id").where("deletion_requested_at", "is not", null).execute()).toEqual([]);
    const waiting = await db().selectFrom("account_deletion_requests").selectAll().where("user_id", "=", world.client.userId).execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ status: "waiting", blocking_cases: [world.caseNumber] });

    // Once the lawyer closes the case, the same request goes through and is marked done.
    await db().updateTable("cases").set({ status: "closed" }).where("id", "=", world.caseId).execute();
    expect((await deleteMyAccount(world.client, { password: STRONG_PASSWORD, confirmation: "oui" })).ok).toBe(true);
    const done = await db().selectFrom("account_deletion_requests").select("status").where("user_id", "=", world.client.userId).execute();
    expect(done).toEqual([{ status: "done" }]);
  });

  type EmailPayload = { to: string; template: string; variables: Record<string, string> };
  async function receiptsTo(email: string) {
    const rows = await db().selectFrom("jobs").select(["id", "payload"]).where("kind", "=", EMAIL_JOB).orderBy("id").execute();
    return rows
      .map((row) => ({ id: row.id, ...(row.payload as EmailPayload) }))
      .filter((p) => p.to === email && p.template.startsWith("suppression-compte-") && p.template !== "suppression-compte-dossier-en-cours");
  }
  const PARIS_DATE_TIME = /^\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/;

  it("issue 29: a deletion request, then the deletion, each queue exactly one receipt to the person, nothing sensitive, sendable once the account is gone", async () => {
    const world = await seedClientWorld("in_progress");
    const sensitive = [world.caseNumber, "Odile", "NomOdile", "FR7630006000011234567890189", "2500", "Léon", "capture.pdf", world.client.userId];

    expect((await deleteMyAccount(world.client, { password: STRONG_PASSWORD, confirmation: "oui" })).ok).toBe(false);
    expect((await deleteMyAccount(world.client, { password: STRONG_PASSWORD, confirmation: "oui" })).ok).toBe(false);
    const requested = await receiptsTo(world.client.email);
    expect(requested.map((p) => p.template)).toEqual(["suppression-compte-demandee"]);
    expect(requested[0]!.variables).toEqual({ date: expect.stringMatching(PARIS_DATE_TIME), duree: "10 ans après la clôture du dossier", lien: expect.stringMatching(/\/compte\/suppression$/) });
    for (const word of sensitive) expect(JSON.stringify(requested[0]), word).not.toContain(word);

    await db().updateTable("cases").set({ status: "closed" }).where("id", "=", world.caseId).execute();
    expect((await deleteMyAccount(world.client, { password: STRONG_PASSWORD, confirmation: "oui" })).ok).toBe(true);
    const receipts = await receiptsTo(world.client.email);
    // The request receipt, if still unsent, goes with the account's other unsent emails; the deletion receipt stays.
    expect(receipts.map((p) => p.template)).toEqual(["suppression-compte-effectuee"]);
    const deleted = receipts[0]!;
    expect(deleted.variables).toEqual({
      date: expect.stringMatching(PARIS_DATE_TIME),
      motif: "à votre demande",
      duree: "10 ans après la clôture du dossier",
      lien: expect.stringMatching(/\/politique-confidentialite$/),
    });
    for (const word of sensitive) expect(JSON.stringify(deleted), word).not.toContain(word);

    // The account is gone (tombstone removed too): the receipt is still sent, to the address it had.
    await db().deleteFrom("user").where("id", "=", world.client.userId).execute().catch(() => undefined);
    const sent: { to: string; subject: string; text: string }[] = [];
    const transport: MailTransport = { kind: "smtp", send: async (mail) => void sent.push(mail), close: () => undefined };
    await createEmailJobHandler(transport)({ id: deleted.id, kind: EMAIL_JOB, payload: deleted as unknown as Record<string, unknown>, attempt: 1, maxAttempts: 5 }, db());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: world.client.email, subject: "Votre compte Recours a été supprimé" });
    expect(sent[0]!.text).toContain(`supprimé le ${deleted.variables.date}, à votre demande`);
    for (const word of sensitive) expect(sent[0]!.text, word).not.toContain(word);
  });

  it("staff cannot delete their own account here (403, French message)", async () => {
    const lawyer = await seedPerson("lawyer", "Lise");
    const result = await deleteMyAccount(lawyer, { password: STRONG_PASSWORD, confirmation: "oui" });
    expect(result).toMatchObject({ ok: false, status: 403, formError: accountDeletionMessages.staffAccount });
  });

  it("deletion while an upload is in progress: the upload is refused (410) and leaves no object and no row", async () => {
    const client = await seedPerson("user", "Paule");
    const form = new FormData();
    form.set("fichier", new Blob([new Uint8Array(await pdfFile({ marker: "téléversement" }))], { type: "application/pdf" }), "releve.pdf");
    const encoded = new Response(form);
    const bytes = Buffer.from(await encoded.arrayBuffer());
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.subarray(0, 200));
        await released;
        controller.enqueue(bytes.subarray(200));
        controller.close();
      },
    });
    const request = new Request("http://localhost/verify-identity/envoi", {
      method: "POST",
      headers: { "content-type": encoded.headers.get("content-type")! },
      body,
      duplex: "half",
    } as RequestInit);
    const upload = receiveUpload(request, { ownerId: client.userId, fileFields: { fichier: 1 }, storage: files });
    const refused = upload.then(
      () => null,
      (error: unknown) => error,
    );
    // The account is deleted while the file is still arriving.
    expect((await deleteMyAccount(client, { password: STRONG_PASSWORD, confirmation: "oui" })).ok).toBe(true);
    release();
    const error = await refused;
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).status).toBe(410);
    expect((error as UploadError).message).toBe("Votre compte a été supprimé\u202f: ce fichier n'a pas été enregistré.");
    expect(await db().selectFrom("stored_files").select("id").where("owner_id", "=", client.userId).execute()).toEqual([]);
    expect(await store.count()).toBe(0);
  });

  it("a retention purge killed halfway and run again: no orphan object, nothing deleted or counted twice", async () => {
    const world = await seedClientWorld("submitted");
    const mine = [...world.files, world.lawyerFileId];
    const myObjects = new Set(await objectNames(mine));
    expect((await deleteMyAccount(world.client, { password: STRONG_PASSWORD, confirmation: "oui" })).ok).toBe(true);
    let deletes = 0;
    // Earlier tests' purged cases are swept in the same run (their objects live in stores already closed).
    const failing: ObjectStore = {
      ...store.store,
      async delete(name) {
        if (myObjects.has(name)) deletes += 1;
        if (deletes === 2) throw new Error("stockage injoignable");
        await store.store.delete(name);
      },
    };
    const later = new Date(Date.now() + (CLOSED_CASE_RETENTION_DAYS + 1) * DAY);
    await expect(runRetention(db(), testFileStorage(failing), retention(later))).rejects.toThrow("stockage injoignable");
    // Killed after one object: every object left in the store still has its marked row, so none is orphaned.
    const left = await db().selectFrom("stored_files").select(["object_name", "deletion_requested_at"]).where("id", "in", mine).execute();
    expect(left.length).toBe(2);
    expect(left.every((row) => row.deletion_requested_at !== null)).toBe(true);
    const objects: string[] = [];
    for await (const object of store.store.list()) objects.push(object.name);
    expect(objects.sort()).toEqual(left.map((row) => row.object_name).sort());
    // The case was purged by the first run: the second does not purge it again, it finishes the files.
    const second = await runRetention(db(), files, retention(later));
    expect(second.closedCasesPurged).toBe(0);
    expect(second.filesDeleted).toBeGreaterThanOrEqual(2);
    expect(await store.count()).toBe(0);
    expect(await db().selectFrom("stored_files").select("id").where("id", "in", mine).execute()).toEqual([]);
    expect(await db().selectFrom("profiles").select("id").where("id", "=", world.client.userId).execute()).toEqual([]);
    expect(await runRetention(db(), files, retention(later))).toMatchObject({ filesDeleted: 0, closedCasesPurged: 0, deletedAccountsRemoved: 0 });
  });

  it("inactive accounts flagged by retention are deleted the same way, once", async () => {
    const client = await seedPerson("user", "Ines");
    const file = await putFile(client.userId, "justificatif");
    const now = new Date();
    await db()
      .insertInto("account_inactivity")
      .values({ user_id: client.userId, last_active_at: new Date(now.getTime() - 1200 * DAY), warned_at: new Date(now.getTime() - 31 * DAY), deletion_due_at: new Date(now.getTime() - DAY) })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ warned_at: new Date(now.getTime() - 31 * DAY), deletion_due_at: new Date(now.getTime() - DAY) }))
      .execute();
    const counts = await runRetention(db(), files, retention(now));
    expect(counts.inactiveAccountsFlagged).toBeGreaterThanOrEqual(1);
    expect(counts.inactiveAccountsDeleted).toBeGreaterThanOrEqual(1);
    // No case to keep: the tombstone goes in the same run, once its file is deleted.
    expect(await db().selectFrom("profiles").select("id").where("id", "=", client.userId).execute()).toEqual([]);
    await expect(files.find(db(), file.id)).rejects.toThrow();
    const request = await db().selectFrom("account_deletion_requests").selectAll().where("user_id", "=", client.userId).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ origin: "inactivity", status: "done", files_deleted: 1 });
    const receipts = await receiptsTo(client.email);
    expect(receipts.map((p) => [p.template, p.variables.motif])).toEqual([["suppression-compte-effectuee", expect.stringContaining("faute de connexion")]]);
    expect(request.purged_at).not.toBeNull();
    expect(await runRetention(db(), files, retention(now))).toMatchObject({ inactiveAccountsDeleted: 0, deletedAccountsRemoved: 0 });
  });

  it("the page's explanation takes its durations from the retention rules", () => {
    const rules = new Map(retentionRules().map((rule) => [rule.key, rule]));
    const explanation = deletionExplanation();
    expect(explanation.kept[0]!.duration).toBe(rules.get("closed-cases")!.duration);
    // Issue 30: the signed fee agreements are kept with the legal file, as long.
    expect(explanation.kept[1]!.data).toContain("conventions d'honoraires signées et leurs preuves de signature");
    expect(explanation.kept[1]!.duration).toBe(rules.get("closed-cases")!.duration);
    expect(explanation.kept[2]!.duration).toBe(rules.get("accounting")!.duration);
  });
});

import { randomUUID } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileStorage } from "~/modules/files/files.server";
import {
  assertMayViewFile,
  downloadFile,
  completeTutorial,
  reviewDocumentGroup,
  reviewQueue,
  submitIdentityStep,
  verificationFor,
} from "~/modules/identity/identity.server";
import { identityMessages, OTHER_REASON, REJECTION_REASONS, reviewDecisionSchema, reviewMessages, reviewQuerySchema } from "~/modules/identity/identity.schema";
import { uploadMessages } from "~/modules/files/upload-messages";
import { ForbiddenError, NotFoundError, type UserActor } from "~/platform/actor";
import type { Role } from "~/platform/database-schema";
import { writeProfileFields } from "~/modules/profile/sensitive-fields.server";
import { db, runtime } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";
import { jpegFile, pdfFile, phpScript } from "../support/upload-fixtures";

async function person(role: Role, name: string, completed = true): Promise<UserActor> {
  const { userId, email } = await seedAccount(role, { firstName: name, lastName: `Nom${name}` });
  if (completed) {
    await db()
      .updateTable("profiles")
      .set({ profile_completed: true, address: "12 rue des Lilas", postal_code: "69003", city: "Lyon" })
      .where("id", "=", userId)
      .execute();
    // Sealed as the profile form stores it (decision 0043): the review console opens it for the admin.
    await writeProfileFields(db(), runtime().keyring, userId, { birthDate: "1958-04-12", nif: null });
  }
  return {
    kind: "user",
    userId,
    sessionId: "session-de-test",
    email,
    role,
    firstName: name,
    lastName: `Nom${name}`,
    clientAddress: "203.0.113.7",
    secondFactor: role === "user" ? "not-enrolled" : "verified",
  };
}

interface Part {
  field: string;
  name: string;
  bytes: Buffer;
}

function uploadRequest(fields: Record<string, string>, parts: Part[]): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const part of parts) form.append(part.field, new Blob([new Uint8Array(part.bytes)]), part.name);
  return new Request("http://localhost/verify-identity/2", { method: "POST", body: form });
}

describe.each(testEngines())("identity verification on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let storage: FileStorage;
  let photo: Buffer;
  let pdf: Buffer;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    storage = testFileStorage(store.store);
    photo = await jpegFile();
    pdf = await pdfFile();
  });
  afterAll(async () => {
    await store?.close();
    await stop?.();
  });

  async function counts() {
    const [documents, files] = await Promise.all([
      db().selectFrom("identity_verification_documents").select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow(),
      db().selectFrom("stored_files").select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow(),
    ]);
    return { documents: Number(documents.n), files: Number(files.n), objects: await store.count() };
  }

  const cniParts = (): Part[] => [
    { field: "recto", name: "cni-recto.jpg", bytes: photo },
    { field: "verso", name: "cni-verso.jpg", bytes: photo },
  ];

  async function submitAll(actor: UserActor) {
    await completeTutorial(actor);
    expect(await submitIdentityStep(actor, 2, uploadRequest({ documentType: "cni" }, cniParts()), { storage })).toMatchObject({ ok: true, nextStep: 3 });
    expect(
      await submitIdentityStep(actor, 3, uploadRequest({ documentType: "passeport" }, [{ field: "recto", name: "passeport.jpg", bytes: photo }]), { storage }),
    ).toMatchObject({ ok: true, message: "Seconde pièce d'identité envoyée avec succès\u202f!", nextStep: 4 });
    expect(
      await submitIdentityStep(actor, 4, uploadRequest({ proofType: "facture_electricite" }, [{ field: "document", name: "facture.pdf", bytes: pdf }]), { storage }),
    ).toMatchObject({ ok: true, message: "Justificatif de domicile envoyé avec succès\u202f!", nextStep: 5 });
  }

  async function groupOf(admin: UserActor, userEmail: string, step: number) {
    const page = await reviewQueue(admin, reviewQuerySchema.parse({ q: userEmail }));
    const group = page.groups.find((candidate) => candidate.stepNumber === step);
    if (!group) throw new Error(`pas de groupe pour l'étape ${step}`);
    return group;
  }

  it("opens a fresh verification on step 1, with a status row created", async () => {
    const user = await person("user", "Alice");
    const view = await verificationFor(user);
    expect(view).toMatchObject({ identity: "unverified", openStep: 1, currentStep: 1, progress: 0, lowestRejectedStep: null, step2Type: null });
    expect(view.reachable).toEqual({ 1: true, 2: false, 3: false, 4: false, 5: false });
    await completeTutorial(user);
    const after = await verificationFor(user);
    expect(after).toMatchObject({ openStep: 2, currentStep: 2, progress: 20 });
    expect(after.reachable[2]).toBe(true);
    expect(after.reachable[3]).toBe(false);
  });

  it("records the five steps: pending documents linked to stored files, steps completed, status 'completed'", async () => {
    const user = await person("user", "Bruno");
    await submitAll(user);
    const view = await verificationFor(user);
    expect(view).toMatchObject({ identity: "pending", openStep: 5, currentStep: 5, overallStatus: "completed", progress: 80, step2Type: "cni" });
    expect(view.stepStates).toEqual({ 2: "pending", 3: "pending", 4: "pending" });
    expect(view.documents[2].map((d) => d.documentSide).sort()).toEqual(["recto", "verso"]);
    expect(view.documents[3][0]).toMatchObject({ documentType: "passeport", documentSide: "single" });
    expect(view.documents[4][0]).toMatchObject({ documentType: "proof_of_address", proofType: "facture_electricite", mediaType: "application/pdf" });
    const rows = await db()
      .selectFrom("identity_verification_documents as d")
      .innerJoin("stored_files as f", "f.id", "d.stored_file_id")
      .select(["d.file_path", "f.id", "f.owner_id", "d.file_name", "f.original_name"])
      .where("d.user_id", "=", user.userId)
      .execute();
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toMatchObject({ file_path: row.id, owner_id: user.userId, file_name: row.original_name });
    const status = await db().selectFrom("identity_verification_status").selectAll().where("user_id", "=", user.userId).executeTakeFirstOrThrow();
    expect(status.completed_at).not.toBeNull();
  });

  it("refuses bad step forms with the spec's French messages and leaves nothing behind", async () => {
    const user = await person("user", "Chloé");
    // Step 2 before the tutorial.
    let before = await counts();
    expect(await submitIdentityStep(user, 2, uploadRequest({ documentType: "cni" }, cniParts()), { storage })).toMatchObject({
      ok: false,
      status: 409,
      message: identityMessages.stepNotReachable,
    });
    expect(await counts()).toEqual(before);
    await completeTutorial(user);
    before = await counts();
    // One side missing.
    expect(
      await submitIdentityStep(user, 2, uploadRequest({ documentType: "cni" }, [{ field: "recto", name: "r.jpg", bytes: photo }]), { storage }),
    ).toMatchObject({ ok: false, status: 422, message: identityMessages.missingVerso, field: "verso" });
    expect(
      await submitIdentityStep(user, 2, uploadRequest({ documentType: "cni" }, [{ field: "verso", name: "v.jpg", bytes: photo }]), { storage }),
    ).toMatchObject({ ok: false, status: 422, message: identityMessages.missingRecto, field: "recto" });
    expect(await submitIdentityStep(user, 2, uploadRequest({ documentType: "cni" }, []), { storage })).toMatchObject({
      ok: false,
      message: "Veuillez envoyer tous les côtés du document requis",
      field: "recto",
    });
    // No type.
    expect(await submitIdentityStep(user, 2, uploadRequest({}, cniParts()), { storage })).toMatchObject({ ok: false, message: identityMessages.chooseType });
    // A passport has one page.
    expect(await submitIdentityStep(user, 2, uploadRequest({ documentType: "passeport" }, cniParts()), { storage })).toMatchObject({
      ok: false,
      message: identityMessages.passportOnePage,
    });
    // A PHP script renamed .jpg.
    expect(
      await submitIdentityStep(user, 2, uploadRequest({ documentType: "cni" }, [
        { field: "recto", name: "photo.jpg", bytes: phpScript },
        { field: "verso", name: "v.jpg", bytes: photo },
      ]), { storage }),
    ).toMatchObject({ ok: false, status: 415, message: uploadMessages.wrongType });
    expect(await counts()).toEqual(before);
    // Step 3 may not repeat step 2's type.
    expect(await submitIdentityStep(user, 2, uploadRequest({ documentType: "cni" }, cniParts()), { storage })).toMatchObject({ ok: true });
    before = await counts();
    expect(await submitIdentityStep(user, 3, uploadRequest({ documentType: "cni" }, cniParts()), { storage })).toMatchObject({
      ok: false,
      message: identityMessages.sameTypeAsStep2,
    });
    // Step 4 needs a proof type from the list.
    expect(
      await submitIdentityStep(user, 4, uploadRequest({ proofType: "quittance" }, [{ field: "document", name: "f.pdf", bytes: pdf }]), { storage }),
    ).toMatchObject({ ok: false, status: 409 });
    expect(await counts()).toEqual(before);
  });

  it("a double submission with the same key stores one set", async () => {
    const user = await person("user", "Denis");
    await completeTutorial(user);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      submitIdentityStep(user, 2, uploadRequest({ documentType: "cni", submissionId: key }, cniParts()), { storage }),
      submitIdentityStep(user, 2, uploadRequest({ documentType: "cni", submissionId: key }, cniParts()), { storage }),
    ]);
    expect([a.ok, b.ok]).toEqual([true, true]);
    const rows = await db().selectFrom("identity_verification_documents").select("id").where("user_id", "=", user.userId).execute();
    expect(rows).toHaveLength(2);
    const files = await db().selectFrom("stored_files").select("id").where("owner_id", "=", user.userId).execute();
    expect(files).toHaveLength(2);
  });

  it("review: reject with a reason, person sees it and resubmits, full approval verifies the identity in one go", async () => {
    const admin = await person("admin", "Admin");
    const user = await person("user", "Emma");
    await submitAll(user);

    const step2 = await groupOf(admin, user.email, 2);
    expect(step2).toMatchObject({ status: "pending", documentType: "cni", firstName: "Emma", birthDate: "1958-04-12", city: "Lyon", ownDocuments: false });
    expect(step2.documents).toHaveLength(2);
    expect(step2.documents[0]!.size).toMatch(/^\d+(,\d{2})?\u00a0Mo$/);

    // A reason is required.
    expect(reviewDecisionSchema.safeParse({ decision: "reject", documentId: step2.groupId, reason: "" }).error?.issues[0]?.message).toBe(
      reviewMessages.reasonRequired,
    );
    expect(reviewDecisionSchema.safeParse({ decision: "reject", documentId: step2.groupId, reason: OTHER_REASON, otherReason: " " }).success).toBe(false);
    expect(reviewDecisionSchema.safeParse({ decision: "reject", documentId: step2.groupId, reason: "n'importe quoi" }).success).toBe(false);
    const typed = reviewDecisionSchema.parse({ decision: "reject", documentId: step2.groupId, reason: OTHER_REASON, otherReason: "Nom illisible" });
    expect(typed).toMatchObject({ reason: "Nom illisible" });

    const rejected = await reviewDocumentGroup(admin, reviewDecisionSchema.parse({ decision: "reject", documentId: step2.groupId, reason: REJECTION_REASONS[1] }));
    expect(rejected).toMatchObject({ ok: true, outcome: "rejected", message: "Document rejeté" });
    expect(await reviewDocumentGroup(admin, { decision: "approve", documentId: step2.groupId })).toMatchObject({ ok: false, status: 409 });

    let view = await verificationFor(user);
    expect(view).toMatchObject({ identity: "rejected", openStep: 2, lowestRejectedStep: 2, overallStatus: "rejected", progress: 60 });
    expect(view.rejected.map((d) => [d.documentSide, d.rejectionReason])).toEqual([
      ["recto", REJECTION_REASONS[1]],
      ["verso", REJECTION_REASONS[1]],
    ]);

    const emails = await db().selectFrom("jobs").select(["payload"]).where("kind", "=", "email").execute();
    const rejectionEmail = emails.map((job) => job.payload as { to: string; template: string; variables: Record<string, string> }).find((p) => p.to === user.email);
    expect(rejectionEmail).toMatchObject({ template: "document-rejete", variables: { raisons: REJECTION_REASONS[1], document: "Carte d'identité (recto), Carte d'identité (verso)" } });

    // Resubmission: the rejected documents become obsolete, the new ones pending; steps 3 and 4 are sent, so the
    // person goes on to the status step, not to step 3's form.
    expect(await submitIdentityStep(user, 2, uploadRequest({ documentType: "permis" }, cniParts()), { storage })).toMatchObject({ ok: true, nextStep: 5 });
    view = await verificationFor(user);
    expect(view).toMatchObject({ identity: "pending", openStep: 5, overallStatus: "completed", rejected: [] });
    const obsolete = await db().selectFrom("identity_verification_documents").select("status").where("user_id", "=", user.userId).where("obsolete", "=", true).execute();
    expect(obsolete.map((row) => row.status)).toEqual(["rejected", "rejected"]);

    for (const step of [2, 3]) {
      const group = await groupOf(admin, user.email, step);
      expect(await reviewDocumentGroup(admin, { decision: "approve", documentId: group.groupId })).toMatchObject({ ok: true, identityVerified: false });
    }
    expect((await verificationFor(user)).identity).toBe("pending");
    const last = await groupOf(admin, user.email, 4);
    expect(await reviewDocumentGroup(admin, { decision: "approve", documentId: last.groupId })).toMatchObject({
      ok: true,
      identityVerified: true,
      message: "Document approuvé",
    });
    view = await verificationFor(user);
    expect(view).toMatchObject({ identity: "verified", identityVerified: true, overallStatus: "approved", currentStep: 5, progress: 100 });
    const verifiedEmail = await db().selectFrom("jobs").select("payload").where("kind", "=", "email").execute();
    expect(verifiedEmail.some((job) => (job.payload as { to: string; template: string }).to === user.email && (job.payload as { template: string }).template === "identite-verifiee")).toBe(true);

    const audit = await db().selectFrom("identity_review_audit").selectAll().where("subject_user_id", "=", user.userId).orderBy("id").execute();
    expect(audit.map((row) => [row.outcome, row.step_number, row.reason, row.reviewer_id, row.identity_verified])).toEqual([
      ["rejected", 2, REJECTION_REASONS[1], admin.userId, false],
      ["approved", 2, null, admin.userId, false],
      ["approved", 3, null, admin.userId, false],
      ["approved", 4, null, admin.userId, true],
    ]);
    // The staff journal has the same four decisions, in the review's transaction: statuses and reason, no file content.
    const journal = await db()
      .selectFrom("staff_audit_log")
      .selectAll()
      .where("actor_id", "=", admin.userId)
      .where("action", "like", "document.%")
      .orderBy("id")
      .execute();
    expect(journal.map((row) => [row.action, row.target_type, (row.after as { status: string }).status, (row.after as { reason: string | null }).reason])).toEqual([
      ["document.rejected", "document-group", "rejected", REJECTION_REASONS[1]],
      ["document.approved", "document-group", "approved", null],
      ["document.approved", "document-group", "approved", null],
      ["document.approved", "document-group", "approved", null],
    ]);
    expect(journal.every((row) => (row.before as { status: string }).status === "pending")).toBe(true);
    expect((journal[3]!.after as { identityVerified: boolean; subjectUserId: string })).toMatchObject({ identityVerified: true, subjectUserId: user.userId });
    // Append-only, even for the application.
    await expect(db().updateTable("identity_review_audit").set({ reason: "effacé" }).where("subject_user_id", "=", user.userId).execute()).rejects.toThrow();
    await expect(db().deleteFrom("identity_review_audit").where("subject_user_id", "=", user.userId).execute()).rejects.toThrow();

    // A verified person cannot upload again.
    expect(await submitIdentityStep(user, 2, uploadRequest({ documentType: "cni" }, cniParts()), { storage })).toMatchObject({
      ok: false,
      message: identityMessages.alreadyVerified,
    });
  });

  it("review console: one read of each person's birth date journaled per page, not again within 30 minutes, never one's own", async () => {
    const admin = await person("admin", "Octave");
    const people = [await person("user", "Pénélope"), await person("user", "Quentin")];
    for (const someone of [...people, admin]) await completeTutorial(someone);
    for (const someone of people) await submitIdentityStep(someone, 2, uploadRequest({ documentType: "cni" }, cniParts()), { storage });
    await submitIdentityStep(admin, 2, uploadRequest({ documentType: "cni" }, cniParts()), { storage });
    const reads = () =>
      db()
        .selectFrom("staff_audit_log")
        .select(["target_id", sql<string>`after ->> 'subjectUserId'`.as("subject"), sql<string>`after ->> 'screen'`.as("screen")])
        .where("actor_id", "=", admin.userId)
        .where("action", "=", "profile.sensitive-viewed")
        .orderBy("target_id")
        .execute();
    const shown = await reviewQueue(admin, reviewQuerySchema.parse({}));
    const named = [...new Set(shown.groups.filter((group) => group.birthDate && group.userId !== admin.userId).map((group) => group.userId))].sort();
    expect(named).toEqual(expect.arrayContaining(people.map((someone) => someone.userId)));
    expect(await reads()).toEqual(named.map((userId) => ({ target_id: userId, subject: userId, screen: "identity-review" })));
    // The same page again (a loader after an action), then a search naming one of them: nothing new.
    await reviewQueue(admin, reviewQuerySchema.parse({}));
    await reviewQueue(admin, reviewQuerySchema.parse({ q: people[0]!.email }));
    expect(await reads()).toHaveLength(named.length);
  });

  it("review console: pending first then newest, search (LIKE-escaped), status filter, pagination", async () => {
    const admin = await person("admin", "Gaspard");
    const a = await person("user", "Héloïse");
    const b = await person("user", "Igor_50%");
    await submitAll(a);
    await completeTutorial(b);
    await submitIdentityStep(b, 2, uploadRequest({ documentType: "cni" }, cniParts()), { storage });
    const aStep4 = await groupOf(admin, a.email, 4);
    await reviewDocumentGroup(admin, { decision: "approve", documentId: aStep4.groupId });

    const all = await reviewQueue(admin, reviewQuerySchema.parse({}));
    const statuses = all.groups.map((group) => group.status);
    expect(statuses.indexOf("approved")).toBeGreaterThan(statuses.lastIndexOf("pending"));
    const pendingTimes = all.groups.filter((g) => g.status === "pending").map((g) => g.uploadedAt);
    expect([...pendingTimes].sort().reverse()).toEqual(pendingTimes);
    expect(all.pendingGroups).toBeGreaterThan(0);

    expect((await reviewQueue(admin, reviewQuerySchema.parse({ q: "Igor_50%" }))).groups.map((g) => g.userId)).toEqual([b.userId]);
    expect((await reviewQueue(admin, reviewQuerySchema.parse({ q: "Igor%50" }))).groups).toEqual([]);
    expect((await reviewQueue(admin, reviewQuerySchema.parse({ q: "_" }))).groups.every((g) => g.firstName.includes("_") || g.lastName.includes("_") || g.email.includes("_") || g.documents.some((d) => d.fileName.includes("_")))).toBe(true);
    expect((await reviewQueue(admin, reviewQuerySchema.parse({ q: "passeport.jpg" }))).groups.every((g) => g.documentType === "passeport")).toBe(true);
    const approved = await reviewQueue(admin, reviewQuerySchema.parse({ status: "approved", q: a.email }));
    expect(approved.groups.map((g) => g.stepNumber)).toEqual([4]);
    // A whole address, any case: its person by the exact index; one nobody has goes on to the contains search.
    const byAddress = await reviewQueue(admin, reviewQuerySchema.parse({ q: a.email.toUpperCase() }));
    expect(new Set(byAddress.groups.map((g) => g.userId))).toEqual(new Set([a.userId]));
    expect(byAddress.total).toBe(byAddress.groups.length);
    const inside = await reviewQueue(admin, reviewQuerySchema.parse({ q: a.email.slice(1) }));
    expect(inside.groups.map((g) => g.groupId).sort()).toEqual(byAddress.groups.map((g) => g.groupId).sort());
    // Keyset pages: each group once, in the list's order; a forged cursor gives the first page.
    expect(all.firstPage).toBe(true);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const current: Awaited<ReturnType<typeof reviewQueue>> = await reviewQueue(admin, reviewQuerySchema.parse(cursor ? { after: cursor } : {}));
      expect(current.total).toBe(all.total);
      seen.push(...current.groups.map((g) => g.groupId));
      cursor = current.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(all.total);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, all.groups.length)).toEqual(all.groups.map((g) => g.groupId));
    expect((await reviewQueue(admin, reviewQuerySchema.parse({ after: "pas-un-curseur" }))).groups.map((g) => g.groupId)).toEqual(all.groups.map((g) => g.groupId));
  });

  it("review groups are kept by the database: one row per person, type, step and Paris day; keyset pages past 20 groups", async () => {
    const admin = await person("admin", "Rose");
    const many = await person("user", "Serge");
    // 45 groups: one two-sided card per day (Paris days: 23:30 UTC in winter is already the next day there).
    await sql`INSERT INTO identity_verification_documents
        (user_id, step_number, document_type, document_side, file_name, file_path, file_size, mime_type, status, uploaded_at)
      SELECT ${many.userId}, 2, 'cni', side, side || '-' || i || '.jpg', 'test/' || ${many.userId} || '/' || i || side, 2048, 'image/jpeg', 'pending',
        TIMESTAMPTZ '2026-01-10 23:30:00+00' - (i || ' days')::interval
      FROM generate_series(1, 45) AS i, (VALUES ('recto'), ('verso')) AS s(side)`.execute(db());
    const groups = await db().selectFrom("identity_document_groups").selectAll().where("user_id", "=", many.userId).orderBy("group_day", "desc").execute();
    expect(groups).toHaveLength(45);
    expect(groups[0]).toMatchObject({ group_day: "2026-01-10", status: "pending", pending: true, file_names: expect.stringContaining("recto-1.jpg") });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current: Awaited<ReturnType<typeof reviewQueue>> = await reviewQueue(admin, reviewQuerySchema.parse({ q: many.email, ...(cursor ? { after: cursor } : {}) }));
      expect(current.total).toBe(45);
      expect(current.groups.every((g) => g.documents.length === 2)).toBe(true);
      seen.push(...current.groups.map((g) => g.day));
      cursor = current.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(groups.map((g) => g.group_day));

    // A review changes the group's row in the same transaction; a resubmission (obsolete) removes it.
    const newest = (await reviewQueue(admin, reviewQuerySchema.parse({ q: many.email }))).groups[0]!;
    await reviewDocumentGroup(admin, { decision: "reject", documentId: newest.groupId, reason: REJECTION_REASONS[0] });
    expect(await db().selectFrom("identity_document_groups").select(["status", "pending"]).where("anchor_id", "=", newest.groupId).executeTakeFirst()).toEqual({
      status: "rejected",
      pending: false,
    });
    await db().updateTable("identity_verification_documents").set({ obsolete: true }).where("user_id", "=", many.userId).where("status", "=", "rejected").execute();
    expect(await db().selectFrom("identity_document_groups").select("anchor_id").where("anchor_id", "=", newest.groupId).executeTakeFirst()).toBeUndefined();
  });

  it("permissions: lawyers and users are refused the console, an admin cannot review their own documents, files are for their owner and admins", async () => {
    const admin = await person("admin", "Jules");
    const lawyer = await person("lawyer", "Karim");
    const user = await person("user", "Léa");
    const other = await person("user", "Marc");
    await submitAll(user);
    const group = await groupOf(admin, user.email, 2);

    await expect(reviewQueue(lawyer, reviewQuerySchema.parse({}))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(reviewQueue(user, reviewQuerySchema.parse({}))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(reviewDocumentGroup(lawyer, { decision: "approve", documentId: group.groupId })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(reviewDocumentGroup(user, { decision: "approve", documentId: group.groupId })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(reviewDocumentGroup(admin, { decision: "approve", documentId: randomUUID() })).rejects.toBeInstanceOf(NotFoundError);
    // An unverified staff session (no second factor) is refused too.
    await expect(reviewQueue({ ...admin, secondFactor: "not-enrolled" }, reviewQuerySchema.parse({}))).rejects.toBeInstanceOf(ForbiddenError);

    // The admin's own documents.
    await completeTutorial(admin);
    await submitIdentityStep(admin, 2, uploadRequest({ documentType: "cni" }, cniParts()), { storage });
    const own = await groupOf(admin, admin.email, 2);
    expect(own.ownDocuments).toBe(true);
    expect(await reviewDocumentGroup(admin, { decision: "approve", documentId: own.groupId })).toEqual({ ok: false, status: 403, message: reviewMessages.ownDocuments });
    const still = await db().selectFrom("identity_verification_documents").select("status").where("user_id", "=", admin.userId).execute();
    expect(still.every((row) => row.status === "pending")).toBe(true);

    const fileId = group.documents[0]!.fileId!;
    await expect(assertMayViewFile(user, fileId)).resolves.toBeUndefined();
    await expect(assertMayViewFile(admin, fileId)).resolves.toBeUndefined();
    await expect(assertMayViewFile(other, fileId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(assertMayViewFile(lawyer, fileId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(assertMayViewFile(other, randomUUID())).rejects.toBeInstanceOf(NotFoundError);
  });
  it("download links: owner and admin get a fresh 60 s link then the file; another person, a tampered or expired link are refused", async () => {
    const admin = await person("admin", "Nadia");
    const lawyer = await person("lawyer", "Oscar");
    const user = await person("user", "Paul");
    const other = await person("user", "Quentin");
    await completeTutorial(user);
    await submitIdentityStep(user, 2, uploadRequest({ documentType: "passeport" }, [{ field: "recto", name: "passeport.jpg", bytes: photo }]), { storage });
    const fileId = (await verificationFor(user)).documents[2][0]!.fileId!;
    const anonymous = { kind: "anonymous", clientAddress: "203.0.113.9" } as const;

    for (const viewer of [user, admin]) {
      const first = await downloadFile(viewer, fileId, { exp: null, sig: null }, { storage });
      if (first.kind !== "redirect") throw new Error("redirection attendue");
      const url = new URL(first.location, "http://localhost");
      expect(url.pathname).toBe(`/fichiers/${fileId}`);
      const exp = url.searchParams.get("exp");
      const sig = url.searchParams.get("sig");
      expect(Number(exp) - Date.now() / 1000).toBeLessThanOrEqual(60);
      const served = await downloadFile(viewer, fileId, { exp, sig }, { storage });
      if (served.kind !== "file") throw new Error("fichier attendu");
      expect(served.file.media_type).toBe("image/jpeg");
      expect((await buffer(served.stream)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

      // The same link for anyone else, tampered, or expired.
      expect(await downloadFile(other, fileId, { exp, sig }, { storage })).toMatchObject({ kind: "refused", status: 403 });
      expect(await downloadFile(anonymous, fileId, { exp, sig }, { storage })).toMatchObject({ kind: "refused", status: 403 });
      const tampered = `${sig!.slice(0, -1)}${sig!.endsWith("A") ? "B" : "A"}`;
      expect(await downloadFile(viewer, fileId, { exp, sig: tampered }, { storage })).toMatchObject({ kind: "refused", status: 403 });
      expect(await downloadFile(viewer, fileId, { exp: String(Number(exp) + 1), sig }, { storage })).toMatchObject({ kind: "refused", status: 403 });
    }
    // The admin's opening of the document is in the staff journal; the owner's own views are not staff actions.
    const views = await db().selectFrom("staff_audit_log").selectAll().where("action", "=", "document.viewed").where("target_id", "=", fileId).execute();
    expect(views.map((row) => [row.actor_id, row.target_type, (row.after as { status: string; subjectUserId: string }).status, (row.after as { subjectUserId: string }).subjectUserId])).toEqual([
      [admin.userId, "stored-file", "pending", user.userId],
    ]);
    const expired = storage.downloadLink(fileId, user.userId, Date.now() - 61_000);
    const expiredUrl = new URL(expired, "http://localhost");
    expect(
      await downloadFile(user, fileId, { exp: expiredUrl.searchParams.get("exp"), sig: expiredUrl.searchParams.get("sig") }, { storage }),
    ).toMatchObject({ kind: "refused", status: 403, message: "Ce lien a expiré. Rouvrez le document depuis votre espace." });

    // No link at all for another person or a lawyer: the file does not exist for them.
    expect(await downloadFile(other, fileId, { exp: null, sig: null }, { storage })).toMatchObject({ kind: "refused", status: 404 });
    expect(await downloadFile(lawyer, fileId, { exp: null, sig: null }, { storage })).toMatchObject({ kind: "refused", status: 404 });
    // A valid link of theirs for someone else's file (made by hand) still fails the access check.
    const forged = new URL(storage.downloadLink(fileId, other.userId), "http://localhost");
    expect(
      await downloadFile(other, fileId, { exp: forged.searchParams.get("exp"), sig: forged.searchParams.get("sig") }, { storage }),
    ).toMatchObject({ kind: "refused", status: 404 });
    expect(await downloadFile(user, "pas-un-id", { exp: null, sig: null }, { storage })).toMatchObject({ kind: "refused", status: 404 });
  });
});

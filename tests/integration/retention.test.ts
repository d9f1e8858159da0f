import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { FileStorage } from "~/modules/files/files.server";
import type { ObjectStore } from "~/modules/files/object-store.server";
import { createJobWorker } from "~/modules/jobs/jobs.server";
import { EMAIL_BODY_RETENTION_DAYS, INACTIVE_ACCOUNT_RETENTION_DAYS, INACTIVE_ACCOUNT_WARNING_DAYS } from "~/modules/privacy/retention";
import {
  createRetentionHandler,
  ensureRetentionScheduled,
  RETENTION_JOB,
  runRetention,
  warnInactiveAccounts,
} from "~/modules/privacy/retention.server";
import type { DocumentStatus } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { seedActor } from "../support/cases";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";

const DAY = 24 * 3600 * 1000;
const WINDOW_SECONDS = 900;

describe.each(testEngines())("retention jobs on %s", (engine) => {
  let stopRuntime: () => Promise<void>;
  let store: TestStore;
  let files: FileStorage;
  let clientId: string;
  let reviewerId: string;

  beforeAll(async () => {
    ({ stop: stopRuntime } = await startTestRuntime(engine));
    clientId = (await seedActor("user", "Claire")).userId;
    reviewerId = (await seedActor("admin", "Rémi")).userId;
  });
  afterAll(async () => {
    await store?.close();
    await stopRuntime?.();
  });
  beforeEach(async () => {
    await store?.close();
    store = await startTestStore("filesystem");
    files = testFileStorage(store.store);
    await db().deleteFrom("identity_verification_documents").execute();
    await db().deleteFrom("stored_files").execute();
    await db().deleteFrom("email_logs").execute();
    await db().deleteFrom("jobs").execute();
  });

  let counter = 0;
  async function addDocument(status: DocumentStatus, decidedAt: Date | null, options: { obsolete?: boolean } = {}) {
    counter += 1;
    const file = await files.put({
      ownerId: clientId,
      originalName: `cni-${counter}.jpg`,
      mediaType: "image/jpeg",
      body: Readable.from([Buffer.from(`pièce ${counter}`)]),
    });
    const row = await db()
      .insertInto("identity_verification_documents")
      .values({
        user_id: clientId,
        step_number: 2,
        document_type: "cni",
        document_side: "recto",
        file_name: file.original_name,
        file_path: file.id,
        file_size: file.size_bytes,
        mime_type: "image/jpeg",
        status,
        obsolete: options.obsolete ?? false,
        rejection_reason: status === "rejected" ? "Photo floue" : null,
        reviewed_at: decidedAt,
        reviewed_by: decidedAt ? reviewerId : null,
        stored_file_id: file.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, fileId: file.id };
  }

  const options = (now: Date) => ({ now, identityDocumentDays: 30, attemptWindowSeconds: WINDOW_SECONDS });
  const documentRow = (id: string) =>
    db().selectFrom("identity_verification_documents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("deletes identity files 30 days after the decision, keeps the outcome and reviewer, keeps newer and pending ones", async () => {
    const now = new Date();
    const approvedOld = await addDocument("approved", new Date(now.getTime() - 31 * DAY));
    const rejectedOld = await addDocument("rejected", new Date(now.getTime() - 45 * DAY));
    const approvedRecent = await addDocument("approved", new Date(now.getTime() - 29 * DAY));
    const pending = await addDocument("pending", null);
    const replacedUnreviewed = await addDocument("pending", null, { obsolete: true });
    expect(await store.count()).toBe(5);

    const infos = vi.spyOn(logger, "info");
    const counts = await runRetention(db(), files, options(now));
    expect(counts).toMatchObject({ identityDocumentsDetached: 2, filesDeleted: 2 });
    expect(infos).toHaveBeenCalledWith(expect.objectContaining({ identityDocumentsDetached: 2, filesDeleted: 2 }), "conservation des données appliquée");
    infos.mockRestore();

    expect(await store.count()).toBe(3);
    const kept = await db().selectFrom("stored_files").select("id").execute();
    expect(kept.map((row) => row.id).sort()).toEqual([approvedRecent.fileId, pending.fileId, replacedUnreviewed.fileId].sort());

    const approved = await documentRow(approvedOld.id);
    expect(approved).toMatchObject({ status: "approved", reviewed_by: reviewerId, stored_file_id: null });
    expect(approved.reviewed_at).not.toBeNull();
    expect(approved.file_deleted_at).not.toBeNull();
    expect(await documentRow(rejectedOld.id)).toMatchObject({ status: "rejected", rejection_reason: "Photo floue", reviewed_by: reviewerId, stored_file_id: null });
    expect(await documentRow(approvedRecent.id)).toMatchObject({ stored_file_id: approvedRecent.fileId, file_deleted_at: null });
    await expect(files.find(db(), approvedOld.fileId)).rejects.toThrow();

    // A second run finds nothing left to do.
    expect(await runRetention(db(), files, options(now))).toMatchObject({ identityDocumentsDetached: 0, filesDeleted: 0 });
    expect(await store.count()).toBe(3);

    // Moving time on: the recent one's turn comes, then that of the document replaced before any review.
    const later = new Date(now.getTime() + 2 * DAY);
    expect(await runRetention(db(), files, options(later))).toMatchObject({ identityDocumentsDetached: 1, filesDeleted: 1 });
    expect(await store.count()).toBe(2);
    const muchLater = new Date(now.getTime() + 31 * DAY);
    expect(await runRetention(db(), files, options(muchLater))).toMatchObject({ identityDocumentsDetached: 1, filesDeleted: 1 });
    expect(await documentRow(replacedUnreviewed.id)).toMatchObject({ status: "pending", stored_file_id: null });
    // A document still waiting for its review is never touched.
    expect(await documentRow(pending.id)).toMatchObject({ stored_file_id: pending.fileId });
    expect(await store.count()).toBe(1);
  });

  it("a run whose storage fails midway leaves no orphan object and no double deletion when run again", async () => {
    const now = new Date();
    for (let i = 0; i < 4; i += 1) await addDocument("approved", new Date(now.getTime() - 60 * DAY));
    let deletes = 0;
    const failing: ObjectStore = {
      ...store.store,
      async delete(name) {
        deletes += 1;
        if (deletes === 3) throw new Error("stockage injoignable");
        await store.store.delete(name);
      },
    };
    const broken = testFileStorage(failing);
    await expect(runRetention(db(), broken, options(now))).rejects.toThrow("stockage injoignable");
    // Two files fully gone; the other two detached and marked, their objects still there but named by a row.
    expect(await store.count()).toBe(2);
    const marked = await db().selectFrom("stored_files").select(["object_name", "deletion_requested_at"]).execute();
    expect(marked).toHaveLength(2);
    expect(marked.every((row) => row.deletion_requested_at !== null)).toBe(true);
    const documents = await db().selectFrom("identity_verification_documents").select(["stored_file_id", "status", "reviewed_by"]).execute();
    expect(documents).toHaveLength(4);
    expect(documents.every((row) => row.stored_file_id === null && row.status === "approved" && row.reviewed_by === reviewerId)).toBe(true);

    // Killed after deleting an object but before its row: the next run must cope with the object being gone.
    await store.store.delete(marked[0]!.object_name);

    const counts = await runRetention(db(), files, options(now));
    expect(counts).toMatchObject({ identityDocumentsDetached: 0, filesDeleted: 2 });
    expect(await store.count()).toBe(0);
    expect(await db().selectFrom("stored_files").select("id").execute()).toHaveLength(0);
    expect(await runRetention(db(), files, options(now))).toMatchObject({ identityDocumentsDetached: 0, filesDeleted: 0 });
  });

  it("erases email bodies after a year and keeps the log line", async () => {
    const now = new Date();
    const insert = (daysAgo: number) =>
      db()
        .insertInto("email_logs")
        .values({ recipient_email: "claire@example.com", subject: "Votre dossier", body: "Bonjour Claire, votre dossier…", sent_at: new Date(now.getTime() - daysAgo * DAY) })
        .returning("id")
        .executeTakeFirstOrThrow();
    const old = await insert(EMAIL_BODY_RETENTION_DAYS + 1);
    const recent = await insert(EMAIL_BODY_RETENTION_DAYS - 1);
    expect((await runRetention(db(), files, options(now))).emailBodiesErased).toBe(1);
    const rows = await db().selectFrom("email_logs").select(["id", "body", "subject", "recipient_email", "body_deleted_at"]).execute();
    expect(rows.find((row) => row.id === old.id)).toMatchObject({ body: "", subject: "Votre dossier", recipient_email: "claire@example.com" });
    expect(rows.find((row) => row.id === old.id)!.body_deleted_at).not.toBeNull();
    expect(rows.find((row) => row.id === recent.id)).toMatchObject({ body: "Bonjour Claire, votre dossier…", body_deleted_at: null });
    expect((await runRetention(db(), files, options(now))).emailBodiesErased).toBe(0);
  });

  it("deletes expired sessions, verification tokens and finished rate-limit windows, keeps live ones", async () => {
    const now = new Date();
    const session = (expiresAt: Date) => ({
      id: randomUUID(),
      token: randomUUID(),
      userId: clientId,
      expiresAt,
      createdAt: now,
      updatedAt: now,
      ipAddress: null,
      userAgent: null,
    });
    const expired = session(new Date(now.getTime() - 1000));
    const live = session(new Date(now.getTime() + DAY));
    await db().insertInto("session").values([expired, live]).execute();
    const verification = (expiresAt: Date) => ({ id: randomUUID(), identifier: `reset-${randomUUID()}`, value: "x", expiresAt, createdAt: now, updatedAt: now });
    const oldToken = verification(new Date(now.getTime() - 1000));
    const liveToken = verification(new Date(now.getTime() + 3600 * 1000));
    await db().insertInto("verification").values([oldToken, liveToken]).execute();
    const staleAt = new Date(now.getTime() - (WINDOW_SECONDS + 60) * 1000);
    await db()
      .insertInto("auth_attempt_counters")
      .values([
        { key: `stale-${randomUUID()}`, window_started_at: staleAt, attempts: 3, last_attempt_at: staleAt },
        { key: `live-${randomUUID()}`, window_started_at: now, attempts: 1, last_attempt_at: now },
      ])
      .execute();

    await sql`INSERT INTO "rateLimit" (id, key, count, "lastRequest") VALUES
      (${randomUUID()}, ${`old-${randomUUID()}`}, 3, ${now.getTime() - 2 * 3600 * 1000}),
      (${randomUUID()}, ${`new-${randomUUID()}`}, 1, ${now.getTime()})`.execute(db());

    const counts = await runRetention(db(), files, options(now));
    expect(counts).toMatchObject({ sessionsDeleted: 1, verificationsDeleted: 1, attemptCountersDeleted: 2 });
    const limiter = await sql<{ key: string }>`SELECT key FROM "rateLimit"`.execute(db());
    expect(limiter.rows.map((row) => row.key.slice(0, 4))).toEqual(["new-"]);
    const sessions = await db().selectFrom("session").select("id").where("id", "in", [expired.id, live.id]).execute();
    expect(sessions.map((row) => row.id)).toEqual([live.id]);
    const tokens = await db().selectFrom("verification").select("id").where("id", "in", [oldToken.id, liveToken.id]).execute();
    expect(tokens.map((row) => row.id)).toEqual([liveToken.id]);
    const counters = await db().selectFrom("auth_attempt_counters").select("key").execute();
    expect(counters.some((row) => row.key.startsWith("live-"))).toBe(true);
    expect(counters.some((row) => row.key.startsWith("stale-"))).toBe(false);
    expect(await runRetention(db(), files, options(now))).toMatchObject({ sessionsDeleted: 0, verificationsDeleted: 0, attemptCountersDeleted: 0 });
  });

  it("warns a client inactive for 3 years once by email, flags the account when the date passes; a sign-in clears it", async () => {
    const sleeper = (await seedActor("user", "Simone")).userId;
    const returning = (await seedActor("user", "Paul")).userId;
    await db().deleteFrom("account_inactivity").execute();
    const base = new Date();
    const at = (days: number) => new Date(base.getTime() + days * DAY);
    const warningDay = INACTIVE_ACCOUNT_RETENTION_DAYS - 29;
    const emails = () =>
      db().selectFrom("jobs").select("payload").where("kind", "=", "email").execute()
        .then((rows) => rows.map((row) => row.payload as { to: string; template: string; variables: Record<string, string> }).filter((p) => p.template === "compte-inactif"));

    // A year on: nobody is warned; staff never are.
    expect((await runRetention(db(), files, options(at(365)))).inactiveAccountsWarned).toBe(0);
    const counts = await runRetention(db(), files, options(at(warningDay)));
    const warnedNow = await emails();
    expect(warnedNow.map((email) => email.to).sort()).toEqual(
      (await db().selectFrom("profiles").select("email").where("role", "=", "user").execute()).map((row) => row.email).sort(),
    );
    expect(counts.inactiveAccountsWarned).toBe(warnedNow.length);
    const simone = warnedNow.find((email) => email.variables.prenom === "Simone")!;
    expect(simone.variables.lien).toMatch(/\/connexion$/);
    expect(simone.variables.date_suppression).toMatch(/\d{4}$/);
    expect((await runRetention(db(), files, options(at(warningDay + 1)))).inactiveAccountsWarned).toBe(0);
    expect(await emails()).toHaveLength(warnedNow.length);

    // Paul signs in after the warning: the database clears it.
    await db()
      .insertInto("session")
      .values({ id: randomUUID(), token: randomUUID(), userId: returning, expiresAt: at(warningDay + 7), createdAt: at(warningDay + 1), updatedAt: at(warningDay + 1), ipAddress: null, userAgent: null })
      .execute();
    const later = await runRetention(db(), files, options(at(warningDay + 31)));
    expect(later.inactiveAccountsFlagged).toBe(warnedNow.length - 1);
    // Flagged, then deleted in the same run (decision 47); with no case to keep, nothing of the account is left.
    expect(later.inactiveAccountsDeleted).toBe(warnedNow.length - 1);
    expect(await db().selectFrom("profiles").select("id").where("id", "=", sleeper).execute()).toEqual([]);
    const rows = await db().selectFrom("account_inactivity").selectAll().where("user_id", "in", [sleeper, returning]).execute();
    expect(rows.find((row) => row.user_id === sleeper)).toBeUndefined();
    expect(rows.find((row) => row.user_id === returning)).toMatchObject({ warned_at: null, flagged_at: null });
    expect(await runRetention(db(), files, options(at(warningDay + 32)))).toMatchObject({ inactiveAccountsFlagged: 0, inactiveAccountsDeleted: 0 });
    // The earlier tests' client was deleted too: the next test gets a new one.
    clientId = (await seedActor("user", "Claire")).userId;
  });

  it("warns exactly the accounts the rule selects: the latest of creation, sign-in and case change before the cutoff, no case in progress", async () => {
    const base = new Date();
    const at = (days: number) => new Date(base.getTime() + days * DAY);
    // Run on the first day of the warning: the cutoff is one day after the accounts were created.
    const now = at(INACTIVE_ACCOUNT_RETENTION_DAYS - INACTIVE_ACCOUNT_WARNING_DAYS + 1);
    const person = async (name: string, role: "user" | "lawyer" = "user") => {
      const id = (await seedActor(role, name)).userId;
      await db().deleteFrom("account_inactivity").where("user_id", "=", id).execute();
      await db().updateTable("user").set({ createdAt: base }).where("id", "=", id).execute();
      return id;
    };
    const addCase = (userId: string, status: "draft" | "closed" | "in_progress" | "submitted", changedAt: Date) =>
      db().insertInto("cases").values({ user_id: userId, status, scam_type: "phishing", submitted_at: base, created_at: base, updated_at: changedAt }).execute();
    const signedIn = (userId: string, lastActiveAt: Date, warnedAt: Date | null = null) =>
      db()
        .insertInto("account_inactivity")
        .values({ user_id: userId, last_active_at: lastActiveAt, warned_at: warnedAt, deletion_due_at: warnedAt ? at(5000) : null })
        .execute();

    const idle = await person("Isidore");
    const draftOnly = await person("Denise");
    await addCase(draftOnly, "draft", base);
    const closedLongAgo = await person("Clotilde");
    await addCase(closedLongAgo, "closed", base);
    const oldSignIn = await person("Octave");
    await signedIn(oldSignIn, at(-10));
    const inProgress = await person("Prosper");
    await addCase(inProgress, "in_progress", base);
    const waiting = await person("Wanda");
    await addCase(waiting, "submitted", base);
    const recentCaseChange = await person("Rachel");
    await addCase(recentCaseChange, "closed", at(2));
    const recentSignIn = await person("Sacha");
    await signedIn(recentSignIn, at(2));
    const alreadyWarned = await person("Victor");
    await signedIn(alreadyWarned, at(-10), at(-1));
    const young = await person("Yvette");
    await db().updateTable("user").set({ createdAt: at(2) }).where("id", "=", young).execute();
    const deleted = await person("Damien");
    await db().updateTable("profiles").set({ deleted_at: base }).where("id", "=", deleted).execute();
    const lawyer = await person("Léon", "lawyer");
    const everyone = [idle, draftOnly, closedLongAgo, oldSignIn, inProgress, waiting, recentCaseChange, recentSignIn, alreadyWarned, young, deleted, lawyer];

    await warnInactiveAccounts(db(), now);
    const warned = await db()
      .selectFrom("account_inactivity")
      .select("user_id")
      .where("user_id", "in", everyone)
      .where("warned_at", "=", now)
      .execute();
    expect(warned.map((row) => row.user_id).sort()).toEqual([idle, draftOnly, closedLongAgo, oldSignIn].sort());
    const row = await db().selectFrom("account_inactivity").selectAll().where("user_id", "=", oldSignIn).executeTakeFirstOrThrow();
    expect(row.last_active_at.getTime()).toBe(at(-10).getTime());
    expect(row.deletion_due_at!.getTime()).toBe(now.getTime() + INACTIVE_ACCOUNT_WARNING_DAYS * DAY);
    // Once each: a second run warns none of them again.
    expect(await warnInactiveAccounts(db(), at(INACTIVE_ACCOUNT_RETENTION_DAYS - INACTIVE_ACCOUNT_WARNING_DAYS + 2))).toBe(0);
    // A day before the cutoff reaches them, nobody is warned.
    await db().deleteFrom("account_inactivity").where("user_id", "in", [idle, draftOnly, closedLongAgo]).execute();
    expect(await warnInactiveAccounts(db(), at(INACTIVE_ACCOUNT_RETENTION_DAYS - INACTIVE_ACCOUNT_WARNING_DAYS - 1))).toBe(0);
  });

  it("runs as a recurring job queued once across instances, and queues its next run even when storage fails", async () => {
    const results = await Promise.all([1, 2, 3].map(() => ensureRetentionScheduled(db(), new Date(Date.now() - 1000))));
    expect(results.filter(Boolean)).toHaveLength(1);
    await addDocument("approved", new Date(Date.now() - 60 * DAY));
    const failing: ObjectStore = {
      ...store.store,
      async delete() {
        throw new Error("stockage injoignable");
      },
    };
    const at = new Date();
    const worker = createJobWorker({
      database: db(),
      handlers: { [RETENTION_JOB]: createRetentionHandler(() => testFileStorage(failing), { identityDocumentDays: 30, attemptWindowSeconds: WINDOW_SECONDS, now: () => at }) },
    });
    expect(await worker.drain()).toBe(1);
    const queued = await db().selectFrom("jobs").select("run_at").where("kind", "=", RETENTION_JOB).where("status", "=", "queued").execute();
    expect(queued).toHaveLength(1);
    expect(new Date(queued[0]!.run_at).getTime()).toBeGreaterThan(at.getTime() + 23 * 3600 * 1000);
    // The file stays marked, its object named by its row, for the next run.
    expect(await db().selectFrom("stored_files").select("deletion_requested_at").execute()).toEqual([{ deletion_requested_at: expect.any(Date) }]);
    expect(await store.count()).toBe(1);
  });
});

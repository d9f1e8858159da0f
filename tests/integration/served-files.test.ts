/**
 * Issue 27, items 5 and 6 (decision 65): the name a file is served under always carries the extension of its
 * detected type, and a HEIC photo is never served before its conversion; a conversion that fails for any reason ends
 * with the file failed, a French state on the pages and its original (EXIF, GPS) deleted from the store.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvidencePanel } from "~/components/case-file/evidence-panel";
import { ChatAttachment } from "~/components/chat/chat-attachments";
import { createJobWorker, enqueueJob } from "~/modules/jobs/jobs.server";
import type { FileStorage } from "~/modules/files/files.server";
import { useFileStorage } from "~/modules/files/files.server";
import { fileStateMessages } from "~/modules/files/file-states";
import { createHeicConversionHandler, HEIC_CONVERSION_JOB, receiveUpload } from "~/modules/files/upload-pipeline.server";
import type { UserActor } from "~/platform/actor";
import { actorContext } from "~/platform/request-context";
import { db } from "~/platform/runtime.server";
import { loader as fileRoute } from "~/routes/fichiers";
import { insertTestUser, startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";
import { heicFile, pdfFile } from "../support/upload-fixtures";

describe.each(testEngines())("served files on %s", (engine) => {
  let stopRuntime: () => Promise<void>;
  let store: TestStore;
  let storage: FileStorage;
  let owner: UserActor;

  beforeAll(async () => {
    ({ stop: stopRuntime } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    storage = testFileStorage(store.store);
    useFileStorage(storage);
    const userId = await insertTestUser();
    owner = {
      kind: "user",
      userId,
      sessionId: "s",
      email: `${userId}@example.com`,
      role: "user",
      firstName: "Léa",
      lastName: "Martin",
      clientAddress: "203.0.113.9",
      secondFactor: "not-enrolled",
    };
  }, 60_000);
  afterAll(async () => {
    useFileStorage(undefined);
    await store?.close();
    await stopRuntime?.();
  });

  /** The route's answer to the owner's GET of `path`, called as React Router calls it (the request and its url). */
  function fileRouteAsOwner(path: string, fileId: string): Promise<Response> {
    const context = new RouterContextProvider();
    context.set(actorContext, owner);
    const url = new URL(`http://localhost${path}`);
    return fileRoute({ request: new Request(url), url, params: { id: fileId }, context } as never) as Promise<Response>;
  }

  /** GET /fichiers/:id as the owner: the route's answer, following the redirect to the signed link once. */
  async function download(fileId: string, query = ""): Promise<Response> {
    const first = await fileRouteAsOwner(`/fichiers/${fileId}${query}`, fileId);
    if (first.status !== 302) return first;
    return fileRouteAsOwner(first.headers.get("location")!, fileId);
  }

  async function upload(name: string, bytes: Buffer, type: string) {
    const form = new FormData();
    form.append("document", new Blob([new Uint8Array(bytes)], { type }), name);
    const request = new Request("http://localhost/upload", { method: "POST", body: form });
    const received = await receiveUpload(request, { ownerId: owner.userId, fileFields: { document: 1 }, storage });
    return received.files[0]!.file;
  }

  /** A photo waiting for its conversion, as the pipeline records it (the bytes are whatever the test needs). */
  async function convertingPhoto(bytes: Buffer, maxAttempts = 3) {
    const file = await storage.put({ ownerId: owner.userId, originalName: "IMG_0002.HEIC", mediaType: "image/heic", status: "converting", body: Readable.from([bytes]) });
    await enqueueJob(db(), { kind: HEIC_CONVERSION_JOB, payload: { fileId: file.id }, maxAttempts });
    return file;
  }

  async function objectExists(objectName: string): Promise<boolean> {
    for await (const object of store.store.list()) if (object.name === objectName) return true;
    return false;
  }

  const worker = () =>
    createJobWorker({ database: db(), handlers: { [HEIC_CONVERSION_JOB]: createHeicConversionHandler(() => storage) }, retryBaseSeconds: 0, retryMaxSeconds: 0 });

  describe("names", () => {
    it("a PDF sent as preuve.hta is recorded and served as preuve.pdf", async () => {
      const file = await upload("preuve.hta", await pdfFile(), "application/hta");
      expect(file.original_name).toBe("preuve.pdf");
      const response = await download(file.id, "?download=1");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="preuve.pdf"; filename*=UTF-8''preuve.pdf`);
      await response.body?.cancel();
    });

    it("facture.pdf⠀⠀.exe (U+2800) and the RLO trick are recorded without the hidden extension", async () => {
      expect((await upload("facture.pdf\u2800\u2800.exe", await pdfFile(), "application/pdf")).original_name).toBe("facture.pdf");
      expect((await upload("invoice\u202Efdp.exe", await pdfFile(), "application/pdf")).original_name).toBe("invoicefdp.pdf");
      expect((await upload("pre\u0000uve\u200B\u2066\u0007.pdf", await pdfFile(), "application/pdf")).original_name).toBe("preuve.pdf");
    });

    it("rows recorded before the rule are served under a safe name too", async () => {
      const file = await upload("ancien.pdf", await pdfFile(), "application/pdf");
      for (const [stored, served] of [
        ["facture.pdf\u2800\u2800.exe", "facture.pdf"],
        ["invoice\u202Efdp.exe", "invoicefdp.pdf"],
        ["preuve.hta", "preuve.pdf"],
        ["a\u0001b\u001b\u200D\u009b.pdf", "ab.pdf"],
      ]) {
        await db().updateTable("stored_files").set({ original_name: stored! }).where("id", "=", file.id).execute();
        const response = await download(file.id);
        expect(response.headers.get("content-disposition"), stored).toBe(`inline; filename="${served}"; filename*=UTF-8''${served}`);
        await response.body?.cancel();
      }
    });
  });

  describe("a HEIC photo", () => {
    it("being converted is not downloadable: no link, no bytes, the French state instead", async () => {
      const file = await upload("IMG_0001.HEIC", heicFile(), "image/heic");
      expect(file.status).toBe("converting");
      const link = await download(file.id);
      expect(link.status).toBe(409);
      expect(await link.text()).toBe(fileStateMessages.converting);
      expect(fileStateMessages.converting).toMatch(/en cours de préparation/);
      // Even a signed link made before (or by someone holding the key) gets no bytes.
      const signed = storage.downloadLink(file.id, owner.userId);
      const direct = await fileRouteAsOwner(signed, file.id);
      expect(direct.status).toBe(409);
      expect(await direct.text()).toBe(fileStateMessages.converting);
      await expect(storage.open(file.id)).rejects.toThrow(/converting/);
      // The chat shows the state, and neither a thumbnail nor a link.
      const html = renderToStaticMarkup(
        createElement(ChatAttachment, { caseId: "c", file: { id: file.id, name: "IMG_0001.HEIC", mediaType: "image/heic", sizeBytes: 10, image: false, state: "converting" }, onDark: false }),
      );
      expect(html).toContain("en cours de préparation");
      expect(html).not.toContain("<a");
      expect(html).not.toContain("<img");
      // The case's evidence list: the state instead of "Télécharger".
      const item = { id: "e", fileId: file.id, fileName: "IMG_0001.HEIC", category: "capture", description: "Photo", sizeBytes: 10, mediaType: "image/heic", sha256: "00", uploadedAt: new Date().toISOString() };
      const panel = (fileStatus: string) =>
        renderToStaticMarkup(createElement(EvidencePanel, { view: { caseId: "c", items: [{ ...item, fileStatus }], canUpload: false, closed: false, banks: [] } }));
      expect(panel("converting")).toContain("en cours de préparation");
      expect(panel("converting")).not.toContain(`/fichiers/${file.id}`);
      expect(panel("failed")).toContain("Fichier illisible, renvoyez-le.");
      expect(panel("failed")).not.toContain(`/fichiers/${file.id}`);
      expect(panel("ready")).toContain(`/fichiers/${file.id}?download=1`);
      await worker().drain();
    });

    it("that cannot be decoded ends failed, its original deleted, the pages saying 'Fichier illisible, renvoyez-le.'", async () => {
      const bytes = heicFile().subarray(0, 400);
      const file = await convertingPhoto(bytes);
      expect(await objectExists(file.object_name)).toBe(true);
      await worker().drain();
      const row = await db().selectFrom("stored_files").selectAll().where("id", "=", file.id).executeTakeFirstOrThrow();
      expect(row.status).toBe("failed");
      expect(await objectExists(file.object_name)).toBe(false);
      const response = await download(file.id);
      expect(response.status).toBe(409);
      expect(await response.text()).toBe("Fichier illisible, renvoyez-le.");
      const html = renderToStaticMarkup(
        createElement(ChatAttachment, { caseId: "c", file: { id: file.id, name: "IMG_0002.HEIC", mediaType: "image/heic", sizeBytes: 10, image: false, state: "failed" }, onDark: false }),
      );
      expect(html).toContain("Fichier illisible, renvoyez-le.");
      expect(html).not.toContain("<a");
    });

    it("whose conversion crashes on every attempt (not an upload error) ends failed with its original deleted", async () => {
      const file = await convertingPhoto(heicFile());
      // The stored bytes no longer decrypt: reading them throws a plain Error on each of the 3 attempts.
      await db().updateTable("stored_files").set({ nonce_prefix: Buffer.alloc(7, 1) }).where("id", "=", file.id).execute();
      await worker().drain();
      const row = await db().selectFrom("stored_files").select(["status"]).where("id", "=", file.id).executeTakeFirstOrThrow();
      expect(row.status).toBe("failed");
      expect(await objectExists(file.object_name)).toBe(false);
      const job = await db().selectFrom("jobs").select(["status", "attempts"]).where(sql<string>`payload->>'fileId'`, "=", file.id).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: "failed", attempts: 3 });
    });

    it("left converting, or failed with its original kept, by the old code: migration 0086 queues the job that ends it", async () => {
      const stuck = await storage.put({ ownerId: owner.userId, originalName: "IMG_0003.HEIC", mediaType: "image/heic", status: "converting", body: Readable.from([heicFile().subarray(0, 400)]) });
      const kept = await storage.put({ ownerId: owner.userId, originalName: "IMG_0004.HEIC", mediaType: "image/heic", status: "failed", body: Readable.from([heicFile()]) });
      const migration = readFileSync(path.resolve(import.meta.dirname, "../../db/migrations/0086_requeue_stuck_heic_conversions.sql"), "utf8");
      await sql.raw(migration).execute(db());
      await sql.raw(migration).execute(db());
      const queued = await db().selectFrom("jobs").select(sql<string>`payload->>'fileId'`.as("fileId")).where("kind", "=", HEIC_CONVERSION_JOB).where("status", "=", "queued").execute();
      // Once each, however many times the migration's statement runs (photos failed by the tests above come too).
      for (const file of [stuck, kept]) expect(queued.filter((job) => job.fileId === file.id)).toHaveLength(1);
      await worker().drain();
      for (const file of [stuck, kept]) {
        expect((await db().selectFrom("stored_files").select("status").where("id", "=", file.id).executeTakeFirstOrThrow()).status).toBe("failed");
        expect(await objectExists(file.object_name)).toBe(false);
      }
    });

    it("whose worker was killed during its last attempt (lease run out) ends failed with its original deleted", async () => {
      const file = await convertingPhoto(heicFile(), 2);
      // What a process killed mid-conversion leaves: the job running, its attempts used up, its lease expired.
      await db()
        .updateTable("jobs")
        .set({ status: "running", attempts: 2, locked_by: "worker-mort", locked_until: new Date(Date.now() - 1000) })
        .where("kind", "=", HEIC_CONVERSION_JOB)
        .where("status", "=", "queued")
        .execute();
      await worker().drain();
      const row = await db().selectFrom("stored_files").select(["status"]).where("id", "=", file.id).executeTakeFirstOrThrow();
      expect(row.status).toBe("failed");
      expect(await objectExists(file.object_name)).toBe(false);
      expect(await db().selectFrom("jobs").select("status").where("kind", "=", HEIC_CONVERSION_JOB).where("locked_by", "is", null).where("status", "=", "running").execute()).toEqual([]);
    });
  });
});

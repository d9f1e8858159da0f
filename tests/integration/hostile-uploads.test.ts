import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileStorage } from "~/modules/files/files.server";
import { createInspectionPool, type InspectionPool } from "~/modules/files/inspection-pool.server";
import { PDF_FULL_PARSE_BYTES } from "~/modules/files/file-inspection.server";
import { uploadMessages } from "~/modules/files/upload-messages";
import { db } from "~/platform/runtime.server";
import { insertTestUser, startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";
import { heicGridBomb, jpegFile, pdfFile, pdfInflateBomb } from "../support/upload-fixtures";
import { startUploadServer, type UploadTestServer } from "../support/upload-server";

/** A valid PDF of many tiny objects, under the full-parse size: pdf-lib needs far more heap for it than 40 MB. */
function pdfOfManyObjects(count = 100_000): Buffer {
  const lines = [
    "%PDF-1.7",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj",
  ];
  for (let i = 4; i < count; i += 1) lines.push(`${i} 0 obj [${i} 1 2 3] endobj`);
  lines.push("trailer << /Root 1 0 R >>", "startxref", "0", "%%EOF", "");
  return Buffer.from(lines.join("\n"));
}

const faultyWorker = path.resolve(import.meta.dirname, "../support/faulty-inspection-worker.mjs");

describe.each(testEngines())("hostile uploads on %s", (engine) => {
  let stopRuntime: () => Promise<void>;
  let store: TestStore;
  let storage: FileStorage;
  let server: UploadTestServer;
  let pages: Server;
  let pagesUrl: string;
  let owner: string;
  /** The pool the next uploads are checked by (undefined: the process's own). */
  let inspection: InspectionPool | undefined;

  beforeAll(async () => {
    ({ stop: stopRuntime } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    storage = testFileStorage(store.store);
    owner = await insertTestUser();
    server = await startUploadServer(() => ({ ownerId: owner, fileFields: { document: 1 }, storage, inspection }));
    // Another client's pages, served by the same process (the same event loop) as the uploads.
    pages = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Accueil</title><p>Recours</p>");
    });
    await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
    pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => pages?.close(resolve));
    await server?.close();
    await store?.close();
    await stopRuntime?.();
  });

  async function post(name: string, bytes: Buffer) {
    const form = new FormData();
    form.append("document", new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.url}/upload`, { method: "POST", body: form });
    return { status: response.status, body: (await response.json()) as { message: string; files?: { id: string }[] } };
  }

  async function state() {
    const rows = await db().selectFrom("stored_files").select("id").execute();
    return { rows: rows.length, objects: await store.count() };
  }

  async function withPool<T>(pool: InspectionPool, work: () => Promise<T>): Promise<T> {
    inspection = pool;
    try {
      return await work();
    } finally {
      inspection = undefined;
      await pool.close();
    }
  }

  it("refuses a HEIC grid of one repeated tile near the pixel cap, and one past the cap, from their headers", async () => {
    const before = await state();
    const nearCap = heicGridBomb();
    expect(nearCap.length).toBeLessThan(64 * 1024);
    const nearResponse = await post("IMG_0002.HEIC", nearCap);
    expect(nearResponse).toMatchObject({ status: 422, body: { message: uploadMessages.uncheckable } });
    const pastCap = await post("IMG_0003.HEIC", heicGridBomb({ rows: 12, columns: 9 }));
    expect(pastCap).toMatchObject({ status: 422, body: { message: uploadMessages.tooManyPixels } });
    await server.handled();
    expect(await state()).toEqual(before);
  });

  it("refuses a 100 KB PDF whose object stream inflates to 100 MB: inflating stops at the cap", async () => {
    const before = await state();
    const bomb = pdfInflateBomb();
    expect(bomb.length).toBeLessThan(PDF_FULL_PARSE_BYTES);
    const response = await post("releve.pdf", bomb);
    expect(response).toMatchObject({ status: 422, body: { message: uploadMessages.uncheckable } });
    await server.handled();
    expect(await state()).toEqual(before);
  });

  it("five bombs at once while another client loads pages: each refused in French, nothing stored, every page served", async () => {
    const before = await state();
    const bombs = [pdfInflateBomb(), heicGridBomb(), pdfInflateBomb(), heicGridBomb(), pdfInflateBomb()];
    let loading = true;
    const loads: number[] = [];
    const reader = (async () => {
      while (loading) loads.push((await fetch(pagesUrl).then(async (response) => (await response.text(), response.status))));
    })();
    const answers = await Promise.all(bombs.map((bytes, i) => post(i % 2 ? `IMG_${i}.HEIC` : `releve-${i}.pdf`, bytes)));
    loading = false;
    await reader;
    await server.handled();
    for (const answer of answers) expect(answer).toMatchObject({ status: 422, body: { message: uploadMessages.uncheckable } });
    expect(loads.length).toBeGreaterThan(0);
    expect(new Set(loads)).toEqual(new Set([200]));
    expect(await state()).toEqual(before);
  });

  it("a worker out of memory mid-check: the file is refused in French, nothing stored, the next file checked", async () => {
    await withPool(createInspectionPool({ memoryMb: 40 }), async () => {
      const before = await state();
      const heavy = pdfOfManyObjects();
      expect(heavy.length).toBeLessThan(PDF_FULL_PARSE_BYTES);
      expect(await post("lourd.pdf", heavy)).toMatchObject({ status: 422, body: { message: uploadMessages.uncheckable } });
      await server.handled();
      expect(await state()).toEqual(before);
      expect((await post("photo.jpg", await jpegFile())).status).toBe(201);
    });
  }, 60_000);

  it("a worker that crashes or hangs mid-check: the file is refused, nothing stored, the pool recovers", async () => {
    // 12 s: a sound file's check (a fresh worker registers tsx first) stays under it on a loaded 2-core machine.
    await withPool(createInspectionPool({ timeoutMs: 12_000 }, faultyWorker), async () => {
      const before = await state();
      const crash = await post("plantage.pdf", await pdfFile({ marker: "PLANTAGE" }));
      expect(crash).toMatchObject({ status: 422, body: { message: uploadMessages.uncheckable } });
      const hang = await post("boucle.pdf", await pdfFile({ marker: "BOUCLE" }));
      expect(hang).toMatchObject({ status: 422, body: { message: uploadMessages.uncheckable } });
      await server.handled();
      expect(await state()).toEqual(before);
      expect((await post("facture.pdf", await pdfFile())).status).toBe(201);
    });
  }, 60_000);

  it("past the bounded queue, a file is refused at once with a French 503", async () => {
    const pool = createInspectionPool({ workers: 1, queue: 0, timeoutMs: 3000 }, faultyWorker);
    await withPool(pool, async () => {
      const before = await state();
      const stuck = post("boucle.pdf", await pdfFile({ marker: "BOUCLE" }));
      // The first file holds the only worker once its bytes are stored and its check has begun.
      while (pool.load().running === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const refused = await post("facture.pdf", await pdfFile());
      expect(refused).toMatchObject({ status: 503, body: { message: uploadMessages.inspectionBusy } });
      expect((await stuck).status).toBe(422);
      await server.handled();
      expect(await state()).toEqual(before);
    });
  }, 60_000);
});

import { request as httpRequest } from "node:http";
import { randomBytes } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import { buffer } from "node:stream/consumers";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobWorker } from "~/modules/jobs/jobs.server";
import type { FileStorage } from "~/modules/files/files.server";
import { MAX_UPLOAD_BYTES, uploadMessages } from "~/modules/files/upload-messages";
import { createHeicConversionHandler, HEIC_CONVERSION_JOB, receiveUpload } from "~/modules/files/upload-pipeline.server";
import { UploadError } from "~/modules/files/upload-error";
import { db } from "~/platform/runtime.server";
import { directoryContains, insertTestUser, startTestStore, testDrivers, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";
import {
  encryptedPdf,
  heicFile,
  htmlPage,
  jpegFile,
  pdfFile,
  phpScript,
  pngBomb,
  svgImage,
  windowsExe,
} from "../support/upload-fixtures";
import { startUploadServer, type UploadTestServer } from "../support/upload-server";

const cases = testEngines().flatMap((engine) => testDrivers.map((driver) => [engine, driver] as const));

interface Part {
  field?: string;
  name: string;
  bytes: Buffer;
  type?: string;
}

describe.each(cases)("upload pipeline on %s with the %s driver", (engine, driver) => {
  let stopRuntime: () => Promise<void>;
  let store: TestStore;
  let storage: FileStorage;
  let server: UploadTestServer;
  let owner: string;
  let earlierId: string;
  let earlierBytes: Buffer;

  beforeAll(async () => {
    ({ stop: stopRuntime } = await startTestRuntime(engine));
    store = await startTestStore(driver);
    storage = testFileStorage(store.store);
    owner = await insertTestUser();
    server = await startUploadServer(() => ({ ownerId: owner, fileFields: { document: 1, recto: 1, verso: 1 }, storage }));
    earlierBytes = await pdfFile({ marker: "document-precedent" });
    const earlier = await post([{ name: "ancien.pdf", bytes: earlierBytes }]);
    expect(earlier.status).toBe(201);
    earlierId = earlier.body.files[0].id;
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await stopRuntime?.();
  });

  async function post(parts: Part[], fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const part of parts) {
      form.append(part.field ?? "document", new Blob([new Uint8Array(part.bytes)], { type: part.type ?? "application/octet-stream" }), part.name);
    }
    const response = await fetch(`${server.url}/upload`, { method: "POST", body: form });
    const body = await response.json();
    await server.handled();
    return { status: response.status, body };
  }

  async function state() {
    const rows = await db().selectFrom("stored_files").select("id").execute();
    return { rows: rows.length, objects: await store.count() };
  }

  async function expectEarlierIntact() {
    const opened = await storage.open(earlierId);
    expect(await buffer(opened.stream)).toEqual(earlierBytes);
  }

  async function expectRefused(parts: Part[], status: number, message: string) {
    const before = await state();
    const response = await post(parts);
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
    expect(await state()).toEqual(before);
    await expectEarlierIntact();
  }

  it("re-encodes a photo: orientation applied, EXIF and GPS gone; its marker is nowhere at rest", async () => {
    const marker = `MARQUEUR-${randomBytes(6).toString("hex")}`;
    const photo = await jpegFile({ width: 1200, height: 800, orientation: 6, gps: true, marker });
    expect(photo.includes(Buffer.from(marker))).toBe(true);
    const response = await post([{ name: "carte.jpg", bytes: photo, type: "image/jpeg" }]);
    expect(response.status).toBe(201);
    const [file] = response.body.files;
    expect(file).toMatchObject({ field: "document", mediaType: "image/jpeg", name: "carte.jpg", status: "ready", warnings: [] });
    const stored = await buffer((await storage.open(file.id)).stream);
    const metadata = await sharp(stored).metadata();
    expect([metadata.width, metadata.height]).toEqual([800, 1200]);
    expect(metadata.exif).toBeUndefined();
    expect(await directoryContains(store.directory, Buffer.from(marker))).toBe(false);
    expect(await directoryContains(store.directory, Buffer.from("Téléphone"))).toBe(false);
    const rows = await sql<{ row: string }>`SELECT row_to_json(f)::text AS row FROM stored_files f`.execute(db());
    expect(rows.rows.some((r) => r.row.includes(marker))).toBe(false);
  });

  it("stores a PDF as sent (encrypted), with its page count; its marker is nowhere at rest", async () => {
    const marker = `MARQUEUR-${randomBytes(6).toString("hex")}`;
    const pdf = await pdfFile({ marker, pages: 2 });
    const response = await post([{ name: "facture.pdf", bytes: pdf, type: "application/pdf" }]);
    expect(response.status).toBe(201);
    const row = await db().selectFrom("stored_files").selectAll().where("id", "=", response.body.files[0].id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ media_type: "application/pdf", page_count: 2, owner_id: owner, size_bytes: pdf.length });
    expect(await buffer((await storage.open(row.id)).stream)).toEqual(pdf);
    expect(await directoryContains(store.directory, Buffer.from(marker))).toBe(false);
  });

  it("takes recto and verso in one request, with the form's text fields", async () => {
    const response = await post(
      [
        { field: "recto", name: "recto.jpg", bytes: await jpegFile() },
        { field: "verso", name: "verso.png", bytes: await jpegFile({ width: 900, height: 700 }) },
      ],
      { documentType: "cni" },
    );
    expect(response.status).toBe(201);
    expect(response.body.files.map((f: { field: string }) => f.field)).toEqual(["recto", "verso"]);
    expect(response.body.fields).toEqual({ documentType: "cni" });
  });

  it("keeps a blurry photo with a warning the person can override", async () => {
    const response = await post([{ name: "flou.jpg", bytes: await jpegFile({ blurry: true }) }]);
    expect(response.status).toBe(201);
    expect(response.body.files[0].warnings).toEqual(["blurry"]);
  });

  it("sanitises a name with ../, NUL and a right-to-left override", async () => {
    const response = await post([{ name: "../../etc/\u0000fac\u202Etxt.pdf", bytes: await pdfFile() }]);
    expect(response.status).toBe(201);
    const name: string = response.body.files[0].name;
    expect(name).not.toMatch(/[/\\\u0000\u202E]/);
    expect(name.endsWith(".pdf")).toBe(true);
    expect(name.length).toBeLessThanOrEqual(255);
  });

  it("IMG_0001.HEIC: kept encrypted as sent, converted to JPEG by one queued job, the original then deleted", async () => {
    const response = await post([{ name: "IMG_0001.HEIC", bytes: heicFile(), type: "image/heic" }]);
    expect(response.status).toBe(201);
    const id = response.body.files[0].id;
    expect(response.body.files[0]).toMatchObject({ mediaType: "image/heic", status: "converting" });
    const jobs = await db().selectFrom("jobs").select(["kind", "payload"]).where("kind", "=", HEIC_CONVERSION_JOB).execute();
    expect(jobs.map((job) => job.payload)).toContainEqual({ fileId: id });
    const objectsBefore = await store.count();
    const worker = createJobWorker({ database: db(), handlers: { [HEIC_CONVERSION_JOB]: createHeicConversionHandler(() => storage) } });
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    const row = await db().selectFrom("stored_files").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ media_type: "image/jpeg", status: "ready", original_name: "IMG_0001.jpg", width: 1200, height: 900 });
    expect(await store.count()).toBe(objectsBefore);
    const jpeg = await buffer((await storage.open(id)).stream);
    expect((await sharp(jpeg).metadata()).format).toBe("jpeg");
    // Running the job again changes nothing.
    await createHeicConversionHandler(() => storage)({ id: 0, kind: HEIC_CONVERSION_JOB, payload: { fileId: id }, attempt: 2, maxAttempts: 3 }, db());
    expect((await db().selectFrom("stored_files").select("object_name").where("id", "=", id).executeTakeFirstOrThrow()).object_name).toBe(row.object_name);
  }, 60_000);

  it("refuses a .php renamed .jpg", async () => {
    await expectRefused([{ name: "photo.jpg", bytes: phpScript, type: "image/jpeg" }], 415, uploadMessages.wrongType);
  });

  it("refuses SVG and HTML sent as image/png, and an EXE renamed .jpg", async () => {
    await expectRefused([{ name: "image.png", bytes: svgImage, type: "image/png" }], 415, uploadMessages.wrongType);
    await expectRefused([{ name: "image.png", bytes: htmlPage, type: "image/png" }], 415, uploadMessages.wrongType);
    await expectRefused([{ name: "photo.jpg", bytes: windowsExe, type: "image/jpeg" }], 415, uploadMessages.wrongType);
  });

  it("refuses 30 MB + 1 byte with 413 and takes exactly 30 MB", async () => {
    const atLimit = await pdfFile({ padTo: MAX_UPLOAD_BYTES });
    expect(atLimit.length).toBe(MAX_UPLOAD_BYTES);
    const overLimit = await pdfFile({ padTo: MAX_UPLOAD_BYTES + 1 });
    await expectRefused([{ name: "gros.pdf", bytes: overLimit }], 413, "Le fichier est trop volumineux (max 30MB).");
    const accepted = await post([{ name: "limite.pdf", bytes: atLimit }]);
    expect(accepted.status).toBe(201);
    expect(accepted.body.files[0].size).toBe(MAX_UPLOAD_BYTES);
  }, 60_000);

  it("refuses a 0-byte file, a truncated JPEG and a truncated PDF", async () => {
    await expectRefused([{ name: "vide.jpg", bytes: Buffer.alloc(0) }], 422, uploadMessages.empty);
    const jpeg = await jpegFile();
    await expectRefused([{ name: "coupe.jpg", bytes: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)) }], 422, uploadMessages.truncated);
    const pdf = await pdfFile();
    await expectRefused([{ name: "coupe.pdf", bytes: pdf.subarray(0, pdf.length - 40) }], 422, uploadMessages.truncated);
  });

  it("refuses a PNG declaring 50 000 × 50 000 pixels before decoding it", async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1000);
    await expectRefused([{ name: "bombe.png", bytes: bomb, type: "image/png" }], 422, uploadMessages.tooManyPixels);
  });

  it("refuses a photo under 600 px, a password-protected PDF and a PDF that does not parse", async () => {
    await expectRefused([{ name: "petite.jpg", bytes: await jpegFile({ width: 800, height: 500 }) }], 422, uploadMessages.tooSmall);
    await expectRefused([{ name: "protege.pdf", bytes: encryptedPdf() }], 422, uploadMessages.encryptedPdf);
    await expectRefused([{ name: "casse.pdf", bytes: Buffer.from("%PDF-1.7\nrien du tout\n%%EOF\n") }], 422, uploadMessages.unreadablePdf);
  });

  it("PDFs over 4 MiB are checked as a stream: pages counted, a password-protected or broken one refused", async () => {
    // A comment before the last %%EOF makes any PDF as large as wanted.
    const padded = (bytes: Buffer, size: number) => {
      const eof = bytes.lastIndexOf("%%EOF");
      const padding = Buffer.alloc(size - bytes.length, 0x20);
      padding[0] = 0x25;
      padding[padding.length - 1] = 0x0a;
      return Buffer.concat([bytes.subarray(0, eof), padding, bytes.subarray(eof)]);
    };
    const big = 5 * 1024 * 1024;
    const response = await post([{ name: "releve.pdf", bytes: await pdfFile({ pages: 3, padTo: big }), type: "application/pdf" }]);
    expect(response.status).toBe(201);
    const row = await db().selectFrom("stored_files").select(["page_count", "size_bytes"]).where("id", "=", response.body.files[0].id).executeTakeFirstOrThrow();
    expect(row).toEqual({ page_count: 3, size_bytes: big });
    await expectRefused([{ name: "protege.pdf", bytes: padded(encryptedPdf(), big) }], 422, uploadMessages.encryptedPdf);
    await expectRefused([{ name: "casse.pdf", bytes: padded(Buffer.from("%PDF-1.7\nrien du tout\n%%EOF\n"), big) }], 422, uploadMessages.unreadablePdf);
  });

  it("refuses too many files, an unexpected file field, and a request that is not multipart; one bad file sinks the request", async () => {
    const pdf = await pdfFile();
    await expectRefused([{ name: "a.pdf", bytes: pdf }, { name: "b.pdf", bytes: pdf }], 413, uploadMessages.tooManyFiles);
    await expectRefused([{ field: "autre", name: "a.pdf", bytes: pdf }], 400, uploadMessages.badRequest);
    await expectRefused(
      [
        { field: "recto", name: "a.pdf", bytes: pdf },
        { field: "verso", name: "b.jpg", bytes: phpScript },
      ],
      415,
      uploadMessages.wrongType,
    );
    const before = await state();
    const response = await fetch(`${server.url}/upload`, { method: "POST", body: JSON.stringify({ a: 1 }), headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    await server.handled();
    const many = new FormData();
    for (let i = 0; i < 40; i += 1) many.append(`champ${i}`, "x");
    many.append("document", new Blob([new Uint8Array(pdf)]), "a.pdf");
    const tooMany = await fetch(`${server.url}/upload`, { method: "POST", body: many });
    expect(tooMany.status).toBe(413);
    await server.handled();
    expect(await state()).toEqual(before);
  });

  it("a client that disconnects mid-upload leaves nothing behind", async () => {
    const before = await state();
    const boundary = "----recours-test-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const pdf = await pdfFile({ padTo: 5 * 1024 * 1024 });
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${server.url}/upload`, {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(head.length + pdf.length + 100) },
      });
      req.on("error", () => resolve());
      req.write(head);
      req.write(pdf.subarray(0, 2 * 1024 * 1024), () => {
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 200);
      });
    });
    await server.handled();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await state()).toEqual(before);
    await expectEarlierIntact();
  });

  it("storage failing during an upload answers 503 in French and leaves nothing", async () => {
    const before = await state();
    let restore: () => Promise<void> = async () => undefined;
    if (driver === "filesystem") {
      const away = `${store.directory}-away`;
      await rename(store.directory, away);
      await writeFile(store.directory, "plus un dossier");
      restore = async () => {
        await rm(store.directory, { force: true });
        await rename(away, store.directory);
      };
    } else {
      await store.s3!.stop();
      restore = () => store.s3!.start();
    }
    let response;
    try {
      response = await post([{ name: "a.pdf", bytes: await pdfFile({ padTo: 6 * 1024 * 1024 }) }]);
    } finally {
      await restore();
    }
    expect(response.status).toBe(503);
    expect(response.body.message).toBe(uploadMessages.storageDown);
    await storage.removeOrphans(0, Date.now() + 1000);
    expect(await state()).toEqual(before);
    await expectEarlierIntact();
  });

  it("a failure in the caller's transaction removes the rows and the objects", async () => {
    const before = await state();
    const form = new FormData();
    form.append("document", new Blob([new Uint8Array(await jpegFile())]), "a.jpg");
    const request = new Request("http://localhost/upload", { method: "POST", body: form });
    await expect(
      receiveUpload(request, { ownerId: owner, fileFields: { document: 1 }, storage }, async (_trx, upload) => {
        expect(upload.files).toHaveLength(1);
        throw new UploadError("blurry", "document");
      }),
    ).rejects.toMatchObject({ problem: "blurry", status: 422 });
    expect(await state()).toEqual(before);
  });
});

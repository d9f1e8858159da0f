import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoredFileNotFoundError } from "~/modules/files/files.server";
import type { ObjectStore } from "~/modules/files/object-store.server";
import { createStorageJanitorHandler, ensureStorageJanitorScheduled, STORAGE_JANITOR_JOB } from "~/modules/files/storage-janitor.server";
import { createJobWorker } from "~/modules/jobs/jobs.server";
import { db } from "~/platform/runtime.server";
import { insertTestUser, startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";

const HOUR = 3600 * 1000;

describe.each(testEngines())("storage janitor as a recurring job on %s", (engine) => {
  let stopRuntime: () => Promise<void>;
  let store: TestStore;
  let owner: string;

  beforeAll(async () => {
    ({ stop: stopRuntime } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    owner = await insertTestUser();
  });
  afterAll(async () => {
    await store?.close();
    await stopRuntime?.();
  });

  const queued = () => db().selectFrom("jobs").select(["id", "run_at"]).where("kind", "=", STORAGE_JANITOR_JOB).where("status", "=", "queued").execute();

  it("is queued once however many instances start at the same time", async () => {
    const results = await Promise.all([1, 2, 3].map(() => ensureStorageJanitorScheduled(db(), new Date(Date.now() - 1000))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await queued()).toHaveLength(1);
  });

  it("a run removes orphans past the grace period, keeps recorded files, and queues the next run", async () => {
    const files = testFileStorage(store.store);
    const kept = await files.put({ ownerId: owner, originalName: "a.pdf", mediaType: "application/pdf", body: Readable.from([Buffer.from("x")]) });
    await db().insertInto("data_exports").values({ user_id: owner, stored_file_id: kept.id }).execute();
    // Stored and never claimed by any row (a chat attachment that was never sent).
    const unsent = await files.put({ ownerId: owner, originalName: "b.pdf", mediaType: "application/pdf", body: Readable.from([Buffer.from("y")]) });
    await files.writeObject("00000000-0000-4000-8000-000000000000", Readable.from([Buffer.from("orphelin")]));
    expect(await store.count()).toBe(3);
    const later = Date.now() + 25 * HOUR;
    const worker = createJobWorker({
      database: db(),
      handlers: { [STORAGE_JANITOR_JOB]: createStorageJanitorHandler(() => files, { now: () => later }) },
    });
    expect(await worker.drain()).toBe(1);
    expect(await store.count()).toBe(1);
    expect(await files.find(db(), kept.id)).toMatchObject({ id: kept.id });
    await expect(files.find(db(), unsent.id)).rejects.toThrow(StoredFileNotFoundError);
    const next = await queued();
    expect(next).toHaveLength(1);
    expect(new Date(next[0]!.run_at).getTime()).toBeGreaterThan(later + 5 * HOUR);
    const done = await db().selectFrom("jobs").select("status").where("kind", "=", STORAGE_JANITOR_JOB).where("status", "=", "done").execute();
    expect(done).toHaveLength(1);
  });

  it("an unclaimed file inside the grace period stays, and a chat attachment that was sent is never unclaimed", async () => {
    const files = testFileStorage(store.store);
    const young = await files.put({ ownerId: owner, originalName: "c.pdf", mediaType: "application/pdf", body: Readable.from([Buffer.from("z")]) });
    const exported = await files.put({ ownerId: owner, originalName: "d.pdf", mediaType: "application/pdf", body: Readable.from([Buffer.from("w")]) });
    await db().insertInto("data_exports").values({ user_id: owner, stored_file_id: exported.id }).execute();
    expect(await files.removeUnclaimed(24 * HOUR, Date.now() + 23 * HOUR)).toBe(0);
    expect(await files.find(db(), young.id)).toMatchObject({ id: young.id });
    expect(await files.removeUnclaimed(24 * HOUR, Date.now() + 25 * HOUR)).toBe(1);
    await expect(files.find(db(), young.id)).rejects.toThrow(StoredFileNotFoundError);
    expect(await files.find(db(), exported.id)).toMatchObject({ id: exported.id });
  });

  it("a store that fails does not end the series: the run is logged, the next one stays queued", async () => {
    await db().updateTable("jobs").set({ run_at: new Date(Date.now() - 1000) }).where("kind", "=", STORAGE_JANITOR_JOB).where("status", "=", "queued").execute();
    const broken: ObjectStore = {
      ...store.store,
      async *list() {
        throw new Error("disque indisponible");
      },
    };
    const worker = createJobWorker({ database: db(), handlers: { [STORAGE_JANITOR_JOB]: createStorageJanitorHandler(() => testFileStorage(broken)) } });
    expect(await worker.drain()).toBe(1);
    expect(await queued()).toHaveLength(1);
    const statuses = await db().selectFrom("jobs").select("status").where("kind", "=", STORAGE_JANITOR_JOB).execute();
    expect(statuses.map((row) => row.status).sort()).toEqual(["done", "done", "queued"]);
  });
});

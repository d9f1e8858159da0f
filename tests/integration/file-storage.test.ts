import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DecryptionError, masterKeyFrom } from "~/modules/files/envelope-encryption.server";
import { createFileStorage, StoredFileNotFoundError } from "~/modules/files/files.server";
import { StorageUnavailableError } from "~/modules/files/object-store.server";
import { db } from "~/platform/runtime.server";
import { directoryContains, insertTestUser, startTestStore, testDrivers, testFileStorage, testKeyring, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";
import { readdir, rename, rm, writeFile } from "node:fs/promises";

const cases = testEngines().flatMap((engine) => testDrivers.map((driver) => [engine, driver] as const));

async function rowCount(): Promise<number> {
  const row = await db().selectFrom("stored_files").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(cases)("storage gateway on %s with the %s driver", (engine, driver) => {
  let stopRuntime: () => Promise<void>;
  let store: TestStore;
  let owner: string;

  beforeAll(async () => {
    ({ stop: stopRuntime } = await startTestRuntime(engine));
    store = await startTestStore(driver);
    owner = await insertTestUser();
  });
  afterEach(async () => {
    await db().deleteFrom("stored_files").execute();
    for await (const object of store.store.list()) if (!object.name.startsWith(".")) await store.store.delete(object.name);
  });
  afterAll(async () => {
    await store?.close();
    await stopRuntime?.();
  });

  it("stores encrypted bytes under a random name and gives the same bytes back; the marker is nowhere at rest", async () => {
    const files = testFileStorage(store.store);
    const marker = `MARQUEUR-${randomBytes(8).toString("hex")}`;
    const plaintext = Buffer.concat([Buffer.from(marker), randomBytes(300_000), Buffer.from(marker)]);
    const stored = await files.put({
      ownerId: owner,
      originalName: "../../\u202Eexe.pdf\u0000",
      mediaType: "application/pdf",
      body: Readable.from([plaintext]),
    });
    expect(stored.original_name).toBe("exe.pdf");
    expect(stored.size_bytes).toBe(plaintext.length);
    expect(stored.object_name).toMatch(/^[0-9a-f]{40}$/);
    expect(stored.object_name).not.toContain(stored.id.replace(/-/g, "").slice(0, 8));
    const opened = await files.open(stored.id);
    expect(await buffer(opened.stream)).toEqual(plaintext);
    expect(await directoryContains(store.directory, Buffer.from(marker))).toBe(false);
    const rows = await sql<{ row: string }>`SELECT row_to_json(f)::text AS row FROM stored_files f`.execute(db());
    expect(rows.rows.some((r) => r.row.includes(marker))).toBe(false);
    expect(await store.count()).toBe(1);
  });

  it("remove deletes the row and the object; opening it again is not found", async () => {
    const files = testFileStorage(store.store);
    const stored = await files.put({ ownerId: owner, originalName: "a.png", mediaType: "image/png", body: Readable.from([randomBytes(1000)]) });
    await files.remove(stored.id);
    expect(await rowCount()).toBe(0);
    expect(await store.count()).toBe(0);
    await expect(files.open(stored.id)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    await expect(files.open("pas-un-uuid")).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it("a source that fails mid-stream (client gone) leaves no object and no row", async () => {
    const files = testFileStorage(store.store);
    async function* dying() {
      yield randomBytes(200_000);
      yield randomBytes(200_000);
      throw new Error("connexion interrompue");
    }
    await expect(
      files.put({ ownerId: owner, originalName: "a.pdf", mediaType: "application/pdf", body: Readable.from(dying()) }),
    ).rejects.toThrow();
    expect(await rowCount()).toBe(0);
    expect(await store.count()).toBe(0);
  });

  it("storage failing during the write answers StorageUnavailableError and leaves no row, no object, earlier files intact", async () => {
    const files = testFileStorage(store.store);
    const earlier = await files.put({ ownerId: owner, originalName: "ancien.pdf", mediaType: "application/pdf", body: Readable.from([Buffer.from("%PDF-ancien")]) });
    let restore: () => Promise<void>;
    async function* slow() {
      yield randomBytes(100_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The store goes away while the upload is under way.
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
      yield randomBytes(100_000);
    }
    try {
      await expect(
        files.put({ ownerId: owner, originalName: "b.pdf", mediaType: "application/pdf", body: Readable.from(slow()) }),
      ).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      await restore!();
    }
    expect(await rowCount()).toBe(1);
    expect(await store.count()).toBe(1);
    expect((await buffer((await files.open(earlier.id)).stream)).toString()).toBe("%PDF-ancien");
    if (driver === "filesystem") {
      // A partial write the failing disk would not let us delete is the janitor's.
      await files.removeOrphans(0, Date.now() + 1000);
      const leftovers = (await readdir(store.directory, { recursive: true })).filter((name) => name.includes(".partial-"));
      expect(leftovers).toEqual([]);
      expect(await store.count()).toBe(1);
    }
  });

  it("a tampered object fails to open instead of yielding unverified bytes", async () => {
    const files = testFileStorage(store.store);
    const stored = await files.put({ ownerId: owner, originalName: "a.pdf", mediaType: "application/pdf", body: Readable.from([randomBytes(200_000)]) });
    const encrypted = await buffer(await store.store.read(stored.object_name));
    encrypted[70_000]! ^= 0xff;
    await store.store.write(stored.object_name, Readable.from([encrypted]));
    const { stream } = await files.open(stored.id);
    await expect(buffer(stream)).rejects.toBeInstanceOf(DecryptionError);
  });

  it("rotation: files stay readable with the old key as previous, re-wrapping moves every row to the new key", async () => {
    const old = testKeyring();
    const before = testFileStorage(store.store, old);
    const a = await before.put({ ownerId: owner, originalName: "a.pdf", mediaType: "application/pdf", body: Readable.from([Buffer.from("un")]) });
    const b = await before.put({ ownerId: owner, originalName: "b.pdf", mediaType: "application/pdf", body: Readable.from([Buffer.from("deux")]) });
    const next = masterKeyFrom(randomBytes(32));
    const during = createFileStorage({ db: db(), store: store.store, keyring: { current: next, previous: [old.current] } });
    expect((await buffer((await during.open(a.id)).stream)).toString()).toBe("un");
    expect(await during.rewrapKeys(1)).toBe(2);
    expect(await during.rewrapKeys()).toBe(0);
    const after = createFileStorage({ db: db(), store: store.store, keyring: { current: next, previous: [] } });
    expect((await buffer((await after.open(b.id)).stream)).toString()).toBe("deux");
    const keyIds = await db().selectFrom("stored_files").select("key_id").distinct().execute();
    expect(keyIds.map((row) => row.key_id)).toEqual([next.id]);
  });

  it("rotation interrupted after one file and resumed: every file opens at each step, then without the old key", async () => {
    const old = testKeyring();
    const before = testFileStorage(store.store, old);
    const texts = ["un", "deux", "trois"];
    const ids: string[] = [];
    for (const text of texts) {
      ids.push((await before.put({ ownerId: owner, originalName: `${text}.pdf`, mediaType: "application/pdf", body: Readable.from([Buffer.from(text)]) })).id);
    }
    const next = masterKeyFrom(randomBytes(32));
    const during = createFileStorage({ db: db(), store: store.store, keyring: { current: next, previous: [old.current] } });
    expect(await during.rewrapKeys(500, 1)).toBe(1);
    const keyIds = await db().selectFrom("stored_files").select("key_id").execute();
    expect(keyIds.filter((row) => row.key_id === next.id)).toHaveLength(1);
    for (const [index, id] of ids.entries()) expect((await buffer((await during.open(id)).stream)).toString()).toBe(texts[index]);
    expect(await during.rewrapKeys()).toBe(2);
    const after = createFileStorage({ db: db(), store: store.store, keyring: { current: next, previous: [] } });
    for (const [index, id] of ids.entries()) expect((await buffer((await after.open(id)).stream)).toString()).toBe(texts[index]);
  });

  it("the janitor removes objects that no row names, after the grace period only", async () => {
    const files = testFileStorage(store.store);
    const kept = await files.put({ ownerId: owner, originalName: "a.pdf", mediaType: "application/pdf", body: Readable.from([Buffer.from("x")]) });
    await files.writeObject("00000000-0000-4000-8000-000000000000", Readable.from([Buffer.from("orphelin")]));
    expect(await store.count()).toBe(2);
    expect(await files.removeOrphans(60_000)).toBe(0);
    expect(await files.removeOrphans(0, Date.now() + 1000)).toBe(1);
    expect(await store.count()).toBe(1);
    expect((await buffer((await files.open(kept.id)).stream)).toString()).toBe("x");
  });
});

describe("download links", () => {
  const files = createFileStorage({ db: undefined as never, store: undefined as never, keyring: testKeyring() });
  const fileId = "3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b";
  const now = Date.parse("2026-11-23T10:00:00Z");

  function parts(link: string) {
    const url = new URL(link, "http://x");
    return { fileId: url.pathname.split("/").pop()!, exp: url.searchParams.get("exp"), sig: url.searchParams.get("sig") };
  }

  it("is an app URL valid 60 seconds for its viewer only", () => {
    const link = files.downloadLink(fileId, "user-a", now);
    expect(link).toMatch(new RegExp(`^/fichiers/${fileId}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    const p = parts(link);
    expect(files.checkDownloadLink({ ...p, viewerId: "user-a", now })).toBe("valid");
    expect(files.checkDownloadLink({ ...p, viewerId: "user-a", now: now + 59_000 })).toBe("valid");
    expect(files.checkDownloadLink({ ...p, viewerId: "user-a", now: now + 61_000 })).toBe("expired");
    expect(files.checkDownloadLink({ ...p, viewerId: "user-b", now })).toBe("invalid");
  });

  it("refuses tampering with the id, the expiry or the signature, and missing parts", () => {
    const p = parts(files.downloadLink(fileId, "user-a", now));
    expect(files.checkDownloadLink({ ...p, fileId: fileId.replace("3f", "4f"), viewerId: "user-a", now })).toBe("invalid");
    expect(files.checkDownloadLink({ ...p, exp: String(Number(p.exp) + 3600), viewerId: "user-a", now })).toBe("invalid");
    const flipped = (p.sig![0] === "A" ? "B" : "A") + p.sig!.slice(1);
    expect(files.checkDownloadLink({ ...p, sig: flipped, viewerId: "user-a", now })).toBe("invalid");
    expect(files.checkDownloadLink({ ...p, sig: null, viewerId: "user-a", now })).toBe("invalid");
    expect(files.checkDownloadLink({ ...p, exp: "abc", viewerId: "user-a", now })).toBe("invalid");
  });

  it("a link signed under another master key is refused", () => {
    const other = createFileStorage({ db: undefined as never, store: undefined as never, keyring: testKeyring() });
    const p = parts(other.downloadLink(fileId, "user-a", now));
    expect(files.checkDownloadLink({ ...p, viewerId: "user-a", now })).toBe("invalid");
  });
});


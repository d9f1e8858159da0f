import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { masterKeyFrom, type Keyring } from "~/modules/files/envelope-encryption.server";
import { createFileStorage, type FileStorage } from "~/modules/files/files.server";
import { filesystemStore, s3Store, type ObjectStore } from "~/modules/files/object-store.server";
import { db } from "~/platform/runtime.server";
import { adaptClientToS3rver, filesUnder, startS3Server, type TestS3Server } from "./s3-server";

export type TestDriver = "filesystem" | "s3";
export const testDrivers: TestDriver[] = ["filesystem", "s3"];

export interface TestStore {
  driver: TestDriver;
  store: ObjectStore;
  /** Where the bytes end up on this machine (the files directory, or s3rver's folder). */
  directory: string;
  s3?: TestS3Server;
  /** How many objects the store holds now. */
  count(): Promise<number>;
  close(): Promise<void>;
}

export async function startTestStore(driver: TestDriver): Promise<TestStore> {
  if (driver === "filesystem") {
    const dataDir = await mkdtemp(path.join(tmpdir(), "recours-files-test-"));
    const directory = path.join(dataDir, "files");
    const store = filesystemStore(directory);
    await store.check();
    return {
      driver,
      store,
      directory,
      count: () => countObjects(store),
      close: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const s3 = await startS3Server();
  const store = s3Store({
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
  adaptClientToS3rver(store.client, s3.bucket);
  await store.check();
  return { driver, store, directory: s3.directory, s3, count: () => countObjects(store), close: () => s3.close() };
}

async function countObjects(store: ObjectStore): Promise<number> {
  let n = 0;
  for await (const object of store.list()) if (!object.name.startsWith(".partial-")) n += 1;
  return n;
}

export function testKeyring(): Keyring {
  return { current: masterKeyFrom(randomBytes(32)), previous: [] };
}

export function testFileStorage(store: ObjectStore, keyring = testKeyring()): FileStorage {
  return createFileStorage({ db: db(), store, keyring, segmentBytes: 64 * 1024 });
}

/** A bare user row (owner of files); the accounts module is not under test here. */
export async function insertTestUser(): Promise<string> {
  const id = randomUUID();
  await db()
    .insertInto("user")
    .values({ id, name: "Test", email: `${id}@example.com`, emailVerified: true, createdAt: new Date(), updatedAt: new Date(), image: null, twoFactorEnabled: false })
    .execute();
  return id;
}

/** True when any file under the directory contains the bytes. */
export async function directoryContains(directory: string, needle: Buffer): Promise<boolean> {
  const { readFile } = await import("node:fs/promises");
  for await (const file of filesUnder(directory)) {
    const content = await readFile(file).catch(() => Buffer.alloc(0));
    if (content.includes(needle)) return true;
  }
  return false;
}

/**
 * The restore drill of docs/operations.md (`npm run drill:restore`): backup, loss of the database and of every object,
 * restore, and every account, sealed NIF and encrypted file back — on PGlite with the filesystem store and on
 * PostgreSQL with the S3 store.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { emptyStore, postgresScratchSchema, restoreBackup, runRestoreDrill, schemaOf } from "../../scripts/backup-lib";
import { startTestStore, testKeyring, type TestStore } from "../support/file-storage";
import { testEngines, testEnv } from "../support/test-database";

describe.each(testEngines())("restore drill (%s)", (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("backs up, survives the loss of the database and of the store, and restores every account, NIF and file", async () => {
    const store: TestStore = await startTestStore(engine === "pglite" ? "filesystem" : "s3");
    cleanups.push(() => store.close());
    const dataDir = await mkdtemp(path.join(tmpdir(), "recours-drill-test-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const postgres = engine === "postgres" ? await postgresScratchSchema(process.env.TEST_DATABASE_URL!) : undefined;
    if (postgres) cleanups.push(postgres.drop);
    const target = postgres?.target ?? { engine: "pglite" as const, dataDir };
    let wiped = 0;

    const report = await runRestoreDrill({
      target,
      store: store.store,
      env: testEnv({ DATA_DIR: dataDir }),
      keyring: testKeyring(),
      async wipe() {
        if (postgres) await postgres.drop();
        else await rm(path.join(dataDir, "pglite"), { recursive: true, force: true });
        await emptyStore(store.store);
        expect(await store.count()).toBe(0);
        wiped += 1;
      },
    });

    expect(wiped).toBe(1);
    expect(report.users).toBe(3);
    expect(report.objects).toBe(1);
    expect(await store.count()).toBe(1);
    expect(report.storeKind).toBe(engine === "pglite" ? "filesystem" : "s3");
  }, 180_000);

  it("refuses a backup whose object was altered, before writing anything", async () => {
    const { createBackup } = await import("../../scripts/backup-lib");
    const store = await startTestStore("filesystem");
    cleanups.push(() => store.close());
    const backupDir = await mkdtemp(path.join(tmpdir(), "recours-drill-altered-"));
    cleanups.push(() => rm(backupDir, { recursive: true, force: true }));
    const { writeFile, readFile } = await import("node:fs/promises");
    await store.store.write("a".repeat(32), (await import("node:stream")).Readable.from(Buffer.from("objet chiffré")));
    const dataDir = await mkdtemp(path.join(tmpdir(), "recours-drill-altered-db-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const { mkdir } = await import("node:fs/promises");
    await mkdir(path.join(dataDir, "pglite"), { recursive: true });
    await createBackup({ engine: "pglite", dataDir }, store.store, backupDir);
    const objectFile = path.join(backupDir, "objects", "a".repeat(32));
    await writeFile(objectFile, Buffer.concat([await readFile(objectFile), Buffer.from("!")]));
    await emptyStore(store.store);
    const emptyDir = await mkdtemp(path.join(tmpdir(), "recours-drill-altered-target-"));
    cleanups.push(() => rm(emptyDir, { recursive: true, force: true }));
    await expect(restoreBackup({ engine: "pglite", dataDir: emptyDir }, store.store, backupDir)).rejects.toThrow(/altéré/);
    expect(await store.count()).toBe(0);
  });
});

describe("schemaOf", () => {
  it("reads the schema a DATABASE_URL confines the app to", () => {
    expect(schemaOf("postgres://u@h/db?options=-c%20search_path%3Dtest_ab12%2Cpublic")).toBe("test_ab12");
    expect(schemaOf("postgres://u@h/db")).toBeNull();
    expect(schemaOf("postgres://u@h/db?options=-c%20search_path%3Dpublic")).toBeNull();
  });
});

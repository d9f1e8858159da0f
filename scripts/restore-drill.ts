// npm run drill:restore — the restore drill of docs/operations.md, on scratch space only: a new schema in the
//   database of DATABASE_URL (else a temporary PGlite folder) and a temporary folder (or, with STORAGE_DRIVER=s3, a
//   new prefix in the bucket). Seeds accounts with a sealed NIF and an encrypted file, backs up, wipes, restores and
//   checks everything came back. The app's own data is never touched.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { filesystemStore } from "../app/modules/files/object-store.server";
import { storeFromEnv } from "../app/modules/files/files.server";
import { loadKeyring } from "../app/platform/keyring.server";
import { env as loadEnv, parseEnv } from "../app/platform/env.server";
import { emptyStore, postgresScratchSchema, runRestoreDrill, type DrillScratch } from "./backup-lib";

const configured = loadEnv();
const workDir = await mkdtemp(path.join(tmpdir(), "recours-drill-"));
const keyring = loadKeyring({ ...configured, STORAGE_MASTER_KEY: configured.STORAGE_MASTER_KEY ?? randomBytes(32).toString("base64"), DATA_DIR: workDir });
const drillEnv = parseEnv({ ...process.env, DATA_DIR: workDir, LOG_LEVEL: "warn" });
let dropDatabase = async () => {};
try {
  const database = configured.DATABASE_URL ? await postgresScratchSchema(configured.DATABASE_URL) : undefined;
  if (database) dropDatabase = database.drop;
  const target = database?.target ?? { engine: "pglite" as const, dataDir: workDir };
  const store =
    configured.STORAGE_DRIVER === "s3"
      ? storeFromEnv({ ...configured, S3_PREFIX: `${configured.S3_PREFIX ?? ""}exercice-${randomBytes(6).toString("hex")}/` })
      : filesystemStore(path.join(workDir, "files"));
  await store.check();
  const scratch: DrillScratch = {
    target,
    store,
    env: drillEnv,
    keyring,
    async wipe() {
      if (target.engine === "postgres") await dropDatabase();
      else await rm(path.join(workDir, "pglite"), { recursive: true, force: true });
      await emptyStore(store);
    },
  };
  const report = await runRestoreDrill(scratch);
  await emptyStore(store);
  console.log(`Exercice de restauration réussi (${report.engine}, stockage ${report.storeKind}) :`);
  console.table({
    comptes: report.users,
    objets: report.objects,
    "taille de la sauvegarde (octets)": report.backupBytes,
    ...Object.fromEntries(Object.entries(report.millis).map(([step, ms]) => [`${step} (ms)`, ms])),
  });
} catch (error) {
  console.error(`Exercice de restauration échoué : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await dropDatabase().catch(() => undefined);
  await rm(workDir, { recursive: true, force: true });
}

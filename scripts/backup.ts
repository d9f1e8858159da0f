// npm run backup -- <folder>   — backs up the database and the file store into <folder> (docs/operations.md).
// npm run restore -- <folder>  — restores it into an EMPTY database and an empty store.
// With PGlite (no DATABASE_URL), stop the server first: one process per data folder. The master keys are not in the
// backup: keep STORAGE_MASTER_KEY (and the other secrets) in your secret manager.
import { storeFromEnv } from "../app/modules/files/files.server";
import { loadKeyring } from "../app/platform/keyring.server";
import { databaseTarget } from "../app/platform/database.server";
import { env as loadEnv } from "../app/platform/env.server";
import { createBackup, restoreBackup } from "./backup-lib";

const [command, folder] = process.argv.slice(2);
try {
  if (!folder || (command !== "backup" && command !== "restore")) throw new Error("Usage : tsx scripts/backup.ts backup|restore <dossier>");
  const env = loadEnv();
  loadKeyring(env); // refuses early when the keys needed to read the data are missing
  const target = databaseTarget({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const store = storeFromEnv(env);
  await store.check();
  const manifest = command === "backup" ? await createBackup(target, store, folder) : await restoreBackup(target, store, folder);
  const bytes = manifest.objects.reduce((sum, object) => sum + object.bytes, 0);
  console.log(
    command === "backup"
      ? `Sauvegarde écrite dans ${folder} : base ${manifest.engine}, ${manifest.objects.length} objet(s) chiffré(s), ${bytes} octets.`
      : `Restauration faite depuis ${folder} : base ${manifest.engine}, ${manifest.objects.length} objet(s), ${bytes} octets.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}

// npm run keys:rotate — after STORAGE_MASTER_KEY changed (the old key moved to STORAGE_PREVIOUS_MASTER_KEYS), re-wraps
//   every data key still under an old master key: the files' (stored_files) and the sealed profile fields' (profiles).
//   Neither files nor field values are re-encrypted: one small wrapped key per row changes. Batched, each row updated
//   only if its key id is still the old one: interrupt it at any time and run it again. Plaintext NIF or birth dates
//   left by an older instance are sealed first. See README ("Rotation des clés") and decision 0043.
import { env } from "../app/platform/env.server";
import { db, runtime } from "../app/platform/runtime.server";
import { startFileStorage } from "../app/modules/files/files.server";
import {
  profileFieldKeyIds,
  rewrapProfileFieldKeys,
} from "../app/modules/profile/sensitive-fields.server";
import { argument, withRuntime } from "./cli";

const command = process.argv[2];
await withRuntime(async () => {
  if (command !== "rotate") throw new Error("Usage : tsx scripts/keys.ts rotate [--batch 500]");
  const batchSize = Number(argument("batch") ?? 500);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error("--batch : un nombre entier positif");
  const storage = await startFileStorage(env(), db);
  const { keyring } = runtime();
  console.log(`Clé maîtresse actuelle : ${keyring.current.id} ; anciennes : ${keyring.previous.map((key) => key.id).join(", ") || "aucune"}.`);
  const files = await storage.rewrapKeys(batchSize);
  console.log(`${files} clé(s) de fichier rechiffrée(s).`);
  const profiles = await rewrapProfileFieldKeys(db(), keyring, { batchSize });
  console.log(`${profiles} clé(s) de profil rechiffrée(s).`);
  const left = Object.entries(await profileFieldKeyIds(db())).filter(([id]) => id !== keyring.current.id);
  const leftFiles = await db()
    .selectFrom("stored_files")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("key_id", "<>", keyring.current.id)
    .executeTakeFirstOrThrow();
  if (left.length === 0 && Number(leftFiles.n) === 0) {
    console.log("Plus aucune donnée sous une ancienne clé : elle peut quitter STORAGE_PREVIOUS_MASTER_KEYS.");
  } else {
    console.log(`Encore sous une ancienne clé : ${leftFiles.n} fichier(s), profils ${JSON.stringify(Object.fromEntries(left))}. Relancez la commande.`);
    process.exitCode = 1;
  }
});

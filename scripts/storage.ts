// npm run storage:rewrap — after a master key rotation, re-wraps every file's data key under STORAGE_MASTER_KEY
//   (files themselves are not rewritten); then the old key can leave STORAGE_PREVIOUS_MASTER_KEYS.
// npm run storage:janitor — deletes stored objects that no row names and that are older than a day (left by a
//   crash between writing an object and recording it).
import { env } from "../app/platform/env.server";
import { db } from "../app/platform/runtime.server";
import { startFileStorage } from "../app/modules/files/files.server";
import { withRuntime } from "./cli";

const command = process.argv[2];
await withRuntime(async () => {
  const storage = await startFileStorage(env(), db);
  if (command === "rewrap") {
    const changed = await storage.rewrapKeys();
    console.log(`${changed} clé(s) de fichier rechiffrée(s) avec la clé maîtresse actuelle.`);
  } else if (command === "janitor") {
    const removed = await storage.removeOrphans();
    console.log(`${removed} objet(s) orphelin(s) supprimé(s).`);
  } else {
    throw new Error("Usage : tsx scripts/storage.ts rewrap|janitor");
  }
});

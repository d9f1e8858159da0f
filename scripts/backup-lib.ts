/**
 * Backup and restore of a Recours installation (docs/operations.md): the database (pg_dump custom format, or the
 * embedded PGlite folder) and every object of the file store, copied as stored — still encrypted. The master keys
 * are never in a backup: they are kept apart (secret manager), so a stolen backup is unreadable.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { createAccount } from "../app/modules/accounts/accounts.server";
import type { Keyring } from "../app/modules/files/envelope-encryption.server";
import { createFileStorage } from "../app/modules/files/files.server";
import type { ObjectStore } from "../app/modules/files/object-store.server";
import { readProfileFields, writeProfileFields } from "../app/modules/profile/sensitive-fields.server";
import type { DatabaseTarget } from "../app/platform/database.server";
import type { Env } from "../app/platform/env.server";
import { db, runtime, startRuntime, stopRuntime } from "../app/platform/runtime.server";

export interface BackupManifest {
  format: 1;
  createdAt: string;
  engine: DatabaseTarget["engine"];
  /** PostgreSQL: the schema dumped alone, when DATABASE_URL names one in its search_path; null for the whole database. */
  schema: string | null;
  objects: { name: string; bytes: number; sha256: string }[];
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} a échoué (code ${code}) : ${errors.trim()}`))));
  });
}

/** The schema a DATABASE_URL confines the app to (`options=-c search_path=…`), if any. */
export function schemaOf(url: string): string | null {
  const options = new URL(url).searchParams.get("options") ?? "";
  const match = /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options);
  return match && match[1] !== "public" ? match[1]! : null;
}

/** The URL pg_dump and pg_restore connect with: schema-qualified dumps need no search_path option. */
function connectionUrl(url: string): string {
  const plain = new URL(url);
  plain.searchParams.delete("options");
  return plain.toString();
}

function pglitePath(dataDir: string): string {
  return path.resolve(dataDir, "pglite");
}

async function copyObjectsOut(store: ObjectStore, directory: string): Promise<BackupManifest["objects"]> {
  await mkdir(directory, { recursive: true });
  const objects: BackupManifest["objects"] = [];
  for await (const { name } of store.list()) {
    // A write in progress (or left by a crash) is not a file yet: the janitor removes it.
    if (name.startsWith(".partial-")) continue;
    const hash = createHash("sha256");
    let bytes = 0;
    const source = await store.read(name);
    source.on("data", (chunk: Buffer) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    await pipeline(source, createWriteStream(path.join(directory, name), { mode: 0o600 }));
    objects.push({ name, bytes, sha256: hash.digest("hex") });
  }
  return objects;
}

/**
 * Writes a backup into `directory`: first the database, then the objects, so every file the dump refers to was in the
 * store when copied. PGlite is single-process: stop the server first.
 */
export async function createBackup(target: DatabaseTarget, store: ObjectStore, directory: string): Promise<BackupManifest> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  let schema: string | null = null;
  if (target.engine === "postgres") {
    schema = schemaOf(target.url) ?? (target.searchPath ? target.searchPath.split(",")[0]!.trim() : null);
    if (schema === "public") schema = null;
    const args = ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(directory, "database.dump")}`];
    if (schema) args.push(`--schema=${schema}`);
    await run("pg_dump", [...args, connectionUrl(target.url)]);
  } else {
    if (target.dataDir.startsWith("memory://")) throw new Error("Une base en mémoire ne se sauvegarde pas");
    await cp(pglitePath(target.dataDir), path.join(directory, "pglite"), { recursive: true });
  }
  const objects = await copyObjectsOut(store, path.join(directory, "objects"));
  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), engine: target.engine, schema, objects };
  await writeFile(path.join(directory, "manifest.json"), JSON.stringify(manifest, null, 2), { mode: 0o600 });
  return manifest;
}

/**
 * Restores a backup into an empty database (a new PostgreSQL database or schema, or a PGlite folder without its
 * pglite/ directory) and an empty store, checking each object against the manifest's SHA-256 before writing it.
 */
export async function restoreBackup(target: DatabaseTarget, store: ObjectStore, directory: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(directory, "manifest.json"), "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new Error("Format de sauvegarde inconnu");
  if (manifest.engine !== target.engine) throw new Error(`Sauvegarde ${manifest.engine}, base cible ${target.engine}`);
  if (target.engine === "postgres") {
    await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${connectionUrl(target.url)}`, path.join(directory, "database.dump")]);
  } else {
    await cp(path.join(directory, "pglite"), pglitePath(target.dataDir), { recursive: true, errorOnExist: true, force: false });
  }
  for (const object of manifest.objects) {
    const file = path.join(directory, "objects", object.name);
    const hash = createHash("sha256");
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    if (hash.digest("hex") !== object.sha256) throw new Error(`Objet ${object.name} altéré dans la sauvegarde`);
    await store.write(object.name, createReadStream(file));
  }
  return manifest;
}

export interface DrillScratch {
  target: DatabaseTarget;
  store: ObjectStore;
  env: Env;
  keyring: Keyring;
  /** Deletes the database and every object (the disaster the drill recovers from). */
  wipe(): Promise<void>;
}

export interface DrillReport {
  engine: DatabaseTarget["engine"];
  storeKind: ObjectStore["kind"];
  users: number;
  objects: number;
  backupBytes: number;
  millis: { seed: number; backup: number; wipe: number; restore: number; check: number };
}

async function directoryBytes(directory: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await import("node:fs/promises").then((fs) => fs.stat(path.join(entry.parentPath, entry.name)))).size;
  }
  return total;
}

/**
 * The restore drill: seeds accounts with a sealed NIF and an encrypted file, backs up, wipes the database and the
 * store, restores, and checks that every account, the decrypted NIF and the file's bytes came back.
 */
export async function runRestoreDrill(scratch: DrillScratch): Promise<DrillReport> {
  const started = Date.now();
  const lap = () => Date.now() - started;
  const millis = { seed: 0, backup: 0, wipe: 0, restore: 0, check: 0 };
  const backupDir = await mkdtemp(path.join(tmpdir(), "recours-backup-"));
  const marker = `exercice-de-restauration-${randomBytes(8).toString("hex")}`;
  const fileBytes = Buffer.concat([Buffer.from(`%PDF-1.4\n% ${marker}\n`), randomBytes(300_000)]);
  const people = Array.from({ length: 3 }, (_, index) => ({
    email: `restauration.${index}.${randomBytes(4).toString("hex")}@recours.test`,
    nif: `${index % 4}${randomBytes(6).readUIntBE(0, 6).toString().padStart(12, "0").slice(-12)}`,
  }));
  try {
    await startRuntime(scratch.env, { target: scratch.target, keyring: scratch.keyring });
    const storage = createFileStorage({ db, store: scratch.store, keyring: scratch.keyring });
    let fileId = "";
    for (const person of people) {
      const created = await createAccount({
        email: person.email,
        password: randomBytes(18).toString("base64url"),
        firstName: "Camille",
        lastName: "Restauration",
        phoneMobile: null,
        country: "france",
        role: "user",
        emailVerified: true,
      });
      if (!created.ok) throw new Error("compte de l'exercice non créé");
      const profile = await db().selectFrom("profiles").select("id").where("email", "=", person.email).executeTakeFirstOrThrow();
      await writeProfileFields(db(), runtime().keyring, profile.id, { nif: person.nif, birthDate: "1950-04-12" });
      if (!fileId) {
        const file = await storage.put({ ownerId: created.userId, originalName: "releve.pdf", mediaType: "application/pdf", body: Readable.from(fileBytes) });
        fileId = file.id;
      }
    }
    await stopRuntime();
    millis.seed = lap();

    const manifest = await createBackup(scratch.target, scratch.store, backupDir);
    millis.backup = lap() - millis.seed;
    if ((await readdir(path.join(backupDir, "objects"))).length === 0) throw new Error("aucun objet sauvegardé");

    await scratch.wipe();
    millis.wipe = lap() - millis.seed - millis.backup;

    await restoreBackup(scratch.target, scratch.store, backupDir);
    millis.restore = lap() - millis.seed - millis.backup - millis.wipe;

    await startRuntime(scratch.env, { target: scratch.target, keyring: scratch.keyring, migrate: false });
    const restored = createFileStorage({ db, store: scratch.store, keyring: scratch.keyring });
    for (const person of people) {
      const profile = await db().selectFrom("profiles").select("id").where("email", "=", person.email).executeTakeFirst();
      if (!profile) throw new Error(`compte ${person.email} absent après restauration`);
      const fields = await readProfileFields(db(), runtime().keyring, profile.id);
      if (fields?.nif !== person.nif) throw new Error(`NIF de ${person.email} illisible après restauration`);
    }
    const { stream } = await restored.open(fileId);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    if (!Buffer.concat(chunks).equals(fileBytes)) throw new Error("fichier différent après restauration");
    const files = await db().selectFrom("stored_files").select("object_name").execute();
    const names = new Set(manifest.objects.map((object) => object.name));
    const missing = files.filter((file) => !names.has(file.object_name));
    if (missing.length > 0) throw new Error(`${missing.length} fichier(s) sans objet après restauration`);
    const users = await db().selectFrom("user").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    millis.check = lap() - millis.seed - millis.backup - millis.wipe - millis.restore;
    return {
      engine: scratch.target.engine,
      storeKind: scratch.store.kind,
      users: Number(users.n),
      objects: manifest.objects.length,
      backupBytes: await directoryBytes(backupDir),
      millis,
    };
  } finally {
    await stopRuntime();
    await rm(backupDir, { recursive: true, force: true });
  }
}

/** A scratch PostgreSQL schema in the database of `url`, never the app's own. */
export async function postgresScratchSchema(url: string): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  const schema = `drill_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public").catch(() => undefined);
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  // libpq reads "+" literally: the option's space must be %20, which URLSearchParams would not write.
  const scoped = `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema},public`)}`;
  return {
    target: { engine: "postgres", url: scoped, searchPath: `${schema},public`, poolSize: 5 },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** Deletes every object of a store (the drill's simulated loss of the bucket). */
export async function emptyStore(store: ObjectStore): Promise<void> {
  const names: string[] = [];
  for await (const { name } of store.list()) names.push(name);
  for (const name of names) await store.delete(name);
}

/**
 * Decisions 0043 and 0048: the NIF and the birth date live only sealed in `profiles` (the plaintext columns are
 * dropped by migration 0079, which refuses while any plaintext is left), a ciphertext moved or altered does not open,
 * and a key rotation interrupted halfway then resumed leaves every value readable.
 */
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { DecryptionError, masterKeyFrom, UnknownMasterKeyError, type Keyring } from "~/modules/files/envelope-encryption.server";
import { complaintPackFor } from "~/modules/case-file/complaint-pack.server";
import { completeProfile } from "~/modules/profile/profile.server";
import { profileFormSchema } from "~/modules/profile/profile.schema";
import {
  profileFieldKeyIds,
  readProfileFields,
  rewrapProfileFieldKeys,
  writeProfileFields,
} from "~/modules/profile/sensitive-fields.server";
import type { Database } from "~/platform/database-schema";
import { openDatabase, type DatabaseHandle } from "~/platform/database.server";
import { migrateToLatest, readMigrationFiles } from "~/platform/migrate.server";
import { db, runtime, stopRuntime } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { freshDatabaseTarget, persistentDatabaseTarget, startTestRuntime, startTestRuntimeOn, testEngines } from "../support/test-database";

const keyring = (current: Buffer, ...previous: Buffer[]): Keyring => ({
  current: masterKeyFrom(current),
  previous: previous.map((key) => masterKeyFrom(key)),
});

/** A NIF and a birth date nobody else has, easy to look for in bytes. */
function markers(index: number) {
  const nif = `0${randomBytes(6).readUIntBE(0, 6).toString().padStart(12, "7").slice(0, 12)}`;
  return { nif, birthDate: `19${String(20 + (index % 70)).padStart(2, "0")}-0${1 + (index % 9)}-1${index % 10}` };
}

async function insertProfileRow(database: Kysely<Database>): Promise<string> {
  const id = randomUUID();
  await sql`INSERT INTO "user" (id, name, email, "emailVerified") VALUES (${id}, 'Ancien Profil', ${`${id}@legacy.example`}, true)`.execute(database);
  await sql`INSERT INTO profiles (id, email, first_name, last_name, profile_completed)
    VALUES (${id}, ${`${id}@legacy.example`}, 'Ancien', 'Profil', true)`.execute(database);
  return id;
}

/** A profile whose NIF and birth date are sealed under `keys`, as the app writes them. */
async function insertSealedProfile(database: Kysely<Database>, keys: Keyring, fields: { nif: string; birthDate: string }): Promise<string> {
  const id = await insertProfileRow(database);
  expect(await writeProfileFields(database, keys, id, fields)).toBe(true);
  return id;
}

describe.each(testEngines())("sealed profile fields on %s", (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function databaseBefore(version: string): Promise<{ handles: DatabaseHandle[]; database: Kysely<Database> }> {
    const fresh = await freshDatabaseTarget(engine);
    const first = await openDatabase(fresh.target);
    cleanups.push(fresh.drop, first.close);
    const handles = [first];
    if (engine === "postgres") {
      const second = await openDatabase(fresh.target);
      cleanups.push(second.close);
      handles.push(second);
    }
    await migrateToLatest(first.db as Kysely<unknown>, readMigrationFiles().filter((file) => file.name < version));
    return { handles, database: first.db };
  }

  it("migration 0079 refuses while plaintext is left, then drops the emptied columns; sealed values stay readable", async () => {
    const { database } = await databaseBefore("0079");
    const keys = keyring(randomBytes(32));
    const value = markers(3);
    const id = await insertProfileRow(database);
    // A row an older release wrote in plaintext and nothing sealed yet.
    await sql`UPDATE profiles SET birth_date = ${value.birthDate}::date, nif = ${value.nif} WHERE id = ${id}`.execute(database);
    await expect(migrateToLatest(database as Kysely<unknown>)).rejects.toThrow(/en clair/);
    const kept = await sql<{ nif: string }>`SELECT nif FROM profiles WHERE id = ${id}`.execute(database);
    expect(kept.rows[0]!.nif).toBe(value.nif);

    // Sealed as the release that brought 0070 does at start, then the migration goes through.
    expect(await writeProfileFields(database, keys, id, value)).toBe(true);
    await sql`UPDATE profiles SET birth_date = NULL, nif = NULL WHERE id = ${id}`.execute(database);
    await migrateToLatest(database as Kysely<unknown>);
    const columns = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'profiles' AND column_name IN ('nif', 'birth_date')`.execute(database);
    expect(columns.rows).toEqual([]);
    const dump = await sql<{ text: string }>`SELECT profiles::text AS text FROM profiles`.execute(database);
    expect(dump.rows.map((row) => row.text).join("\n")).not.toContain(value.nif);
    expect(await readProfileFields(database, keys, id)).toEqual(value);
  }, 90_000);

  it("a tampered ciphertext, one moved to another row or column, or one under an unknown key is refused", async () => {
    const { database } = await databaseBefore("9999");
    const keys = keyring(randomBytes(32));
    const a = await insertSealedProfile(database, keys, markers(1));
    const b = await insertSealedProfile(database, keys, markers(2));
    const row = (id: string) => database.selectFrom("profiles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const rowA = await row(a);
    const rowB = await row(b);

    // One bit flipped in A's NIF.
    const flipped = Buffer.from(rowA.nif_sealed!);
    flipped[flipped.length - 20]! ^= 1;
    await database.updateTable("profiles").set({ nif_sealed: flipped }).where("id", "=", a).execute();
    await expect(readProfileFields(database, keys, a)).rejects.toThrow(DecryptionError);
    // A's birth date copied into its NIF column (same data key, other column).
    await database.updateTable("profiles").set({ nif_sealed: rowA.birth_date_sealed }).where("id", "=", a).execute();
    await expect(readProfileFields(database, keys, a)).rejects.toThrow(DecryptionError);
    // B's whole sealed material (wrapped key, key id and values) moved onto A.
    await database
      .updateTable("profiles")
      .set({ fields_key_id: rowB.fields_key_id, fields_wrapped_key: rowB.fields_wrapped_key, birth_date_sealed: rowB.birth_date_sealed, nif_sealed: rowB.nif_sealed })
      .where("id", "=", a)
      .execute();
    await expect(readProfileFields(database, keys, a)).rejects.toThrow(DecryptionError);
    // B itself is intact, and unreadable under another master key.
    expect(await readProfileFields(database, keys, b)).not.toBeNull();
    await expect(readProfileFields(database, keyring(randomBytes(32)), b)).rejects.toThrow(UnknownMasterKeyError);
  });

  it("a key rotation interrupted halfway and resumed leaves every value readable, then the old key can go", async () => {
    const { database } = await databaseBefore("9999");
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = keyring(oldKey);
    const values = Array.from({ length: 9 }, (_, index) => markers(index + 40));
    const ids: string[] = [];
    for (const value of values) ids.push(await insertSealedProfile(database, before, value));
    const sealedBefore = await database.selectFrom("profiles").select(["id", "nif_sealed"]).orderBy("id").execute();

    const during = keyring(newKey, oldKey);
    // Interrupted after 4 rows (a crash or a stopped maintenance window).
    expect(await rewrapProfileFieldKeys(database, during, { batchSize: 3, maxRows: 4 })).toBe(4);
    expect(await profileFieldKeyIds(database)).toEqual({ [during.current.id]: 4, [before.current.id]: 5 });
    // Meanwhile, the running app (old and new key known) reads every row and writes one.
    for (const [index, id] of ids.entries()) expect(await readProfileFields(database, during, id)).toEqual(values[index]);
    const rewritten = { nif: "1999999999999", birthDate: "1931-01-31" };
    expect(await writeProfileFields(database, during, ids[8]!, rewritten)).toBe(true);
    values[8] = rewritten;

    // Resumed: only what is left changes; a second run changes nothing.
    const resumed = await rewrapProfileFieldKeys(database, during, { batchSize: 2 });
    expect(resumed).toBe(5);
    expect(await rewrapProfileFieldKeys(database, during)).toBe(0);
    expect(await profileFieldKeyIds(database)).toEqual({ [during.current.id]: 9 });

    // The field values were not re-encrypted (only the data keys were), and the old key is no longer needed.
    const sealedAfter = await database.selectFrom("profiles").select(["id", "nif_sealed"]).orderBy("id").execute();
    const unchanged = sealedAfter.filter((row, index) => Buffer.from(row.nif_sealed!).equals(Buffer.from(sealedBefore[index]!.nif_sealed!)));
    expect(unchanged.length).toBe(8);
    const after = keyring(newKey);
    for (const [index, id] of ids.entries()) expect(await readProfileFields(database, after, id)).toEqual(values[index]);
    await expect(readProfileFields(database, before, ids[0]!)).rejects.toThrow(UnknownMasterKeyError);
  });

  it.runIf(engine === "pglite")("a profile saved by the app leaves no NIF in any file of the database folder", async () => {
    const persistent = await persistentDatabaseTarget("pglite");
    cleanups.push(persistent.drop);
    await startTestRuntimeOn(persistent.target);
    const { userId, email } = await seedAccount("user", { firstName: "Odile", lastName: "Marchand" });
    const nif = `2${String(Date.now()).slice(-12).padStart(12, "4")}`;
    const input = profileFormSchema.parse({
      firstName: "Odile",
      lastName: "Marchand",
      birthDate: "11-05-1937",
      nif,
      phoneMobileCountry: "FR",
      phoneMobile: "6 12 34 56 78",
      phoneFixedCountry: "FR",
      phoneFixed: "",
      country: "france",
      address: "4 rue Neuve",
      postalCode: "35000",
      city: "Rennes",
      department: "Ille-et-Vilaine",
      acceptPrivacy: "on",
      acceptTerms: "on",
    });
    const actor = { kind: "user", userId, sessionId: "s", email, role: "user", firstName: "Odile", lastName: "Marchand", clientAddress: "203.0.113.7", secondFactor: "not-enrolled" } as const;
    expect(await completeProfile(actor, input)).toEqual({ ok: true });
    expect(await readProfileFields(db(), runtime().keyring, userId)).toEqual({ nif, birthDate: "1937-05-11" });
    await sql`CHECKPOINT`.execute(db());
    await stopRuntime();
    const dataDir = (persistent.target as { dataDir: string }).dataDir;
    const files = (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const bytes = await readFile(path.join(file.parentPath, file.name));
      expect(bytes.includes(Buffer.from(nif)), file.name).toBe(false);
    }
  }, 60_000);
});

describe.each(testEngines())("modules that open the sealed birth date on %s", (engine) => {
  let stop: () => Promise<void>;
  afterAll(async () => stop?.());

  it("the complaint pack still prints the birth date, sealed in the database", async () => {
    ({ stop } = await startTestRuntime(engine));
    const client = await seedPerson("user", "Rosalie", { verified: true });
    const row = await db().selectFrom("profiles").select(["birth_date_sealed"]).where("id", "=", client.userId).executeTakeFirstOrThrow();
    expect(row.birth_date_sealed).not.toBeNull();
    const found = await insertSubmittedCase(client.userId);
    const { pdf } = await complaintPackFor(client, found.id);
    const directory = await mkdtemp(path.join(tmpdir(), "recours-sealed-pdf-"));
    try {
      await writeFile(path.join(directory, "pack.pdf"), pdf);
      const text = execFileSync("pdftotext", ["-enc", "UTF-8", path.join(directory, "pack.pdf"), "-"], { encoding: "utf8" });
      expect(text, text.slice(0, 1500)).toMatch(/Née ou né le\s*:\s*14(\/03\/| mars )1956/);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);
});

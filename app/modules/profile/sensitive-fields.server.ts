import type { Kysely } from "kysely";
import { newRowKey, openField, rewrapRowKey, sealField, unwrapRowKey } from "~/modules/files/field-encryption.server";
import type { Keyring } from "~/modules/files/envelope-encryption.server";
import type { Database, Executor } from "~/platform/database-schema";

/**
 * The profile's sensitive fields (privacy policy: tax number, birth date) live only encrypted in `profiles`
 * (decision 0043). This file is the one place that seals and opens them: the profile module, the identity review
 * and the complaint pack ask it; nothing filters, sorts or searches on them.
 */

export const SENSITIVE_PROFILE_COLUMNS = ["birth_date", "nif"] as const;
export type SensitiveProfileColumn = (typeof SENSITIVE_PROFILE_COLUMNS)[number];

export interface SensitiveProfileFields {
  /** ISO date (YYYY-MM-DD). */
  birthDate: string | null;
  nif: string | null;
}

/** The columns a reader selects to open the fields (plus the row id). */
export const SEALED_PROFILE_COLUMNS = [
  "fields_key_id",
  "fields_wrapped_key",
  "birth_date_sealed",
  "nif_sealed",
] as const;

export interface SealedProfileRow {
  id: string;
  fields_key_id: string | null;
  fields_wrapped_key: Uint8Array | null;
  birth_date_sealed: Uint8Array | null;
  nif_sealed: Uint8Array | null;
}

const location = (rowId: string, column: SensitiveProfileColumn) => ({ table: "profiles", column, rowId });

/** Decrypts a row's fields; a tampered, moved or foreign ciphertext throws DecryptionError. */
export function openProfileFields(
  keyring: Keyring,
  row: SealedProfileRow,
  only: readonly SensitiveProfileColumn[] = SENSITIVE_PROFILE_COLUMNS,
): SensitiveProfileFields {
  const wants = (column: SensitiveProfileColumn) => only.includes(column);
  if (!row.birth_date_sealed && !row.nif_sealed) return { birthDate: null, nif: null };
  if (!row.fields_key_id || !row.fields_wrapped_key) throw new Error("profil chiffré sans clé de ligne");
  const dataKey = unwrapRowKey(keyring, "profiles", row.id, { keyId: row.fields_key_id, wrappedKey: row.fields_wrapped_key });
  try {
    return {
      birthDate: wants("birth_date") && row.birth_date_sealed ? openField(dataKey, location(row.id, "birth_date"), row.birth_date_sealed) : null,
      nif: wants("nif") && row.nif_sealed ? openField(dataKey, location(row.id, "nif"), row.nif_sealed) : null,
    };
  } finally {
    dataKey.fill(0);
  }
}

/** The checks the plaintext columns had in SQL (0002), which a ciphertext cannot carry: refused as SQL would (23514). */
export class SensitiveFieldRefused extends Error {
  override name = "SensitiveFieldRefused";
  readonly code = "23514";
}

function checkFields(fields: SensitiveProfileFields): void {
  if (fields.nif !== null && !/^[0-3][0-9]{12}$/.test(fields.nif)) throw new SensitiveFieldRefused("NIF hors format");
  if (fields.birthDate !== null) {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fields.birthDate);
    const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : undefined;
    if (!date || date.toISOString().slice(0, 10) !== fields.birthDate || fields.birthDate < "1900-01-01") {
      throw new SensitiveFieldRefused("date de naissance hors format");
    }
  }
}

/**
 * The column values that store these fields for that row: sealed under the row's data key (a new one when the row
 * has none), plaintext columns emptied. Pass the row's current key material to keep its data key.
 */
export function sealProfileFields(
  keyring: Keyring,
  rowId: string,
  fields: SensitiveProfileFields,
  existing?: { fields_key_id: string | null; fields_wrapped_key: Uint8Array | null },
) {
  checkFields(fields);
  let dataKey: Buffer;
  let keyId: string;
  let wrappedKey: Buffer;
  if (existing?.fields_key_id && existing.fields_wrapped_key) {
    dataKey = unwrapRowKey(keyring, "profiles", rowId, { keyId: existing.fields_key_id, wrappedKey: existing.fields_wrapped_key });
    keyId = existing.fields_key_id;
    wrappedKey = Buffer.from(existing.fields_wrapped_key);
  } else {
    const fresh = newRowKey(keyring, "profiles", rowId);
    dataKey = fresh.dataKey;
    keyId = fresh.wrapped.keyId;
    wrappedKey = fresh.wrapped.wrappedKey;
  }
  try {
    return {
      fields_key_id: keyId,
      fields_wrapped_key: wrappedKey,
      birth_date_sealed: fields.birthDate ? sealField(dataKey, location(rowId, "birth_date"), fields.birthDate) : null,
      nif_sealed: fields.nif ? sealField(dataKey, location(rowId, "nif"), fields.nif) : null,
    };
  } finally {
    dataKey.fill(0);
  }
}

/** Reads and decrypts one profile's fields (null when there is no such profile). */
export async function readProfileFields(executor: Executor, keyring: Keyring, profileId: string): Promise<SensitiveProfileFields | null> {
  const row = await executor
    .selectFrom("profiles")
    .select(["id", ...SEALED_PROFILE_COLUMNS])
    .where("id", "=", profileId)
    .executeTakeFirst();
  return row ? openProfileFields(keyring, row) : null;
}

/** Writes one profile's fields sealed, keeping its data key; returns false when the profile does not exist. */
export async function writeProfileFields(
  executor: Executor,
  keyring: Keyring,
  profileId: string,
  fields: SensitiveProfileFields,
): Promise<boolean> {
  const row = await executor
    .selectFrom("profiles")
    .select(["fields_key_id", "fields_wrapped_key"])
    .where("id", "=", profileId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return false;
  await executor.updateTable("profiles").set(sealProfileFields(keyring, profileId, fields, row)).where("id", "=", profileId).execute();
  return true;
}

/**
 * Re-wraps every profile data key not under the current master key (after a rotation). Batched by key id, each row
 * updated only if its key id has not changed meanwhile: interrupted, it resumes where it stopped; run twice, the
 * second run changes nothing. Returns how many rows changed.
 */
export async function rewrapProfileFieldKeys(
  database: Kysely<Database>,
  keyring: Keyring,
  options: { batchSize?: number; maxRows?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  let changed = 0;
  let after = "";
  for (;;) {
    if (changed >= maxRows) return changed;
    const rows = await database
      .selectFrom("profiles")
      .select(["id", "fields_key_id", "fields_wrapped_key"])
      .where("fields_key_id", "is not", null)
      .where("fields_key_id", "<>", keyring.current.id)
      .where("id", ">", after)
      .orderBy("id")
      .limit(Math.min(batchSize, maxRows - changed))
      .execute();
    if (rows.length === 0) return changed;
    for (const row of rows) {
      const wrapped = rewrapRowKey(keyring, "profiles", row.id, { keyId: row.fields_key_id!, wrappedKey: row.fields_wrapped_key! });
      const result = await database
        .updateTable("profiles")
        .set({ fields_key_id: wrapped.keyId, fields_wrapped_key: wrapped.wrappedKey })
        .where("id", "=", row.id)
        .where("fields_key_id", "=", row.fields_key_id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) changed += 1;
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** How many profiles hold sealed fields under each master key id (what a rotation still has to do). */
export async function profileFieldKeyIds(database: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await database
    .selectFrom("profiles")
    .select(["fields_key_id", (eb) => eb.fn.countAll<string>().as("n")])
    .where("fields_key_id", "is not", null)
    .groupBy("fields_key_id")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.fields_key_id!, Number(row.n)]));
}

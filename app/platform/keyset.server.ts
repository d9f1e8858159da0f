import { sql, type RawBuilder } from "kysely";
import type { FlaggedKeysetCursor, KeysetCursor } from "./keyset";

/** The column's time as text to the microsecond, UTC: what a keyset cursor carries. */
export function cursorTime(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows after the cursor in a (time DESC, id DESC) order: one row comparison, which the two-column index serves. */
export function olderThan(timeColumn: string, idColumn: string, cursor: KeysetCursor): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) < (${cursor.at}::timestamptz, ${cursor.id})`;
}

/**
 * Rows after the cursor in a (flag DESC, time DESC, id DESC) order, the flag a boolean column or expression
 * (a pending group, a case waiting for a lawyer).
 */
export function flaggedOlderThan(
  flag: string | RawBuilder<boolean>,
  timeColumn: string,
  idColumn: string,
  cursor: FlaggedKeysetCursor,
): RawBuilder<boolean> {
  const flagSql = typeof flag === "string" ? sql.ref(flag) : flag;
  return sql<boolean>`(${flagSql}, ${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) < (${cursor.flag}, ${cursor.at}::timestamptz, ${cursor.id})`;
}

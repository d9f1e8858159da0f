import { sql, type RawBuilder } from "kysely";

/** The column's time as text to the microsecond, UTC: what a keyset cursor carries. */
export function cursorTime(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows after the cursor in a (time DESC, id DESC) order: one row comparison, which the two-column index serves. */
export function olderThan(timeColumn: string, idColumn: string, cursor: { at: string; id: string | number }): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) < (${cursor.at}::timestamptz, ${cursor.id})`;
}

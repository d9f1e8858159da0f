import { z } from "zod";

const TIME = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z`;

/** A real instant: "2026-02-30T…" or "…T25:00…" has the right shape but PostgreSQL would refuse it (a 500, not a page). */
function realInstant(at: string): boolean {
  const time = Date.parse(at);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === at.slice(0, 19);
}

/**
 * A keyset page cursor: the last row's sort time, to the microsecond as PostgreSQL keeps it, and its id.
 * "2026-03-12T10:00:00.123456Z_1234" (numeric ids) or "…Z_0f9c…" (text ids). A malformed cursor reads as none.
 */
export const keysetCursor = z
  .string()
  .max(200)
  .regex(new RegExp(`^${TIME}_[A-Za-z0-9-]{1,100}$`))
  .refine((value) => realInstant(value.slice(0, value.indexOf("_"))))
  .transform((value) => {
    const at = value.slice(0, value.indexOf("_"));
    return { at, id: value.slice(value.indexOf("_") + 1) };
  });
export type KeysetCursor = z.output<typeof keysetCursor>;

/**
 * The cursor of a list sorted on a flag first (true rows first: waiting, pending), then time and a UUID id:
 * "1_2026-03-12T10:00:00.123456Z_0f9c…".
 */
export const flaggedKeysetCursor = z
  .string()
  .max(200)
  .regex(new RegExp(`^[01]_${TIME}_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`))
  .refine((value) => realInstant(value.slice(2, value.indexOf("_", 2))))
  .transform((value) => ({ flag: value.startsWith("1"), ...keysetCursor.parse(value.slice(2)) }));
export type FlaggedKeysetCursor = z.output<typeof flaggedKeysetCursor>;

/** The cursor after this row: its time (cursorTime) and id, behind its flag when the list sorts on one first. */
export function encodeCursor(at: string, id: string | number, flag?: boolean): string {
  return flag === undefined ? `${at}_${id}` : `${flag ? 1 : 0}_${at}_${id}`;
}

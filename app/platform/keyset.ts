import { z } from "zod";

/**
 * A keyset page cursor: the last row's sort time, to the microsecond as PostgreSQL keeps it, and its id.
 * "2026-03-12T10:00:00.123456Z_1234" (numeric ids) or "…Z_0f9c…" (text ids). A malformed cursor reads as none.
 */
export const keysetCursor = z
  .string()
  .max(200)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[A-Za-z0-9-]{1,100}$/)
  .transform((value) => {
    const at = value.slice(0, value.indexOf("_"));
    return { at, id: value.slice(value.indexOf("_") + 1) };
  });
export type KeysetCursor = z.output<typeof keysetCursor>;

export function encodeCursor(at: string, id: string | number): string {
  return `${at}_${id}`;
}

/**
 * Calendar dates stay strings from the keyboard to the database: typed as "DD-MM-YYYY", sent and stored as
 * "yyyy-MM-dd". No Date object with a timezone is ever made from them, so nothing can shift by a day.
 */

export const EARLIEST_DATE = "1900-01-01";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Day, month, year: two, two and four digits, with or without a dash, slash, dot or space between them. */
const FRENCH_DATE = /^(\d{2})[-/. ]?(\d{2})[-/. ]?(\d{4})$/;

/**
 * What a DD-MM-YYYY field shows as the person types: digits only (at most 8), a dash added before the month
 * and the year. A browser's autofill gives "yyyy-MM-dd": that one is turned around instead.
 */
export function maskFrenchDate(raw: string): string {
  const iso = ISO_DATE.exec(raw.trim());
  const digits = iso ? `${iso[3]}${iso[2]}${iso[1]}` : raw.replace(/\D/g, "").slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC, so no daylight-saving surprises.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay;
}

export type ParsedDate = { kind: "empty" } | { kind: "format" } | { kind: "invalid" } | { kind: "ok"; iso: string };

/** Reads a typed "DD-MM-YYYY" date. "format": not two-two-four digits; "invalid": no such day (31-02-1990). */
export function parseFrenchDate(raw: string): ParsedDate {
  const value = raw.trim();
  if (value === "") return { kind: "empty" };
  const match = FRENCH_DATE.exec(value);
  if (!match) return { kind: "format" };
  const [, day, month, year] = match as unknown as [string, string, string, string];
  if (!isRealDate(Number(year), Number(month), Number(day))) return { kind: "invalid" };
  return { kind: "ok", iso: `${year}-${month}-${day}` };
}

/** "yyyy-MM-dd" → "DD-MM-YYYY"; anything else is returned as it is. */
export function isoToFrenchDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const match = ISO_DATE.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : iso;
}

/** Today on this machine's calendar, as "yyyy-MM-dd" (in the browser: the person's own day). */
export function todayIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * The latest calendar day that has already begun somewhere (UTC+14). The server does not know the person's
 * timezone: it accepts a date up to that day, so a date that is "today" for the person is never refused.
 */
export function latestDayAnywhere(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * How dates, times, money and sizes read on the site, in e-mails and in PDFs: French, on Paris time (the server does
 * not know the person's timezone, nearly all of them live on it, and the server render must match the browser's).
 * One Intl instance per format, made once.
 */

const LOCALE = "fr-FR";
const TIME_ZONE = "Europe/Paris";

const shortDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: "short", timeZone: TIME_ZONE });
const weekdayDate = new Intl.DateTimeFormat(LOCALE, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE });
const longDate = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE });
const time = new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE });
/** en-CA writes "yyyy-MM-dd". */
const isoDay = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: TIME_ZONE });
const hour = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hour12: false, timeZone: TIME_ZONE });

const integer = new Intl.NumberFormat(LOCALE);
const wholeNumber = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const moneyFormats = new Map<string, Intl.NumberFormat>();

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MEBIBYTE = 1024 * 1024;

function toDate(value: Date | string): Date | null {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The date in `format`, or "" for a date that cannot be read. */
function formatted(format: Intl.DateTimeFormat, value: Date | string): string {
  const date = toDate(value);
  return date ? format.format(date) : "";
}

// ——— Dates and times ———

/** "03/03/2025". A "yyyy-MM-dd" DATE is reformatted as is; an instant is shown as its day in Paris; "" if unreadable. */
export function formatDate(value: Date | string): string {
  if (typeof value === "string") {
    const dateOnly = DATE_ONLY.exec(value);
    if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  }
  return formatted(shortDate, value);
}

/** "Lundi 3 mars 2025" (capitalised: it starts a line): the chat's day separators, a heading rather than a date. */
export function formatWeekdayDate(value: Date | string): string {
  const date = toDate(value);
  if (!date) return "";
  const text = weekdayDate.format(date);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "03/03/2025 à 18:05": every date with its time (issue 29: one date format, one date-time format); "" if unreadable. */
export function formatDateTime(value: Date | string): string {
  const date = toDate(value);
  return date ? `${shortDate.format(date)} à ${time.format(date)}` : "";
}

/** "18:05". */
export function formatTime(value: Date | string): string {
  return formatted(time, value);
}

/** "19 h 42", "9 h 05": a time of day as French prose writes it (on Paris time). */
export function formatClockTime(value: Date | string): string {
  return formatTime(value).replace(/^0(?=\d)/, "").replace(":", " h ");
}

/** "27 novembre 2026 à 14 h 32", "1er mars 2026 à 9 h 05": an instant in prose (on Paris time); "" if unreadable. */
export function formatLongDateTime(value: Date | string): string {
  const date = toDate(value);
  return date ? `${longDate.format(date).replace(/^1 /, "1er ")} à ${formatClockTime(date)}` : "";
}

/** "Enregistré à 19 h 42" today (in Paris), "Enregistré le 03/03/2025 à 19 h 42" another day; "" if unreadable. */
export function savedAtText(value: Date | string, now: Date = new Date()): string {
  const clock = formatClockTime(value);
  if (!clock) return "";
  return parisIsoDay(value) === parisIsoDay(now) ? `Enregistré à ${clock}` : `Enregistré le ${formatDate(value)} à ${clock}`;
}

/** An instant for a <time> element: its ISO text and how it reads. */
export interface DateTimeText {
  iso: string;
  text: string;
}

export function dateTimeText(value: Date | string): DateTimeText {
  const date = new Date(value);
  return { iso: date.toISOString(), text: formatDateTime(date) };
}

/** "yyyy-MM-dd" of that instant in Paris (today's by default). */
export function parisIsoDay(value: Date | string = new Date()): string {
  return isoDay.format(new Date(value));
}

/** The hour (0–23) of that instant in Paris. */
export function parisHour(instant: Date): number {
  return Number(hour.format(instant));
}

// ——— Numbers and money ———

/** "12 500". */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** "12,5" (always one decimal: a share). */
export function formatOneDecimal(value: number): string {
  return oneDecimal.format(value);
}

/**
 * French money: "12 500 €", "48 250,50 €", "1 200 CHF", "300 $CA"; with `cents`, two decimals, else none. The
 * thousands separator and the space before the symbol are U+202F (issue 29; PDFs need an embedded font for it).
 */
export function formatCurrency(value: number, currency: string, cents: boolean): string {
  const key = `${currency}:${cents}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      style: "currency",
      currency,
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: cents ? 2 : 0,
    });
    moneyFormats.set(key, format);
  }
  return format.format(value).replace(/\u00a0/g, "\u202f");
}

// ——— File sizes ———

/**
 * Every size the site shows (issue 29: one formatter; spec: "in MB with 2 decimals"): "0,11 Mo", "1,50 Mo", "300 Mo"
 * (a whole number has no decimals), never under "0,01 Mo" for a file that is not empty. Mo are 1 048 576 bytes, as
 * the upload limits and quotas are counted.
 */
export function formatSize(bytes: number): string {
  if (bytes <= 0) return "0\u00a0Mo";
  const megabytes = Math.max(0.01, bytes / MEBIBYTE);
  const rounded = Math.round(megabytes * 100) / 100;
  return `${(Number.isInteger(rounded) ? wholeNumber : twoDecimals).format(rounded)}\u00a0Mo`;
}

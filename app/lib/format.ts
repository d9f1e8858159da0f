/**
 * How dates, times, money and sizes read on the site, in e-mails and in PDFs: French, on Paris time (the server does
 * not know the person's timezone, nearly all of them live on it, and the server render must match the browser's).
 * One Intl instance per format, made once.
 */

const LOCALE = "fr-FR";
const TIME_ZONE = "Europe/Paris";

const shortDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: "short", timeZone: TIME_ZONE });
const longDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: "long", timeZone: TIME_ZONE });
const weekdayDate = new Intl.DateTimeFormat(LOCALE, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE });
const shortDateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: "short", timeStyle: "short", timeZone: TIME_ZONE });
const mediumDateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE });
const longDateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: "long", timeStyle: "short", timeZone: TIME_ZONE });
const time = new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE });
/** en-CA writes "yyyy-MM-dd". */
const isoDay = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: TIME_ZONE });
const hour = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hour12: false, timeZone: TIME_ZONE });

const integer = new Intl.NumberFormat(LOCALE);
const wholeNumber = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const upToOneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
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

/** "3 mars 2025". */
export function formatLongDate(value: Date | string): string {
  return formatted(longDate, value);
}

/** "Lundi 3 mars 2025" (capitalised: it starts a line). */
export function formatWeekdayDate(value: Date | string): string {
  const date = toDate(value);
  if (!date) return "";
  const text = weekdayDate.format(date);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "03/03/2025 18:05". */
export function formatShortDateTime(value: Date | string): string {
  return formatted(shortDateTime, value);
}

/** "3 mars 2025, 18:05". */
export function formatMediumDateTime(value: Date | string): string {
  return formatted(mediumDateTime, value);
}

/** "3 mars 2025 à 18:05". */
export function formatLongDateTime(value: Date | string): string {
  return formatted(longDateTime, value);
}

/** "18:05". */
export function formatTime(value: Date | string): string {
  return formatted(time, value);
}

/** "19 h 42", "9 h 05": a time of day as French prose writes it (on Paris time). */
export function formatClockTime(value: Date | string): string {
  return formatTime(value).replace(/^0(?=\d)/, "").replace(":", " h ");
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
  return { iso: date.toISOString(), text: longDateTime.format(date) };
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
 * thousands separator is U+202F and the space before the symbol U+00A0 (PDFs need an embedded font for them).
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
  return format.format(value);
}

// ——— File sizes ———

/** '245 ko', '3,4 Mo' (decimal French units, non-breaking space): a file a person sends or sees in a list. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes}\u00a0o`;
  if (bytes < 1_000_000) return `${upToOneDecimal.format(Math.round(bytes / 1000))}\u00a0ko`;
  return `${upToOneDecimal.format(bytes / 1_000_000)}\u00a0Mo`;
}

/** A chat attachment: "12 Ko" under a mebibyte, else "1,50 Mo" (spec: in MB with 2 decimals). */
export function formatAttachmentSize(bytes: number): string {
  if (bytes < MEBIBYTE) return `${integer.format(Math.max(1, Math.round(bytes / 1024)))} Ko`;
  return `${twoDecimals.format(bytes / MEBIBYTE)} Mo`;
}

/** An identity document in the back office: "1.50 MB" (spec (admin) §9: in MB with 2 decimals). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MEBIBYTE).toFixed(2)} MB`;
}

/** A quota as people read it: "300 Mo", "12,5 Mo" (one decimal under 10). */
export function formatQuota(bytes: number): string {
  const megabytes = bytes / MEBIBYTE;
  return `${(megabytes < 10 ? upToOneDecimal : wholeNumber).format(megabytes)} Mo`;
}

/** An archive: "0,1 Mo" at the least, one decimal at most. */
export function formatArchiveSize(bytes: number): string {
  return `${upToOneDecimal.format(Math.max(0.1, bytes / MEBIBYTE))} Mo`;
}

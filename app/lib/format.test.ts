import { describe, expect, it } from "vitest";
import {
  dateTimeText,
  formatCount,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatOneDecimal,
  formatSize,
  formatTime,
  formatWeekdayDate,
  formatClockTime,
  formatLongDateTime,
  parisHour,
  parisIsoDay,
  savedAtText,
} from "./format";

/** Intl separates thousands with U+202F and puts U+00A0 before a unit; the tests read plain spaces. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("dates and times, on Paris time", () => {
  it("formats an instant as its day in Paris, dd/MM/yyyy", () => {
    expect(formatDate("2024-03-05T10:00:00.000Z")).toBe("05/03/2024");
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(formatDate("2024-12-31T23:30:00.000Z")).toBe("01/01/2025");
    expect(formatDate(new Date("2024-07-14T12:00:00.000Z"))).toBe("14/07/2024");
  });

  it("reformats a date-only value without shifting it", () => {
    expect(formatDate("2024-02-29")).toBe("29/02/2024");
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatDate("pas une date")).toBe("");
    expect(formatDateTime("pas une date")).toBe("");
    expect(formatWeekdayDate("pas une date")).toBe("");
  });

  it("writes one date-time form, the date then the time (summer time: UTC+2)", () => {
    const instant = "2025-07-14T16:05:00.000Z";
    expect(formatDateTime(instant)).toBe("14/07/2025 à 18:05");
    expect(formatTime(instant)).toBe("18:05");
    expect(formatWeekdayDate(instant)).toBe("Lundi 14 juillet 2025");
  });

  it("gives the <time> text and its ISO value (winter time: UTC+1)", () => {
    expect(dateTimeText(new Date("2025-01-10T08:00:00.000Z"))).toEqual({ iso: "2025-01-10T08:00:00.000Z", text: "10/01/2025 à 09:00" });
  });

  it("says when a draft was saved, the French way: today by its time, another day with its date", () => {
    expect(formatClockTime("2025-07-14T17:42:00.000Z")).toBe("19 h 42");
    expect(formatClockTime("2025-01-10T08:05:00.000Z")).toBe("9 h 05");
    expect(savedAtText("2025-07-14T17:42:00.000Z", new Date("2025-07-14T20:00:00.000Z"))).toBe("Enregistré à 19 h 42");
    // 23:30 UTC on 13 July is already the 14th in Paris.
    expect(savedAtText("2025-07-13T23:30:00.000Z", new Date("2025-07-14T08:00:00.000Z"))).toBe("Enregistré à 1 h 30");
    expect(savedAtText("2025-07-12T17:42:00.000Z", new Date("2025-07-14T08:00:00.000Z"))).toBe("Enregistré le 12/07/2025 à 19 h 42");
    expect(savedAtText("pas une date")).toBe("");
  });

  it("writes an instant in prose, on Paris time, with the first of the month as '1er'", () => {
    expect(formatLongDateTime("2026-11-27T13:32:00.000Z")).toBe("27 novembre 2026 à 14 h 32");
    // 23:05 UTC on 28 February is already 1 March in Paris.
    expect(formatLongDateTime("2026-02-28T23:05:00.000Z")).toBe("1er mars 2026 à 0 h 05");
    expect(formatLongDateTime("pas une date")).toBe("");
  });

  it("knows the day and the hour in Paris", () => {
    expect(parisIsoDay(new Date("2024-12-31T23:30:00.000Z"))).toBe("2025-01-01");
    expect(parisIsoDay("2024-06-30T21:59:00.000Z")).toBe("2024-06-30");
    expect(parisHour(new Date("2025-03-30T08:00:00.000Z"))).toBe(10);
    expect(parisHour(new Date("2025-03-29T08:00:00.000Z"))).toBe(9);
  });
});

describe("numbers and money", () => {
  it("writes counts and shares the French way", () => {
    expect(plain(formatCount(12500))).toBe("12 500");
    expect(formatOneDecimal(12)).toBe("12,0");
    expect(formatOneDecimal(33.333)).toBe("33,3");
  });

  it("puts a narrow no-break space before the currency", () => {
    expect(formatCurrency(12500, "EUR", false)).toBe("12\u202f500\u202f€");
  });

  it("writes amounts with or without cents", () => {
    expect(plain(formatCurrency(12500, "EUR", false))).toBe("12 500 €");
    expect(plain(formatCurrency(48250.5, "EUR", true))).toBe("48 250,50 €");
    expect(plain(formatCurrency(1200, "CHF", false))).toBe("1 200 CHF");
    expect(plain(formatCurrency(999.5, "EUR", false))).toBe("1 000 €");
  });
});

describe("sizes", () => {
  it("writes every size in Mo with 2 decimals, a whole number without", () => {
    expect(formatSize(115_000)).toBe("0,11\u00a0Mo");
    expect(formatSize(1.5 * 1024 * 1024)).toBe("1,50\u00a0Mo");
    expect(formatSize(300 * 1024 * 1024)).toBe("300\u00a0Mo");
    expect(formatSize(12.5 * 1024 * 1024)).toBe("12,50\u00a0Mo");
  });

  it("never writes a file that is not empty as 0 Mo", () => {
    expect(formatSize(10)).toBe("0,01\u00a0Mo");
    expect(formatSize(0)).toBe("0\u00a0Mo");
  });
});

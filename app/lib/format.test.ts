import { describe, expect, it } from "vitest";
import {
  dateTimeText,
  formatArchiveSize,
  formatAttachmentSize,
  formatCount,
  formatCurrency,
  formatDate,
  formatFileSize,
  formatLongDate,
  formatLongDateTime,
  formatMediumDateTime,
  formatMegabytes,
  formatOneDecimal,
  formatQuota,
  formatShortDateTime,
  formatTime,
  formatWeekdayDate,
  formatClockTime,
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
    expect(formatLongDateTime("pas une date")).toBe("");
    expect(formatWeekdayDate("pas une date")).toBe("");
  });

  it("writes the long, medium and short forms (summer time: UTC+2)", () => {
    const instant = "2025-07-14T16:05:00.000Z";
    expect(formatLongDate(instant)).toBe("14 juillet 2025");
    expect(formatLongDateTime(instant)).toBe("14 juillet 2025 à 18:05");
    expect(formatMediumDateTime(instant)).toBe("14 juil. 2025, 18:05");
    expect(formatShortDateTime(instant)).toBe("14/07/2025 18:05");
    expect(formatTime(instant)).toBe("18:05");
    expect(formatWeekdayDate(instant)).toBe("Lundi 14 juillet 2025");
  });

  it("gives the <time> text and its ISO value (winter time: UTC+1)", () => {
    expect(dateTimeText(new Date("2025-01-10T08:00:00.000Z"))).toEqual({ iso: "2025-01-10T08:00:00.000Z", text: "10 janvier 2025 à 09:00" });
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

  it("writes amounts with or without cents", () => {
    expect(plain(formatCurrency(12500, "EUR", false))).toBe("12 500 €");
    expect(plain(formatCurrency(48250.5, "EUR", true))).toBe("48 250,50 €");
    expect(plain(formatCurrency(1200, "CHF", false))).toBe("1 200 CHF");
    expect(plain(formatCurrency(999.5, "EUR", false))).toBe("1 000 €");
  });
});

describe("file sizes", () => {
  it("writes a file's size in decimal French units", () => {
    expect(formatFileSize(999)).toBe("999\u00a0o");
    expect(formatFileSize(245_400)).toBe("245\u00a0ko");
    expect(formatFileSize(3_400_000)).toBe("3,4\u00a0Mo");
  });

  it("writes a chat attachment in Ko, then in Mo with 2 decimals", () => {
    expect(formatAttachmentSize(100)).toBe("1 Ko");
    expect(formatAttachmentSize(12 * 1024)).toBe("12 Ko");
    expect(formatAttachmentSize(1.5 * 1024 * 1024)).toBe("1,50 Mo");
  });

  it("writes an identity document in MB with 2 decimals (spec)", () => {
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe("1.50 MB");
    expect(formatMegabytes(123)).toBe("0.00 MB");
  });

  it("writes a quota in Mo, one decimal under 10", () => {
    expect(formatQuota(300 * 1024 * 1024)).toBe("300 Mo");
    expect(formatQuota(1.5 * 1024 * 1024)).toBe("1,5 Mo");
    expect(formatQuota(12.5 * 1024 * 1024)).toBe("13 Mo");
  });

  it("writes an archive's size, 0,1 Mo at the least", () => {
    expect(formatArchiveSize(10)).toBe("0,1 Mo");
    expect(formatArchiveSize(2.25 * 1024 * 1024)).toBe("2,3 Mo");
  });
});

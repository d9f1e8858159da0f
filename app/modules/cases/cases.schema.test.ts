import { describe, expect, it } from "vitest";
import {
  AMOUNT_MISSING_LABEL,
  caseStatusLabel,
  formatDate,
  formatEuros,
  normalizeCaseStatus,
  SCAM_TYPE_MISSING_LABEL,
  scamTypeLabel,
} from "./cases.schema";

// Intl separates thousands with a narrow no-break space and puts a no-break space before the euro sign.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("case status labels", () => {
  it.each([
    ["draft", "Brouillon"],
    ["submitted", "Soumis"],
    ["under_review", "En cours d'examen"],
    ["assigned", "Assigné"],
    ["in_progress", "En cours"],
    ["resolved", "Résolu"],
    ["completed", "Terminé"],
    ["closed", "Fermé"],
  ])("labels %s as %s", (status, label) => {
    expect(caseStatusLabel(status)).toBe(label);
  });

  it("treats unknown or missing statuses as drafts", () => {
    expect(normalizeCaseStatus("archived")).toBe("draft");
    expect(normalizeCaseStatus(null)).toBe("draft");
    expect(caseStatusLabel("archived")).toBe("Brouillon");
    expect(caseStatusLabel("")).toBe("Brouillon");
  });

  it("does not mistake inherited object keys for statuses", () => {
    expect(normalizeCaseStatus("toString")).toBe("draft");
    expect(normalizeCaseStatus("__proto__")).toBe("draft");
  });
});

describe("scam type labels", () => {
  it.each([
    ["romance", "Arnaque sentimentale"],
    ["romance_scam", "Arnaque sentimentale"],
    ["investment", "Arnaque à l'investissement"],
    ["investment_scam", "Arnaque à l'investissement"],
    ["phishing", "Hameçonnage"],
    ["fake_website", "Faux site web"],
    ["phone", "Arnaque téléphonique"],
    ["other", "Autre"],
  ])("labels the case-list value %s", (value, label) => {
    expect(scamTypeLabel(value)).toBe(label);
  });

  it("labels every wizard value in French", () => {
    for (const value of [
      "romance_scam",
      "investment_scam",
      "fake_website",
      "phishing",
      "cryptocurrency_scam",
      "fake_job_offer",
      "technical_support_scam",
      "lottery_scam",
      "other",
    ]) {
      expect(scamTypeLabel(value)).not.toBe(value);
    }
  });

  it("shows unknown values as they are", () => {
    expect(scamTypeLabel("sextortion")).toBe("sextortion");
    expect(scamTypeLabel("constructor")).toBe("constructor");
  });

  it("has a label for a missing value", () => {
    expect(scamTypeLabel(null)).toBe(SCAM_TYPE_MISSING_LABEL);
    expect(scamTypeLabel("")).toBe(SCAM_TYPE_MISSING_LABEL);
  });
});

describe("formatEuros", () => {
  it("formats in French without decimals", () => {
    expect(plain(formatEuros(12500))).toBe("12 500 €");
    expect(plain(formatEuros(0))).toBe("0 €");
    expect(plain(formatEuros(1234567))).toBe("1 234 567 €");
  });

  it("accepts database NUMERIC strings and rounds to the euro", () => {
    expect(plain(formatEuros("1500.00"))).toBe("1 500 €");
    expect(plain(formatEuros("999.5"))).toBe("1 000 €");
    expect(plain(formatEuros("999.49"))).toBe("999 €");
  });

  it("says when there is no amount", () => {
    expect(formatEuros(null)).toBe(AMOUNT_MISSING_LABEL);
    expect(formatEuros(undefined)).toBe(AMOUNT_MISSING_LABEL);
    expect(formatEuros(" ")).toBe(AMOUNT_MISSING_LABEL);
    expect(formatEuros("abc")).toBe(AMOUNT_MISSING_LABEL);
  });
});

describe("formatDate", () => {
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
  });
});

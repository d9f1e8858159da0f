import { describe, expect, it } from "vitest";
import {
  amountForInput,
  caseDraftSchema,
  caseFormValues,
  caseMessages,
  missingForStep,
  nextStepText,
  parseEuroAmount,
  reachableStep,
  submittedDescription,
  timelineText,
  AMOUNT_MISSING_LABEL,
  caseStatusLabel,
  formatEuros,
  WIZARD_SCAM_TYPES,
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
    for (const value of WIZARD_SCAM_TYPES) {
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

describe("parseEuroAmount", () => {
  it.each([
    ["1 234,56", "1234.56"],
    ["1 234,56 €", "1234.56"],
    ["12 500 €", "12500"],
    ["1.234,5", "1234.50"],
    ["1234.5", "1234.50"],
    ["1.234.567", "1234567"],
    ["0,99", "0.99"],
    ["007", "7"],
    ["999999999999,99", "999999999999.99"],
  ])("reads %s as %s", (typed, stored) => {
    expect(parseEuroAmount(typed)).toEqual({ kind: "ok", value: stored });
  });

  it.each([
    ["-5", "negative"],
    ["−5", "negative"],
    ["1e309", "invalid"],
    ["NaN", "invalid"],
    ["Infinity", "invalid"],
    ["12,345", "invalid"],
    ["1,2,3", "invalid"],
    ["0x10", "invalid"],
    ["1000000000000", "too-large"],
  ])("refuses %s (%s)", (typed, kind) => {
    expect(parseEuroAmount(typed).kind).toBe(kind);
  });

  it("treats a blank amount as not given", () => {
    expect(parseEuroAmount("  ")).toEqual({ kind: "empty" });
    expect(parseEuroAmount("€")).toEqual({ kind: "empty" });
  });

  it("shows a stored amount back the French way", () => {
    expect(amountForInput("1234.56")).toBe("1 234,56");
    expect(amountForInput("12500.00")).toBe("12 500");
    expect(amountForInput(null)).toBe("");
  });
});

describe("the wizard's rules", () => {
  it("moves on from step 1 with a scam type, from step 2 with contact method, date and description", () => {
    const empty = caseDraftSchema.parse({});
    expect(missingForStep(1, empty)).toEqual({ scam_type: caseMessages.scamTypeRequired });
    expect(reachableStep(empty)).toBe(1);
    const typed = caseDraftSchema.parse({ scam_type: "phishing" });
    expect(reachableStep(typed)).toBe(2);
    expect(Object.keys(missingForStep(2, typed)).sort()).toEqual(["contact_method", "detailed_description", "first_contact_date"]);
    const complete = caseDraftSchema.parse({ scam_type: "phishing", contact_method: "email", first_contact_date: "01-02-2024", detailed_description: "Un faux message de ma banque." });
    expect(reachableStep(complete)).toBe(3);
  });

  it("reads lists from a posted form and ignores unknown fields", () => {
    const form = new FormData();
    form.append("payment_methods", "cash");
    form.append("payment_methods", "paypal");
    form.append("status", "assigned");
    const values = caseFormValues(form);
    expect(values.payment_methods).toEqual(["cash", "paypal"]);
    expect(Object.keys(values)).not.toContain("status");
  });

  it("refuses a first contact date in the future", () => {
    const tomorrow = new Date(Date.now() + 36 * 3600 * 1000);
    const typed = `${String(tomorrow.getDate()).padStart(2, "0")}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${tomorrow.getFullYear() + 1}`;
    const result = caseDraftSchema.safeParse({ first_contact_date: typed });
    expect(result.success).toBe(false);
  });
});

describe("the case page's words", () => {
  it("says every status in plain French, to the client and to staff", () => {
    const owner = (status: string) => timelineText(status, { lawyerName: "Claire Martin", forOwner: true, first: false });
    expect(owner("assigned")).toBe("Votre dossier a été transmis à Maître Claire Martin");
    expect(owner("submitted")).toBe("Vous avez soumis votre dossier");
    expect(owner("in_progress")).toBe("Maître Claire Martin travaille sur votre dossier");
    expect(owner("resolved")).toBe("Votre dossier est résolu");
    expect(owner("closed")).toBe("Votre dossier a été fermé");
    expect(timelineText("draft", { lawyerName: null, forOwner: true, first: true })).toBe("Votre dossier a été créé en brouillon");
    expect(timelineText("assigned", { lawyerName: "Claire Martin", forOwner: false, first: false })).toBe("Le dossier a été transmis à Maître Claire Martin");
    expect(timelineText("in_progress", { lawyerName: null, forOwner: true, first: false })).toBe("Un avocat partenaire travaille sur votre dossier");
  });

  it("says what happens next at each status", () => {
    for (const status of ["draft", "submitted", "under_review", "assigned", "in_progress", "resolved", "completed", "closed"]) {
      expect(nextStepText(status, "Claire Martin").length).toBeGreaterThan(20);
    }
    expect(nextStepText("assigned", "Claire Martin")).toContain("Maître Claire Martin");
  });
});

describe("the submission toast", () => {
  it("says whether a lawyer already has the case", () => {
    expect(submittedDescription("RC-2026-000007", true)).toContain("confié à un avocat partenaire");
    expect(submittedDescription("RC-2026-000007", false)).toContain("dès qu'un avocat partenaire l'aura pris en charge");
  });
});

import { describe, expect, it } from "vitest";
import { addMonths, bankDeadlineOf, computeDeadlines, countdownText, daysBetween } from "./deadlines";

describe("deadlines", () => {
  it("counts 13 calendar months for the bank, the day clamped to the month's end", () => {
    expect(bankDeadlineOf("2025-03-14")).toBe("2026-04-14");
    expect(bankDeadlineOf("2025-01-31")).toBe("2026-02-28");
    expect(addMonths("2023-01-31", 13)).toBe("2024-02-29");
    expect(daysBetween("2026-11-23", "2026-12-23")).toBe(30);
  });

  it("gives a bank deadline to card payments and transfers only, the complaint's from the last payment", () => {
    const deadlines = computeDeadlines({
      payments: [
        { id: "a", paidOn: "2025-03-14", method: "bank_transfer" },
        { id: "b", paidOn: "2025-06-01", method: "cryptocurrency" },
        { id: "c", paidOn: "2025-05-02", method: "credit_card" },
      ],
      firstContactDate: "2025-01-10",
      filedComplaint: false,
      clientCountry: "france",
      today: "2026-04-01",
    });
    expect(deadlines.bank.map((row) => [row.paymentId, row.deadline, row.daysLeft])).toEqual([
      ["a", "2026-04-14", 13],
      ["c", "2026-06-02", 62],
    ]);
    expect(deadlines.complaint).toEqual({ from: "2025-06-01", deadline: "2031-06-01", daysLeft: daysBetween("2026-04-01", "2031-06-01"), filed: false });
    expect(deadlines.asap.map((action) => action.key)).toEqual(["block-card", "pharos", "17cyber", "thesee"]);
  });

  it("runs the complaint's period from the first contact without payments; no THESEE outside France or once filed", () => {
    const deadlines = computeDeadlines({ payments: [], firstContactDate: "2024-02-29", filedComplaint: false, clientCountry: "belgium", today: "2026-01-01" });
    expect(deadlines.complaint?.deadline).toBe("2030-02-28");
    expect(deadlines.asap.map((action) => action.key)).toEqual(["pharos", "17cyber"]);
    expect(computeDeadlines({ payments: [], firstContactDate: null, filedComplaint: true, clientCountry: "france", today: "2026-01-01" }).complaint).toBeNull();
  });

  it("says the countdown in French", () => {
    expect(countdownText(120)).toBe("Plus que 120 jours");
    expect(countdownText(1)).toBe("Plus qu'un jour");
    expect(countdownText(0)).toBe("Dernier jour aujourd'hui");
    expect(countdownText(-5)).toBe("Dépassé depuis 5 jours");
  });
});

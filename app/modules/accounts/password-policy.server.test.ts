import { describe, expect, it } from "vitest";
import { isGuessablePassword } from "./password-policy.server";

describe("isGuessablePassword", () => {
  it.each([
    "motdepasse123",
    "azertyuiop12",
    "Password1234",
    "123456789012",
    "qwertyuiop123",
    "soleil123456",
    "bonjour12345",
    "aaaaaaaaaaaa",
    "abcdefghijkl",
  ])("refuses the common password %j", (password) => {
    expect(isGuessablePassword(password)).toBe(true);
  });

  it.each(["cheval-agrafe-nuage-47-tribord", "Vg7#pQ2!zR9m&Lk4", "le hibou mange 3 cerises violettes"])(
    "accepts the long unpredictable password %j",
    (password) => {
      expect(isGuessablePassword(password, ["Jean", "Dupont", "jean.dupont@example.com"])).toBe(false);
    },
  );

  it("refuses a password made of the person's own unusual name, which it would accept from anyone else", () => {
    const person = ["Zorglubonix", "Pafrtak", "zorglubonix.pafrtak@example.com"];
    for (const password of ["zorglubonixpafrtak", "pafrtakzorglubonix", "Zorglubonix2024!"]) {
      expect(isGuessablePassword(password), password).toBe(false);
      expect(isGuessablePassword(password, person), password).toBe(true);
    }
  });

  it("recognises the parts of the email address as personal", () => {
    expect(isGuessablePassword("zorglubonixpafrtak")).toBe(false);
    expect(isGuessablePassword("zorglubonixpafrtak", ["zorglubonix.pafrtak@example.com"])).toBe(true);
  });

  it.each([
    ["jeandupont1984", ["Jean", "Dupont", "jean.dupont@example.com"]],
    ["Marguerite-Vandenberghe", ["Marguerite", "Vandenberghe", "marguerite.vandenberghe@example.com"]],
    ["Zorglubonix.Pafrtak", ["Zorglubonix", "Pafrtak", "zorglubonix.pafrtak@example.com"]],
  ])("refuses %j, built only from the person's name", (password, person) => {
    expect(isGuessablePassword(password, person)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors, formValues, NAME_CHARACTERS_MESSAGE, NAME_LINE_MESSAGE, NUL_MESSAGE, personName, requiredText, TOO_LONG_MESSAGE } from "./form";

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("requiredText", () => {
  const field = requiredText("Le prénom est requis", 10);

  it.each([[""], ["   "], ["\t\n "], [undefined], [null], [42]])("refuses %j with the required message", (value) => {
    expect(firstMessage(field, value)).toBe("Le prénom est requis");
  });

  it("trims and accepts ordinary text, accents included", () => {
    expect(field.parse("  Hélène  ")).toBe("Hélène");
    expect(field.parse("Zoë-Anaïs")).toBe("Zoë-Anaïs");
  });

  it("accepts exactly the maximum length, measured after trimming, and refuses one more", () => {
    expect(field.parse("  abcdefghij  ")).toBe("abcdefghij");
    expect(firstMessage(field, "abcdefghijk")).toBe(TOO_LONG_MESSAGE(10));
    expect(TOO_LONG_MESSAGE(10)).toBe("Ce champ ne peut pas dépasser 10 caractères.");
  });

  it("uses 200 as the default maximum", () => {
    const text = requiredText("Requis");
    expect(text.parse("a".repeat(200))).toHaveLength(200);
    expect(firstMessage(text, "a".repeat(201))).toBe(TOO_LONG_MESSAGE(200));
  });

  it.each([
    ["NUL", "Jean\u0000"],
    ["NUL inside", "Je\u0000an"],
    ["NUL alone", "\u0000"],
    ["bell", "a\u0007b"],
    ["backspace", "a\u0008b"],
    ["vertical tab", "a\u000Bb"],
    ["form feed", "a\u000Cb"],
    ["escape", "a\u001Bb"],
    ["unit separator", "a\u001Fb"],
  ])("refuses a control character (%s)", (_name, value) => {
    expect(firstMessage(field, value)).toBe(NUL_MESSAGE);
  });

  it("keeps tabs and line breaks inside the text (they are not refused)", () => {
    expect(requiredText("Requis", 50).parse("ligne 1\nligne 2\tfin")).toBe("ligne 1\nligne 2\tfin");
  });
});

describe("fieldErrors", () => {
  it("keeps the first message of each field", () => {
    const schema = z.object({ a: z.string().min(3, "trop court").regex(/x/, "pas de x"), b: z.string({ error: "b requis" }) });
    const result = schema.safeParse({ a: "y" });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ a: "trop court", b: "b requis" });
  });
});

describe("formValues", () => {
  it("reads strings, keeps the last of repeated fields and ignores files", () => {
    const form = new FormData();
    form.append("email", "a@example.com");
    form.append("email", "b@example.com");
    form.append("piece", new Blob(["%PDF"]), "piece.pdf");
    expect({ ...formValues(form) }).toEqual({ email: "b@example.com" });
  });

  it("does not pollute Object.prototype with __proto__ or constructor fields", async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const request = new Request("http://localhost/inscription", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "__proto__=pollue&__proto__[x]=1&__proto__.y=2&constructor[prototype][z]=3&constructor=4&firstName=Jean",
    });
    const values = formValues(await request.formData());

    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    const probe: Record<string, unknown> = {};
    for (const key of ["x", "y", "z", "pollue"]) expect(probe[key]).toBeUndefined();
    expect(Object.prototype.toString.call(probe)).toBe("[object Object]");

    // The odd names are kept as plain data, never as a prototype.
    expect(values.firstName).toBe("Jean");
    expect(Object.hasOwn(values, "__proto__")).toBe(true);
    expect(values["__proto__"]).toBe("pollue");
    expect(values["__proto__[x]"]).toBe("1");
    expect(values["constructor"]).toBe("4");
    expect([null, Object.prototype]).toContain(Object.getPrototypeOf(values));
    expect((values as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("personName", () => {
  const schema = personName("Le prénom est requis");
  it.each(["Jean-Pierre", "D'Artagnan", "O’Brien", "J. R. R.", "Zoë", "Łukasz", "Nguyễn", "محمد", "李", "Андрей"])("accepts %s", (name) => {
    expect(schema.safeParse(name).success).toBe(true);
  });
  it.each([
    ["Jean\r\nPierre", NAME_LINE_MESSAGE],
    ["Jean\r\n", NAME_LINE_MESSAGE],
    ["Jean\tPierre", NAME_LINE_MESSAGE],
    ["Jean\u2028Pierre", NAME_LINE_MESSAGE],
    ["Jean\u200bPierre", NAME_LINE_MESSAGE],
    ["Jean\u202ePierre", NAME_LINE_MESSAGE],
    ["Jean<script>", NAME_CHARACTERS_MESSAGE],
    ["Jean2", NAME_CHARACTERS_MESSAGE],
    ["--", NAME_CHARACTERS_MESSAGE],
    ["   ", "Le prénom est requis"],
    ["a".repeat(101), TOO_LONG_MESSAGE(100)],
  ])("refuses %j with a French message", (name, message) => {
    const result = schema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
  it("trims surrounding spaces", () => {
    expect(schema.parse("  Anne  ")).toBe("Anne");
  });
});

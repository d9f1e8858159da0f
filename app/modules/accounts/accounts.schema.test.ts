import { describe, expect, it } from "vitest";
import { NAME_LINE_MESSAGE } from "~/lib/form";
import { refusedFieldErrors } from "~/lib/form.test-support";
import { messages, PASSWORD_MIN_LENGTH, signInSchema, signUpSchema } from "./accounts.schema";

const validSignUp = {
  firstName: "Jean",
  lastName: "Dupont",
  email: "jean.dupont@example.com",
  password: "cheval agrafe nuage tribord",
  phoneMobileCountry: "FR",
  phoneMobile: "6 12 34 56 78",
  country: "france",
};

const signUpErrors = (input: Record<string, unknown>) => refusedFieldErrors(signUpSchema, input);
const signInErrors = (input: Record<string, unknown>) => refusedFieldErrors(signInSchema, input);

describe("signInSchema (spec §5, login)", () => {
  it("gives the spec's messages for empty fields", () => {
    expect(signInErrors({})).toEqual({ email: "L'email est requis", password: "Le mot de passe est requis" });
    expect(signInErrors({ email: "   ", password: "" })).toEqual({
      email: "L'email est requis",
      password: "Le mot de passe est requis",
    });
  });

  it.each(["jean", "jean@", "@example.com", "jean dupont@example.com", "jean@exa mple.com"])(
    "refuses %j with 'Format d'email invalide'",
    (email) => {
      expect(signInErrors({ email, password: "x" })).toEqual({ email: "Format d'email invalide" });
    },
  );

  it("trims and lower-cases the email, keeps the password exactly as typed", () => {
    expect(signInSchema.parse({ email: "  Jean.Dupont@Example.COM ", password: " mot de passe " })).toEqual({
      email: "jean.dupont@example.com",
      password: " mot de passe ",
    });
  });

  it("does not apply the sign-up length rule when signing in (an old short password can still be typed)", () => {
    expect(signInSchema.parse({ email: "a@example.com", password: "abc" }).password).toBe("abc");
  });

  it("strips unknown fields such as role=admin and __proto__", () => {
    const input = JSON.parse('{"email":"a@example.com","password":"x","role":"admin","__proto__":{"role":"admin"}}');
    const output = signInSchema.parse(input);
    expect(Object.keys(output).sort()).toEqual(["email", "password"]);
    expect(Object.hasOwn(output, "__proto__")).toBe(false);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect((output as Record<string, unknown>).role).toBeUndefined();
  });
});

describe("signUpSchema (spec §5, sign-up, with the 12-character password rule)", () => {
  it("gives the spec's message under each empty field", () => {
    const required = {
      firstName: "Le prénom est requis",
      lastName: "Le nom est requis",
      email: "L'email est requis",
      password: "Le mot de passe est requis",
      phoneMobile: "Le téléphone mobile est requis",
      country: "Le pays est requis",
    };
    expect(signUpErrors({})).toEqual(required);
    expect(
      signUpErrors({ firstName: " ", lastName: "", email: "", password: "", phoneMobileCountry: "FR", phoneMobile: "", country: "" }),
    ).toEqual(required);
  });

  it("refuses a badly formed email with 'Format d'email invalide'", () => {
    expect(signUpErrors({ ...validSignUp, email: "jean.dupont" })).toEqual({ email: "Format d'email invalide" });
  });

  it("requires at least 12 characters: 11 are refused, 12 accepted", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(messages.passwordTooShort).toBe("Le mot de passe doit contenir au moins 12 caractères");
    expect(signUpErrors({ ...validSignUp, password: "a".repeat(11) })).toEqual({
      password: "Le mot de passe doit contenir au moins 12 caractères",
    });
    expect(signUpSchema.safeParse({ ...validSignUp, password: "a".repeat(12) }).success).toBe(true);
  });

  it("refuses passwords over 128 characters", () => {
    expect(signUpErrors({ ...validSignUp, password: "a".repeat(129) })).toEqual({
      password: "Le mot de passe ne peut pas dépasser 128 caractères",
    });
  });

  it("refuses a phone number with no digit (the dial code alone is not enough) with 'Le téléphone mobile est requis'", () => {
    expect(signUpErrors({ ...validSignUp, phoneMobile: "   " })).toEqual({
      phoneMobile: "Le téléphone mobile est requis",
    });
  });

  it("refuses a number that is not valid for the chosen country", () => {
    expect(signUpErrors({ ...validSignUp, phoneMobile: "6 12" })).toEqual({
      phoneMobile: "Le numéro de téléphone mobile n'est pas valide pour ce pays",
    });
    expect(signUpErrors({ ...validSignUp, phoneMobileCountry: "CA", phoneMobile: "212 555 0123" })).toEqual({
      phoneMobile: "Le numéro de téléphone mobile n'est pas valide pour ce pays",
    });
  });

  it.each(["germany", "allemagne", "Belgique", "FR", "France"])("refuses the country %j with 'Le pays est requis'", (signUpCountry) => {
    expect(signUpErrors({ ...validSignUp, country: signUpCountry })).toEqual({ country: "Le pays est requis" });
  });

  it("refuses control characters and line breaks in names (single-line names)", () => {
    expect(signUpErrors({ ...validSignUp, firstName: "Je\u0000an" })).toEqual({ firstName: NAME_LINE_MESSAGE });
    expect(signUpErrors({ ...validSignUp, lastName: "Dupont\u001B" })).toEqual({ lastName: NAME_LINE_MESSAGE });
    expect(signUpErrors({ ...validSignUp, firstName: "Jean\r\nCliquez ici : https://exemple.test" })).toEqual({ firstName: NAME_LINE_MESSAGE });
  });

  it("refuses names over 100 characters", () => {
    expect(signUpErrors({ ...validSignUp, firstName: "a".repeat(101) })).toEqual({
      firstName: "Ce champ ne peut pas dépasser 100 caractères.",
    });
  });

  it("gives the account fields: trimmed names, lower-cased email, the E.164 phone and the profile country", () => {
    expect(signUpSchema.parse({ ...validSignUp, firstName: "  Jean ", email: " Jean.Dupont@EXAMPLE.com " })).toEqual({
      firstName: "Jean",
      lastName: "Dupont",
      email: "jean.dupont@example.com",
      password: "cheval agrafe nuage tribord",
      phoneMobile: "+33612345678",
      country: "france",
    });
  });

  it.each([
    ["france", "france"],
    ["belgium", "belgium"],
    ["switzerland", "switzerland"],
    ["luxembourg", "luxembourg"],
    ["canada", "canada"],
    // What the sign-up page posted before it used the profile's values: a page loaded then still may.
    ["belgique", "belgium"],
    ["suisse", "switzerland"],
  ])("maps the sign-up country %j to the profile value %j", (signUpCountry, country) => {
    expect(signUpSchema.parse({ ...validSignUp, country: signUpCountry }).country).toBe(country);
  });

  it.each([
    ["FR", "06 12 34 56 78", "+33612345678"],
    ["BE", "470 12 34 56", "+32470123456"],
    ["CH", "78 123 45 67", "+41781234567"],
    ["LU", "628 123 456", "+352628123456"],
    ["CA", "514 555 1234", "+15145551234"],
  ])("stores a %s number as E.164", (dialCountry, number, expected) => {
    expect(signUpSchema.parse({ ...validSignUp, phoneMobileCountry: dialCountry, phoneMobile: number }).phoneMobile).toBe(expected);
  });

  it("defaults the dial code to France when none is sent", () => {
    const { phoneMobileCountry: _omitted, ...withoutDialCode } = validSignUp;
    expect(signUpSchema.parse(withoutDialCode).phoneMobile).toBe("+33612345678");
  });

  it("strips unknown fields such as role=admin, id and __proto__ from the output", () => {
    const input = JSON.parse(
      JSON.stringify({ ...validSignUp, role: "admin", id: "x", identity_verified: "true" }).replace(
        /}$/,
        ',"__proto__":{"role":"admin","isAdmin":true}}',
      ),
    );
    expect(Object.hasOwn(input, "__proto__")).toBe(true);
    const output = signUpSchema.parse(input);
    expect(Object.keys(output).sort()).toEqual(["country", "email", "firstName", "lastName", "password", "phoneMobile"]);
    expect(Object.hasOwn(output, "__proto__")).toBe(false);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    const loose = output as Record<string, unknown>;
    expect(loose.role).toBeUndefined();
    expect(loose.isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

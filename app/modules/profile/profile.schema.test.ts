import { afterEach, describe, expect, it, vi } from "vitest";
import { fieldErrors } from "~/lib/form";
import { profileFormSchema, profileMessages as m, type ProfileFormValues } from "./profile.schema";

const valid: ProfileFormValues = {
  firstName: "Camille",
  lastName: "Durand",
  birthDate: "14-07-1985",
  nif: "0123456789012",
  phoneMobileCountry: "FR",
  phoneMobile: "6 12 34 56 78",
  phoneFixedCountry: "FR",
  phoneFixed: "",
  country: "france",
  address: "12 rue de la Paix",
  postalCode: "75002",
  city: "Paris",
  department: "Paris",
  acceptPrivacy: "on",
  acceptTerms: "on",
};

function errorsFor(values: Partial<Record<string, string>>) {
  const result = profileFormSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

function errorOf(field: string, overrides: Partial<ProfileFormValues>) {
  return (errorsFor({ ...valid, ...overrides }) as Record<string, string | undefined>)[field];
}

afterEach(() => {
  vi.useRealTimers();
});

describe("profileFormSchema: a complete form", () => {
  it("gives the stored values: ISO birth date, E.164 phones, compact NIF", () => {
    const result = profileFormSchema.parse({ ...valid, nif: "01 23 456 789 012", phoneFixed: "01 23 45 67 89" });
    expect(result).toEqual({
      firstName: "Camille",
      lastName: "Durand",
      birthDate: "1985-07-14",
      nif: "0123456789012",
      phoneMobile: "+33612345678",
      phoneFixed: "+33123456789",
      country: "france",
      address: "12 rue de la Paix",
      postalCode: "75002",
      city: "Paris",
      department: "Paris",
    });
  });

  it("drops every field it does not know (role, identity_verified, profile_completed, id)", () => {
    const result = profileFormSchema.parse({
      ...valid,
      role: "admin",
      identity_verified: "true",
      profile_completed: "false",
      assigned_lawyer_id: "x",
      id: "someone-else",
    });
    expect(Object.keys(result).sort()).toEqual(
      [
        "address",
        "birthDate",
        "city",
        "country",
        "department",
        "firstName",
        "lastName",
        "nif",
        "phoneFixed",
        "phoneMobile",
        "postalCode",
      ].sort(),
    );
  });
});

describe("profileFormSchema: spec §5 required messages", () => {
  it("an empty post shows every required message at once", () => {
    expect(errorsFor({})).toMatchObject({
      firstName: m.firstNameRequired,
      lastName: m.lastNameRequired,
      birthDate: m.birthDateRequired,
      nif: m.nifRequired,
      phoneMobile: m.phoneMobileRequired,
      address: m.addressRequired,
      city: m.cityRequired,
      postalCode: m.postalCodeRequired,
      department: m.departmentRequired,
      country: m.countryRequired,
      acceptPrivacy: m.privacyRequired,
      acceptTerms: m.termsRequired,
    });
  });

  it("the form as the page posts it empty (France, unticked boxes) shows the eleven §5 messages", () => {
    const errors = errorsFor({
      firstName: "",
      lastName: "",
      birthDate: "",
      nif: "",
      phoneMobileCountry: "FR",
      phoneMobile: "",
      phoneFixedCountry: "FR",
      phoneFixed: "",
      country: "france",
      address: "",
      postalCode: "",
      city: "",
      department: "",
    });
    expect(errors).toEqual({
      firstName: "Le prénom est requis",
      lastName: "Le nom est requis",
      birthDate: "La date de naissance est requise",
      nif: "Le NIF est requis",
      phoneMobile: "Le téléphone mobile est requis",
      address: "L'adresse est requise",
      city: "La ville est requise",
      postalCode: "Le code postal est requis",
      department: "Le département est requis",
      acceptPrivacy: "Vous devez accepter la politique de confidentialité",
      acceptTerms: "Vous devez accepter les conditions générales",
    });
  });

  it("blank text counts as empty", () => {
    expect(errorOf("firstName", { firstName: "   " })).toBe(m.firstNameRequired);
    expect(errorOf("address", { address: " \t " })).toBe(m.addressRequired);
  });

  it("a box counts as ticked only with the value 'on'", () => {
    expect(errorOf("acceptTerms", { acceptTerms: "true" })).toBe(m.termsRequired);
  });
});

describe("profileFormSchema: birth date", () => {
  it.each([
    ["31-02-1990", m.birthDateInvalid],
    ["29-02-1991", m.birthDateInvalid],
    ["01-01-1899", m.birthDateInvalid],
    ["31-12-1899", m.birthDateInvalid],
    ["01-01-3000", m.birthDateInvalid],
    ["12-ab-1990", m.birthDateFormat],
    ["14-07", m.birthDateFormat],
    ["1985-07-14", m.birthDateFormat],
  ])("%j → %j", (birthDate, message) => {
    expect(errorOf("birthDate", { birthDate: birthDate })).toBe(message);
  });

  it("accepts 01-01-1900, the earliest day of the calendar", () => {
    expect(errorOf("birthDate", { birthDate: "01-01-1900" })).toBeUndefined();
  });

  it("on the server, today anywhere on Earth is accepted and the day after is not", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2030-06-01T12:00:00Z"));
    expect(errorOf("birthDate", { birthDate: "02-06-2030" })).toBeUndefined();
    expect(errorOf("birthDate", { birthDate: "03-06-2030" })).toBe(m.birthDateInvalid);
  });
});

describe("profileFormSchema: NIF", () => {
  it.each([
    ["012345678901", "12 digits"],
    ["01234567890123", "14 digits"],
    ["4123456789012", "starting with 4"],
    ["9123456789012", "starting with 9"],
    ["01234567890A2", "a letter"],
  ])("%j (%s) → the §5 message", (nif) => {
    expect(errorOf("nif", { nif })).toBe("Le NIF doit être un numéro à 13 chiffres commençant par 0, 1, 2 ou 3.");
  });

  it.each(["0123456789012", "1123456789012", "2123456789012", "3123456789012", "31 23 456 789 012"])(
    "%j is accepted",
    (nif) => {
      expect(errorOf("nif", { nif })).toBeUndefined();
    },
  );

  it("is required for residents of France only", () => {
    expect(errorOf("nif", { nif: "" })).toBe(m.nifRequired);
    for (const [country, postalCode] of [
      ["belgium", "1000"],
      ["switzerland", "1201"],
      ["luxembourg", "1611"],
      ["canada", "H2X 1Y4"],
    ] as const) {
      expect(errorsFor({ ...valid, country, postalCode, nif: "" }), country).toEqual({});
      expect(profileFormSchema.parse({ ...valid, country, postalCode, nif: "" }).nif).toBeNull();
      expect(errorOf("nif", { country, postalCode, nif: "123" }), country).toBe(m.nifInvalid);
    }
  });
});

describe("profileFormSchema: phones", () => {
  it("the mobile is checked against the chosen dial code and stored in E.164", () => {
    expect(
      profileFormSchema.parse({ ...valid, phoneMobileCountry: "BE", phoneMobile: "470 12 34 56" }).phoneMobile,
    ).toBe("+32470123456");
    expect(
      profileFormSchema.parse({ ...valid, phoneMobileCountry: "CA", phoneMobile: "514 555 1234" }).phoneMobile,
    ).toBe("+15145551234");
    expect(errorOf("phoneMobile", { phoneMobile: "6 12" })).toBe(m.phoneMobileInvalid);
    expect(errorOf("phoneMobile", { phoneMobileCountry: "DE", phoneMobile: "6 12 34 56 78" })).toBe(
      m.phoneMobileInvalid,
    );
  });

  it("a landline number is refused in the mobile field", () => {
    expect(errorOf("phoneMobile", { phoneMobile: "1 23 45 67 89" })).toBe(m.phoneMobileNotMobile);
  });

  it("the landline is optional, and checked when given", () => {
    expect(profileFormSchema.parse(valid).phoneFixed).toBeNull();
    expect(errorOf("phoneFixed", { phoneFixed: "12 34" })).toBe(m.phoneFixedInvalid);
    expect(
      profileFormSchema.parse({ ...valid, phoneFixedCountry: "CH", phoneFixed: "44 123 45 67" }).phoneFixed,
    ).toBe("+41441234567");
  });
});

describe("profileFormSchema: postal code by country", () => {
  it.each([
    ["france", "7500", m.postalCodeFormat["five-digits"]],
    ["france", "H2X 1Y4", m.postalCodeFormat["five-digits"]],
    ["belgium", "75008", m.postalCodeFormat["four-digits"]],
    ["switzerland", "12", m.postalCodeFormat["four-digits"]],
    ["luxembourg", "L-12345", m.postalCodeFormat["four-digits"]],
    ["canada", "12345", m.postalCodeFormat.canada],
  ] as const)("%s %j → %j", (country, postalCode, message) => {
    expect(errorOf("postalCode", { country, postalCode, nif: "" })).toBe(message);
  });

  it("stores the code in its usual form", () => {
    expect(profileFormSchema.parse({ ...valid, country: "canada", postalCode: "h2x1y4" }).postalCode).toBe("H2X 1Y4");
    expect(profileFormSchema.parse({ ...valid, country: "luxembourg", postalCode: "L-1611" }).postalCode).toBe("1611");
  });

  it("an unknown country is refused with the required message", () => {
    expect(errorOf("country", { country: "allemagne" })).toBe(m.countryRequired);
  });
});

import { z } from "zod";
import { countryByIsoCode, countryByValue, type CountryIsoCode, type CountryValue } from "~/lib/countries";
import { EARLIEST_DATE, latestDayAnywhere, parseFrenchDate, todayIsoDate } from "~/lib/dates";
import { personName, requiredText, TOO_LONG_MESSAGE } from "~/lib/form";
import { toE164 } from "~/lib/phone";
import { isMobileNumber } from "~/lib/phone-type";
import { normalisePostalCode, POSTAL_CODE_RULES } from "~/lib/postal-codes";
import { messages as accountMessages } from "~/modules/accounts/accounts.schema";

/** Spec §5 (profile form) and §8 (profile toasts), plus the format messages the spec leaves to us. */
export const profileMessages = {
  firstNameRequired: accountMessages.firstNameRequired,
  lastNameRequired: accountMessages.lastNameRequired,
  birthDateRequired: "La date de naissance est requise",
  birthDateFormat: "Format de date invalide",
  birthDateInvalid: "Date invalide",
  nifRequired: "Le NIF est requis",
  nifInvalid: "Le NIF doit être un numéro à 13 chiffres commençant par 0, 1, 2 ou 3.",
  phoneMobileRequired: accountMessages.phoneRequired,
  phoneMobileInvalid: accountMessages.phoneInvalid,
  phoneMobileNotMobile: "Ce numéro n'est pas un numéro de téléphone mobile. Indiquez votre mobile.",
  phoneFixedInvalid: "Le numéro de téléphone fixe n'est pas valide pour ce pays",
  addressRequired: "L'adresse est requise",
  cityRequired: "La ville est requise",
  cityToChoose: (postalCode: string, communes: readonly string[]) =>
    `Plusieurs communes ont le code postal ${postalCode}\u202f: ${communes.join(", ")}. Indiquez la vôtre.`,
  postalCodeRequired: "Le code postal est requis",
  postalCodeFormat: {
    "five-digits": "Le code postal doit comporter 5 chiffres",
    "four-digits": "Le code postal doit comporter 4 chiffres",
    canada: "Le code postal doit être au format A1A 1A1",
  },
  departmentRequired: "Le département est requis",
  countryRequired: accountMessages.countryRequired,
  privacyRequired: "Vous devez accepter la politique de confidentialité",
  termsRequired: "Vous devez accepter les conditions générales",
  saved: { title: "Profil mis à jour", description: "Vos informations ont été sauvegardées avec succès." },
  failed: { title: "Erreur", description: "Une erreur est survenue lors de la mise à jour de votre profil." },
} as const;

/**
 * The profile form's fields from top to bottom: its error summary follows them (issue 29), while the schema checks
 * the cross-field rules (NIF, phones, postal code) last.
 */
export const PROFILE_FIELD_ORDER = [
  "firstName",
  "lastName",
  "birthDate",
  "phoneMobile",
  "phoneFixed",
  "country",
  "address",
  "postalCode",
  "city",
  "department",
  "nif",
  "acceptPrivacy",
  "acceptTerms",
] as const;
/** The form's field names: the profile columns in camelCase, the two consents, and the phones' dial codes. */
export const PROFILE_FIELDS = [...PROFILE_FIELD_ORDER, "phoneMobileCountry", "phoneFixedCountry"] as const;
export type ProfileFormField = (typeof PROFILE_FIELDS)[number];
/** What the form shows: every field as text ("on" for a ticked box). */
export type ProfileFormValues = Record<ProfileFormField, string>;

export const NIF_PATTERN = /^[0-3]\d{12}$/;

/** The NIF without the spaces people type between groups ("01 23 456 789 012"). */
export function compactNif(raw: string): string {
  return raw.replace(/\s+/g, "");
}

/** France requires the French tax number; residents of the other four countries give it only if they have one. */
export function nifRequiredFor(country: string): boolean {
  return country === "france";
}

// A missing field reads as empty: a wrong type would stop the checks below from running.
const orEmpty = <Schema extends z.ZodType>(schema: Schema) => z.preprocess((value) => value ?? "", schema);
const required = (message: string, max: number) => orEmpty(requiredText(message, max));
const optionalText = z.string().max(200, TOO_LONG_MESSAGE(200)).default("");
const ticked = (message: string) =>
  z
    .string()
    .default("")
    .refine((value) => value === "on", message);


/**
 * Checked in the browser before posting and again by the action. No check here stops the others from running
 * (no transform before the last step), so an empty form shows every required message at once.
 */
export const profileFormSchema = z
  .object({
    firstName: orEmpty(personName(profileMessages.firstNameRequired)),
    lastName: orEmpty(personName(profileMessages.lastNameRequired)),
    birthDate: z
      .string()
      .default("")
      .superRefine((raw, ctx) => {
        const parsed = parseFrenchDate(raw);
        if (parsed.kind === "empty") ctx.addIssue({ code: "custom", message: profileMessages.birthDateRequired });
        else if (parsed.kind === "format") ctx.addIssue({ code: "custom", message: profileMessages.birthDateFormat });
        else if (parsed.kind === "invalid" || parsed.iso < EARLIEST_DATE || parsed.iso > latestBirthDate()) {
          ctx.addIssue({ code: "custom", message: profileMessages.birthDateInvalid });
        }
      }),
    nif: optionalText,
    phoneMobileCountry: optionalText,
    phoneMobile: optionalText,
    phoneFixedCountry: optionalText,
    phoneFixed: optionalText,
    country: z
      .string()
      .default("")
      .refine((value) => countryByValue(value) !== undefined, profileMessages.countryRequired),
    address: required(profileMessages.addressRequired, 300),
    postalCode: optionalText,
    city: required(profileMessages.cityRequired, 150),
    department: required(profileMessages.departmentRequired, 150),
    acceptPrivacy: ticked(profileMessages.privacyRequired),
    acceptTerms: ticked(profileMessages.termsRequired),
  })
  .superRefine((input, ctx) => {
    const country = countryByValue(input.country)?.value;
    const issue = (path: ProfileFormField, message: string) => ctx.addIssue({ code: "custom", path: [path], message });

    const nif = compactNif(input.nif);
    if (nif === "") {
      if (country === undefined || nifRequiredFor(country)) issue("nif", profileMessages.nifRequired);
    } else if (!NIF_PATTERN.test(nif)) {
      issue("nif", profileMessages.nifInvalid);
    }

    const mobile = phoneCheck(input.phoneMobileCountry, input.phoneMobile);
    if (mobile.kind === "empty") issue("phoneMobile", profileMessages.phoneMobileRequired);
    else if (mobile.kind === "invalid") issue("phoneMobile", profileMessages.phoneMobileInvalid);
    else if (!isMobileNumber(mobile.e164)) issue("phoneMobile", profileMessages.phoneMobileNotMobile);

    if (phoneCheck(input.phoneFixedCountry, input.phoneFixed).kind === "invalid") {
      issue("phoneFixed", profileMessages.phoneFixedInvalid);
    }

    const postalCode = input.postalCode.trim();
    if (postalCode === "") issue("postalCode", profileMessages.postalCodeRequired);
    else if (country && normalisePostalCode(country, postalCode) === null) {
      issue("postalCode", profileMessages.postalCodeFormat[POSTAL_CODE_RULES[country].format]);
    }
  })
  .transform((input) => {
    // Everything below was checked above: this step only builds what is stored.
    const country = input.country as CountryValue;
    const birthDate = parseFrenchDate(input.birthDate);
    const mobile = phoneCheck(input.phoneMobileCountry, input.phoneMobile);
    const fixed = phoneCheck(input.phoneFixedCountry, input.phoneFixed);
    const nif = compactNif(input.nif);
    return {
      firstName: input.firstName,
      lastName: input.lastName,
      birthDate: birthDate.kind === "ok" ? birthDate.iso : "",
      nif: nif === "" ? null : nif,
      phoneMobile: mobile.kind === "ok" ? mobile.e164 : "",
      phoneFixed: fixed.kind === "ok" ? fixed.e164 : null,
      country,
      address: input.address,
      postalCode: normalisePostalCode(country, input.postalCode) ?? "",
      city: input.city,
      department: input.department,
    };
  });
export type ProfileInput = z.output<typeof profileFormSchema>;

type PhoneCheck = { kind: "empty" } | { kind: "invalid" } | { kind: "ok"; e164: string };

function phoneCheck(isoCode: string, number: string): PhoneCheck {
  if (!/\d/.test(number)) return { kind: "empty" };
  const country = countryByIsoCode(isoCode);
  const e164 = country ? toE164(country.isoCode as CountryIsoCode, number) : null;
  return e164 ? { kind: "ok", e164 } : { kind: "invalid" };
}

/** In the browser, the person's own today; on the server, which does not know their timezone, the latest today. */
function latestBirthDate(): string {
  return typeof window === "undefined" ? latestDayAnywhere() : todayIsoDate();
}

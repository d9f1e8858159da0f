import type { CountryCode } from "libphonenumber-js";

/**
 * The five countries whose residents Recours accepts. `value` is the stored profile value, posted by every form;
 * `formerSignUpValue` is what the sign-up form posted before issue 28 ("belgique", "suisse"), still accepted there.
 */
export const COUNTRIES = [
  { value: "france", formerSignUpValue: "france", label: "France", flag: "🇫🇷", isoCode: "FR", dialCode: "+33" },
  { value: "belgium", formerSignUpValue: "belgique", label: "Belgique", flag: "🇧🇪", isoCode: "BE", dialCode: "+32" },
  { value: "switzerland", formerSignUpValue: "suisse", label: "Suisse", flag: "🇨🇭", isoCode: "CH", dialCode: "+41" },
  { value: "luxembourg", formerSignUpValue: "luxembourg", label: "Luxembourg", flag: "🇱🇺", isoCode: "LU", dialCode: "+352" },
  { value: "canada", formerSignUpValue: "canada", label: "Canada", flag: "🇨🇦", isoCode: "CA", dialCode: "+1" },
] as const satisfies readonly {
  value: string;
  formerSignUpValue: string;
  label: string;
  flag: string;
  isoCode: CountryCode;
  dialCode: string;
}[];

export type Country = (typeof COUNTRIES)[number];
export type CountryValue = Country["value"];
export type SignUpCountryValue = CountryValue | Country["formerSignUpValue"];
export type CountryIsoCode = Country["isoCode"];

export const DEFAULT_COUNTRY: Country = COUNTRIES[0];

export const SIGN_UP_COUNTRY_VALUES = [...new Set(COUNTRIES.flatMap((c) => [c.value, c.formerSignUpValue]))] as [SignUpCountryValue, ...SignUpCountryValue[]];
export const COUNTRY_ISO_CODES = COUNTRIES.map((c) => c.isoCode) as [CountryIsoCode, ...CountryIsoCode[]];

export function countryByIsoCode(isoCode: string): Country | undefined {
  return COUNTRIES.find((c) => c.isoCode === isoCode);
}

/** The country a sign-up posted: its profile value, or the French value an older sign-up page posted. */
export function countryBySignUpValue(value: string): Country | undefined {
  return COUNTRIES.find((c) => c.value === value || c.formerSignUpValue === value);
}

export function countryByValue(value: string): Country | undefined {
  return COUNTRIES.find((c) => c.value === value);
}

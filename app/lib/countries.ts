import type { CountryCode } from "libphonenumber-js";

/** The five countries whose residents Recours accepts. `value` is the stored profile value. */
export const COUNTRIES = [
  { value: "france", signUpValue: "france", label: "France", flag: "🇫🇷", isoCode: "FR", dialCode: "+33" },
  { value: "belgium", signUpValue: "belgique", label: "Belgique", flag: "🇧🇪", isoCode: "BE", dialCode: "+32" },
  { value: "switzerland", signUpValue: "suisse", label: "Suisse", flag: "🇨🇭", isoCode: "CH", dialCode: "+41" },
  { value: "luxembourg", signUpValue: "luxembourg", label: "Luxembourg", flag: "🇱🇺", isoCode: "LU", dialCode: "+352" },
  { value: "canada", signUpValue: "canada", label: "Canada", flag: "🇨🇦", isoCode: "CA", dialCode: "+1" },
] as const satisfies readonly {
  value: string;
  signUpValue: string;
  label: string;
  flag: string;
  isoCode: CountryCode;
  dialCode: string;
}[];

export type Country = (typeof COUNTRIES)[number];
export type CountryValue = Country["value"];
export type SignUpCountryValue = Country["signUpValue"];
export type CountryIsoCode = Country["isoCode"];

export const DEFAULT_COUNTRY: Country = COUNTRIES[0];

export const SIGN_UP_COUNTRY_VALUES = COUNTRIES.map((c) => c.signUpValue) as [SignUpCountryValue, ...SignUpCountryValue[]];
export const COUNTRY_ISO_CODES = COUNTRIES.map((c) => c.isoCode) as [CountryIsoCode, ...CountryIsoCode[]];

export function countryByIsoCode(isoCode: string): Country | undefined {
  return COUNTRIES.find((c) => c.isoCode === isoCode);
}

export function countryBySignUpValue(value: string): Country | undefined {
  return COUNTRIES.find((c) => c.signUpValue === value);
}

export function countryByValue(value: string): Country | undefined {
  return COUNTRIES.find((c) => c.value === value);
}

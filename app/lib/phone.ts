import { parsePhoneNumberFromString as parseWithMetadata } from "libphonenumber-js/core";
import { countryByIsoCode, DEFAULT_COUNTRY, type CountryIsoCode } from "./countries";
import { phoneMetadata } from "./phone-metadata.min";

/**
 * The served countries' numbering plans only (`npm run phone-metadata`): the whole world's would add 83 kB to the
 * sign-up and profile pages. Numbers of other countries, such as a scammer's in a case file, go through
 * libphonenumber-js's own metadata (app/modules/case-file/beneficiary-checks.ts).
 */
function parsePhoneNumberFromString(text: string) {
  return parseWithMetadata(text, phoneMetadata);
}

/**
 * Keeps digits only (at most 15, the E.164 maximum) and drops a national trunk 0 ("06 12 …"):
 * the dial code stands before the number. None of the five countries has a mobile number starting with 0 after it.
 */
export function phoneDigits(raw: string): string {
  return raw.replace(/\D/g, "").replace(/^0+/, "").slice(0, 15);
}

function groups(digits: string, sizes: number[]): string {
  const parts: string[] = [];
  let index = 0;
  for (const size of sizes) {
    if (index >= digits.length) break;
    parts.push(digits.slice(index, index + size));
    index += size;
  }
  while (index < digits.length) {
    parts.push(digits.slice(index, index + 2));
    index += 2;
  }
  return parts.join(" ");
}

/** Spec §5: France groups 1-2-2-2-2, Canada 3-3-4, other countries in pairs. */
export function formatPhoneDigits(isoCode: CountryIsoCode, raw: string): string {
  const digits = phoneDigits(raw);
  if (isoCode === "FR") return groups(digits, [1, 2, 2, 2, 2]);
  if (isoCode === "CA") return groups(digits, [3, 3, 4]);
  return groups(digits, []);
}

/** A valid number for that country in E.164 ("+33612345678"), or null. */
export function toE164(isoCode: CountryIsoCode, raw: string): string | null {
  const digits = phoneDigits(raw);
  if (digits.length === 0) return null;
  const country = countryByIsoCode(isoCode) ?? DEFAULT_COUNTRY;
  const parsed = parsePhoneNumberFromString(`${country.dialCode}${digits}`);
  if (!parsed || !parsed.isValid() || parsed.country !== isoCode) return null;
  return parsed.number;
}

/** A stored E.164 number split back into its dial country and national digits, for a phone field to show. */
export function splitE164(e164: string | null | undefined): { isoCode: CountryIsoCode; national: string } | null {
  if (!e164) return null;
  const parsed = parsePhoneNumberFromString(e164);
  const country = parsed?.country ? countryByIsoCode(parsed.country) : undefined;
  if (!parsed || !country) return null;
  return { isoCode: country.isoCode, national: formatPhoneDigits(country.isoCode, parsed.nationalNumber) };
}


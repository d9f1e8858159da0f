import type { MetadataJson } from "libphonenumber-js/core";
import maxMetadata from "libphonenumber-js/metadata.max.json";
import minMetadata from "libphonenumber-js/metadata.min.json";
import { COUNTRY_ISO_CODES } from "./countries";

/** The United States lead the +1 plan: Canada's entry takes its formats from theirs. */
const SERVED_COUNTRIES: readonly string[] = [...COUNTRY_ISO_CODES, "US"];

export type PhoneMetadataKind = "min" | "max";

/**
 * libphonenumber-js's metadata restricted to the served countries, what app/lib/phone-metadata.<kind>.ts must hold:
 * "min" tells valid numbers as the library's default does, "max" also knows their types (mobile or fixed).
 * Server-side only (scripts and tests): importing it in a page would bundle the whole files again.
 */
export function servedPhoneMetadata(kind: PhoneMetadataKind): MetadataJson {
  const metadata = (kind === "min" ? minMetadata : maxMetadata) as unknown as {
    version: number;
    country_calling_codes: Record<string, string[]>;
    countries: Record<string, unknown>;
  };
  const callingCodes: Record<string, string[]> = {};
  for (const [code, countries] of Object.entries(metadata.country_calling_codes)) {
    const served = countries.filter((country) => SERVED_COUNTRIES.includes(country));
    if (served.length > 0) callingCodes[code] = served;
  }
  const countries = Object.fromEntries(SERVED_COUNTRIES.map((country) => [country, metadata.countries[country]]));
  return { version: metadata.version, country_calling_codes: callingCodes, countries } as unknown as MetadataJson;
}

import type { CountryValue } from "./countries";

export type PostalCodeFormat = "five-digits" | "four-digits" | "canada";

interface PostalCodeRule {
  format: PostalCodeFormat;
  /** Shown under the field. */
  hint: string;
  /** The stored form of a well-formed code, or null. */
  normalise(raw: string): string | null;
}

const fourDigits = (raw: string) => (/^\d{4}$/.test(raw) ? raw : null);

// Canada Post never uses D, F, I, O, Q or U, nor W and Z in first position.
const CANADIAN = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

export const POSTAL_CODE_RULES: Record<CountryValue, PostalCodeRule> = {
  france: {
    format: "five-digits",
    hint: "5 chiffres, par exemple 75008",
    normalise: (raw) => (/^\d{5}$/.test(raw) ? raw : null),
  },
  belgium: { format: "four-digits", hint: "4 chiffres, par exemple 1000", normalise: fourDigits },
  switzerland: { format: "four-digits", hint: "4 chiffres, par exemple 1201", normalise: fourDigits },
  luxembourg: {
    format: "four-digits",
    hint: "4 chiffres, par exemple 1611",
    // Luxembourg codes are often written with their "L-" prefix.
    normalise: (raw) => fourDigits(raw.replace(/^L-?/i, "")),
  },
  canada: {
    format: "canada",
    hint: "Format A1A 1A1, par exemple H2X 1Y4",
    normalise(raw) {
      const match = CANADIAN.exec(raw.toUpperCase());
      return match ? `${match[1]} ${match[2]}` : null;
    },
  },
};

/** The code as stored ("75008", "1611", "H2X 1Y4"), or null when it does not have the country's format. */
export function normalisePostalCode(country: CountryValue, raw: string): string | null {
  return POSTAL_CODE_RULES[country].normalise(raw.replace(/\s+/g, ""));
}

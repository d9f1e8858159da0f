import { randomInt } from "node:crypto";

/**
 * Capitals and digits that cannot be mistaken for one another when read off paper or a phone screen: no 0/O,
 * 1/I/L, 5/S, 2/Z, 8/B. 25 symbols, 10 per code: about 46 bits each.
 */
export const RECOVERY_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";

export const RECOVERY_CODE_COUNT = 10;

/** Ten codes shaped `XXXXX-XXXXX`, drawn with the system's cryptographic generator. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const symbols = Array.from({ length: 10 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]);
    return `${symbols.slice(0, 5).join("")}-${symbols.slice(5).join("")}`;
  });
}

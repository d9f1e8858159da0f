import { parsePhoneNumberFromString } from "libphonenumber-js/core";
import { phoneMetadata } from "./phone-metadata.max";

/**
 * True for a number that can receive text messages: a mobile, or a number of a plan where fixed and mobile
 * numbers look alike (Canada). Needs the "max" metadata, the only one that knows number types, so it lives apart
 * from phone.ts and loads only with the forms that ask for a mobile by type. The served countries' part only
 * (`npm run phone-metadata`): 4.7 kB instead of 157 kB.
 */
export function isMobileNumber(e164: string): boolean {
  const type = parsePhoneNumberFromString(e164, phoneMetadata)?.getType();
  return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE";
}

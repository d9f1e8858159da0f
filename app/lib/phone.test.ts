import { describe, expect, it } from "vitest";
import { formatPhoneDigits, phoneDigits, splitE164, toE164 } from "./phone";
import { phoneMetadata as servedMaxMetadata } from "./phone-metadata.max";
import { phoneMetadata as servedMinMetadata } from "./phone-metadata.min";
import { servedPhoneMetadata } from "./phone-metadata-source";
import { isMobileNumber } from "./phone-type";

describe("formatPhoneDigits (spec §5: digits only, France 1-2-2-2-2, Canada 3-3-4, others in pairs)", () => {
  it.each([
    ["FR", "612345678", "6 12 34 56 78"],
    ["FR", "6 12-34.56/78", "6 12 34 56 78"],
    ["FR", "6", "6"],
    ["FR", "612", "6 12"],
    ["FR", "61234", "6 12 34"],
    ["CA", "5145551234", "514 555 1234"],
    ["CA", "51455", "514 55"],
    ["CA", "(514) 555-1234", "514 555 1234"],
    ["BE", "470123456", "47 01 23 45 6"],
    ["CH", "781234567", "78 12 34 56 7"],
    ["LU", "628123456", "62 81 23 45 6"],
    ["LU", "62812345", "62 81 23 45"],
  ] as const)("%s %j → %j", (country, raw, expected) => {
    expect(formatPhoneDigits(country, raw)).toBe(expected);
  });

  it("drops every non-digit, letters and signs included", () => {
    expect(formatPhoneDigits("BE", "abc+-()")).toBe("");
    expect(formatPhoneDigits("FR", "6a1b2c3d4e5f6g7h8")).toBe("6 12 34 56 78");
  });

  it("changing the country keeps the digits and only regroups them", () => {
    const french = formatPhoneDigits("FR", "5145551234");
    expect(french).toBe("5 14 55 51 23 4");
    expect(formatPhoneDigits("CA", french)).toBe("514 555 1234");
    expect(formatPhoneDigits("CH", french)).toBe("51 45 55 12 34");
  });

  it("drops the national trunk 0 typed before a French number", () => {
    expect(formatPhoneDigits("FR", "0612345678")).toBe("6 12 34 56 78");
    expect(formatPhoneDigits("BE", "0470123456")).toBe("47 01 23 45 6");
  });

  it("never keeps more than 15 digits (the E.164 maximum)", () => {
    expect(phoneDigits("1234567890123456789")).toBe("123456789012345");
    expect(formatPhoneDigits("BE", "1234567890123456789").replace(/ /g, "")).toBe("123456789012345");
  });
});

describe("toE164", () => {
  it.each([
    ["FR", "612345678", "+33612345678"],
    ["FR", "06 12 34 56 78", "+33612345678"],
    ["FR", "7 00 00 00 00", "+33700000000"],
    ["BE", "470 12 34 56", "+32470123456"],
    ["BE", "0470123456", "+32470123456"],
    ["CH", "78 123 45 67", "+41781234567"],
    ["CH", "0781234567", "+41781234567"],
    ["LU", "628 123 456", "+352628123456"],
    ["CA", "514 555 1234", "+15145551234"],
    ["CA", "416-555-0123", "+14165550123"],
  ] as const)("%s %j is valid: %s", (country, raw, expected) => {
    expect(toE164(country, raw)).toBe(expected);
  });

  it.each([
    ["FR", ""],
    ["FR", "abc"],
    ["FR", "61234"],
    ["FR", "6123456789"],
    ["BE", "612345678"],
    ["BE", "4701"],
    ["CH", "12345"],
    ["LU", "62812345"],
    ["LU", "1"],
    // A New York number is a +1 number, but not a Canadian one.
    ["CA", "212 555 0123"],
    ["CA", "514555"],
  ] as const)("%s %j is refused", (country, raw) => {
    expect(toE164(country, raw)).toBeNull();
  });

  it("checks the number against the chosen country, not only its dial code", () => {
    expect(toE164("BE", "628123456")).toBeNull();
    expect(toE164("LU", "628123456")).toBe("+352628123456");
  });
});

describe("splitE164", () => {
  it("gives back the dial country and the national digits as a phone field shows them", () => {
    expect(splitE164("+33612345678")).toEqual({ isoCode: "FR", national: "6 12 34 56 78" });
    expect(splitE164("+15145551234")).toEqual({ isoCode: "CA", national: "514 555 1234" });
    expect(splitE164("+352628123456")).toEqual({ isoCode: "LU", national: "62 81 23 45 6" });
  });

  it("nothing for an empty value or a country Recours does not serve", () => {
    expect(splitE164(null)).toBeNull();
    expect(splitE164("")).toBeNull();
    expect(splitE164("+4915123456789")).toBeNull();
  });
});

describe("isMobileNumber", () => {
  it.each([
    ["+33612345678", true],
    ["+33756123456", true],
    ["+33123456789", false],
    ["+33912345678", false],
    ["+32470123456", true],
    ["+3225123456", false],
    ["+41781234567", true],
    ["+352628123456", true],
    ["+15145551234", true],
  ])("%s → %s", (number, expected) => {
    expect(isMobileNumber(number)).toBe(expected);
  });
});

describe("phone-metadata.min.ts and .max.ts", () => {
  it.each([
    ["min", servedMinMetadata],
    ["max", servedMaxMetadata],
  ] as const)("%s is libphonenumber-js's current metadata for the served countries (else: npm run phone-metadata)", (kind, committed) => {
    expect(committed).toEqual(servedPhoneMetadata(kind));
  });
});

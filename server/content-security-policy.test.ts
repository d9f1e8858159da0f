import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, usesGoogleMaps } from "./content-security-policy";

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows only our origin and the nonce by default", () => {
    const csp = directives(contentSecurityPolicy("abc", { development: false, googleMaps: false }));
    expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["style-src"]).toEqual(["'self'"]);
    expect(csp["font-src"]).toEqual(["'self'"]);
    expect(csp["img-src"]).toEqual(["'self'", "data:"]);
    expect(JSON.stringify(csp)).not.toMatch(/google|gstatic|unsafe-eval|strict-dynamic|https:/);
  });

  it("with Google Maps, adds exactly the Maps script origin and the Places data origins", () => {
    const csp = directives(contentSecurityPolicy("abc", { development: false, googleMaps: true }));
    expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc'", "https://maps.googleapis.com"]);
    expect(csp["connect-src"]).toEqual(["'self'", "https://maps.googleapis.com", "https://places.googleapis.com"]);
    expect(csp["style-src"]).toEqual(["'self'"]);
    expect(csp["font-src"]).toEqual(["'self'"]);
    expect(csp["img-src"]).toEqual(["'self'", "data:"]);
    expect(csp["frame-src"]).toBeUndefined();
  });
});

describe("contentSecurityPolicy without a nonce (cached public pages)", () => {
  it("runs no script at all and keeps every other directive", () => {
    const withNonce = directives(contentSecurityPolicy("abc", { development: false, googleMaps: false }));
    const without = directives(contentSecurityPolicy(null, { development: false, googleMaps: false }));
    expect(without["script-src"]).toEqual(["'none'"]);
    expect({ ...without, "script-src": [] }).toEqual({ ...withNonce, "script-src": [] });
  });
});

describe("contentSecurityPolicy with script hashes (cached public form pages)", () => {
  it("lists our origin and each hash instead of the nonce, and keeps every other directive", () => {
    const withNonce = directives(contentSecurityPolicy("abc", { development: false, googleMaps: false }));
    const hashed = directives(contentSecurityPolicy({ sha256: ["AAA=", "BBB="] }, { development: false, googleMaps: false }));
    expect(hashed["script-src"]).toEqual(["'self'", "'sha256-AAA='", "'sha256-BBB='"]);
    expect({ ...hashed, "script-src": [] }).toEqual({ ...withNonce, "script-src": [] });
  });
});

describe("usesGoogleMaps", () => {
  it("only on the profile form, and only with a key", () => {
    expect(usesGoogleMaps("/complete-profile", "cle")).toBe(true);
    expect(usesGoogleMaps("/complete-profile/", "cle")).toBe(true);
    expect(usesGoogleMaps("/complete-profile", undefined)).toBe(false);
    expect(usesGoogleMaps("/dashboard", "cle")).toBe(false);
    expect(usesGoogleMaps("/", "cle")).toBe(false);
    expect(usesGoogleMaps("/complete-profile.data", "cle")).toBe(false);
  });
});

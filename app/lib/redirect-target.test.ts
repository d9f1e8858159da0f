import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { RETURN_PAGE_PATTERNS, requestedPath, safeRedirectTarget, signInPathReturningTo } from "./redirect-target";

/** Known ways to turn a "same-site path" into another site, or into a path no page serves. */
const BYPASSES = [
  // dot segments that normalise into '//host'
  "/.//evil.example/x",
  "/..//evil.example/x",
  "/%2e//evil.example/x",
  "/%2E%2E//evil.example/x",
  "/.%2e//evil.example",
  "/compte/..//evil.example",
  "/./%2e/..//evil.example",
  "/%252e%252e//evil.example",
  // encoded slashes and backslashes
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/case/%2F%2Fevil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%255C%255Cevil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  // protocol-relative and absolute
  "//evil.example",
  "//evil.example/compte",
  "///evil.example",
  "////evil.example",
  "https://evil.example/compte",
  "https:evil.example",
  "javascript:alert(1)",
  // tabs, newlines and other characters browsers strip or split on
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%09/evil.example",
  "/%0d%0aLocation:%20https://evil.example",
  "/compte\nLocation: https://evil.example",
  "/ /evil.example",
  "/\u2028/evil.example",
  "/\u00a0/evil.example",
  // userinfo
  "//user:pass@evil.example",
  "/@evil.example",
  "/%40evil.example",
  "//recours.fr@evil.example",
  // IDN and look-alike slashes
  "//évil.example",
  "//xn--vil-bma.example",
  "/／evil.example",
  "/%EF%BC%8F%EF%BC%8Fevil.example",
  "/\u2215\u2215evil.example",
  "/\u3002evil.example",
  // same site, but no page there, or the sign-in pages themselves
  "compte",
  "/n-existe-pas",
  "/connexion",
  "/CONNEXION",
  "/connexion/verification",
  "/deconnexion",
  "/admin//evil.example",
  "/compte/n-existe-pas",
  "/case/100%25",
  "/case/%E0%A4%A",
  "",
  null,
  undefined,
];

const KEPT = [
  "/",
  "/compte",
  "/compte/email",
  "/case/12?onglet=messages",
  "/admin/comptes?q=dupont#resultats",
  "/arnaques/faux-conseiller-bancaire",
  "/dashboard/",
  "/Compte",
  "/admin/n-existe-pas/plus-loin",
  "/case/12/chat/events",
];

describe("safeRedirectTarget", () => {
  it.each(KEPT)("keeps the page %s", (path) => {
    expect(safeRedirectTarget(path)).toBe(path);
  });

  it("keeps a page reached through dot segments, as its normalised path", () => {
    expect(safeRedirectTarget("/./compte")).toBe("/compte");
    expect(safeRedirectTarget("/admin/../compte/email")).toBe("/compte/email");
    expect(safeRedirectTarget("/compte?q=Hélène")).toBe("/compte?q=H%C3%A9l%C3%A8ne");
  });

  it("has at least 40 bypass forms to refuse", () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(BYPASSES)("refuses %j and lands on /dashboard", (value) => {
    expect(safeRedirectTarget(value)).toBe("/dashboard");
  });

  it.each([...BYPASSES, ...KEPT, "/./compte", "/compte#a b", "/compte?q=a b&r=é"].filter((value) => typeof value === "string"))(
    "gives %j a target that is a same-site path, and stable",
    (value) => {
      const target = safeRedirectTarget(value);
      expect(target).toMatch(/^\/(?![/\\])/);
      expect(target).not.toMatch(/[\s\u0000-\u001f\u007f-\u009f\\]/);
      expect(new URL(target, "https://recours.fr").origin).toBe("https://recours.fr");
      expect(safeRedirectTarget(target)).toBe(target);
    },
  );
});

describe("the paths a sign-in may return to", () => {
  const NOT_PAGES = new Set(["/connexion", "/connexion/verification", "/deconnexion", "/*"]);
  const routePaths = (entries: RouteConfigEntry[]): string[] =>
    entries.flatMap((entry) => [...(entry.index ? ["/"] : entry.path ? [`/${entry.path}`] : []), ...routePaths(entry.children ?? [])]);

  it("are the routes of app/routes.ts, less the sign-in pages and the catch-all", () => {
    const served = [...new Set(routePaths(routes))];
    expect(served.filter((path) => !NOT_PAGES.has(path)).sort()).toEqual([...RETURN_PAGE_PATTERNS].sort());
    for (const path of NOT_PAGES) expect(served).toContain(path);
  });
});

describe("signInPathReturningTo", () => {
  it("asks the sign-in page to come back to a member page", () => {
    expect(signInPathReturningTo("/compte")).toBe("/connexion?redirectTo=%2Fcompte");
  });
  it("stays plain for the dashboard, API calls and unsafe paths", () => {
    expect(signInPathReturningTo("/dashboard")).toBe("/connexion");
    expect(signInPathReturningTo("/api/communes?postalCode=75008")).toBe("/connexion");
    expect(signInPathReturningTo("//evil.example")).toBe("/connexion");
    expect(signInPathReturningTo("/.//evil.example/x")).toBe("/connexion");
  });
});

describe("requestedPath", () => {
  it("removes React Router's data suffix and parameters", () => {
    expect(requestedPath(new Request("http://x/compte.data?_routes=routes%2Fcompte"))).toBe("/compte");
    expect(requestedPath(new Request("http://x/admin/comptes?q=a"))).toBe("/admin/comptes?q=a");
  });
});

import { describe, expect, it } from "vitest";
import { requestedPath, safeRedirectTarget, signInPathReturningTo } from "./redirect-target";

describe("safeRedirectTarget", () => {
  it.each(["/compte", "/compte/email", "/dossier/12?onglet=messages", "/admin/comptes?q=dupont#resultats"])("keeps the same-site path %s", (path) => {
    expect(safeRedirectTarget(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "//evil.example/compte",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/compte",
    "javascript:alert(1)",
    "compte",
    "/compte\nLocation: https://evil.example",
    "/connexion",
    "/connexion/verification",
    "/deconnexion",
    "",
    null,
    undefined,
  ])("refuses %j and lands on /dashboard", (value) => {
    expect(safeRedirectTarget(value)).toBe("/dashboard");
  });
});

describe("signInPathReturningTo", () => {
  it("asks the sign-in page to come back to a member page", () => {
    expect(signInPathReturningTo("/compte")).toBe("/connexion?redirectTo=%2Fcompte");
  });
  it("stays plain for the dashboard, API calls and unsafe paths", () => {
    expect(signInPathReturningTo("/dashboard")).toBe("/connexion");
    expect(signInPathReturningTo("/api/communes?code-postal=75008")).toBe("/connexion");
    expect(signInPathReturningTo("//evil.example")).toBe("/connexion");
  });
});

describe("requestedPath", () => {
  it("removes React Router's data suffix and parameters", () => {
    expect(requestedPath(new Request("http://x/compte.data?_routes=routes%2Fcompte"))).toBe("/compte");
    expect(requestedPath(new Request("http://x/admin/comptes?q=a"))).toBe("/admin/comptes?q=a");
  });
});

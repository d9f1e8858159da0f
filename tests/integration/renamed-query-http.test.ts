/**
 * Links sent by email or kept as staff bookmarks before decision 71 carry French query parameter names
 * (?statut=, ?filtre=, ?apres=, ?vue=, ?acteur=, ?cible=, ?cibleId=): the list pages answer them with a permanent
 * redirect to the same address with the English names, over real HTTP against the production build.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedEnrolledAccount } from "../support/accounts";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";
import { totpCode } from "../support/totp";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe.each(testEngines())("French query parameter names of published links, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const cookies = { admin: "", lawyer: "" };
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    const admin = await seedEnrolledAccount("admin", { email: "admin@renamed-query.example" });
    const lawyer = await seedEnrolledAccount("lawyer", { email: "lawyer@renamed-query.example" });
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: "renamed-query-secret-renamed-query-secret-01" });
    const keep = (name: string) => !name.startsWith("recours_flash");
    for (const [key, account] of [["admin", admin], ["lawyer", lawyer]] as const) {
      const challenge = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: account.email, password: account.password }).toString() });
      expect(challenge.location).toBe("/connexion/verification");
      const verified = await http("/connexion/verification", {
        method: "POST",
        headers: FORM,
        cookie: cookieHeaderFrom(challenge.setCookies, keep),
        body: new URLSearchParams({ method: "app", code: await totpCode(account.manualKey) }).toString(),
      });
      expect(verified.status, visibleText(verified.body).slice(0, 500)).toBe(302);
      cookies[key] = cookieHeaderFrom(verified.setCookies, keep);
    }
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  it.each([
    ["admin", "/admin/cases?filtre=non-assignes", "/admin/cases?filter=non-assignes"],
    ["admin", "/admin/cases?q=RC-1&statut=closed&filtre=tous&apres=abc", "/admin/cases?q=RC-1&status=closed&filter=tous&after=abc"],
    ["admin", "/admin/documents?statut=pending", "/admin/documents?status=pending"],
    ["admin", "/admin/users?role=lawyer&apres=x", "/admin/users?role=lawyer&after=x"],
    ["admin", "/admin/journal?acteur=a%40b.fr&cible=user&cibleId=42", "/admin/journal?actor=a%40b.fr&target=user&targetId=42"],
    ["lawyer", "/avocat/dossiers?vue=nouveaux", "/avocat/dossiers?view=nouveaux"],
    ["lawyer", "/avocat/messages?vue=non-lues&page=2", "/avocat/messages?view=non-lues&page=2"],
    // Both names: the English one wins and the French one goes.
    ["admin", "/admin/cases?filtre=non-assignes&filter=tous", "/admin/cases?filter=tous"],
  ] as const)("%s: GET %s answers 301 to %s", async (role, path, location) => {
    const response = await http(path, { cookie: cookies[role] });
    expect(response.status).toBe(301);
    expect(response.location).toBe(location);
  });

  it("the English names are served as they are, and a signed-out visit still goes to the sign-in first", async () => {
    const served = await http("/admin/cases?filter=non-assignes&status=tous", { cookie: cookies.admin });
    expect(served.status).toBe(200);
    expect(visibleText(served.body)).toContain("Dossiers");
    expect((await http("/avocat/dossiers?view=nouveaux", { cookie: cookies.lawyer })).status).toBe(200);
    const anonymous = await http("/admin/cases?filtre=non-assignes");
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe("/connexion?redirectTo=%2Fadmin%2Fcases%3Ffiltre%3Dnon-assignes");
  });
});

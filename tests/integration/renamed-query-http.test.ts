/**
 * Links sent by email, printed or kept as bookmarks before decision 71 carry French query parameter names
 * (?statut=, ?filtre=, ?apres=, ?vue=, ?acteur=, ?cible=, ?cibleId= on the staff lists; ?etape= on the case wizard's
 * resume address and the identity check's phone hand-off QR code): those pages answer them with a permanent redirect
 * to the same address with the English names, over real HTTP against the production build.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedEnrolledAccount } from "../support/accounts";
import { seedPerson } from "../support/cases";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";
import { signInOverHttp } from "../support/http-sign-in";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe.each(testEngines())("French query parameter names of published links, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const cookies = { admin: "", lawyer: "", user: "" };
  let client = { email: "", password: "" };
  const DRAFT = "0b8e4f7c-3a2d-4e1f-9c5b-6d7a8e9f0a1b";
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    const admin = await seedEnrolledAccount("admin", { email: "admin@renamed-query.example" });
    const lawyer = await seedEnrolledAccount("lawyer", { email: "lawyer@renamed-query.example" });
    client = await seedPerson("user", "Claire", { email: "user@renamed-query.example" });
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: "renamed-query-secret-renamed-query-secret-01" });
    for (const [key, account] of [["admin", admin], ["lawyer", lawyer]] as const) cookies[key] = (await signInOverHttp(server.baseUrl, account)).cookie;
    cookies.user = (await signInOverHttp(server.baseUrl, client)).cookie;
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
    // The wizard's resume address (a draft's link kept from the dashboard or an email) and the phone hand-off.
    ["user", `/create-case?id=${DRAFT}&etape=2`, `/create-case?id=${DRAFT}&step=2`],
    ["user", "/create-case?type=arnaque-president&etape=1", "/create-case?type=arnaque-president&step=1"],
    ["user", `/create-case?id=${DRAFT}&etape=3&step=2`, `/create-case?id=${DRAFT}&step=2`],
    ["user", "/verify-identity?etape=2", "/verify-identity?step=2"],
  ] as const)("%s: GET %s answers 301 to %s", async (role, path, location) => {
    const response = await http(path, { cookie: cookies[role] });
    expect(response.status).toBe(301);
    expect(response.location).toBe(location);
  });

  it("the script's data requests (.data, _routes) are renamed the same way, to the page's own address", async () => {
    // Loaders get the raw request (decision 99): the address comes from React Router's `url`, without .data or _routes.
    for (const [role, path, location] of [
      ["admin", "/admin/cases.data?filtre=non-assignes&_routes=routes%2Fadmin-cases", "/admin/cases?filter=non-assignes"],
      ["user", `/create-case.data?id=${DRAFT}&etape=2&_routes=routes%2Fcreate-case`, `/create-case?id=${DRAFT}&step=2`],
    ] as const) {
      const response = await http(path, { cookie: cookies[role] });
      expect(response.status, path).toBe(202);
      expect(response.body).toContain(`"redirect",${JSON.stringify(location)},"status",301`);
      expect(response.body).not.toMatch(/\.data|_routes/);
    }
  });

  it("the English names are served as they are, and a signed-out visit still goes to the sign-in first", async () => {
    const served = await http("/admin/cases?filter=non-assignes&status=tous", { cookie: cookies.admin });
    expect(served.status).toBe(200);
    expect(visibleText(served.body)).toContain("Dossiers");
    expect((await http("/avocat/dossiers?view=nouveaux", { cookie: cookies.lawyer })).status).toBe(200);
    const anonymous = await http("/admin/cases?filtre=non-assignes");
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe("/connexion?redirectTo=%2Fadmin%2Fcases%3Ffiltre%3Dnon-assignes");
    const wizard = await http("/create-case?step=1", { cookie: cookies.user });
    expect(wizard.status).toBe(200);
    expect(visibleText(wizard.body)).toContain("Étape 1 sur 3");
    const identity = await http("/verify-identity?step=1", { cookie: cookies.user });
    expect(identity.status).toBe(200);
    expect(visibleText(identity.body)).toContain("Étape 1 sur 5");
    // The QR code the page prints now carries the English name.
    expect(identity.body).toContain("/verify-identity?step=2");
    expect(identity.body).not.toContain("etape=");
  });

  it("the identity check's QR code scanned before the change: signed out on the phone, signed in, then the right step", async () => {
    const scanned = await http("/verify-identity?etape=2");
    expect(scanned.status).toBe(302);
    expect(scanned.location).toBe("/connexion?redirectTo=%2Fverify-identity%3Fetape%3D2");
    const signedIn = await http(scanned.location!, {
      method: "POST",
      headers: FORM,
      body: new URLSearchParams({ email: client.email, password: client.password, redirectTo: "/verify-identity?etape=2" }).toString(),
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/verify-identity?etape=2");
    const cookie = cookieHeaderFrom(signedIn.setCookies, (name) => !name.startsWith("recours_flash"));
    const renamed = await http(signedIn.location!, { cookie });
    expect(renamed.status).toBe(301);
    expect(renamed.location).toBe("/verify-identity?step=2");
    expect((await http(renamed.location!, { cookie })).status).toBe(200);
  });
});

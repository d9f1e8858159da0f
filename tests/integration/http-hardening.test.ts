/**
 * Bad input over real HTTP against the production build: every one is a 4xx with a French page, never a 500;
 * headers; the same-origin rule for posts and the sign-in's return address (decision 63); form posts behind a
 * trusted reverse proxy.
 */
import { request as httpRequestRaw, type OutgoingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userListQuerySchema } from "~/modules/back-office/back-office.schema";
import { listUsers } from "~/modules/back-office/users.server";
import { writeProfileFields } from "~/modules/profile/sensitive-fields.server";
import type { UserActor } from "~/platform/actor";
import { db, runtime, stopRuntime } from "~/platform/runtime.server";
import { STORED_FILE_CONTENT_SECURITY_POLICY } from "~/platform/file-response-headers";
import { securityHeaders } from "../../server/security-headers";
import { cookieHeaderFrom, seedAccount, seedEnrolledAccount, totpCode } from "../support/accounts";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntime, startTestRuntimeOn, testEngines } from "../support/test-database";
import { jpegFile } from "../support/upload-fixtures";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const SECRET = "http-hardening-secret-http-hardening-secret-01";

/** A request with exactly these headers (fetch would add its own), answered with its raw header lines. */
function rawRequest(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: OutgoingHttpHeaders; body?: string } = {},
): Promise<{ status: number; rawHeaders: string[]; location?: string; body: string }> {
  const url = new URL(baseUrl);
  const body = options.body ?? "";
  return new Promise((resolve, reject) => {
    const request = httpRequestRaw(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? "GET",
        headers: { ...(options.method && options.method !== "GET" ? { "content-length": Buffer.byteLength(body) } : {}), ...options.headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, rawHeaders: response.rawHeaders, location: response.headers.location, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** How many times each header name appears in an answer. */
function headerCounts(rawHeaders: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < rawHeaders.length; i += 2) counts.set(rawHeaders[i]!.toLowerCase(), (counts.get(rawHeaders[i]!.toLowerCase()) ?? 0) + 1);
  return counts;
}

const SECURITY_HEADER_NAMES = ["content-security-policy", ...securityHeaders({ https: false }).map(([name]) => name.toLowerCase())];

/** The `redirectTo` forms a sign-in must never follow off the site (app/lib/redirect-target.test.ts has more). */
const REDIRECT_BYPASSES = [
  "/.//evil.example/x",
  "/..//evil.example/x",
  "/%2e//evil.example/x",
  "/%2E%2E//evil.example/x",
  "/compte/..//evil.example",
  "/%252e%252e//evil.example",
  "/%2F/evil.example",
  "/%5C%5Cevil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "//evil.example",
  "///evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/%09/evil.example",
  "//user:pass@evil.example",
  "/@evil.example",
  "//évil.example",
  "/／evil.example",
  "https://evil.example",
  "/n-existe-pas",
];

describe("bad input over HTTP, production build", () => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  let proxied: RunningServer | undefined;
  let adminCookie = "";
  const admin = { email: "", password: "", manualKey: "" };
  const client = { email: "", password: "" };
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget("pglite");
    await startTestRuntimeOn(persistent.target, { AUTH_SECRET: SECRET });
    const seeded = await seedEnrolledAccount("admin", { email: "admin@http-hardening.example" });
    Object.assign(admin, { email: seeded.email, password: seeded.password, manualKey: seeded.manualKey });
    const seededClient = await seedAccount("user", { email: "client@http-hardening.example" });
    Object.assign(client, { email: seededClient.email, password: seededClient.password });
    // A completed profile, to upload an identity document and download it back.
    await db()
      .updateTable("profiles")
      .set({ profile_completed: true, address: "3 rue du Port", postal_code: "44000", city: "Nantes" })
      .where("id", "=", seededClient.userId)
      .execute();
    await writeProfileFields(db(), runtime().keyring, seededClient.userId, { birthDate: "1950-01-02", nif: null });
    await stopRuntime();
    server = await startProductionServer({
      ...persistent.serverEnv,
      AUTH_SECRET: SECRET,
      LOG_LEVEL: "info",
      // Each return address below is a successful sign-in of the same person.
      LOGIN_ATTEMPTS_PER_EMAIL: "1000",
      LOGIN_ATTEMPTS_PER_ADDRESS: "1000",
    });

    const password = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: admin.email, password: admin.password }).toString() });
    expect(password.status, visibleText(password.body).slice(0, 500)).toBe(302);
    const keep = (name: string) => !name.startsWith("recours_flash");
    const verified = await http("/connexion/verification", {
      method: "POST",
      headers: FORM,
      cookie: cookieHeaderFrom(password.setCookies, keep),
      body: new URLSearchParams({ method: "app", code: await totpCode(admin.manualKey) }).toString(),
    });
    expect(verified.location).toBe("/dashboard");
    adminCookie = cookieHeaderFrom(verified.setCookies, keep);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await proxied?.stop();
    await persistent?.drop();
  }, 60_000);

  it("GET /admin/users?q=%00 answers 400 with a French page (signed-in admin and anonymous alike)", async () => {
    expect((await http("/admin/users?q=jean", { cookie: adminCookie })).status).toBe(200);
    for (const cookie of [adminCookie, undefined]) {
      const response = await http("/admin/users?q=%00", { cookie });
      expect(response.status).toBe(400);
      expect(visibleText(response.body)).toContain("caractères non valides");
    }
  });

  it.each(["/%00", "/connexion?retour=%C3%28", "/fonctionnement?q=%FF", "/arnaques/%E2%82"])("GET %s answers 400", async (target) => {
    const response = await http(target);
    expect(response.status).toBe(400);
    expect(visibleText(response.body)).toContain("caractères non valides");
  });

  it.each([
    ["a NUL in a field", "email=a%00b%40exemple.fr&password=x"],
    ["invalid UTF-8 in a field", "email=%FF%40exemple.fr&password=x"],
    ["raw bytes that are not UTF-8", Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe])],
  ])("a form post with %s answers 400 before the action runs", async (_name, body) => {
    const response = await http("/connexion", { method: "POST", headers: FORM, body });
    expect(response.status).toBe(400);
    expect(response.status).toBeLessThan(500);
  });

  it("a POST to an unknown path is a quiet 404/405: no error-level log, no stack", async () => {
    const before = server!.output().length;
    const response = await http("/n-existe-pas", { method: "POST", headers: FORM, body: "a=b" });
    expect([404, 405]).toContain(response.status);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = server!.output().slice(before);
    expect(logged).not.toMatch(/"level":(50|60)/);
    expect(logged).not.toMatch(/\n\s+at /);
  });

  it("GET /metrics does not exist without METRICS_TOKEN: 404, even for a signed-in admin", async () => {
    for (const cookie of [adminCookie, undefined]) {
      const response = await http("/metrics", { cookie, headers: { authorization: "Bearer x" } });
      expect(response.status).toBe(404);
      expect(response.body).not.toContain("recours_");
    }
  });

  it("every answer says Cross-Origin-Resource-Policy: same-origin", async () => {
    for (const path of ["/", "/connexion", "/healthz", "/n-existe-pas"]) {
      expect((await http(path)).headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
    }
  });

  describe("state-changing requests come from PUBLIC_URL's origin", () => {
    const signIn = (headers: OutgoingHttpHeaders, method = "POST") =>
      rawRequest(server!.baseUrl, "/connexion", {
        method,
        headers: { "content-type": FORM["content-type"], ...headers },
        // An address with no account: these attempts do not use up the client's sign-in allowance.
        body: new URLSearchParams({ email: "origine@http-hardening.example", password: "pas le bon mot de passe" }).toString(),
      });

    it("a post with PUBLIC_URL's Origin, or without Origin but Sec-Fetch-Site: same-origin, reaches the action", async () => {
      // A wrong password: the action ran and answered 401.
      expect((await signIn({ origin: server!.baseUrl })).status).toBe(401);
      expect((await signIn({ "sec-fetch-site": "same-origin" })).status).toBe(401);
    });

    it.each([
      ["neither Origin nor Sec-Fetch-Site", {}],
      ["no Origin and Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
      ["no Origin and Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
      ["Origin: null", { origin: "null" }],
      ["another site's Origin, even with Sec-Fetch-Site: same-origin", { origin: "https://malveillant.example", "sec-fetch-site": "same-origin" }],
    ] as Array<[string, OutgoingHttpHeaders]>)("a post with %s is refused with 403 and the French page", async (_name, headers) => {
      const response = await signIn(headers);
      expect(response.status).toBe(403);
      expect(visibleText(response.body)).toContain("Cette requête ne provient pas de Recours.");
    });

    it("the expected origin is never taken from Host: a forged Host and a matching Origin are refused", async () => {
      const port = new URL(server!.baseUrl).port;
      const response = await signIn({ host: `malveillant.example:${port}`, origin: `http://malveillant.example:${port}` });
      expect(response.status).toBe(403);
    });

    it.each(["PUT", "PATCH", "DELETE"])("%s without Origin is refused too", async (method) => {
      expect((await signIn({}, method)).status).toBe(403);
    });
  });

  describe("the sign-in never sends anyone off the site", () => {
    it.each(REDIRECT_BYPASSES)("redirectTo=%j: the sign-in's Location stays on this site", async (redirectTo) => {
      const response = await rawRequest(server!.baseUrl, "/connexion", {
        method: "POST",
        headers: { "content-type": FORM["content-type"], origin: server!.baseUrl },
        body: new URLSearchParams({ email: client.email, password: client.password, redirectTo }).toString(),
      });
      expect(response.status).toBe(302);
      const location = response.location ?? "";
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, server!.baseUrl).origin).toBe(server!.baseUrl);
      expect(location).toBe("/dashboard");
    });

    it("a page of the site is still where the sign-in returns", async () => {
      const response = await rawRequest(server!.baseUrl, "/connexion", {
        method: "POST",
        headers: { "content-type": FORM["content-type"], origin: server!.baseUrl },
        body: new URLSearchParams({ email: client.email, password: client.password, redirectTo: "/compte/email?x=1" }).toString(),
      });
      expect(response.location).toBe("/compte/email?x=1");
    });

    it("the sign-in page carries only a safe return address in its form", async () => {
      const page = await http(`/connexion?redirectTo=${encodeURIComponent("/.//evil.example/x")}`);
      expect(page.status).toBe(200);
      expect(page.body).not.toMatch(/name="redirectTo"/);
      expect(page.body).toContain('\\"redirectTo\\",\\"/dashboard\\"');
      const kept = await http(`/connexion?redirectTo=${encodeURIComponent("/compte/email")}`);
      expect(kept.body).toMatch(/<input type="hidden" name="redirectTo" value="\/compte\/email"\/>/);
    });
  });

  describe("file answers send each security header once", () => {
    const once = (rawHeaders: string[], what: string) => {
      const counts = headerCounts(rawHeaders);
      for (const name of SECURITY_HEADER_NAMES) expect(counts.get(name) ?? 0, `${what}: ${name}`).toBe(1);
    };
    const header = (rawHeaders: string[], name: string) => rawHeaders[rawHeaders.findIndex((value, i) => i % 2 === 0 && value.toLowerCase() === name) + 1];

    it("a page, the example image and a refused file link", async () => {
      once((await rawRequest(server!.baseUrl, "/connexion")).rawHeaders, "/connexion");
      once((await rawRequest(server!.baseUrl, "/verify-identity/exemple.svg")).rawHeaders, "exemple.svg");
      const refused = await rawRequest(server!.baseUrl, "/fichiers/00000000-0000-4000-8000-000000000000");
      expect(refused.status).toBeGreaterThanOrEqual(400);
      once(refused.rawHeaders, "refused /fichiers");
      expect(header(refused.rawHeaders, "referrer-policy")).toBe("no-referrer");
    });

    it("a stored document: its sandboxing CSP and no-referrer replace the page's, once each", async () => {
      const signedIn = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams(client).toString() });
      expect(signedIn.status).toBe(302);
      const cookie = cookieHeaderFrom(signedIn.setCookies, (name) => !name.startsWith("recours_flash"));
      expect((await http("/verify-identity?step=1", { method: "POST", headers: FORM, cookie, body: "" })).status).toBe(302);
      const photo = await jpegFile();
      const form = new FormData();
      form.append("documentType", "cni");
      for (const side of ["recto", "verso"]) form.append(side, new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `${side}.jpg`);
      expect((await http("/verify-identity?step=2", { method: "POST", cookie, body: form })).status).toBe(302);
      const fileId = /\/fichiers\/([0-9a-f-]{36})/.exec((await http("/verify-identity?step=2", { cookie })).body)?.[1];
      expect(fileId).toBeTruthy();

      const link = await rawRequest(server!.baseUrl, `/fichiers/${fileId}`, { headers: { cookie } });
      expect(link.status).toBe(302);
      once(link.rawHeaders, "302 /fichiers");
      const file = await rawRequest(server!.baseUrl, link.location!, { headers: { cookie } });
      expect(file.status).toBe(200);
      once(file.rawHeaders, "200 /fichiers");
      expect(header(file.rawHeaders, "content-security-policy")).toBe(STORED_FILE_CONTENT_SECURITY_POLICY);
      expect(header(file.rawHeaders, "referrer-policy")).toBe("no-referrer");
      expect(header(file.rawHeaders, "x-content-type-options")).toBe("nosniff");
    });
  });

  describe("behind a trusted reverse proxy (TRUST_PROXY)", () => {
    beforeAll(async () => {
      await server?.stop();
      server = undefined;
      proxied = await startProductionServer({
        ...persistent.serverEnv,
        AUTH_SECRET: SECRET,
        TRUST_PROXY: "true",
        // http: an https public address in production also requires the operator's identity and every figure's
        // source (startup.test.ts).
        PUBLIC_URL: "http://recours.example",
      });
    }, 120_000);

    /** A post as the proxy forwards it: upstream Host, the browser's Origin, X-Forwarded-* set by the proxy. */
    function postThroughProxy(forwarded: Record<string, string>): Promise<{ status: number; location?: string }> {
      const url = new URL(proxied!.baseUrl);
      const body = new URLSearchParams({ email: "client@http-hardening.example", password: "pas le bon mot de passe" }).toString();
      return new Promise((resolve, reject) => {
        const request = httpRequestRaw(
          {
            host: url.hostname,
            port: url.port,
            path: "/connexion",
            method: "POST",
            headers: {
              host: `127.0.0.1:${url.port}`,
              origin: "http://recours.example",
              "content-type": FORM["content-type"],
              "content-length": Buffer.byteLength(body),
              "x-forwarded-for": "198.51.100.9",
              "x-forwarded-proto": "http",
              ...forwarded,
            },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    }

    it("a form post works: React Router's origin check sees the public host (X-Forwarded-Host, or PUBLIC_URL's)", async () => {
      // A wrong password: the action ran and answered with §8's message (401), not a refused post.
      expect((await postThroughProxy({ "x-forwarded-host": "recours.example" })).status).toBe(401);
      expect((await postThroughProxy({})).status).toBe(401);
    });

    it("a post from another origin is still refused", async () => {
      expect((await postThroughProxy({ "x-forwarded-host": "recours.example", origin: "https://malveillant.example" })).status).toBe(403);
    });

    it("the origin is PUBLIC_URL's, whatever host the proxy forwards: another host's own Origin is refused", async () => {
      expect((await postThroughProxy({ "x-forwarded-host": "malveillant.example", origin: "http://malveillant.example" })).status).toBe(403);
      expect((await postThroughProxy({ origin: "https://recours.example", "x-forwarded-proto": "https" })).status).toBe(403);
    });
  });
});

describe.each(testEngines())("account search on %s", (engine) => {
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
  });
  afterAll(() => stop());

  it("% and _ in a search are literal, not wildcards", async () => {
    const seeded = await seedAccount("admin", { email: "chef_equipe@exemple.fr" });
    await seedAccount("user", { email: "chefXequipe@exemple.fr" });
    const actor: UserActor = {
      kind: "user",
      userId: seeded.userId,
      sessionId: "s",
      email: seeded.email,
      role: "admin",
      firstName: "A",
      lastName: "B",
      clientAddress: "x",
      secondFactor: "verified",
    };
    const search = async (q: string) => (await listUsers(actor, userListQuerySchema.parse({ q }))).users;
    expect(await search("%")).toEqual([]);
    expect((await search("chef_")).map((row) => row.email)).toEqual(["chef_equipe@exemple.fr"]);
    expect((await search("chef")).length).toBe(2);
  });
});

/**
 * Bad input over real HTTP against the production build: every one is a 4xx with a French page, never a 500;
 * headers; form posts behind a trusted reverse proxy.
 */
import { request as httpRequestRaw } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userListQuerySchema } from "~/modules/back-office/back-office.schema";
import { listUsers } from "~/modules/back-office/users.server";
import type { UserActor } from "~/platform/actor";
import { stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedAccount, seedEnrolledAccount, totpCode } from "../support/accounts";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntime, startTestRuntimeOn, testEngines } from "../support/test-database";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const SECRET = "http-hardening-secret-http-hardening-secret-01";

describe("bad input over HTTP, production build", () => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  let proxied: RunningServer | undefined;
  let adminCookie = "";
  const admin = { email: "", password: "", manualKey: "" };
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget("pglite");
    await startTestRuntimeOn(persistent.target, { AUTH_SECRET: SECRET });
    const seeded = await seedEnrolledAccount("admin", { email: "admin@http-hardening.example" });
    Object.assign(admin, { email: seeded.email, password: seeded.password, manualKey: seeded.manualKey });
    await seedAccount("user", { email: "client@http-hardening.example" });
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: SECRET, LOG_LEVEL: "info" });

    const password = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: admin.email, password: admin.password }).toString() });
    expect(password.status, visibleText(password.body).slice(0, 500)).toBe(302);
    const keep = (name: string) => !name.startsWith("recours_flash");
    const verified = await http("/connexion/verification", {
      method: "POST",
      headers: FORM,
      cookie: cookieHeaderFrom(password.setCookies, keep),
      body: new URLSearchParams({ methode: "application", code: await totpCode(admin.manualKey) }).toString(),
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

  describe("behind a trusted reverse proxy (TRUST_PROXY)", () => {
    beforeAll(async () => {
      await server?.stop();
      server = undefined;
      proxied = await startProductionServer({
        ...persistent.serverEnv,
        AUTH_SECRET: SECRET,
        TRUST_PROXY: "true",
        // http: an https public address in production also requires the operator's identity and every figure's
        // source (startup.test.ts); the origin check compares hosts only.
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
              origin: "https://recours.example",
              "content-type": FORM["content-type"],
              "content-length": Buffer.byteLength(body),
              "x-forwarded-for": "198.51.100.9",
              "x-forwarded-proto": "https",
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

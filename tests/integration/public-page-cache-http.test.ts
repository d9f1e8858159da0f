/**
 * The public-page cache over real HTTP against the production build (decision 52): an anonymous visitor gets the
 * cached page with a strong ETag, a 304 when revalidating, gzip and brotli forms of the very same bytes, every
 * security header and no cookie; a signed-in visitor still gets a page of their own. The public form pages come from
 * memory too, without a nonce, under a policy listing their inline scripts' hashes (decision 88).
 */
import { createHash } from "node:crypto";
import { request as rawRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedAccount } from "../support/accounts";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../support/test-database";

const SECRET = "public-page-cache-secret-public-page-cache-01";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const PAGES = ["/", "/fonctionnement", "/arnaques/faux-conseiller-bancaire", "/mentions-legales"];
const STRONG_ETAG = /^"[A-Za-z0-9_-]{32}(-gzip|-br)?"$/;
const FORM_PAGES = ["/connexion", "/inscription", "/mot-de-passe-oublie"];
const SECURITY_HEADERS = [
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "permissions-policy",
  "strict-transport-security",
];

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as sent (fetch would decode them), on a fresh connection. */
function raw(baseUrl: string, path: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = rawRequest(`${baseUrl}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("public pages from the in-memory cache, production build", () => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer;
  let clientCookie = "";
  let client: Awaited<ReturnType<typeof seedAccount>>;

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget("pglite");
    await startTestRuntimeOn(persistent.target, { AUTH_SECRET: SECRET });
    client = await seedAccount("user", { email: "client@public-page-cache.example" });
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: SECRET });
    const signIn = await httpRequest(server.baseUrl, "/connexion", {
      method: "POST",
      headers: FORM,
      body: new URLSearchParams({ email: client.email, password: client.password }).toString(),
    });
    expect(signIn.status, visibleText(signIn.body).slice(0, 300)).toBe(302);
    clientCookie = cookieHeaderFrom(signIn.setCookies, (name) => !name.startsWith("recours_flash"));
    expect(clientCookie).toMatch(/recours\.session_token=/);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await persistent?.drop();
  }, 60_000);

  it.each(PAGES)("%s: an anonymous visitor gets the cached page, a strong ETag, every security header, no cookie", async (path) => {
    const answer = await raw(server.baseUrl, path);
    expect(answer.status).toBe(200);
    expect(String(answer.headers.etag)).toMatch(STRONG_ETAG);
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
    expect(String(answer.headers.vary).split(/,\s*/).sort()).toEqual(["Accept-Encoding", "Cookie"]);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    // A page without any script: no nonce to carry, so the policy refuses every script.
    const csp = String(answer.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/nonce|unsafe/);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(answer.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(answer.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(answer.headers["permissions-policy"]).toContain("camera=()");
    expect(answer.headers["x-request-id"]).toBeTruthy();
    const html = answer.body.toString("utf8");
    expect(html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, "")).not.toMatch(/<script/i);
    expect(visibleText(html)).toContain("Connexion");
    // The same bytes on the next request, from memory.
    const again = await raw(server.baseUrl, path);
    expect(again.headers.etag).toBe(answer.headers.etag);
    expect(again.body.equals(answer.body)).toBe(true);
  });

  it("revalidation answers 304 with the ETag and no body, for the strong and the weak form; a stale tag gets the page", async () => {
    const first = await raw(server.baseUrl, "/fonctionnement", { "accept-encoding": "gzip" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/-gzip"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"autre", ${etag}`]) {
      const revalidated = await raw(server.baseUrl, "/fonctionnement", { "accept-encoding": "gzip", "if-none-match": ifNoneMatch });
      expect(revalidated.status, ifNoneMatch).toBe(304);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers["cache-control"]).toBe("private, no-cache");
      expect(revalidated.headers["content-security-policy"]).toContain("script-src 'none'");
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers["set-cookie"]).toBeUndefined();
    }
    const stale = await raw(server.baseUrl, "/fonctionnement", { "accept-encoding": "gzip", "if-none-match": '"ancienne-version"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBeGreaterThan(1000);
  });

  it("gzip and brotli answers decode to the very same bytes as the plain one, each with its own tag", async () => {
    for (const path of PAGES) {
      const plain = await raw(server.baseUrl, path, { "accept-encoding": "identity" });
      const gzip = await raw(server.baseUrl, path, { "accept-encoding": "gzip" });
      const brotli = await raw(server.baseUrl, path, { "accept-encoding": "gzip, deflate, br" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(gunzipSync(gzip.body).equals(plain.body), path).toBe(true);
      expect(brotliDecompressSync(brotli.body).equals(plain.body), path).toBe(true);
      expect(brotli.body.length).toBeLessThan(gzip.body.length);
      expect(gzip.body.length).toBeLessThan(plain.body.length / 3);
      const tags = new Set([plain.headers.etag, gzip.headers.etag, brotli.headers.etag]);
      expect(tags.size).toBe(3);
      // br;q=0 refuses brotli.
      const noBrotli = await raw(server.baseUrl, path, { "accept-encoding": "br;q=0, gzip" });
      expect(noBrotli.headers["content-encoding"]).toBe("gzip");
    }
  });

  it("HEAD answers the headers of the page without its body", async () => {
    const get = await raw(server.baseUrl, "/a-propos", { "accept-encoding": "br" });
    const head = await raw(server.baseUrl, "/a-propos", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers["content-length"]).toBe(String(get.body.length));
    expect(head.body.length).toBe(0);
  });

  it("a signed-in visitor gets their own header, not the cached page", async () => {
    const anonymous = await raw(server.baseUrl, "/fonctionnement");
    const signedIn = await raw(server.baseUrl, "/fonctionnement", { cookie: clientCookie });
    expect(signedIn.status).toBe(200);
    const text = visibleText(signedIn.body.toString("utf8"));
    expect(text).toContain("Espace membre");
    expect(visibleText(anonymous.body.toString("utf8"))).not.toContain("Espace membre");
    expect(signedIn.headers.etag).not.toBe(anonymous.headers.etag);
    expect(String(signedIn.headers.etag)).not.toMatch(STRONG_ETAG);
    // Their page went through the app: its own per-request policy, not the cached one.
    expect(String(signedIn.headers["content-security-policy"])).toMatch(/'nonce-/);
    // The cached page is unchanged for the next anonymous visitor.
    const next = await raw(server.baseUrl, "/fonctionnement");
    expect(next.body.equals(anonymous.body)).toBe(true);
  });

  it("a visitor with a pending toast (flash cookie) goes the usual way; a cookie that is not the site's changes nothing", async () => {
    const cached = await raw(server.baseUrl, "/fonctionnement");
    const withFlash = await raw(server.baseUrl, "/fonctionnement", { cookie: "recours_flash=quelque-chose" });
    expect(withFlash.status).toBe(200);
    expect(String(withFlash.headers.etag)).not.toMatch(STRONG_ETAG);
    const foreign = await raw(server.baseUrl, "/fonctionnement", { cookie: "preference=sombre" });
    expect(foreign.headers.etag).toBe(cached.headers.etag);
    expect(foreign.headers["set-cookie"]).toBeUndefined();
  });

  it("a query string still gets a cached content page; a malformed one the usual 400", async () => {
    const cached = await raw(server.baseUrl, "/fonctionnement");
    const tracked = await raw(server.baseUrl, "/fonctionnement?utm_source=television");
    expect(tracked.headers.etag).toBe(cached.headers.etag);
    expect((await raw(server.baseUrl, "/fonctionnement?q=%FF")).status).toBe(400);
  });

  it.each(FORM_PAGES)("%s: an anonymous visitor gets the cached form, no nonce, a policy listing its inline scripts' hashes", async (path) => {
    const answer = await raw(server.baseUrl, path);
    expect(answer.status).toBe(200);
    expect(String(answer.headers.etag)).toMatch(STRONG_ETAG);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    const html = answer.body.toString("utf8");
    expect(html).not.toMatch(/\snonce=/);
    expect(html).toMatch(/<form[^>]* action="[^"]*" method="post"/);
    // Every inline script, the held module one included (the page's loader runs a copy of it), and nothing else.
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes, text]) => !/\ssrc=/.test(attributes!) && text);
    expect(inline.some(([, attributes]) => attributes!.includes("data-held-module"))).toBe(true);
    const expected = [...new Set(inline.map(([, , text]) => `'sha256-${createHash("sha256").update(text!).digest("base64")}'`))].sort();
    const csp = directives(String(answer.headers["content-security-policy"]));
    expect(csp["script-src"]![0]).toBe("'self'");
    expect(csp["script-src"]!.slice(1).sort()).toEqual(expected);
    // The same bytes and the same policy on the next request, from memory; gzip decodes to them.
    const again = await raw(server.baseUrl, path);
    expect(again.body.equals(answer.body)).toBe(true);
    expect(again.headers["content-security-policy"]).toBe(answer.headers["content-security-policy"]);
    const gzip = await raw(server.baseUrl, path, { "accept-encoding": "gzip" });
    expect(gunzipSync(gzip.body).equals(answer.body)).toBe(true);
  });

  it("a cached form page carries the very security headers of one the app renders, its policy differing only by script-src", async () => {
    const cached = await raw(server.baseUrl, "/connexion");
    const rendered = await raw(server.baseUrl, "/connexion?redirectTo=%2Fdashboard");
    expect(String(rendered.headers["content-security-policy"])).toMatch(/'nonce-/);
    for (const name of SECURITY_HEADERS) expect(cached.headers[name], name).toBe(rendered.headers[name]);
    const cachedPolicy = directives(String(cached.headers["content-security-policy"]));
    const renderedPolicy = directives(String(rendered.headers["content-security-policy"]));
    expect({ ...cachedPolicy, "script-src": [] }).toEqual({ ...renderedPolicy, "script-src": [] });
    // And a content page's the same headers as the content page the app renders for a signed-in visitor.
    const content = await raw(server.baseUrl, "/fonctionnement");
    const own = await raw(server.baseUrl, "/fonctionnement", { cookie: clientCookie });
    for (const name of SECURITY_HEADERS) expect(content.headers[name], name).toBe(own.headers[name]);
  });

  it("a redirect target, a pending toast or a session sends a form page the usual way, never the cached bytes", async () => {
    const cached = await raw(server.baseUrl, "/connexion");
    const withTarget = await raw(server.baseUrl, "/connexion?redirectTo=%2Fcompte");
    expect(withTarget.status).toBe(200);
    expect(String(withTarget.headers["content-security-policy"])).toMatch(/'nonce-/);
    expect(withTarget.body.toString("utf8")).toContain("/compte");
    expect(withTarget.headers.etag).toBeUndefined();
    const withFlash = await raw(server.baseUrl, "/inscription", { cookie: "recours_flash=quelque-chose" });
    expect(withFlash.status).toBe(200);
    expect(String(withFlash.headers["content-security-policy"])).toMatch(/'nonce-/);
    expect(withFlash.headers.etag).toBeUndefined();
    // A signed-in visitor is sent on to their space, as before.
    const signedIn = await raw(server.baseUrl, "/connexion", { cookie: clientCookie });
    expect(signedIn.status).toBe(302);
    expect(cached.body.toString("utf8")).not.toContain("/compte");
  });

  it("the cached sign-in form still signs in without JavaScript, from the site's origin only", async () => {
    const page = (await raw(server.baseUrl, "/connexion")).body.toString("utf8");
    const action = /<form[^>]* action="([^"]+)" method="post"/.exec(page)?.[1];
    expect(action).toBe("/connexion");
    const body = new URLSearchParams({ email: "client@public-page-cache.example", password: "mauvais-mot-de-passe" }).toString();
    const foreign = await raw(server.baseUrl, action!, { ...FORM, origin: "https://ailleurs.example", "content-length": String(body.length) }, "POST", body);
    expect(foreign.status).toBe(403);
    const refused = await httpRequest(server.baseUrl, action!, { method: "POST", headers: FORM, body });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(visibleText(refused.body)).toMatch(/mot de passe/i);
    const signedIn = await httpRequest(server.baseUrl, action!, {
      method: "POST",
      headers: FORM,
      body: new URLSearchParams({ email: client.email, password: client.password }).toString(),
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.setCookies.join(";")).toMatch(/recours\.session_token=/);
  });

  it("public form pages hold their scripts and preloads until the visitor interacts; a member's page runs them at once", async () => {
    for (const path of ["/connexion", "/inscription", "/mot-de-passe-oublie"]) {
      const html = (await raw(server.baseUrl, path)).body.toString("utf8");
      const held = html.match(/<script(?: nonce="[^"]+")? type="text\/plain" data-held-module="">([^<]*)<\/script>/);
      expect(held?.[1], path).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\);/);
      expect(html, path).not.toMatch(/<script[^>]* type="module"/);
      expect(html, path).not.toContain('rel="modulepreload"');
      expect(html.match(/<link data-held-modulepreload="" href="\/assets\//g)?.length ?? 0, path).toBeGreaterThan(3);
      expect(html, path).toContain('querySelector("script[data-held-module]")');
    }
    const dashboard = (await raw(server.baseUrl, "/dashboard", { cookie: clientCookie })).body.toString("utf8");
    expect(dashboard).toMatch(/<script nonce="[^"]+" type="module" async="">/);
    expect(dashboard).not.toContain("data-held-module");
    // Its scripts are preloaded behind the stylesheet, the head's one render-blocking request.
    const head = dashboard.split("</head>")[0] ?? "";
    expect(head.match(/<link rel="modulepreload" fetchpriority="low" href="\/assets\//g)?.length ?? 0).toBeGreaterThan(3);
    expect(head).not.toMatch(/<link rel="modulepreload" href=/);
  });

  it("unknown paths and POSTs are never cached", async () => {
    const missing = await raw(server.baseUrl, "/arnaques/n-existe-pas");
    expect(missing.status).toBe(404);
    expect(String(missing.headers.etag ?? "")).not.toMatch(STRONG_ETAG);
    const post = await raw(server.baseUrl, "/fonctionnement", {}, "POST");
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(post.status).toBeLessThan(500);
  });
});

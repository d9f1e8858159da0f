import { createServer, get, type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeHeadersReplaceDefaults, securityHeaders } from "./security-headers";

describe("routeHeadersReplaceDefaults", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    const app = express();
    const headers = securityHeaders({ https: true });
    app.use((_req, res, next) => {
      res.setHeader("Content-Security-Policy", "default-src 'self'; script-src 'nonce-abc'");
      for (const [name, value] of headers) res.setHeader(name, value);
      next();
    });
    app.use(routeHeadersReplaceDefaults(["Content-Security-Policy", ...headers.map(([name]) => name)]));
    // As @react-router/express writes a route's Response: res.append for each of its headers.
    app.get("/fichier", (_req, res) => {
      res.append("content-security-policy", "default-src 'none'; sandbox");
      res.append("referrer-policy", "no-referrer");
      res.append("x-content-type-options", "nosniff");
      res.append("Vary", "Accept-Encoding");
      res.append("vary", "Cookie");
      res.end("ok");
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a route's security header replaces the default; other headers still add up", async () => {
    const raw = await new Promise<string[]>((resolve, reject) => {
      get({ host: "127.0.0.1", port, path: "/fichier" }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.rawHeaders));
      }).on("error", reject);
    });
    const values = (name: string) => raw.filter((_, i) => i % 2 === 1 && raw[i - 1]!.toLowerCase() === name);
    expect(values("content-security-policy")).toEqual(["default-src 'none'; sandbox"]);
    expect(values("referrer-policy")).toEqual(["no-referrer"]);
    expect(values("x-content-type-options")).toEqual(["nosniff"]);
    expect(values("x-frame-options")).toEqual(["DENY"]);
    expect(values("strict-transport-security")).toHaveLength(1);
    expect(values("vary").join(", ")).toBe("Accept-Encoding, Cookie");
  });
});

import { createServer, request, type OutgoingHttpHeaders, type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSS_ORIGIN_TEXT, isSameOriginRequest, requireSameOrigin } from "./same-origin";

const PUBLIC = "https://recours.fr";

describe("isSameOriginRequest", () => {
  it.each([
    [{ origin: PUBLIC }, true],
    [{ origin: PUBLIC, "sec-fetch-site": "same-origin" }, true],
    [{ "sec-fetch-site": "same-origin" }, true],
    [{}, false],
    [{ "sec-fetch-site": "same-site" }, false],
    [{ "sec-fetch-site": "cross-site" }, false],
    [{ "sec-fetch-site": "none" }, false],
    [{ origin: "null" }, false],
    [{ origin: "http://recours.fr" }, false],
    [{ origin: "https://recours.fr:443" }, false],
    [{ origin: "https://recours.fr.evil.example" }, false],
    [{ origin: "https://evil.example", "sec-fetch-site": "same-origin" }, false],
    [{ origin: `${PUBLIC}/` }, false],
  ])("%j → %s", (headers, expected) => {
    expect(isSameOriginRequest(headers, PUBLIC)).toBe(expected);
  });
});

describe("requireSameOrigin", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    const app = express();
    app.use(requireSameOrigin({ PUBLIC_URL: `${PUBLIC}/chemin` }));
    app.all("/{*splat}", (_req, res) => {
      res.send("ok");
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (method: string, headers: OutgoingHttpHeaders) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/connexion", method, headers: { "content-length": "0", ...headers } }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.end();
    });

  it("lets reads through without any header", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect((await send(method, {})).status, method).toBe(200);
  });

  it("lets a post from PUBLIC_URL's origin through, and refuses the rest with the French page", async () => {
    expect((await send("POST", { origin: PUBLIC })).status).toBe(200);
    expect((await send("POST", { "sec-fetch-site": "same-origin" })).status).toBe(200);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const refused = await send(method, {});
      expect(refused.status, method).toBe(403);
      expect(refused.body).toContain(CROSS_ORIGIN_TEXT);
    }
  });

  it("never trusts Host: a matching Host and Origin from elsewhere is refused", async () => {
    expect((await send("POST", { host: "evil.example", origin: "http://evil.example" })).status).toBe(403);
    expect((await send("POST", { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` })).status).toBe(403);
  });
});

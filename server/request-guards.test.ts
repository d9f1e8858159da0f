import { Agent, createServer, request as httpRequest, type Server } from "node:http";
import { connect } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { isCleanTarget, isCleanUrlEncoded } from "~/platform/request-validation";
import { createReadableStreamFromReadable } from "@react-router/node";
import { applyServerLimits, drainUnreadBodies, limitPasswordPosts, SERVICE_BUSY_TEXT } from "./request-guards";

describe("strict percent-decoding", () => {
  it.each(["/", "/admin/comptes?q=jean", "/admin/comptes?q=%C3%A9lo%C3%AFse", "/a?b=1&c=&d", "/recherche?q=50%25+de+remise", "/x?q=ligne%0Asuivante"])(
    "accepts %s",
    (target) => expect(isCleanTarget(target)).toBe(true),
  );
  it.each(["/admin/comptes?q=%00", "/%00", "/a%00b", "/x?q=%C3%28", "/x?q=%FF", "/x?q=%E2%82", "/x?q=%ZZ", "/x?q=%", "/x?%00=1", "/x?q=%1B"])(
    "refuses %s",
    (target) => expect(isCleanTarget(target)).toBe(false),
  );
  it("checks every name and value of a form body", () => {
    expect(isCleanUrlEncoded("email=a%40b.fr&password=x+y")).toBe(true);
    expect(isCleanUrlEncoded("email=a%00b")).toBe(false);
    expect(isCleanUrlEncoded("email=%C0%AF")).toBe(false);
  });
});

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listen(server: Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
}

describe("limitPasswordPosts", () => {
  it("refuses password posts beyond the slots and the queue with 503, Retry-After and the French message; other requests pass", async () => {
    const app = express();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    app.use(limitPasswordPosts({ PASSWORD_HASHING_CONCURRENCY: 1, PASSWORD_HASHING_QUEUE: 0 }));
    app.post("/compte", async (_req, res) => {
      await held;
      res.send("ok");
    });
    app.get("/healthz", (_req, res) => res.send("sain"));
    const port = await listen(createServer(app));
    const base = `http://127.0.0.1:${port}`;
    const first = fetch(`${base}/compte`, { method: "POST" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await fetch(`${base}/compte.data`, { method: "POST" });
    expect(second.status).toBe(503);
    expect(second.headers.get("retry-after")).toBe("5");
    expect(await second.text()).toContain(SERVICE_BUSY_TEXT);
    expect(SERVICE_BUSY_TEXT).toBe("Service momentanément surchargé, réessayez dans un instant.");
    const health = await fetch(`${base}/healthz`);
    expect(await health.text()).toBe("sain");
    release();
    expect((await first).status).toBe(200);
    // The slot is free again.
    expect((await fetch(`${base}/compte`, { method: "POST" })).status).toBe(200);
  });

  it("lets a refused sign-in or sign-up through without a slot, marked, for its page to answer with the form (decision 91)", async () => {
    const app = express();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    app.use(limitPasswordPosts({ PASSWORD_HASHING_CONCURRENCY: 1, PASSWORD_HASHING_QUEUE: 0 }));
    let inFlight = 0;
    app.post(["/connexion", "/inscription", "/connexion.data", "/inscription.data"], async (_req, res) => {
      const refused = res.locals.passwordPostRefused as { retryAfterSeconds: number } | undefined;
      if (refused) {
        res.status(503).set("Retry-After", String(refused.retryAfterSeconds)).send(`refusé, ${inFlight} en cours`);
        return;
      }
      inFlight += 1;
      await held;
      inFlight -= 1;
      res.send("ok");
    });
    const port = await listen(createServer(app));
    const base = `http://127.0.0.1:${port}`;
    const first = fetch(`${base}/inscription`, { method: "POST" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const path of ["/connexion", "/inscription.data", "/connexion.data"]) {
      const refused = await fetch(`${base}${path}`, { method: "POST" });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.text()).toBe("refusé, 1 en cours");
    }
    release();
    expect(await (await first).text()).toBe("ok");
    expect(await (await fetch(`${base}/connexion`, { method: "POST" })).text()).toBe("ok");
  });
});

describe("applyServerLimits", () => {
  it("sets explicit timeouts and closes connections beyond the cap per address", async () => {
    const server = createServer((_req, res) => res.end("ok"));
    applyServerLimits(server, { headersTimeoutMs: 20_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000, maxConnectionsPerAddress: 2 });
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(60_000);
    expect(server.keepAliveTimeout).toBe(5_000);
    const port = await listen(server);
    const open = () =>
      new Promise<import("node:net").Socket>((resolve) => {
        const socket = connect(port, "127.0.0.1", () => resolve(socket));
      });
    const first = await open();
    const second = await open();
    const third = await open();
    const closed = await new Promise<boolean>((resolve) => {
      third.once("close", () => resolve(true));
      setTimeout(() => resolve(false), 2000);
    });
    expect(closed).toBe(true);
    // The first two still work.
    first.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const answer = await new Promise<string>((resolve) => first.once("data", (chunk) => resolve(chunk.toString())));
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    second.destroy();
    first.destroy();
    // Once they are closed, the address may connect again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await open();
    again.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(await new Promise<string>((resolve) => again.once("data", (chunk) => resolve(chunk.toString())))).toMatch(/200/);
    again.destroy();
  });
});

describe("a request answered before its body is read", () => {
  /** Answers 429 after React Router's body stream has started (and paused at its high-water mark), body unread. */
  function refusingApp(drain: boolean) {
    const app = express();
    if (drain) app.use(drainUnreadBodies());
    app.post("/upload", (req, res) => {
      createReadableStreamFromReadable(req);
      setTimeout(() => res.status(429).send("Réessayez plus tard."), 20);
    });
    app.get("/next", (_req, res) => res.send("ok"));
    return app;
  }

  async function refusedThenNext(drain: boolean) {
    const server = createServer(refusingApp(drain));
    server.keepAliveTimeout = 2_000;
    const port = await listen(server);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body = "") =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const request = httpRequest({ agent, host: "127.0.0.1", port, method, path, headers: body ? { "content-length": Buffer.byteLength(body) } : {} }, (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, socket: request.socket }));
        });
        request.on("error", reject);
        request.end(body);
      });
    try {
      const refused = await send("POST", "/upload", "a".repeat(512 * 1024));
      const next = await send("GET", "/next").catch((error: Error) => ({ status: 0, socket: error.message }));
      return { refused: refused.status, next: next.status, sameConnection: next.socket === refused.socket };
    } finally {
      agent.destroy();
    }
  }

  it("the rest of the body is dropped and the kept-alive connection carries the next request", async () => {
    expect(await refusedThenNext(true)).toEqual({ refused: 429, next: 200, sameConnection: true });
  });

  it("without it, the next request on that connection is reset (what the drain is for)", async () => {
    expect(await refusedThenNext(false)).toMatchObject({ refused: 429, next: 0 });
  });
});

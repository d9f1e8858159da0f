/**
 * WEB_CONCURRENCY (decision 96): one `npm start` runs that many server processes under a supervisor, on one port and
 * one PostgreSQL. Each serves pages and signs people in; one killed is replaced while the others keep serving; SIGTERM
 * to the supervisor stops every process cleanly.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRONG_PASSWORD } from "../support/accounts";
import { ensureProductionBuild, httpRequest, startProductionServer, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget } from "../support/test-database";
import { waitUntil } from "./support/cluster";

const SECRET = "processes-per-machine-secret-0123456789abcdef";

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A GET on a new connection: a kept-alive one may still point at the process just killed. */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on("error", reject);
  });
}

describe("several server processes on one machine", () => {
  let database: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer;

  beforeAll(async () => {
    ensureProductionBuild();
    database = await persistentDatabaseTarget("postgres");
    server = await startProductionServer({ ...database.serverEnv, AUTH_SECRET: SECRET, WEB_CONCURRENCY: "2", MAX_CONNECTIONS_PER_ADDRESS: "0" });
    // /healthz answers as soon as the first process listens: wait for the second too.
    await waitUntil(async () => childrenOf(server.pid!).length === 2, 60_000, "deux processus");
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("serves pages and a sign-up from its processes, and replaces one that is killed while the other serves", async () => {
    const workers = childrenOf(server.pid!);
    expect(workers).toHaveLength(2);
    const pages = await Promise.all(Array.from({ length: 20 }, () => httpRequest(server.baseUrl, "/fonctionnement")));
    expect(new Set(pages.map((page) => page.status))).toEqual(new Set([200]));

    const signUp = await httpRequest(server.baseUrl, "/inscription", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        firstName: "Odile",
        lastName: "Marchand",
        email: `odile-${Date.now()}@processus.example`,
        password: STRONG_PASSWORD,
        phoneMobileCountry: "FR",
        phoneMobile: "6 12 34 56 78",
        country: "france",
      }).toString(),
    });
    expect([200, 302], signUp.body.slice(0, 500)).toContain(signUp.status);
    expect(signUp.body).not.toContain("data-error-summary");

    process.kill(workers[0]!, "SIGKILL");
    // Until the supervisor has seen the exit, it may still hand a new connection to the dead process.
    await waitUntil(() => server.output().includes("un processus du serveur s'est arrêté : il est remplacé"), 10_000, "l'arrêt vu");
    const during = await Promise.all(Array.from({ length: 10 }, () => statusOnNewConnection(`${server.baseUrl}/healthz`)));
    expect(new Set(during)).toEqual(new Set([200]));
    await waitUntil(async () => {
      const now = childrenOf(server.pid!);
      return now.length === 2 && !now.includes(workers[0]!);
    }, 60_000, "un processus de remplacement");
    expect(childrenOf(server.pid!)).toContain(workers[1]);
  }, 120_000);

  it("stops every process on SIGTERM", async () => {
    const workers = childrenOf(server.pid!);
    expect(workers).toHaveLength(2);
    await server.stop();
    expect(alive(server.pid!)).toBe(false);
    // Had the supervisor been killed, its processes would have lived on: it stopped them.
    for (const worker of workers) expect(alive(worker)).toBe(false);
  }, 60_000);
});

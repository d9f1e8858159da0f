/**
 * GET /metrics on the production build (docs/operations.md): Prometheus text behind the operator's bearer token,
 * request latency per route pattern (never the raw URL), the shared job queue's depth and the open live streams.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueJob } from "~/modules/jobs/jobs.server";
import { db, stopRuntime } from "~/platform/runtime.server";
import { ensureProductionBuild, httpRequest, ROOT, startProductionServer, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../support/test-database";

const TOKEN = "metrics-token-metrics-token-metrics-token-0123";
const SECRET = "metrics-http-secret-metrics-http-secret-0123456";

function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.indexOf("}"));
    if (wanted.every((pair) => labelText.split(",").includes(pair))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe("GET /metrics, production build", () => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);
  const scrape = () => http("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget("pglite");
    await startTestRuntimeOn(persistent.target, { AUTH_SECRET: SECRET });
    // Due in a day: the worker leaves them queued, so the gauge has something to count.
    const later = new Date(Date.now() + 86_400_000);
    for (let i = 0; i < 3; i++) await enqueueJob(db(), { kind: "email", payload: { test: i }, runAt: later });
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: SECRET, METRICS_TOKEN: TOKEN });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await persistent?.drop();
  }, 60_000);

  it("refuses a scrape without the token, or with a wrong one, with 401", async () => {
    expect((await http("/metrics")).status).toBe(401);
    const wrong = await http("/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain("recours_");
  });

  it("counts requests per route pattern and status class, never per raw URL", async () => {
    const before = sample((await scrape()).body, "recours_http_request_duration_seconds_count", { route: "/fonctionnement", status_class: "2xx" }) ?? 0;
    for (let i = 0; i < 3; i++) expect((await http("/fonctionnement")).status).toBe(200);
    expect((await http("/case/4242/chat")).status).toBe(302);
    expect((await http("/case/4343/chat")).status).toBe(302);
    expect((await http("/n-existe-pas-du-tout")).status).toBe(404);

    const text = (await scrape()).body;
    expect(sample(text, "recours_http_request_duration_seconds_count", { method: "GET", route: "/fonctionnement", status_class: "2xx" })).toBe(before + 3);
    expect(sample(text, "recours_http_request_duration_seconds_count", { route: "/case/:caseId/chat", status_class: "3xx" })).toBe(2);
    expect(sample(text, "recours_http_request_duration_seconds_count", { route: "autre", status_class: "4xx" })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("4242");
    expect(text).not.toContain("n-existe-pas");
  });

  it("reports the shared queue's depth, the open live streams and the process's memory", async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(sample(response.body, "recours_job_queue_depth", { kind: "email", status: "queued" })).toBe(3);
    expect(response.body).toMatch(/^recours_live_streams_open 0$/m);
    expect(response.body).toMatch(/^recours_database_up 1$/m);
    expect(response.body).toMatch(/^recours_process_resident_memory_bytes \d+/m);
    // The SQL the instance ran (bench:scale divides their growth by a row's requests): the requests above made some.
    const queries = Number(/^recours_db_queries_total (\d+)$/m.exec(response.body)?.[1]);
    expect(queries).toBeGreaterThan(0);
    expect(Number(/^recours_db_query_seconds_total (\S+)$/m.exec(response.body)?.[1])).toBeGreaterThan(0);
    const again = await scrape();
    expect(Number(/^recours_db_queries_total (\d+)$/m.exec(again.body)?.[1])).toBeGreaterThan(queries);
  });

  it("runs under the allocator server/with-allocator.sh chooses: jemalloc where the system has it, else two glibc arenas", () => {
    const chosen = execFileSync("sh", [path.join(ROOT, "server/with-allocator.sh"), "env"], { encoding: "utf8" }).split("\n");
    const preload = chosen.find((line) => line.startsWith("LD_PRELOAD="))?.slice("LD_PRELOAD=".length);
    if (preload) {
      expect(preload).toMatch(/jemalloc/);
      expect(readFileSync(`/proc/${server!.pid}/maps`, "utf8")).toContain(preload);
    } else {
      expect(chosen).toContain("MALLOC_ARENA_MAX=2");
      expect(readFileSync(`/proc/${server!.pid}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");
    }
  });
});

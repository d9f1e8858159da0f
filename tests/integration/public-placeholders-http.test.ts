/**
 * No placeholder reaches a person (issue 29, item 5): every public page of the production build, its HTML whole
 * (meta, structured data and serialised loader data included), carries no "[… à compléter]" marker; the development
 * samples say they are examples. The pages do not depend on the database engine: PGlite only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVELOPMENT_FIGURE_SOURCE_TEXT, publicPagePaths } from "~/content/site";
import { stopRuntime } from "~/platform/runtime.server";
import { decodeHtml, ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../support/test-database";

/** A bracketed editor's note ("[SIREN à compléter]", "[Source à compléter par l'éditeur]", "[date à compléter]"). */
const PLACEHOLDER = /\[[^\]\n]{0,120}(compléter|completer|à remplir|TODO|placeholder)[^\]\n]{0,120}\]|à compléter/i;

describe("public pages carry no placeholder, production build", () => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget("pglite");
    await startTestRuntimeOn(persistent.target);
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: "placeholders-http-secret-placeholders-01" });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  it("no public page's HTML contains a placeholder marker", async () => {
    const paths = publicPagePaths();
    expect(paths).toContain("/mentions-legales");
    for (const path of paths) {
      const page = await httpRequest(server!.baseUrl, path);
      expect(page.status, path).toBe(200);
      const html = decodeHtml(page.body);
      expect(PLACEHOLDER.exec(html)?.[0] ?? null, path).toBeNull();
    }
  });

  it("the figures' sources and the legal notice show development samples marked as such", async () => {
    const home = visibleText((await httpRequest(server!.baseUrl, "/")).body);
    expect(home).toContain(`Source : ${DEVELOPMENT_FIGURE_SOURCE_TEXT}`);
    const notice = visibleText((await httpRequest(server!.baseUrl, "/mentions-legales")).body);
    expect(notice).toMatch(/000 000 000 \(exemple\)/);
  });
});

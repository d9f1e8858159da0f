/**
 * /resultats over HTTP against the production build: ten closed cases seeded with their outcomes and ledgers, the
 * page's figures equal to their recomputation from the seeds, those resting on fewer than RESULTS_MIN_CASES hidden,
 * no script of the app, served from the public-page cache, linked from the home page and /fonctionnement, and in the
 * sitemap.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuroCents } from "~/lib/fees";
import { HIDDEN_FIGURE_TEXT } from "~/content/pages/results";
import { stopRuntime } from "~/platform/runtime.server";
import { seedActor } from "../support/cases";
import { insertClosedCase, OUT_OF_PERIOD, recomputedResults, TEN_CLOSED_CASES } from "../support/outcomes";
import { ensureProductionBuild, httpRequest, spaced, startProductionServer, visibleText, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";

describe.each(testEngines())("/resultats over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    const client = await seedActor("user", "Jeanne", "Durand");
    const lawyer = await seedActor("lawyer", "Alain", "Avocat");
    const now = new Date();
    for (const seed of [...TEN_CLOSED_CASES, OUT_OF_PERIOD]) await insertClosedCase(client.userId, lawyer.userId, seed, now);
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: "results-http-secret-results-http-secret-0001" });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await persistent?.drop();
  }, 60_000);

  /** The visible text of one figure's card. */
  function card(html: string, key: string): string {
    const match = new RegExp(`<div[^>]*data-figure="${key}"[^>]*>([\\s\\S]*?)</div>`).exec(html);
    expect(match, key).not.toBeNull();
    return visibleText(match![1]!);
  }

  it("shows the figures resting on 10 closed cases as recomputed from the seeds, hides the others, with no script", async () => {
    const expected = recomputedResults(TEN_CLOSED_CASES);
    const page = await http("/resultats");
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(page.body).not.toMatch(/modulepreload/);
    expect(card(page.body, "closed")).toMatch(new RegExp(`^Dossiers clos ${expected.closed} `));
    expect(card(page.body, "closed")).toContain("Repose sur 10 dossiers clos.");
    expect(card(page.body, "withRecovery")).toContain(spaced(`${Math.round(expected.share * 100)}\u202f% (${expected.withRecovery} sur ${expected.closed})`));
    expect(card(page.body, "totalRecovered")).toContain(spaced(formatEuroCents(expected.totalCents)));
    // 5 cases with a sum recovered: under 10, the medians are not shown, and say why.
    for (const key of ["medianRecovered", "medianDaysToFirstRecovery"]) {
      expect(card(page.body, key)).toContain(HIDDEN_FIGURE_TEXT);
      expect(card(page.body, key)).toContain(`Repose sur ${expected.withRecovery} dossiers clos.`);
    }
    expect(card(page.body, "medianRecovered")).not.toContain("€");
    // No type has 10 closed cases; the case closed 400 days ago does not count.
    expect(page.body).toContain('data-by-type="none"');
    expect(visibleText(page.body)).not.toContain(spaced(formatEuroCents(expected.totalCents + 9_999_900)));
    // The period and the date of the computation.
    expect(visibleText(page.body)).toMatch(/Période : du \d\d\/\d\d\/\d{4} au \d\d\/\d\d\/\d{4} \(les 12 derniers mois\)\. Calculé le /);
    expect(visibleText(page.body)).not.toMatch(/taux de réussite de|garanti/i);
  });

  it("is a cached public page, linked from the home page and /fonctionnement, and in the sitemap", async () => {
    const first = await http("/resultats");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await http("/resultats", { headers: { "if-none-match": etag! } })).status).toBe(304);
    for (const path of ["/", "/fonctionnement"]) expect((await http(path)).body).toContain('href="/resultats"');
    expect((await http("/sitemap.xml")).body).toMatch(/<loc>[^<]*\/resultats<\/loc>/);
  });
});

/**
 * The SQL queries of a client's dashboard and case page views (issue 33, decision 0093), counted by the production
 * server itself (/metrics): a section that reads again what another already read, or a read added per row, fails
 * here. The same pages still answer another person's case with the 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom } from "../support/accounts";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { ensureProductionBuild, httpRequest, startProductionServer, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";

const TOKEN = "query-counts-token-query-counts-token-0123456";
const SECRET = "query-counts-secret-query-counts-secret-012345";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** At most this many queries per view (2026-11-27: 13 and 27 before decision 0093). */
const DASHBOARD_QUERIES = 9;
const CASE_PAGE_QUERIES = 21;

describe.each(testEngines())("queries per client page view, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  let caseId = "";
  const cookies = { client: "", other: "" };
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);
  const queries = async () => {
    const body = (await http("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).body;
    return Number(/^recours_db_queries_total (\S+)$/m.exec(body)?.[1]);
  };
  /**
   * The queries of one view, less those of a scrape (the job queue's depth). The server's job worker queries now and
   * then on its own: the fewest over a few views is the page's own count.
   */
  async function queriesOf(path: string, cookie: string): Promise<number> {
    let fewest = Infinity;
    for (let i = 0; i < 5; i++) {
      const scrape = -(await queries()) + (await queries());
      const before = await queries();
      const response = await http(path, { cookie });
      expect(response.status).toBe(200);
      fewest = Math.min(fewest, (await queries()) - before - scrape);
    }
    return fewest;
  }

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    const client = await seedPerson("user", "Camille", { email: "client@query-counts.example" });
    const other = await seedPerson("user", "Octave", { email: "other@query-counts.example" });
    const lawyer = await seedPerson("lawyer", "Lucie", { email: "lawyer@query-counts.example" });
    const created = await insertSubmittedCase(client.userId);
    caseId = created.id;
    await db().updateTable("cases").set({ status: "in_progress", assigned_lawyer_id: lawyer.userId, assigned_at: new Date() }).where("id", "=", caseId).execute();
    await db()
      .insertInto("case_payments")
      .values({ case_id: caseId, paid_on: "2025-03-04", amount: "2500", method: "bank_transfer", beneficiary_kind: "iban", beneficiary: "FR7630006000011234567890189" })
      .execute();
    await db().insertInto("case_chat_messages").values({ case_id: caseId, sender_id: lawyer.userId, message: "Bonjour, j'ai bien reçu votre dossier." }).execute();
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: SECRET, METRICS_TOKEN: TOKEN });
    for (const [key, person] of [["client", client], ["other", other]] as const) {
      const response = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: person.email, password: person.password }).toString() });
      expect(response.status).toBe(302);
      cookies[key] = cookieHeaderFrom(response.setCookies, (name) => !name.startsWith("recours_flash"));
    }
    // A first view of each page: whatever a first request does once (a session touch) is not counted below.
    await http("/dashboard", { cookie: cookies.client });
    await http(`/case/${caseId}`, { cookie: cookies.client });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await persistent?.drop();
  }, 60_000);

  it(`the client's dashboard: at most ${DASHBOARD_QUERIES} queries, its case listed`, async () => {
    expect(await queriesOf("/dashboard", cookies.client)).toBeLessThanOrEqual(DASHBOARD_QUERIES);
    const page = await http("/dashboard", { cookie: cookies.client });
    expect(page.body).toContain(caseId);
  });

  it(`the client's case page: at most ${CASE_PAGE_QUERIES} queries; another client still gets the 404`, async () => {
    expect(await queriesOf(`/case/${caseId}`, cookies.client)).toBeLessThanOrEqual(CASE_PAGE_QUERIES);
    expect((await http(`/case/${caseId}`, { cookie: cookies.other })).status).toBe(404);
  });
});

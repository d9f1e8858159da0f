/**
 * The evidence form and the case file's PDFs over real HTTP against the production build: the upload script's JSON
 * answer, a closed case refused (409, French message, nothing stored), the plain form's redirect, the PDFs' headers,
 * and another person's case answering 404 to every one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evidenceMessages } from "~/modules/case-file/evidence.schema";
import { db, stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom } from "../support/accounts";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { ensureProductionBuild, httpRequest, startProductionServer, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";
import { pdfFile } from "../support/upload-fixtures";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe.each(testEngines())("case evidence and PDFs over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const people = {} as Record<"client" | "other", { email: string; password: string; cookie: string }>;
  let openCase: string;
  let closedCase: string;
  let document: Buffer;
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);

  function upload(caseId: string, cookie: string, json: boolean) {
    const form = new FormData();
    form.append("category", "bank_statements");
    form.append("description", "Relevé de mars");
    form.append("fichiers", new Blob([new Uint8Array(document)], { type: "application/pdf" }), "releve.pdf");
    return fetch(`${server!.baseUrl}/case/${caseId}/preuves`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { cookie, origin: server!.baseUrl, ...(json ? { accept: "application/json" } : {}) },
    });
  }

  /** The evidence files the case page lists (its download links): the server's database is not opened twice. */
  async function listedFiles(caseId: string): Promise<number> {
    const page = await http(`/case/${caseId}`, { cookie: people.client.cookie });
    expect(page.status).toBe(200);
    return page.body.match(/href="\/fichiers\/[0-9a-f-]{36}\?download=1"/g)?.length ?? 0;
  }

  beforeAll(async () => {
    ensureProductionBuild();
    document = await pdfFile({ marker: "http" });
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    for (const key of ["client", "other"] as const) {
      const person = await seedPerson("user", key === "client" ? "Clarisse" : "Octave", { verified: true });
      people[key] = { email: person.email, password: person.password, cookie: "" };
      if (key === "client") {
        openCase = (await insertSubmittedCase(person.userId)).id;
        closedCase = (await insertSubmittedCase(person.userId)).id;
        await db().updateTable("cases").set({ status: "closed" }).where("id", "=", closedCase).execute();
      }
    }
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: "evidence-http-secret-evidence-http-secret-01" });
    for (const person of Object.values(people)) {
      const response = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: person.email, password: person.password }).toString() });
      expect(response.status).toBe(302);
      person.cookie = cookieHeaderFrom(response.setCookies, (name) => !name.startsWith("recours_flash"));
    }
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await persistent?.drop();
  }, 60_000);

  it("stores evidence on an open case and refuses a closed one (409, French message, nothing stored)", async () => {
    const sent = await upload(openCase, people.client.cookie, true);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ message: evidenceMessages.uploaded(1), count: 1 });
    const plain = await upload(openCase, people.client.cookie, false);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe(`/case/${openCase}#preuves`);

    const refused = await upload(closedCase, people.client.cookie, true);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: evidenceMessages.caseClosed, field: null });
    const foreign = await upload(openCase, people.other.cookie, true);
    expect(foreign.status).toBe(404);
    expect(await listedFiles(openCase)).toBe(2);
    expect(await listedFiles(closedCase)).toBe(0);
  }, 60_000);

  it("serves the PDFs to the client, never cached, and 404 to another person", async () => {
    for (const path of [`/case/${openCase}/dossier.pdf`, `/case/${openCase}/lettre-banque.pdf`]) {
      const response = await fetch(`${server!.baseUrl}${path}`, { headers: { cookie: people.client.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="(dossier-plainte|lettre-banque)-RC-/);
      expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
      const foreign = await fetch(`${server!.baseUrl}${path}`, { headers: { cookie: people.other.cookie } });
      expect(foreign.status).toBe(404);
      expect(foreign.headers.get("content-type")).not.toBe("application/pdf");
    }
  }, 60_000);
});

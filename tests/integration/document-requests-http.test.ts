/**
 * The document checklist over real HTTP against the production build, as a browser without JavaScript posts: the
 * lawyer's request (French field errors, 400), another lawyer's and another client's 404, "je ne l'ai pas" without a
 * reason, a file against an accepted item refused (409, French message, nothing stored), never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/modules/case-file/deadlines";
import { documentRequestMessages as messages } from "~/modules/case-file/document-requests.schema";
import { parisIsoDay } from "~/lib/format";
import { db, stopRuntime } from "~/platform/runtime.server";
import { seedEnrolledAccount } from "../support/accounts";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { signInOverHttp } from "../support/http-sign-in";
import { ensureProductionBuild, httpRequest, spaced, startProductionServer, visibleText, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";
import { pdfFile } from "../support/upload-fixtures";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe.each(testEngines())("document requests over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const cookies = { client: "", other: "", lawyer: "", otherLawyer: "" };
  let caseId = "";
  let document: Buffer;
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);
  const post = (path: string, who: keyof typeof cookies, fields: Record<string, string>) =>
    http(path, { method: "POST", headers: FORM, cookie: cookies[who], body: new URLSearchParams(fields).toString() });
  const ask = (who: keyof typeof cookies, fields: Record<string, string>) =>
    post(`/case/${caseId}?intent=document-request`, who, { documentKind: "bank_statement", documentLabel: "", dueOn: "", documentNote: "", ...fields });

  /** The item ids, in the order the case page lists them (read from its forms). */
  async function itemIds(): Promise<string[]> {
    const page = await http(`/case/${caseId}`, { cookie: cookies.client });
    expect(page.status).toBe(200);
    return [...new Set([...page.body.matchAll(/documentRequest=([0-9a-f-]{36})/g)].map((match) => match[1]!))];
  }

  function upload(itemId: string) {
    const form = new FormData();
    form.append("fichiers", new Blob([new Uint8Array(document)], { type: "application/pdf" }), "releve.pdf");
    return fetch(`${server!.baseUrl}/case/${caseId}/preuves?documentRequest=${itemId}`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { cookie: cookies.client, origin: server!.baseUrl, accept: "application/json" },
    });
  }

  beforeAll(async () => {
    ensureProductionBuild();
    document = await pdfFile({ marker: "demande" });
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    const client = await seedPerson("user", "Claire", { email: "client@documents-http.example", verified: true });
    const other = await seedPerson("user", "Olivier", { email: "other@documents-http.example", verified: true });
    const staff = {
      lawyer: await seedEnrolledAccount("lawyer", { email: "lawyer@documents-http.example", firstName: "Louise", lastName: "Martin" }),
      otherLawyer: await seedEnrolledAccount("lawyer", { email: "other-lawyer@documents-http.example" }),
    };
    caseId = (await insertSubmittedCase(client.userId)).id;
    await db().updateTable("cases").set({ assigned_lawyer_id: staff.lawyer.userId, assigned_at: new Date(), status: "in_progress" }).where("id", "=", caseId).execute();
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: "documents-http-secret-documents-http-secret" });
    for (const [key, person] of [["client", client], ["other", other]] as const) cookies[key] = (await signInOverHttp(server.baseUrl, person)).cookie;
    for (const [key, account] of Object.entries(staff) as [keyof typeof staff, (typeof staff)["lawyer"]][]) cookies[key] = (await signInOverHttp(server.baseUrl, account)).cookie;
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  it("a request with a past due date, an empty or too long label answers 400 with French field errors", async () => {
    const past = await ask("lawyer", { dueOn: addDays(parisIsoDay(), -1) });
    expect(past.status).toBe(400);
    expect(past.body).toContain("data-error-summary");
    expect(spaced(visibleText(past.body))).toContain(spaced(messages.duePast));
    expect(past.body).toMatch(/id="champ-dueOn"[^>]*aria-invalid="true"/);
    const empty = await ask("lawyer", { documentKind: "other", documentLabel: " " });
    expect(empty.status).toBe(400);
    expect(visibleText(empty.body)).toContain(messages.labelRequired);
    const long = await ask("lawyer", { documentKind: "other", documentLabel: "x".repeat(121), documentNote: "y".repeat(1001) });
    expect(long.status).toBe(400);
    expect(visibleText(long.body)).toContain(messages.labelTooLong);
    expect(visibleText(long.body)).toContain(messages.noteTooLong);
    expect(await itemIds()).toEqual([]);
  });

  it("another lawyer, or the client, asking on this case get its 404", async () => {
    expect((await ask("otherLawyer", {})).status).toBe(404);
    expect((await ask("client", {})).status).toBe(404);
    expect(await itemIds()).toEqual([]);
  });

  it("the lawyer asks, the client answers; another client's post is a 404; a file against an accepted item is refused", async () => {
    const asked = await ask("lawyer", { dueOn: addDays(parisIsoDay(), 5) });
    expect(asked.status).toBe(302);
    expect(asked.location).toMatch(new RegExp(`^/case/${caseId}`));
    expect((await ask("lawyer", { documentKind: "other", documentLabel: "Contrat de prêt" })).status).toBe(302);
    const [statement, loan] = await itemIds();

    // "Je ne l'ai pas": a reason is required, another client gets the case's 404.
    const noReason = await post(`/case/${caseId}?intent=document-unavailable`, "client", { requestId: loan!, unavailableReason: "  " });
    expect(noReason.status).toBe(400);
    expect(visibleText(noReason.body)).toContain(messages.reasonRequired);
    expect((await post(`/case/${caseId}?intent=document-unavailable`, "other", { requestId: loan!, unavailableReason: "Perdu" })).status).toBe(404);
    expect((await post(`/case/${caseId}?intent=document-unavailable`, "client", { requestId: loan!, unavailableReason: "Le prêt était verbal" })).status).toBe(302);

    const sent = await upload(statement!);
    expect(sent.status).toBe(200);
    expect((await post(`/case/${caseId}?intent=document-accept`, "client", { requestId: statement! })).status).toBe(404);
    expect((await post(`/case/${caseId}?intent=document-accept`, "lawyer", { requestId: statement! })).status).toBe(302);
    const again = await post(`/case/${caseId}?intent=document-accept`, "lawyer", { requestId: statement! });
    expect(again.status).toBe(409);
    expect(spaced(visibleText(again.body))).toContain(spaced(messages.closed));

    const page = await http(`/case/${caseId}`, { cookie: cookies.lawyer });
    const files = page.body.match(/href="\/fichiers\/[0-9a-f-]{36}\?download=1"/g)?.length ?? 0;
    const refused = await upload(statement!);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: messages.closed, field: null });
    const after = await http(`/case/${caseId}`, { cookie: cookies.lawyer });
    expect(after.body.match(/href="\/fichiers\/[0-9a-f-]{36}\?download=1"/g)?.length ?? 0).toBe(files);
    expect(spaced(visibleText(after.body))).toContain("Le client n'a pas ce document : Le prêt était verbal");
    // Another client's item id on the upload: 404 with the French message, never a 500.
    const foreign = await upload("00000000-0000-4000-8000-000000000000");
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: messages.requestUnknown, field: null });
  });
});

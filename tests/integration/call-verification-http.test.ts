/**
 * Issue 32, part 1 over real HTTP against the production build, as a browser without JavaScript posts: the public
 * check's page is served from the public-page cache while its answers never are; a malformed contact 400, flooding
 * 429 in French; the call code revealed by the assigned lawyer is the one the client's dashboard shows, another
 * lawyer's reveal is the case's 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseMessages } from "~/modules/cases/cases.schema";
import { CONTACT_CHECKS_PER_WINDOW } from "~/modules/call-verification/call-verification.server";
import { db, stopRuntime } from "~/platform/runtime.server";
import { seedEnrolledAccount } from "../support/accounts";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { signInOverHttp } from "../support/http-sign-in";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const SECRET = "call-code-http-secret-call-code-http-secret-0123";
const OPERATOR_EMAIL = "contact@recours-verif.fr";

describe.each(testEngines())("Vérifier un appel over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const cookies = { client: "", lawyer: "", otherLawyer: "" };
  let caseId = "";
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);
  const check = (contact: string) => http("/verifier-un-contact", { method: "POST", headers: FORM, body: new URLSearchParams({ contact }).toString() });

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target, { AUTH_SECRET: SECRET });
    const client = await seedPerson("user", "Claire", { email: "client@call-code-http.example", verified: true });
    const lawyer = await seedEnrolledAccount("lawyer", { email: "lawyer@call-code-http.example", firstName: "Louise", lastName: "Martin" });
    const otherLawyer = await seedEnrolledAccount("lawyer", { email: "other-lawyer@call-code-http.example" });
    ({ id: caseId } = await insertSubmittedCase(client.userId));
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "in_progress" }).where("id", "=", caseId).execute();
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: SECRET, OPERATOR_EMAIL });
    cookies.client = (await signInOverHttp(server.baseUrl, client)).cookie;
    cookies.lawyer = (await signInOverHttp(server.baseUrl, lawyer)).cookie;
    cookies.otherLawyer = (await signInOverHttp(server.baseUrl, otherLawyer)).cookie;
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  it("another lawyer's reveal is the case's 404; the assigned lawyer's code is the one on the client's dashboard", async () => {
    const refused = await http(`/case/${caseId}/code-appel`, { method: "POST", headers: FORM, cookie: cookies.otherLawyer, body: "" });
    expect(refused.status).toBe(404);
    expect(visibleText(refused.body)).toContain(caseMessages.noAccess);
    expect((await http(`/case/${caseId}/code-appel`, { cookie: cookies.otherLawyer })).status).toBe(404);
    expect((await http(`/case/${caseId}/code-appel`, { method: "POST", headers: FORM, cookie: cookies.client, body: "" })).status).toBe(404);

    const revealed = await http(`/case/${caseId}/code-appel`, { method: "POST", headers: FORM, cookie: cookies.lawyer, body: "" });
    expect(revealed.status).toBe(200);
    const code = /data-call-code-value="">([^<]+)</.exec(revealed.body)?.[1];
    expect(code).toMatch(/^[A-Z2-9]{3}\u00a0[A-Z2-9]{3}$/);
    const dashboard = await http("/dashboard", { cookie: cookies.client });
    expect(dashboard.body).toContain(`data-call-code-value="">${code}<`);
  });

  it("the client's code forms: a malformed code 400, a confirmation of a code that changed 409, in French", async () => {
    const post = (path: string, fields: Record<string, string>) => http(path, { method: "POST", headers: FORM, cookie: cookies.client, body: new URLSearchParams(fields).toString() });
    const malformed = await post("/code-appel?intent=check", { code: "AB0" });
    expect(malformed.status).toBe(400);
    expect(visibleText(malformed.body)).toContain("Le code fait 6 caractères, lettres et chiffres (par exemple K7P X3M).");
    const stale = await post("/code-appel?intent=confirm", { shown: "2020-01-01.0" });
    expect(stale.status).toBe(409);
    expect(visibleText(stale.body)).toContain("Ce code a déjà servi ou a changé entre-temps");
  });

  it("a lawyer's public contacts: a malformed one 400 in French and nothing saved; saved, the public check names the lawyer", async () => {
    const post = (fields: Record<string, string>) => http("/avocat/coordonnees", { method: "POST", headers: FORM, cookie: cookies.lawyer, body: new URLSearchParams(fields).toString() });
    const bad = await post({ publicEmail: "cabinet@martin-avocat.fr", publicPhone: "12", publicWebsite: "" });
    expect(bad.status).toBe(400);
    expect(visibleText(bad.body)).toContain("Saisissez un numéro de téléphone valide");
    expect(visibleText((await check("cabinet@martin-avocat.fr")).body)).toContain("Aucun lien avec Recours");
    const saved = await post({ publicEmail: "cabinet@martin-avocat.fr", publicPhone: "05 56 00 00 01", publicWebsite: "https://www.martin-avocat.fr" });
    expect(saved.status).toBe(200);
    expect(visibleText(saved.body)).toContain("Coordonnées enregistrées");
    expect(visibleText((await check("+33 5 56 00 00 01")).body)).toContain("Ce contact appartient à Me Louise Martin, avocat partenaire de Recours");
  });

  it("the page comes from the public-page cache; a check is a plain post whose answer is never cached", async () => {
    const page = await http("/verifier-un-contact");
    expect(page.status).toBe(200);
    expect(page.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{32}(-gzip|-br)?"$/);
    expect(page.body).toContain('method="post"');

    const operator = await check(` ${OPERATOR_EMAIL.toUpperCase()} `);
    expect(operator.status).toBe(200);
    expect(visibleText(operator.body)).toContain("Ce contact appartient à Recours");
    expect(operator.headers.get("cache-control")).not.toBe("private, no-cache");

    const client = await check("client@call-code-http.example");
    const unknown = await check("personne@call-code-http.example");
    for (const answer of [client, unknown]) {
      expect(answer.status).toBe(200);
      expect(visibleText(answer.body)).toContain("Aucun lien avec Recours");
    }
    // The client's address and an unknown one get the same page, but for the address echoed.
    const strip = (html: string, address: string) => visibleText(html).replaceAll(address, "ADRESSE");
    expect(strip(client.body, "client@call-code-http.example")).toBe(strip(unknown.body, "personne@call-code-http.example"));

    const again = await http("/verifier-un-contact");
    expect(visibleText(again.body)).not.toContain("Ce contact appartient");
    expect(visibleText(again.body)).not.toContain("Aucun lien avec Recours");
  });

  it("a malformed contact gets 400 in French; flooding gets 429 in French", async () => {
    const bad = await check("pas un contact");
    expect(bad.status).toBe(400);
    expect(visibleText(bad.body)).toContain("Ce n'est ni une adresse e-mail, ni un numéro de téléphone, ni l'adresse d'un site.");
    let last = await check("flood@call-code-http.example");
    for (let i = 0; i < CONTACT_CHECKS_PER_WINDOW && last.status !== 429; i++) last = await check(`flood${i}@call-code-http.example`);
    expect(last.status).toBe(429);
    expect(visibleText(last.body)).toContain("Trop de vérifications depuis votre connexion. Réessayez dans quelques minutes.");
    expect(last.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

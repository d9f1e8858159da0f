/**
 * Invoicing over real HTTP against the production build, as a browser without JavaScript posts: the lawyer's invoicing
 * profile and mandate (French errors and the error summary), issuing from the case's invoices page, the client's PDF
 * download, another lawyer's 404, and /admin/factures with its CSV export.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoicingMessages } from "~/modules/invoicing/invoicing.schema";
import type { UserActor } from "~/platform/actor";
import { stopRuntime } from "~/platform/runtime.server";
import { seedEnrolledAccount } from "../support/accounts";
import { actorFor, seedPerson } from "../support/cases";
import { caseWithActiveAgreement, SIREN, VAT_NUMBER } from "../support/invoicing";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";
import { signInOverHttp } from "../support/http-sign-in";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

const PROFILE = {
  firmName: "Cabinet Martin",
  address: "12 allées de Tourny",
  postalCode: "33000",
  city: "Bordeaux",
  siren: SIREN,
  siret: "",
  vatNumber: VAT_NUMBER,
};

describe.each(testEngines())("invoicing over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const cookies = { client: "", other: "", lawyer: "", otherLawyer: "", admin: "" };
  let caseId = "";
  let agreementId = "";
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);
  const post = (path: string, who: keyof typeof cookies, fields: Record<string, string>) =>
    http(path, { method: "POST", headers: FORM, cookie: cookies[who], body: new URLSearchParams(fields).toString() });

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    const client = await seedPerson("user", "Claire", { email: "client@invoices-http.example", verified: true });
    const other = await seedPerson("user", "Olivier", { email: "other@invoices-http.example", verified: true });
    const staff = {
      lawyer: await seedEnrolledAccount("lawyer", { email: "lawyer@invoices-http.example", firstName: "Louise", lastName: "Martin" }),
      otherLawyer: await seedEnrolledAccount("lawyer", { email: "other-lawyer@invoices-http.example" }),
      admin: await seedEnrolledAccount("admin", { email: "admin@invoices-http.example" }),
    };
    const lawyer: UserActor = actorFor("lawyer", staff.lawyer.userId, staff.lawyer.email, "Louise", "Martin");
    ({ caseId, agreementId } = await caseWithActiveAgreement(client.userId, lawyer.userId, { recoveredCents: [400_000] }));
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: "invoices-http-secret-invoices-http-secret-01" });
    for (const [key, person] of [["client", client], ["other", other]] as const) cookies[key] = (await signInOverHttp(server.baseUrl, person)).cookie;
    for (const [key, account] of Object.entries(staff) as [keyof typeof staff, (typeof staff)["admin"]][]) cookies[key] = (await signInOverHttp(server.baseUrl, account)).cookie;
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  it("issuing before the invoicing profile is filled answers 409 naming what is missing", async () => {
    const refused = await post(`/case/${caseId}/factures?intent=issue`, "lawyer", {});
    expect(refused.status).toBe(409);
    expect(visibleText(refused.body)).toContain("complétez votre profil de facturation (page Facturation) : nom du cabinet, adresse, SIREN");
  });

  it("the invoicing profile: French errors with the error summary, the mandate required once, then saved", async () => {
    const page = await http("/avocat/facturation", { cookie: cookies.lawyer });
    expect(page.status).toBe(200);
    expect(visibleText(page.body)).toContain("Mandat de facturation");
    // The lawyer layout sends anyone else away (as for the other lawyer pages).
    expect((await http("/avocat/facturation", { cookie: cookies.client })).status).not.toBe(200);

    const bad = await post("/avocat/facturation", "lawyer", { ...PROFILE, siren: "123456789", postalCode: "33", mandate: "on" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("data-error-summary");
    const badText = visibleText(bad.body);
    expect(badText).toContain(invoicingMessages.sirenInvalid.replace(/\u202f/g, " "));
    expect(badText).toContain(invoicingMessages.postalCodeInvalid);

    const noMandate = await post("/avocat/facturation", "lawyer", PROFILE);
    expect(noMandate.status).toBe(400);
    expect(visibleText(noMandate.body)).toContain(invoicingMessages.mandateRequired);

    const saved = await post("/avocat/facturation", "lawyer", { ...PROFILE, mandate: "on" });
    expect(saved.status).toBe(200);
    expect(visibleText(saved.body)).toContain("Profil de facturation enregistré");
    expect(visibleText((await http("/avocat/facturation", { cookie: cookies.lawyer })).body)).toMatch(/Mandat accepté le \d{2}\/\d{2}\/\d{4}/);
  });

  it("the lawyer issues from the case's invoices page; the client downloads the PDF; others get 404", async () => {
    expect((await post(`/case/${caseId}/factures?intent=issue`, "otherLawyer", {})).status).toBe(404);
    expect((await post(`/case/${caseId}/factures?intent=issue`, "client", {})).status).toBe(404);
    const issued = await post(`/case/${caseId}/factures?intent=issue`, "lawyer", {});
    expect(issued.status, visibleText(issued.body).slice(0, 500)).toBe(302);
    expect(issued.location).toBe(`/case/${caseId}/factures`);

    const casePage = visibleText((await http(`/case/${caseId}`, { cookie: cookies.client })).body);
    expect(casePage).toContain("Voir les factures");
    const list = await http(`/case/${caseId}/factures`, { cookie: cookies.client });
    expect(list.status).toBe(200);
    const number = /data-invoice="(F-\d{4}-000001)"/.exec(list.body)?.[1];
    expect(number).toBeDefined();
    const invoiceId = /href="\/factures\/([0-9a-f-]{36})"/.exec(list.body)![1]!;
    const pdf = await http(`/factures/${invoiceId}`, { cookie: cookies.client });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.body.startsWith("%PDF")).toBe(true);
    expect((await http(`/factures/${invoiceId}`, { cookie: cookies.lawyer })).status).toBe(200);
    expect((await http(`/factures/${invoiceId}`, { cookie: cookies.other })).status).toBe(404);
    expect((await http(`/factures/${invoiceId}`, { cookie: cookies.otherLawyer })).status).toBe(404);
    expect((await http(`/case/${caseId}/factures`, { cookie: cookies.other })).status).toBe(404);
    // Nothing more is due: a second issue is refused.
    expect((await post(`/case/${caseId}/factures?intent=issue`, "lawyer", {})).status).toBe(409);
  });

  it("the agreement page's forms on an agreement in force: a bad form 400, a refused step 409, another lawyer or an unknown intent 404", async () => {
    const convention = `/case/${caseId}/convention`;
    const signing = { agreementId, documentSha256: "a".repeat(64), consent: "on", password: "un mot de passe", code: "123456" };
    expect((await post(`${convention}?intent=sign`, "client", { ...signing, code: "12" })).status).toBe(400);
    const late = await post(`${convention}?intent=sign`, "client", signing);
    expect(late.status).toBe(409);
    // The sign form is no longer on the page: the refusal is said at its top, in French.
    expect(visibleText(late.body)).toContain("La convention a changé, relisez-la");
    expect(visibleText((await post(`${convention}?intent=sign`, "client", { ...signing, code: "12" })).body)).toContain("la convention a changé entre-temps");
    expect((await post(`${convention}?intent=propose`, "lawyer", { baseFee: "cinq cents", resultPercent: "15", foreseenCosts: "" })).status).toBe(400);
    expect((await post(`${convention}?intent=propose`, "lawyer", { baseFee: "500", resultPercent: "15", foreseenCosts: "" })).status).toBe(409);
    expect((await post(`${convention}?intent=countersign`, "lawyer", { agreementId, documentSha256: "a".repeat(64), code: "abc" })).status).toBe(400);
    expect((await post(`${convention}?intent=countersign`, "otherLawyer", { agreementId, documentSha256: "a".repeat(64), code: "123456" })).status).toBe(404);
    expect((await post(`${convention}?intent=inconnue`, "client", {})).status).toBe(404);
    expect(visibleText((await http(convention, { cookie: cookies.client })).body)).toContain("En vigueur");
  });

  it("/admin/factures lists and searches; the CSV export is for admins only", async () => {
    const list = await http("/admin/factures?q=Claire", { cookie: cookies.admin });
    expect(list.status).toBe(200);
    expect(visibleText(list.body)).toMatch(/Facture F-\d{4}-000001/);
    expect(visibleText((await http("/admin/factures?q=personne", { cookie: cookies.admin })).body)).toContain("Aucune facture ne correspond");
    // A malformed or impossible cursor (decision 0070) is the first page, never a 500.
    for (const after of ["n'importe", "2026-02-30T10:00:00.000000Z_0f9c2b1e-1234-4abc-8def-0123456789ab", "2026-03-01T10:00:00.000000Z_pas-un-uuid"]) {
      const page = await http(`/admin/factures?q=Claire&after=${encodeURIComponent(after)}`, { cookie: cookies.admin });
      expect(page.status).toBe(200);
      expect(visibleText(page.body)).toMatch(/Facture F-\d{4}-000001/);
    }
    const badDates = await http("/admin/factures?from=31/12/2026", { cookie: cookies.admin });
    expect(badDates.status).toBe(200);
    expect(visibleText(badDates.body)).toContain("le filtre a été ignoré");
    expect((await http("/admin/factures/export.csv?from=hier", { cookie: cookies.admin })).status).toBe(400);
    // The admin layout sends a lawyer away.
    expect((await http("/admin/factures", { cookie: cookies.lawyer })).status).not.toBe(200);
    const csv = await http("/admin/factures/export.csv", { cookie: cookies.admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.body).toMatch(/F-\d{4}-000001;\d{4}-\d{2}-\d{2};facture;Maître Louise Martin \(Cabinet Martin\);Claire NomClaire;[^;]+;1100,00;220,00;1320,00;/);
    const lawyerExport = await http("/admin/factures/export.csv", { cookie: cookies.lawyer });
    expect(lawyerExport.status).not.toBe(200);
    expect(lawyerExport.body).not.toContain("facture;");
  });
});

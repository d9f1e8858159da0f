/**
 * The payment and identifier forms over real HTTP against the production build, as a browser without JavaScript
 * posts them: each bad input of issue 15 answers 4xx with its French message and saves nothing; a payment on
 * someone else's case is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseFileMessages } from "~/modules/case-file/case-file.schema";
import { stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom } from "../support/accounts";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer , spaced } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

const VALID: Record<string, string> = {
  intent: "save",
  paid_on: "14-03-2025",
  amount: "1 500",
  currency: "EUR",
  method: "bank_transfer",
  beneficiary_kind: "iban",
  beneficiary: "FR76 3000 6000 0112 3456 7890 189",
};

describe.each(testEngines())("the case file forms over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const people = {} as Record<"client" | "other", { email: string; password: string; cookie: string; caseId: string }>;
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);
  const post = (path: string, who: keyof typeof people, fields: Record<string, string>) =>
    http(path, { method: "POST", headers: FORM, cookie: people[who].cookie, body: new URLSearchParams(fields).toString() });
  const paymentRows = async (who: keyof typeof people) => {
    const page = await http(`/case/${people[who].caseId}`, { cookie: people[who].cookie });
    expect(page.status).toBe(200);
    return (page.body.match(/data-payment=""/g) ?? []).length;
  };
  const identifierRows = async (who: keyof typeof people) => {
    const page = await http(`/case/${people[who].caseId}`, { cookie: people[who].cookie });
    return (page.body.match(/data-identifier="/g) ?? []).length;
  };

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    for (const key of ["client", "other"] as const) {
      const person = await seedPerson("user", key === "client" ? "Colette" : "Olivier", { email: `${key}@case-file-http.example`, verified: true });
      const created = await insertSubmittedCase(person.userId);
      people[key] = { email: person.email, password: person.password, cookie: "", caseId: created.id };
    }
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: "case-file-http-secret-case-file-http-secret-01" });
    for (const person of Object.values(people)) {
      const response = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: person.email, password: person.password }).toString() });
      expect(response.status).toBe(302);
      person.cookie = cookieHeaderFrom(response.setCookies, (name) => !name.startsWith("recours_flash"));
    }
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  it("adds a valid payment without JavaScript, and shows the IBAN by groups of four and the French total", async () => {
    const saved = await post(`/case/${people.client.caseId}/paiements`, "client", VALID);
    expect(saved.status, visibleText(saved.body).slice(0, 500)).toBe(302);
    expect(saved.location).toBe(`/case/${people.client.caseId}`);
    const html = (await http(`/case/${people.client.caseId}`, { cookie: people.client.cookie })).body;
    const page = visibleText(html);
    expect(page).toContain("FR76 3000 6000 0112 3456 7890 189");
    // Narrow no-break space in thousands, narrow no-break space before the euro sign (visibleText folds both to spaces).
    expect(html).toContain("1\u202f500\u202f€");
    expect(page).toContain("Contester le paiement auprès de votre banque avant le 14/04/2026");
    // The declared 12 500 € stays; the documented payments are shown beside it with what is left (issue 29).
    expect(page).toContain("Montant déclaré 12 500 €");
    expect(page).toContain("Paiements documentés 1 500 € (11 000 € restent à documenter)");
    const dashboard = visibleText((await http("/dashboard", { cookie: people.client.cookie })).body);
    expect(dashboard).toContain("Montant déclaré : 12 500 €");
    expect(dashboard).toContain("Paiements documentés : 1 500 € (11 000 € restent à documenter)");
  });

  it.each([
    ["an IBAN with a wrong checksum", { beneficiary: "FR76 3000 6000 0112 3456 7890 188" }, caseFileMessages.ibanInvalid],
    ["a wallet of the wrong format", { beneficiary_kind: "wallet", wallet_network: "btc", beneficiary: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" }, caseFileMessages.walletInvalid("btc")],
    ["a TRC-20 wallet with a typo", { beneficiary_kind: "wallet", wallet_network: "trc20", beneficiary: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" }, caseFileMessages.walletInvalid("trc20")],
    ["the amount -5", { amount: "-5" }, caseFileMessages.amountNotPositive],
    ["the amount 1e309", { amount: "1e309" }, caseFileMessages.amountInvalid],
    ["the amount NaN", { amount: "NaN" }, caseFileMessages.amountInvalid],
    ["a date before 1900", { paid_on: "31-12-1899" }, caseFileMessages.dateTooEarly],
    ["a date in the future", { paid_on: "01-01-2999" }, caseFileMessages.dateInFuture],
  ])("refuses %s: 422, French message, the form kept, nothing saved", async (_label, change, message) => {
    const before = await paymentRows("client");
    const refused = await post(`/case/${people.client.caseId}/paiements`, "client", { ...VALID, ...change });
    expect(refused.status).toBe(422);
    expect(visibleText(refused.body)).toContain(spaced(message));
    expect(refused.body).toContain(`value="${(change as Record<string, string>).beneficiary ?? VALID.beneficiary}"`);
    expect(await paymentRows("client")).toBe(before);
  });

  it("answers 404 to a payment on someone else's case, and to reading it; nothing is saved there", async () => {
    const before = await paymentRows("other");
    const refused = await post(`/case/${people.other.caseId}/paiements`, "client", VALID);
    expect(refused.status).toBe(404);
    expect(visibleText(refused.body)).toContain("Vous n'avez pas accès à ce dossier");
    expect((await http(`/case/${people.other.caseId}/paiements`, { cookie: people.client.cookie })).status).toBe(404);
    expect(await paymentRows("other")).toBe(before);
  });

  it("refuses an identifier of 10 000 characters, then adds a phone number as E.164", async () => {
    const before = await identifierRows("client");
    const refused = await post(`/case/${people.client.caseId}/identifiants`, "client", { intent: "add", kind: "name", value: "a".repeat(10_000) });
    expect(refused.status).toBe(422);
    expect(visibleText(refused.body)).toContain(caseFileMessages.tooLong(300));
    expect(await identifierRows("client")).toBe(before);
    const phone = await post(`/case/${people.client.caseId}/identifiants`, "client", { intent: "add", kind: "phone", value: "06 12 34 56 78" });
    expect(phone.status).toBe(302);
    expect(await identifierRows("client")).toBe(before + 1);
    const other = await post(`/case/${people.other.caseId}/identifiants`, "client", { intent: "add", kind: "phone", value: "06 12 34 56 78" });
    expect(other.status).toBe(404);
  });
});

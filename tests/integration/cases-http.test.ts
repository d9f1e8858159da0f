/**
 * The case wizard over real HTTP against the production build, as a browser without JavaScript drives it: each step
 * a post that saves the draft, refusals with their French message and status, the one-draft rule, submission from
 * the dashboard, the case page and its 404 for anyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseMessages, DESCRIPTION_PLACEHOLDERS } from "~/modules/cases/cases.schema";
import { db, stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom } from "../support/accounts";
import { seedPerson, setIdentityVerified, WIZARD_STEP_2 as STEP_2 } from "../support/cases";
import { decodeHtml, ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer , spaced } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

function body(fields: [string, string][]): string {
  const form = new URLSearchParams();
  for (const [name, value] of fields) form.append(name, value);
  return form.toString();
}


describe.each(testEngines())("the case wizard over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const people = {} as Record<"client" | "other" | "lawyer", { userId: string; email: string; password: string; cookie: string }>;
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);
  const post = (path: string, who: keyof typeof people, fields: [string, string][]) =>
    http(path, { method: "POST", headers: FORM, cookie: people[who].cookie, body: body(fields) });
  let draftId = "";

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    // "lawyer" is only an id to craft a post with (a plain account: its second factor is not what this file tests).
    for (const [key, role] of [["client", "user"], ["other", "user"], ["lawyer", "user"]] as const) {
      const person = await seedPerson(role, key === "client" ? "Colette" : key === "other" ? "Olivier" : "Laurent", { email: `${key}@cases-http.example` });
      people[key] = { userId: person.userId, email: person.email, password: person.password, cookie: "" };
    }
    await setIdentityVerified(people.other.userId, true);
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: "cases-http-secret-cases-http-secret-cases-01" });
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

  it("step 1 without JavaScript: every scam type, a refusal without a choice, then step 2 with a placeholder of that type", async () => {
    const page = await http("/create-case", { cookie: people.client.cookie });
    expect(page.status).toBe(200);
    const text = visibleText(page.body);
    expect(text).toContain("Étape 1 sur 3");
    for (const label of ["Arnaque sentimentale", "Faux support technique", "Arnaque à la loterie", "Fraude au président (FOVI)", "Usurpation d'identité"]) expect(text).toContain(spaced(label));
    draftId = /name="draftId" value="([0-9a-f-]{36})"/.exec(page.body)![1]!;

    const unknown = await post(`/create-case?id=${draftId}&step=1`, "client", [["draftId", draftId], ["step", "1"], ["intent", "next"], ["scam_type", "sextortion"]]);
    expect(unknown.status).toBe(422);
    expect(visibleText(unknown.body)).toContain(spaced(caseMessages.scamTypeUnknown));
    // Refused before saving: the wizard still offers a new case.
    expect(visibleText((await http(`/create-case?id=${draftId}`, { cookie: people.client.cookie })).body)).toContain("Nouveau dossier");

    const missing = await post(`/create-case?id=${draftId}&step=1`, "client", [["draftId", draftId], ["step", "1"], ["intent", "next"]]);
    expect(missing.status).toBe(422);
    expect(visibleText(missing.body)).toContain(spaced(caseMessages.scamTypeRequired));

    const next = await post(`/create-case?id=${draftId}&step=1`, "client", [["draftId", draftId], ["step", "1"], ["intent", "next"], ["scam_type", "romance_scam"]]);
    expect(next.status).toBe(302);
    expect(next.location).toBe(`/create-case?id=${draftId}&step=2`);
    const step2 = await http(next.location!, { cookie: people.client.cookie });
    expect(visibleText(step2.body)).toContain("Étape 2 sur 3");
    expect(decodeHtml(step2.body)).toContain(`placeholder="${DESCRIPTION_PLACEHOLDERS.romance_scam}"`);
  });

  it("step 2: a bad amount is refused and changes nothing; a crafted status, owner or number is ignored; then the summary", async () => {
    for (const [amount, message] of [
      ["-5", caseMessages.amountNegative],
      ["1e309", caseMessages.amountInvalid],
      ["NaN", caseMessages.amountInvalid],
    ] as const) {
      const refused = await post(`/create-case?id=${draftId}&step=2`, "client", [
        ["draftId", draftId],
        ["step", "2"],
        ["intent", "next"],
        ["scam_type", "romance_scam"],
        ...STEP_2.filter(([name]) => name !== "total_amount_lost"),
        ["total_amount_lost", amount],
      ]);
      expect(refused.status).toBe(422);
      expect(visibleText(refused.body)).toContain(spaced(message));
      // What was typed is shown back.
      expect(visibleText(refused.body)).toContain("Il m'a demandé de l'argent pour un billet d'avion.");
    }
    const future = await post(`/create-case?id=${draftId}&step=2`, "client", [["draftId", draftId], ["step", "2"], ["intent", "next"], ["scam_type", "romance_scam"], ...STEP_2.filter(([name]) => name !== "first_contact_date"), ["first_contact_date", "01-01-2999"]]);
    expect(future.status).toBe(422);
    expect(visibleText(future.body)).toContain(spaced(caseMessages.dateInFuture));
    const long = await post(`/create-case?id=${draftId}&step=2`, "client", [["draftId", draftId], ["step", "2"], ["intent", "next"], ["scam_type", "romance_scam"], ...STEP_2.filter(([name]) => name !== "detailed_description"), ["detailed_description", "x".repeat(10_001)]]);
    expect(long.status).toBe(422);
    expect(visibleText(long.body)).toContain(spaced(caseMessages.descriptionTooLong));
    // Nothing of those posts was saved: the draft still holds step 1 only.
    const kept = visibleText((await http(`/create-case?id=${draftId}&step=2`, { cookie: people.client.cookie })).body);
    expect(kept).toContain("Étape 2 sur 3");
    expect(kept).not.toContain("billet d'avion");

    const saved = await post(`/create-case?id=${draftId}&step=2`, "client", [
      ["draftId", draftId],
      ["step", "2"],
      ["intent", "next"],
      ["scam_type", "romance_scam"],
      ...STEP_2,
      ["status", "assigned"],
      ["assigned_lawyer_id", people.lawyer.userId],
      ["user_id", people.other.userId],
      ["case_number", "RC-1999-000001"],
    ]);
    expect(saved.status, visibleText(saved.body).slice(0, 800)).toBe(302);
    expect(saved.location).toBe(`/create-case?id=${draftId}&step=3`);
    const page = visibleText((await http(`/case/${draftId}`, { cookie: people.client.cookie })).body);
    expect(page).toContain("Statut : Brouillon");
    expect(page).not.toContain("RC-1999-000001");
    expect(page).toMatch(/1\s235\s€/);
    expect(page).toContain("02/05/2024");

    const summary = visibleText((await http(saved.location!, { cookie: people.client.cookie })).body);
    expect(summary).toContain("Étape 3 sur 3");
    expect(summary).toContain("Site ou application de rencontre");
    expect(summary).toContain("Virement bancaire, Western Union");
    // Shown in euros without decimals (spec §9); stored to the cent.
    expect(summary).toMatch(/1\s235\s€/);
    // Unverified: only the draft can be saved.
    expect(summary).toContain("Enregistrer le brouillon");
    expect(summary).not.toContain("Soumettre le dossier");
  });

  it("unverified: saving goes to the dashboard with the spec's toast; no second draft, no submission", async () => {
    const finish = await post(`/create-case?id=${draftId}&step=3`, "client", [["draftId", draftId], ["step", "3"], ["intent", "save"], ["scam_type", "romance_scam"], ...STEP_2]);
    expect(finish.status).toBe(302);
    expect(finish.location).toBe("/dashboard");
    const dashboard = await http("/dashboard", { cookie: `${people.client.cookie}; ${cookieHeaderFrom(finish.setCookies)}` });
    const text = visibleText(dashboard.body);
    expect(text).toContain(spaced(caseMessages.draftSaved));
    expect(text).toContain("Modifier le dossier");
    // The page itself offers no second case (the header's menu lists every member page).
    const page = visibleText(/<main\b[\s\S]*<\/main>/.exec(dashboard.body)?.[0] ?? "");
    expect(page).toContain("Modifier le dossier");
    expect(page).not.toContain("Nouveau dossier");

    const second = await http("/create-case", { cookie: people.client.cookie });
    expect(second.status).toBe(200);
    expect(visibleText(second.body)).toContain(spaced(caseMessages.oneDraft));
    expect(visibleText(second.body)).toContain("Reprendre mon brouillon");
    const crafted = await post("/create-case?id=0b8e4f7c-3a2d-4e1f-9c5b-6d7a8e9f0a1b", "client", [["draftId", "0b8e4f7c-3a2d-4e1f-9c5b-6d7a8e9f0a1b"], ["intent", "save"], ["scam_type", "phishing"]]);
    expect(crafted.status).toBe(409);
    expect(visibleText(crafted.body)).toContain(spaced(caseMessages.oneDraft));

    const submit = await post(`/create-case?id=${draftId}&step=3`, "client", [["draftId", draftId], ["step", "3"], ["intent", "submit"], ["scam_type", "romance_scam"], ...STEP_2]);
    expect(submit.status).toBe(403);
    expect(visibleText(submit.body)).toContain(`${caseMessages.submitFailed} : ${spaced(caseMessages.submitNeedsVerification)}`);
    const fromList = await post("/dashboard", "client", [["intent", "submit"], ["caseId", draftId]]);
    expect(fromList.status).toBe(302);
    expect(decodeURIComponent(fromList.setCookies.join(";"))).not.toContain(caseMessages.submitted);
    expect(visibleText((await http(`/case/${draftId}`, { cookie: people.client.cookie })).body)).toContain("Statut : Brouillon");
  });

  it("another client: the draft, its edit and its case page answer 'Vous n'avez pas accès à ce dossier' (404)", async () => {
    for (const path of [`/create-case?id=${draftId}`, `/case/${draftId}`]) {
      const response = await http(path, { cookie: people.other.cookie });
      expect(response.status).toBe(404);
      expect(visibleText(response.body)).toContain(spaced(caseMessages.noAccess));
    }
    const edit = await post(`/create-case?id=${draftId}&step=2`, "other", [["draftId", draftId], ["intent", "save"], ["scam_type", "phishing"]]);
    expect(edit.status).toBe(404);
    const submit = await post("/dashboard", "other", [["intent", "submit"], ["caseId", draftId]]);
    expect(submit.status).toBe(404);
    const owner = visibleText((await http(`/case/${draftId}`, { cookie: people.client.cookie })).body);
    expect(owner).toContain("Arnaque sentimentale");
    expect(owner).toContain("Statut : Brouillon");
  });

  it("verified: 'Soumettre' from the list, twice, submits once; the case page shows the timeline and what happens next", async () => {
    const otherDraft = "5e0c9a4b-1d2e-4f3a-8b7c-9d0e1f2a3b4c";
    const saved = await post(`/create-case?id=${otherDraft}&step=3`, "other", [["draftId", otherDraft], ["step", "3"], ["intent", "save"], ["scam_type", "investment_scam"], ...STEP_2]);
    expect(saved.status, visibleText(saved.body).slice(0, 500)).toBe(302);
    const summary = visibleText((await http(`/create-case?id=${otherDraft}&step=3`, { cookie: people.other.cookie })).body);
    expect(summary).toContain("Soumettre le dossier");
    const list = visibleText((await http("/dashboard", { cookie: people.other.cookie })).body);
    expect(list).toContain("Identité vérifiée");
    expect(list).toContain("Soumettre le dossier");
    expect(list).toContain("Nouveau dossier");

    const first = await post("/dashboard", "other", [["intent", "submit"], ["caseId", otherDraft]]);
    const second = await post("/dashboard", "other", [["intent", "submit"], ["caseId", otherDraft]]);
    for (const response of [first, second]) {
      expect(response.status).toBe(302);
      expect(response.location).toBe("/dashboard");
    }
    const toast = await http("/dashboard", { cookie: `${people.other.cookie}; ${cookieHeaderFrom(first.setCookies)}` });
    expect(visibleText(toast.body)).toContain(spaced(caseMessages.submitted));

    const page = await http(`/case/${otherDraft}`, { cookie: people.other.cookie });
    expect(page.status).toBe(200);
    const text = visibleText(page.body);
    expect(text).toContain("Votre dossier a été créé en brouillon");
    expect(text).toContain("Vous avez soumis votre dossier");
    // No lawyer could take it (no allocation): the client is told it waits, and what happens next (issue 29).
    expect(text).toContain("Statut : En attente d'un avocat");
    expect(text).toContain("Aucun avocat partenaire n'était disponible à la soumission de votre dossier");
    expect(visibleText(toast.body)).toContain("En attente d'un avocat");
    expect(page.body).toContain(`/case/${otherDraft}/chat`);
    expect((await http(`/case/${otherDraft}`, { cookie: people.client.cookie })).status).toBe(404);
  });

  it("the database recorded one submission, by its owner, and no crafted value", async () => {
    await server!.stop();
    await startTestRuntimeOn(persistent.target);
    const rows = await db().selectFrom("cases").select(["id", "user_id", "status", "assigned_lawyer_id", "case_number", "total_amount_lost", "first_contact_date"]).orderBy("created_at").execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: draftId, user_id: people.client.userId, status: "draft", assigned_lawyer_id: null, total_amount_lost: "1234.56", first_contact_date: "2024-05-02" });
    expect(rows[0]!.case_number).not.toBe("RC-1999-000001");
    const history = await db().selectFrom("case_status_history").select(["to_status", "changed_by"]).where("case_id", "=", rows[1]!.id).orderBy("id").execute();
    expect(history).toEqual([
      { to_status: "draft", changed_by: people.other.userId },
      { to_status: "submitted", changed_by: people.other.userId },
    ]);
  });
});

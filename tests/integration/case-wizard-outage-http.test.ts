/**
 * The case wizard when the database is out of reach during a save (decision 94), over real HTTP against the production
 * build, on each engine: 503 with Retry-After, the step again with every field typed and the French message saying
 * when to retry, nothing already saved lost; the same post once the database answers goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceBusyMessage } from "~/lib/retry-delay";
import { stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom } from "../support/accounts";
import { seedPerson, WIZARD_STEP_2 } from "../support/cases";
import { installDraftSaveOutage, OUTAGE_MARKER, SUBMIT_OUTAGE_MARKER } from "../support/draft-save-outage";
import { decodeHtml, ensureProductionBuild, httpRequest, spaced, startProductionServer, visibleText, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const BUSY = serviceBusyMessage(5);
const DESCRIPTION = `Il m'a demandé de l'argent pour un billet d'avion (${OUTAGE_MARKER}).`;

const STEP_2: [string, string][] = [
  ["scam_type", "romance_scam"],
  ...WIZARD_STEP_2.map(([name, value]): [string, string] => [name, name === "detailed_description" ? DESCRIPTION : value]),
];

function body(fields: [string, string][]): string {
  const form = new URLSearchParams();
  for (const [name, value] of fields) form.append(name, value);
  return form.toString();
}

/** Every field of STEP_2 is on the page as typed: text in its input or textarea, choices checked. */
function expectEveryField(html: string): void {
  const page = decodeHtml(html);
  for (const [name, value] of STEP_2) {
    const textarea = page.match(new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`));
    if (textarea) {
      expect(textarea[1], name).toBe(value);
      continue;
    }
    if (name === "contact_method") {
      expect(page).toMatch(new RegExp(`<option[^>]*value="${value}"[^>]*selected=""`));
      continue;
    }
    const inputs = [...page.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g"))].map((match) => match[0]);
    const choice = inputs.find((input) => input.includes(`value="${value}"`));
    expect(choice, `${name}=${value}`).toBeDefined();
    if (/type="(radio|checkbox)"/.test(choice!)) expect(choice, `${name}=${value}`).toMatch(/\schecked=""/);
  }
}

describe.each(testEngines())("the case wizard while the database is out of reach, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  let cookie = "";
  let draftId = "";
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, { cookie, ...init });
  const post = (path: string, fields: [string, string][]) => http(path, { method: "POST", headers: FORM, body: body(fields) });
  const step2Post = (path: string, intent: string) => post(path, [["draftId", draftId], ["step", "2"], ["intent", intent], ...STEP_2]);

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    const person = await seedPerson("user", "Paulette", { email: "paulette@wizard-outage.example", verified: true });
    await installDraftSaveOutage();
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: "wizard-outage-secret-wizard-outage-secret-01" });
    const signedIn = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: person.email, password: person.password }).toString() });
    expect(signedIn.status).toBe(302);
    cookie = cookieHeaderFrom(signedIn.setCookies, (name) => !name.startsWith("recours_flash"));
    draftId = /name="draftId" value="([0-9a-f-]{36})"/.exec((await http("/create-case")).body)![1]!;
    const first = await post(`/create-case?id=${draftId}&step=1`, [["draftId", draftId], ["step", "1"], ["intent", "next"], ["scam_type", "romance_scam"]]);
    expect(first.status).toBe(302);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await persistent?.drop();
  }, 60_000);

  it("a step posted without JavaScript: 503, Retry-After, the step again with every field and when to retry; step 1 still saved", async () => {
    const refused = await step2Post(`/create-case?id=${draftId}&step=2`, "next");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(visibleText(refused.body)).toContain(spaced(BUSY));
    expect(visibleText(refused.body)).toContain("Étape 2 sur 3");
    expect(refused.body).toMatch(/<form[^>]*method="post"/);
    expectEveryField(refused.body);

    // Nothing already saved is lost, nothing of the refused post was half saved.
    const keptPage = await http(`/create-case?id=${draftId}&step=2`);
    const kept = decodeHtml(keptPage.body);
    expect(keptPage.status, visibleText(keptPage.body).slice(0, 600)).toBe(200);
    expect(visibleText(keptPage.body)).toContain("Étape 2 sur 3");
    expect(kept).toMatch(/<input[^>]*name="scam_type"[^>]*value="romance_scam"[^>]*>/);
    expect(kept).not.toContain("billet d'avion");
  });

  it("the script's post (.data): 503 with Retry-After, the values and the delay for the page's own retry", async () => {
    // The previous test's refusal counted one: this post's save is let through, the next one refused.
    const through = await step2Post(`/create-case?id=${draftId}&step=2`, "autosave");
    expect(through.status).toBe(200);
    const refused = await step2Post(`/create-case.data?id=${draftId}&step=2`, "autosave");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.body).toContain("Le service est très sollicité en ce moment.");
    expect(refused.body).toContain("retryAfterSeconds");
    expect(refused.body).toContain(DESCRIPTION);
  });

  it("the submission refused the same way keeps the draft as it was; sent again, it goes through", async () => {
    const described = `La banque n'a rien remboursé (${SUBMIT_OUTAGE_MARKER}).`;
    const fields: [string, string][] = [["draftId", draftId], ["step", "3"], ["intent", "submit"], ...STEP_2.filter(([name]) => name !== "detailed_description"), ["detailed_description", described]];
    const refused = await post(`/create-case?id=${draftId}&step=3`, fields);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(visibleText(refused.body)).toContain(spaced(BUSY));
    expect(visibleText(refused.body)).toContain("Étape 3 sur 3");
    expect(visibleText(refused.body)).toContain("La banque n'a rien remboursé");
    // The draft still holds everything saved before.
    const draft = visibleText((await http(`/case/${draftId}`)).body);
    expect(draft).toContain("Statut : Brouillon");
    expect(draft).toContain("La banque n'a rien remboursé");

    const sent = await post(`/create-case?id=${draftId}&step=3`, fields);
    expect(sent.status).toBe(302);
    expect(sent.location).toMatch(/^\/dashboard/);
    expect(visibleText((await http(`/case/${draftId}`)).body)).not.toContain("Statut : Brouillon");
  });
});

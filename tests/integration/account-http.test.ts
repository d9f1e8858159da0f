/**
 * POST /compte over real HTTP against the production build, on each engine: crafted and malformed posts,
 * another person's session, the password change and "sign out everywhere" as a browser without JavaScript sends them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_INTENTS, accountMessages } from "~/modules/accounts/account-settings.schema";
import { accountDeletionMessages } from "~/modules/privacy/account-deletion.schema";
import { UNREADABLE_FORM_MESSAGE } from "~/platform/form.server";
import { stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedAccount } from "../support/accounts";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer , spaced } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";
import { signInOverHttp as signInAsBrowser } from "../support/http-sign-in";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const NEW_PASSWORD = "Parapluie-Horizon-Marmotte-31";
const SESSION_ID_FIELD = /name="sessionId" value="([^"]+)"/g;
const clearsSession = (setCookies: string[]) =>
  setCookies.some((line) => /session_token=;|session_token=[^;]*;.*max-age=0/i.test(line));

describe.each(testEngines())("account page over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const people = {} as Record<"owner" | "neighbour" | "leaver", { email: string; password: string }>;

  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);
  const post = (cookie: string, body: Record<string, string> | string, headers: Record<string, string> = FORM) =>
    http("/compte", { method: "POST", cookie, headers, body: typeof body === "string" ? body : new URLSearchParams(body).toString() });

  const signInOverHttp = async (email: string, password: string) => (await signInAsBrowser(server!.baseUrl, { email, password })).cookie;

  /** The ids of the other sessions the page offers to end. */
  async function otherSessionIds(cookie: string): Promise<string[]> {
    const page = await http("/compte", { cookie });
    expect(page.status).toBe(200);
    return [...page.body.matchAll(SESSION_ID_FIELD)].map((match) => match[1]!);
  }

  const signedIn = async (cookie: string) => (await http("/dashboard", { cookie })).status === 200;

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    for (const key of ["owner", "neighbour", "leaver"] as const) {
      const seeded = await seedAccount("user", { email: `${key}@account-http.example` });
      people[key] = { email: seeded.email, password: seeded.password };
    }
    await stopRuntime();
    server = await startProductionServer({
      ...persistent.serverEnv,
      AUTH_SECRET: "account-http-secret-account-http-secret-0123",
      LOG_LEVEL: "debug",
    });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  it("malformed posts answer 4xx in French, never 500", async () => {
    const cookie = await signInOverHttp(people.owner.email, people.owner.password);
    const json = await post(cookie, JSON.stringify({ intent: ACCOUNT_INTENTS.endAllSessions }), { "content-type": "application/json" });
    expect(json.status).toBe(400);
    expect(visibleText(json.body)).toContain(spaced(UNREADABLE_FORM_MESSAGE));

    for (const body of [{}, { intent: "supprimer-mon-compte" }, { intent: "" }] as Record<string, string>[]) {
      const response = await post(cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(visibleText(response.body)).toContain(spaced(accountMessages.unknownAction));
    }

    const empty = await post(cookie, { intent: ACCOUNT_INTENTS.changePassword });
    expect(empty.status).toBe(400);
    for (const message of [
      accountMessages.currentPasswordRequired,
      accountMessages.newPasswordRequired,
      accountMessages.confirmationRequired,
    ]) {
      expect(visibleText(empty.body)).toContain(spaced(message));
    }
    const nul = await post(cookie, `intent=${ACCOUNT_INTENTS.endSession}&sessionId=%00`);
    expect(nul.status).toBe(404);
    expect(await signedIn(cookie)).toBe(true);
  });

  it("without an SMS provider the SMS option does not exist: its post answers 404, a bad choice 400, nothing stored", async () => {
    const cookie = await signInOverHttp(people.owner.email, people.owner.password);
    const page = await http("/compte", { cookie });
    expect(visibleText(page.body)).not.toContain("Avis par SMS");
    const optIn = await post(cookie, { intent: ACCOUNT_INTENTS.smsNotices, choice: "on" });
    expect(optIn.status).toBe(404);
    const bad = await post(cookie, { intent: ACCOUNT_INTENTS.smsNotices, choice: "peut-être" });
    expect(bad.status).toBe(400);
    expect(visibleText(bad.body)).toContain(spaced(accountMessages.unknownAction));
    expect(await signedIn(cookie)).toBe(true);
  });

  it("another person's session id answers 404 and that person stays signed in", async () => {
    const owner = await signInOverHttp(people.owner.email, people.owner.password);
    const neighbourHere = await signInOverHttp(people.neighbour.email, people.neighbour.password);
    const neighbourThere = await signInOverHttp(people.neighbour.email, people.neighbour.password);
    const [neighbourSession] = await otherSessionIds(neighbourHere);
    expect(neighbourSession).toBeDefined();

    const response = await post(owner, { intent: ACCOUNT_INTENTS.endSession, sessionId: neighbourSession!, userId: "x" });
    expect(response.status).toBe(404);
    expect(visibleText(response.body)).toContain("404");
    expect(await signedIn(neighbourThere)).toBe(true);
    expect(await signedIn(neighbourHere)).toBe(true);
  });

  it("a wrong current password: 400 with the message; the right one: 302 to /compte with a new cookie, other devices signed out", async () => {
    const here = await signInOverHttp(people.owner.email, people.owner.password);
    const elsewhere = await signInOverHttp(people.owner.email, people.owner.password);
    const change = (currentPassword: string) =>
      post(here, {
        intent: ACCOUNT_INTENTS.changePassword,
        currentPassword,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });

    const wrong = await change("Pas-le-bon-mot-de-passe-1");
    expect(wrong.status).toBe(400);
    expect(visibleText(wrong.body)).toContain("Le mot de passe actuel est incorrect.");
    expect(wrong.body).not.toContain("Pas-le-bon-mot-de-passe-1");
    expect(wrong.body).not.toContain(NEW_PASSWORD);

    const right = await change(people.owner.password);
    expect(right.status).toBe(302);
    expect(right.location).toBe("/compte");
    const renewed = cookieHeaderFrom(right.setCookies, (name) => !name.startsWith("recours_flash"));
    expect(renewed).toMatch(/session_token=/);
    expect(renewed).not.toBe(here);
    const toast = cookieHeaderFrom(right.setCookies, (name) => name.startsWith("recours_flash"));

    const page = await http("/compte", { cookie: `${renewed}; ${toast}` });
    expect(page.status).toBe(200);
    expect(visibleText(page.body)).toContain("Mot de passe modifié");
    expect(visibleText(page.body)).toContain("Vos autres appareils ont été déconnectés.");
    expect(await otherSessionIds(renewed)).toEqual([]);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(here)).toBe(false);

    const oldPassword = await http("/connexion", {
      method: "POST",
      headers: FORM,
      body: new URLSearchParams({ email: people.owner.email, password: people.owner.password }).toString(),
    });
    expect(oldPassword.status).toBe(401);
    people.owner.password = NEW_PASSWORD;
    expect(await signedIn(await signInOverHttp(people.owner.email, NEW_PASSWORD))).toBe(true);
  });

  it("'sign out everywhere' ends every session of the person, clears this cookie and goes to /connexion", async () => {
    const here = await signInOverHttp(people.owner.email, people.owner.password);
    const elsewhere = await signInOverHttp(people.owner.email, people.owner.password);
    const neighbour = await signInOverHttp(people.neighbour.email, people.neighbour.password);

    // Unconfirmed (a post without JavaScript): the confirmation page, and nothing ends yet.
    const asked = await post(here, { intent: ACCOUNT_INTENTS.endAllSessions });
    expect(asked.status).toBe(200);
    expect(visibleText(asked.body)).toContain("Vous déconnecter de tous vos appareils ?");
    expect(await signedIn(here)).toBe(true);

    const response = await post(here, { intent: ACCOUNT_INTENTS.endAllSessions, confirmation: "oui" });
    expect(response.status).toBe(302);
    expect(response.location).toBe("/connexion");
    expect(clearsSession(response.setCookies)).toBe(true);
    expect(await signedIn(here)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(neighbour)).toBe(true);
  });

  it("an anonymous post is sent to /connexion and changes nothing", async () => {
    const response = await post("", { intent: ACCOUNT_INTENTS.endAllSessions });
    expect(response.status).toBe(302);
    expect(response.location).toBe("/connexion");
  });

  it("account deletion over HTTP: bad posts answer 400 in French and delete nothing; confirmed, it signs out for good", async () => {
    const cookie = await signInOverHttp(people.leaver.email, people.leaver.password);
    const remove = (body: Record<string, string> | string, headers: Record<string, string> = FORM) =>
      http("/compte/suppression", { method: "POST", cookie, headers, body: typeof body === "string" ? body : new URLSearchParams(body).toString() });

    const json = await remove(JSON.stringify({ password: people.leaver.password, confirmation: "oui" }), { "content-type": "application/json" });
    expect(json.status).toBe(400);
    expect(visibleText(json.body)).toContain(spaced(UNREADABLE_FORM_MESSAGE));
    const unchecked = await remove({ password: people.leaver.password });
    expect(unchecked.status).toBe(400);
    expect(visibleText(unchecked.body)).toContain("Cochez la case pour confirmer");
    const wrong = await remove({ password: "Pas-le-bon-mot-de-passe-1", confirmation: "oui" });
    expect(wrong.status).toBe(400);
    expect(visibleText(wrong.body)).toContain(spaced(accountDeletionMessages.wrongPassword));
    expect(await signedIn(cookie)).toBe(true);

    const done = await remove({ password: people.leaver.password, confirmation: "oui" });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/");
    expect(clearsSession(done.setCookies)).toBe(true);
    expect(await signedIn(cookie)).toBe(false);
    const again = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams(people.leaver).toString() });
    expect(again.status).not.toBe(302);
    expect(again.status).toBeLessThan(500);
  });

  it("no password reached the log, and the server logged no error", () => {
    const output = server!.output();
    expect(output).toContain("mot de passe modifié");
    for (const secret of [NEW_PASSWORD, "Pas-le-bon-mot-de-passe-1"]) expect(output).not.toContain(secret);
    expect(output.split("\n").filter((line) => /"level":(5|6)\d/.test(line))).toEqual([]);
  });
});

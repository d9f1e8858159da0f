/**
 * Sign-up and sign-in posts refused while the password hashing is saturated (decision 91), over real HTTP against the
 * production build, on each engine: 503 with Retry-After, the form again with every field the person typed but the
 * password, and the French message saying when to retry.
 */
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceBusyMessage } from "~/lib/retry-delay";
import { holdPasswordSlot } from "../support/hashing-slot";
import { decodeHtml, ensureProductionBuild, httpRequest, startProductionServer, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, testEngines } from "../support/test-database";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const PASSWORD = "Parapluie-Horizon-Marmotte-31";

/** The value the page's input `name` shows. */
function fieldValue(page: string, name: string): string | undefined {
  const input = page.match(new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`))?.[0];
  return input?.match(/\bvalue="([^"]*)"/)?.[1];
}

describe.each(testEngines())("password posts refused when the hashing is saturated, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  let holder: Socket | undefined;

  const post = (path: string, body: Record<string, string>) =>
    httpRequest(server!.baseUrl, path, { method: "POST", headers: FORM, body: new URLSearchParams(body).toString() });

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    server = await startProductionServer({
      ...persistent.serverEnv,
      AUTH_SECRET: "service-busy-secret-service-busy-secret-0123",
      PASSWORD_HASHING_CONCURRENCY: "1",
      PASSWORD_HASHING_QUEUE: "0",
    });
    holder = await holdPasswordSlot(server.baseUrl);
  }, 240_000);

  afterAll(async () => {
    holder?.destroy();
    await server?.stop();
    await persistent?.drop();
  });

  const signUp = {
    firstName: "Élodie",
    lastName: "Marchand-Occupé",
    email: "elodie.saturee@example.fr",
    password: PASSWORD,
    phoneMobileCountry: "FR",
    phoneMobile: "06 12 34 56 78",
    country: "france",
  };

  it("a sign-up without JavaScript: 503, Retry-After, the form filled but for the password, and when to retry", async () => {
    const answer = await post("/inscription", signUp);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    const page = decodeHtml(answer.body);
    expect(page).toContain(serviceBusyMessage(5));
    expect(serviceBusyMessage(5)).toBe("Le service est très sollicité en ce moment. Réessayez dans 5 secondes\u202f: vos informations sont conservées.");
    expect(page).toMatch(/<form[^>]*method="post"/);
    for (const field of ["firstName", "lastName", "email"] as const) expect(fieldValue(page, field)).toBe(signUp[field]);
    expect(fieldValue(page, "phoneMobile")?.replace(/\D/g, "")).toMatch(/^0?612345678$/);
    expect(fieldValue(page, "password") ?? "").toBe("");
    expect(page).not.toContain(PASSWORD);
  });

  it("a sign-in without JavaScript: 503, Retry-After, the address kept, never the password", async () => {
    const answer = await post("/connexion", { email: "camille.saturee@example.fr", password: PASSWORD });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    const page = decodeHtml(answer.body);
    expect(page).toContain(serviceBusyMessage(5));
    expect(fieldValue(page, "email")).toBe("camille.saturee@example.fr");
    expect(fieldValue(page, "password") ?? "").toBe("");
    expect(page).not.toContain(PASSWORD);
  });

  it("the script's posts (.data): 503 with Retry-After and the message for the page's retry", async () => {
    for (const [path, body] of [
      ["/connexion.data", { email: "camille.saturee@example.fr", password: PASSWORD }],
      ["/inscription.data", signUp],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("5");
      expect(answer.body).toContain("Le service est très sollicité en ce moment.");
      expect(answer.body).not.toContain(PASSWORD);
    }
  });

  it("once the slot is free, the same sign-up goes through", async () => {
    holder!.destroy();
    let answer = await post("/inscription", signUp);
    for (let attempt = 0; answer.status === 503 && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await post("/inscription", signUp);
    }
    expect([200, 303]).toContain(answer.status);
    expect(decodeHtml(answer.body)).not.toContain("très sollicité");
  });
});

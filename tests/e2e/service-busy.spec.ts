/**
 * Sign-up and sign-in refused while the password hashing is saturated (decision 91), on a server of its own with one
 * password slot and no queue, the slot held by a post that never ends: with JavaScript the fields stay filled and the
 * page sends once more by itself after Retry-After; without JavaScript the page comes back filled, with the message.
 */
import type { Socket } from "node:net";
import { expect, test, type Page, type Response } from "@playwright/test";
import { serviceBusyMessage } from "~/lib/retry-delay";
import { holdPasswordSlot } from "../support/hashing-slot";
import { startProductionServer, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget } from "../support/test-database";
import { fillSignUpForm, submitSignUpForm, uniqueUser } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";

const BUSY = serviceBusyMessage(5);

test.describe("posts refused while the password hashing is saturated", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;
  let database: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let holder: Socket | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    database = await persistentDatabaseTarget("pglite");
    server = await startProductionServer({
      ...database.serverEnv,
      AUTH_SECRET: "service-busy-e2e-secret-service-busy-e2e-0123",
      PASSWORD_HASHING_CONCURRENCY: "1",
      PASSWORD_HASHING_QUEUE: "0",
      PORT: String(Number(process.env.E2E_PORT ?? 3210) + 3),
    });
  });
  test.afterEach(() => {
    holder?.destroy();
    holder = undefined;
  });
  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  /** Every post to `path` the page sends, with its answer. */
  function postsTo(page: Page, path: string): Response[] {
    const answers: Response[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(path)) answers.push(response);
    });
    return answers;
  }

  test("with JavaScript: the sign-up keeps every field, says when to retry, and goes through by itself once the slot is free", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: "fr-FR" });
    const page = await context.newPage();
    const answers = postsTo(page, "/inscription");
    const user = uniqueUser({ firstName: "Élodie", lastName: "Marchand" });
    await page.goto("/inscription");
    await waitForHydration(page);
    await fillSignUpForm(page, user);
    holder = await holdPasswordSlot(server.baseUrl);
    await submitSignUpForm(page);

    await expect(page.getByRole("alert")).toContainText(BUSY);
    await expect(page.getByRole("alert")).toContainText("Nouvel essai automatique");
    expect(answers[0]!.status()).toBe(503);
    expect(answers[0]!.headers()["retry-after"]).toBe("5");
    await expect(page.getByLabel("Prénom")).toHaveValue(user.firstName);
    await expect(page.getByLabel("Nom", { exact: true })).toHaveValue(user.lastName);
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(user.email);
    await expect(page.getByLabel("Mot de passe")).toHaveValue(user.password);
    await expectNoAxeViolations(page, "/inscription (service très sollicité)");

    // The slot is free before the 5 seconds are over: the page's one automatic retry succeeds.
    holder.destroy();
    await expect(page.getByRole("heading", { level: 1, name: "Confirmez votre adresse email" })).toBeVisible({ timeout: 20_000 });
    expect(answers.map((answer) => answer.status())).toEqual([503, 200]);
    await context.close();
  });

  test("with JavaScript: a sign-in refused twice stops retrying and leaves the person to send again", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: "fr-FR" });
    const page = await context.newPage();
    const answers = postsTo(page, "/connexion");
    await page.goto("/connexion");
    await waitForHydration(page);
    holder = await holdPasswordSlot(server.baseUrl);
    await page.getByLabel("Adresse e-mail").fill("camille.occupee@exemple.fr");
    await page.getByLabel("Mot de passe").fill("Tournesol-Velo-42!");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toContainText(BUSY);
    // The automatic retry, refused too: the message stays, no third post.
    await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(2);
    await expect(page.getByRole("alert")).toContainText(BUSY);
    await expect(page.getByRole("alert")).not.toContainText("Nouvel essai automatique");
    await page.waitForTimeout(6_000);
    expect(answers.map((answer) => answer.status())).toEqual([503, 503]);
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue("camille.occupee@exemple.fr");
    await expect(page.getByLabel("Mot de passe")).toHaveValue("Tournesol-Velo-42!");
    await context.close();
  });

  test("without JavaScript: the sign-in and sign-up pages come back filled (never the password), with when to retry", async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: "fr-FR", javaScriptEnabled: false });
    const page = await context.newPage();
    holder = await holdPasswordSlot(server.baseUrl);

    await page.goto("/connexion");
    await page.getByLabel("Adresse e-mail").fill("camille.sans-script@exemple.fr");
    await page.getByLabel("Mot de passe").fill("Tournesol-Velo-42!");
    const signIn = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Se connecter" }).click();
    expect((await signIn).status()).toBe(503);
    await expect(page.getByRole("alert")).toHaveText(BUSY);
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue("camille.sans-script@exemple.fr");
    await expect(page.getByLabel("Mot de passe")).toHaveValue("");
    await expectNoAxeViolations(page, "/connexion sans JavaScript (service très sollicité)", { javaScript: false });

    const user = uniqueUser({ firstName: "Noé", lastName: "Sans-Script" });
    await page.goto("/inscription");
    await fillSignUpForm(page, user);
    const signUp = page.waitForResponse((response) => response.request().method() === "POST");
    await submitSignUpForm(page);
    expect((await signUp).status()).toBe(503);
    await expect(page.getByRole("alert")).toHaveText(BUSY);
    await expect(page.getByLabel("Prénom")).toHaveValue(user.firstName);
    await expect(page.getByLabel("Nom", { exact: true })).toHaveValue(user.lastName);
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(user.email);
    await expect(page.getByLabel("Mot de passe")).toHaveValue("");
    await expectNoAxeViolations(page, "/inscription sans JavaScript (service très sollicité)", { javaScript: false });
    await context.close();
  });
});

/**
 * Sign-up and sign-in refused while the password hashing is saturated (decision 91), on a server of its own with one
 * password slot and no queue, the slot held by a post that never ends: with JavaScript the fields stay filled and the
 * page sends once more by itself after Retry-After; without JavaScript the page comes back filled, with the message.
 * The case wizard the same when the database refuses a save as if its connection had been cut (decision 94).
 */
import type { Socket } from "node:net";
import { expect, test, type Page, type Response } from "@playwright/test";
import { serviceBusyMessage } from "~/lib/retry-delay";
import { holdPasswordSlot } from "../support/hashing-slot";
import { startProductionServer, type RunningServer } from "../support/production-server";
import { seedAccount, seedEnrolledAccount } from "../support/accounts";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { installDraftSaveOutage, OUTAGE_MARKER } from "../support/draft-save-outage";
import { assignTo } from "../support/chat";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../support/test-database";
import { stopRuntime } from "~/platform/runtime.server";
import { fillSignUpForm, signInOnServer, submitSignUpForm, uniqueUser } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";

const BUSY = serviceBusyMessage(5);

test.describe("posts refused while the password hashing is saturated or the database out of reach", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;
  let database: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let holder: Socket | undefined;
  const SECRET = "service-busy-e2e-secret-service-busy-e2e-0123";
  let client: { email: string; password: string };
  let chatPath: string;
  const wizardPeople: { email: string; password: string }[] = [];

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    database = await persistentDatabaseTarget("pglite");
    await startTestRuntimeOn(database.target, { AUTH_SECRET: SECRET });
    const lawyer = await seedEnrolledAccount("lawyer", { firstName: "Louis", lastName: "Bernard" });
    const seeded = await seedAccount("user", { firstName: "Claire", lastName: "Petit" });
    client = { email: seeded.email, password: seeded.password };
    const created = await insertSubmittedCase(seeded.userId);
    await assignTo(created.id, lawyer.userId);
    chatPath = `/case/${created.id}/chat`;
    for (const name of ["Yvonne", "Gaston"]) {
      const person = await seedPerson("user", name, { email: `${name.toLowerCase()}@service-busy.example` });
      wizardPeople.push({ email: person.email, password: person.password });
    }
    await installDraftSaveOutage();
    await stopRuntime();
    server = await startProductionServer({
      ...database.serverEnv,
      AUTH_SECRET: SECRET,
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

  test("the chat: a message refused with 503 stays in the composer with when to retry, and is sent by itself after Retry-After", async ({ browser }) => {
    const page = await signInOnServer(browser, server.baseUrl, client);
    let refused = 0;
    // The first send answers 503 with Retry-After (a database out of reach, a saturated server): the rest go through.
    await page.route("**/chat/messages?intent=send", async (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      await route.fulfill({
        status: 503,
        headers: { "Retry-After": "2", "Content-Type": "application/json", "Cache-Control": "no-store" },
        body: JSON.stringify({ error: "Service momentanément indisponible." }),
      });
    });
    await page.goto(chatPath);
    await waitForHydration(page);
    const composer = page.getByLabel("Votre message");
    await composer.fill("Bonjour Maître, voici mes relevés de compte.");
    await page.getByRole("button", { name: "Envoyer" }).click();

    const alert = page.locator("#erreur-message");
    await expect(alert).toContainText(serviceBusyMessage(2));
    await expect(alert).toContainText("Nouvel essai automatique");
    await expect(composer).toHaveValue("Bonjour Maître, voici mes relevés de compte.");
    await expectNoAxeViolations(page, `${chatPath} (service très sollicité)`);

    // Sent once more by itself: the message is in the thread, the composer and the alert are clear.
    await expect(page.getByRole("article", { name: /Message de Claire Petit/ }).filter({ hasText: "voici mes relevés de compte" })).toBeVisible({
      timeout: 15_000,
    });
    await expect(alert).toHaveCount(0);
    await expect(composer).toHaveValue("");
    expect(refused).toBe(1);
    await page.context().close();
  });
  /** Step 2 of the wizard filled; the description holds the marker that makes its first save fail. */
  async function fillStep2(page: Page, description: string): Promise<void> {
    await page.getByLabel("Comment l'escroc vous a-t-il contacté ?").selectOption("dating_site");
    await page.getByLabel("Date du premier contact").fill("02-05-2024");
    await page.getByLabel("Montant total perdu, en euros (facultatif)").fill("1 234,56");
    await page.getByLabel("Description détaillée").fill(description);
  }

  async function expectStep2Kept(page: Page, description: string): Promise<void> {
    await expect(page.getByLabel("Comment l'escroc vous a-t-il contacté ?")).toHaveValue("dating_site");
    await expect(page.getByLabel("Date du premier contact")).toHaveValue("02-05-2024");
    await expect(page.getByLabel("Montant total perdu, en euros (facultatif)")).toHaveValue("1 234,56");
    await expect(page.getByLabel("Description détaillée")).toHaveValue(description);
  }

  test("the case wizard with JavaScript: a save refused while the database is out of reach keeps every field and goes through by itself", async ({ browser }) => {
    const page = await signInOnServer(browser, server.baseUrl, wizardPeople[0]!);
    const answers = postsTo(page, "/create-case");
    await page.goto("/create-case");
    await waitForHydration(page);
    await page.getByRole("radio", { name: /Arnaque sentimentale/ }).check();
    await page.getByRole("button", { name: "Suivant", exact: true }).click();
    const description = `Un profil de rencontre m'a demandé un billet d'avion (${OUTAGE_MARKER}).`;
    await fillStep2(page, description);
    await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();

    await expect(page.getByRole("alert")).toContainText(BUSY);
    await expect(page.getByRole("alert")).toContainText("Nouvel essai automatique");
    const refused = answers.find((answer) => answer.status() === 503)!;
    expect(refused.headers()["retry-after"]).toBe("5");
    await expectStep2Kept(page, description);
    await expectNoAxeViolations(page, "/create-case (base de données injoignable)");

    // The database answers the automatic retry: the draft is saved and the dashboard says so.
    await expect(page.getByText("Brouillon sauvegardé avec succès")).toBeVisible({ timeout: 20_000 });
    expect(answers.filter((answer) => answer.status() === 503)).toHaveLength(1);
    await expect(page.getByRole("row").filter({ hasText: "Arnaque sentimentale" })).toBeVisible();
    await page.context().close();
  });

  test("the case wizard without JavaScript: a step refused while the database is out of reach comes back filled, with when to retry", async ({ browser }) => {
    test.slow();
    const page = await signInOnServer(browser, server.baseUrl, wizardPeople[1]!, { javaScriptEnabled: false });
    await page.goto("/create-case");
    await page.getByRole("radio", { name: /Arnaque sentimentale/ }).check();
    await page.getByRole("button", { name: "Suivant", exact: true }).click();
    const description = `Tapé sans JavaScript pendant la panne (${OUTAGE_MARKER}).`;
    await fillStep2(page, description);
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Suivant", exact: true }).click();
    expect((await refused).status()).toBe(503);
    expect((await refused).headers()["retry-after"]).toBe("5");
    await expect(page.getByRole("alert")).toHaveText(BUSY);
    await expectStep2Kept(page, description);
    await expectNoAxeViolations(page, "/create-case sans JavaScript (base de données injoignable)", { javaScript: false });

    // Sent again once the database answers: the summary shows what was typed.
    await page.getByRole("button", { name: "Suivant", exact: true }).click();
    await expect(page.getByText(description)).toBeVisible();
    await page.context().close();
  });
});

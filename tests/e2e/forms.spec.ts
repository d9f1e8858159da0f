import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { openWithScriptsHeld, waitForHydration } from "./support/hydration";

const emptySignUpErrors = [
  { message: "Le prénom est requis", field: "Prénom" },
  { message: "Le nom est requis", field: "Nom" },
  { message: "L'email est requis", field: "Adresse e-mail" },
  { message: "Le mot de passe est requis", field: "Mot de passe" },
  { message: "Le téléphone mobile est requis", field: "Numéro de téléphone mobile, sans l'indicatif" },
];

async function expectSummaryOfEmptySignUp(page: Page) {
  const summary = page.locator("[data-error-summary]");
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("heading")).toHaveText(`Il y a ${emptySignUpErrors.length} erreurs`);
  const links = summary.getByRole("link");
  await expect(links).toHaveCount(emptySignUpErrors.length);
  for (const { message } of emptySignUpErrors) {
    await expect(summary.getByRole("link", { name: message, exact: true })).toBeVisible();
  }
  return summary;
}

test.describe("error summary", () => {
  test("with JavaScript: the empty sign-up form focuses a summary whose links lead to the fields", async ({ page }) => {
    await page.goto("/inscription");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Créer mon compte gratuitement" }).click();
    const summary = await expectSummaryOfEmptySignUp(page);
    await expect(summary).toBeFocused();
    await expectNoAxeViolations(page, "/inscription (résumé des erreurs)");
    for (const { message, field } of emptySignUpErrors) {
      await summary.getByRole("link", { name: message, exact: true }).click();
      await expect(page.getByLabel(field, { exact: true })).toBeFocused();
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server renders the summary at the top of the form, focused, with links to the fields", async ({ page }) => {
      await page.goto("/inscription");
      const post = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Créer mon compte gratuitement" }).click();
      expect((await post).status()).toBe(400);
      const summary = await expectSummaryOfEmptySignUp(page);
      await expect(summary).toBeFocused();
      await expect(summary).toBeInViewport();
      for (const { message } of emptySignUpErrors) {
        const href = await summary.getByRole("link", { name: message, exact: true }).getAttribute("href");
        expect(await page.locator(href!).count(), `${message} → ${href}`).toBe(1);
      }
      await expectNoAxeViolations(page, "/inscription (résumé sans JS)", { javaScript: false });
    });
  });
});

test("every password field has a show/hide button", async ({ page }) => {
  await page.goto("/connexion");
  await waitForHydration(page);
  const password = page.getByLabel("Mot de passe", { exact: true });
  await password.fill("Secret-mot-de-passe");
  await expect(password).toHaveAttribute("type", "password");
  const toggle = page.getByRole("button", { name: "Afficher le mot de passe" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(page.getByRole("button", { name: "Masquer le mot de passe" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Masquer le mot de passe" }).click();
  await expect(password).toHaveAttribute("type", "password");

  await page.goto("/inscription");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Afficher le mot de passe" })).toHaveCount(1);
});

test.describe("public form pages run their scripts at the first interaction", () => {
  const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

  test("nothing is fetched or run while the visitor only reads; the first key press hydrates the page", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/connexion");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
    expect(await hydrated(page)).toBe(false);
    await page.keyboard.press("Tab");
    await expect.poll(() => hydrated(page), { message: "hydratée après la touche Tab" }).toBe(true);
    expect(scripts.length).toBeGreaterThan(3);
    // Hydrated, the form validates in the page: an empty submission stays on /connexion with its messages.
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("L'email est requis").first()).toBeVisible();
  });

  test("a form sent before the scripts run is answered by the server, as without JavaScript, and sent once", async ({ page }) => {
    const releaseScripts = await openWithScriptsHeld(page, "/mot-de-passe-oublie");
    // The first post is held on its way, as on a slow network, while the impatient thumb taps the button again.
    let posts = 0;
    let releasePost = () => {};
    const postHeld = new Promise<void>((resolve) => (releasePost = resolve));
    await page.route("**/mot-de-passe-oublie", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts += 1;
      await postHeld;
      await route.continue();
    });
    await page.getByLabel("Adresse e-mail").fill(`personne-${test.info().repeatEachIndex}-${Date.now()}@exemple.fr`);
    // The second tap comes from the page itself: the test's own calls into a page wait for its pending navigation.
    await page.evaluate(() => {
      const form = document.querySelector<HTMLInputElement>('input[name="email"]')!.form!;
      form.requestSubmit();
      setTimeout(() => form.requestSubmit(), 300);
    });
    await expect.poll(() => posts, { message: "le premier envoi part" }).toBe(1);
    await page.waitForTimeout(1_000);
    expect(posts, "le second appui ne renvoie pas le formulaire").toBe(1);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    releasePost();
    expect((await answer).status()).toBe(200);
    await expect(page.getByText("Si un compte existe pour cette adresse")).toBeVisible();
    releaseScripts();
    await waitForHydration(page);
    await expect(page.getByText("Si un compte existe pour cette adresse")).toBeVisible();
  });
});

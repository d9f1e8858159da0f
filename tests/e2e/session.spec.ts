import { fieldMessage } from "./support/profile";
import { expect, test } from "@playwright/test";
import { signOutThroughUi, signUpThroughUi, submitSignIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";

test.describe("Connexion et déconnexion", () => {
  test("sign-out goes to the home page, and the dashboard then sends to /connexion", async ({ page }) => {
    await signUpThroughUi(page);
    await expectNoAxeViolations(page, "/dashboard");
    await signOutThroughUi(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Victime d'une arnaque en ligne");
    await expectNoAxeViolations(page, "/");

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/connexion$/);
    await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
  });

  test("a wrong password shows the invalid-credentials message", async ({ page }) => {
    const user = await signUpThroughUi(page);
    await signOutThroughUi(page);

    await page.goto("/connexion");
    await expect(page).toHaveTitle("Connexion - Recours");
    await expectNoAxeViolations(page, "/connexion");
    await waitForHydration(page);
    await submitSignIn(page, user.email, "Pas-le-bon-mot-de-passe-7");

    await expect(page.getByRole("alert")).toHaveText("Email ou mot de passe incorrect. Vérifiez vos identifiants.");
    await expect(page).toHaveURL(/\/connexion$/);
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(user.email);
    await expectNoAxeViolations(page, "/connexion (erreur)");

    // The message goes away as soon as the form is edited.
    await page.getByLabel("Mot de passe").fill("x");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("a wrong email gets the very page of a wrong password (decision 64)", async ({ page }) => {
    const user = await signUpThroughUi(page);
    await signOutThroughUi(page);
    const pageFor = async (email: string) => {
      await page.goto("/connexion");
      await waitForHydration(page);
      await submitSignIn(page, email, "Pas-le-bon-mot-de-passe-7");
      await expect(page.getByRole("alert")).toHaveText("Email ou mot de passe incorrect. Vérifiez vos identifiants.");
      await expect(page).toHaveURL(/\/connexion$/);
      return ((await page.getByRole("main").textContent()) ?? "").replaceAll(email, "<adresse>");
    };
    const wrongPassword = await pageFor(user.email);
    const wrongEmail = await pageFor(`personne.${Date.now()}@exemple.fr`);
    expect(wrongEmail).toBe(wrongPassword);
  });

  test("an empty sign-in form shows the required messages", async ({ page }) => {
    await page.goto("/connexion");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(fieldMessage(page, "L'email est requis")).toBeVisible();
    await expect(fieldMessage(page, "Le mot de passe est requis")).toBeVisible();
    await page.getByLabel("Adresse e-mail").fill("pas-un-email");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(fieldMessage(page, "Format d'email invalide")).toBeVisible();
    await expectNoAxeViolations(page, "/connexion (champs requis)");
  });

  test("sign-in lands on the dashboard with 'Connexion réussie !'", async ({ page }) => {
    const user = await signUpThroughUi(page, undefined, { axe: true });
    await signOutThroughUi(page);

    await page.goto("/connexion");
    await waitForHydration(page);
    await submitSignIn(page, user.email.toUpperCase(), user.password);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: `Bonjour ${user.firstName} ${user.lastName}` })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("Connexion réussie !");
    await expect(page.getByRole("status")).toContainText("Bienvenue sur votre espace personnel.");
    await expectNoAxeViolations(page, "/dashboard (après connexion)");

    // The session survives a full reload.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: `Bonjour ${user.firstName} ${user.lastName}` })).toBeVisible();
  });

  test("a signed-in user visiting /connexion or /inscription is sent to /dashboard", async ({ page }) => {
    const user = await signUpThroughUi(page);
    for (const path of ["/connexion", "/inscription"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: `Bonjour ${user.firstName} ${user.lastName}` })).toBeVisible();
    }
    await expectNoAxeViolations(page, "/dashboard");
  });

  test("an anonymous visitor of /dashboard is sent to /connexion", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/connexion$/);
    await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
    await expect(page.getByText(/Bonjour/)).toHaveCount(0);
    await expectNoAxeViolations(page, "/connexion");
  });
});

test.describe("En-tête", () => {
  test("shows Connexion and Inscription when signed out, Espace membre when signed in", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Connexion", exact: true })).toHaveAttribute("href", "/connexion");
    await expect(header.getByRole("link", { name: "Inscription", exact: true })).toHaveAttribute("href", "/inscription");
    await expect(header.getByRole("link", { name: "Espace membre" })).toHaveCount(0);
    await expectNoAxeViolations(page, "/");

    await header.getByRole("link", { name: "Inscription", exact: true }).click();
    await expect(page).toHaveURL(/\/inscription$/);

    await signUpThroughUi(page);
    await page.goto("/");
    await expect(header.getByRole("link", { name: "Espace membre" })).toHaveAttribute("href", "/dashboard");
    await expect(header.getByRole("link", { name: "Connexion", exact: true })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Inscription", exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, "/ (connecté)");

    await header.getByRole("link", { name: "Espace membre" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOutThroughUi(page);
    await expect(header.getByRole("link", { name: "Connexion", exact: true })).toBeVisible();
    await expect(header.getByRole("link", { name: "Espace membre" })).toHaveCount(0);
  });
});

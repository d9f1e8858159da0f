import { fieldMessage } from "./support/profile";
import { expect, test } from "@playwright/test";
import { confirmSignUpByEmail, fillSignUpForm, submitSignUpForm, uniqueUser } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";

test.describe("Sans JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-up, dashboard and sign-out work with plain form posts", async ({ page }) => {
    const user = uniqueUser({ firstName: "Noé", lastName: "Sans-Script", phone: "06 12 34 56 78" });
    await page.goto("/inscription");
    await expectNoAxeViolations(page, "/inscription (sans JS)", { javaScript: false });
    await fillSignUpForm(page, user);
    // Nothing reformats the number: the page really runs without JavaScript, and the server accepts it as typed.
    await expect(page.getByLabel("Numéro de téléphone mobile, sans l'indicatif")).toHaveValue("06 12 34 56 78");

    const post = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/inscription");
    await submitSignUpForm(page);
    expect((await post).status()).toBe(200);
    await expectNoAxeViolations(page, "/inscription, confirmation (sans JS)", { javaScript: false });

    await confirmSignUpByEmail(page, user);
    await expect(page.getByRole("heading", { level: 1, name: "Bonjour Noé Sans-Script" })).toBeVisible();
    // The link confirmed the address and asked for the password (no session from the link itself).
    await expect(page.getByRole("status")).toContainText("Connexion réussie");
    await expectNoAxeViolations(page, "/dashboard (sans JS)", { javaScript: false });

    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/connexion$/);
  });

  test("an invalid post answers 400 with French field errors and keeps the values", async ({ page }) => {
    await page.goto("/inscription");
    await page.getByLabel("Adresse e-mail").fill("pas-un-email");
    await page.getByLabel("Mot de passe").fill("court");

    const post = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/inscription");
    await submitSignUpForm(page);
    expect((await post).status()).toBe(400);

    await expect(page).toHaveURL(/\/inscription$/);
    for (const message of [
      "Le prénom est requis",
      "Le nom est requis",
      "Format d'email invalide",
      "Le mot de passe doit contenir au moins 12 caractères",
      "Le téléphone mobile est requis",
    ]) {
      await expect(fieldMessage(page, message)).toBeVisible();
    }
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue("pas-un-email");
    await expect(page.getByLabel("Mot de passe")).toHaveValue("");
    await expect(page.getByLabel("Adresse e-mail")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "/inscription (erreurs sans JS)", { javaScript: false });
  });

  test("sign-in with the wrong password answers 401 with the French message", async ({ page }) => {
    const user = uniqueUser();
    await page.goto("/inscription");
    await fillSignUpForm(page, user);
    await submitSignUpForm(page);
    await confirmSignUpByEmail(page, user);
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/connexion");
    await page.getByLabel("Adresse e-mail").fill(user.email);
    await page.getByLabel("Mot de passe").fill("Mauvais-mot-de-passe-1");
    const post = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/connexion");
    await page.getByRole("button", { name: "Se connecter" }).click();
    expect((await post).status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText("Email ou mot de passe incorrect. Vérifiez vos identifiants.");
    await expectNoAxeViolations(page, "/connexion (erreur sans JS)", { javaScript: false });
  });
});

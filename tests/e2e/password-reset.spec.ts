import { fieldMessage } from "./support/profile";
import { expect, test } from "@playwright/test";
import { signOutThroughUi, signUpThroughUi, submitSignIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { linkIn, waitForMail } from "./support/mail";
import { waitForHydration } from "./support/hydration";

test.describe("Mot de passe oublié", () => {
  test("the reset email's link sets a new password; the old one stops working; the link serves once", async ({ page }) => {
    const user = await signUpThroughUi(page);
    await signOutThroughUi(page);

    await page.goto("/connexion");
    await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
    await expectNoAxeViolations(page, "/mot-de-passe-oublie");
    await page.getByLabel("Adresse e-mail").fill(user.email);
    await page.getByRole("button", { name: "Recevoir le lien" }).click();
    const neutral = "Si un compte existe pour cette adresse, vous allez recevoir un email";
    await expect(page.getByText(neutral)).toBeVisible();

    const mail = await waitForMail(user.email, /Choisissez un nouveau mot de passe/);
    const link = linkIn(mail, "/reinitialiser-mot-de-passe?token=");
    await page.goto(link);
    await expectNoAxeViolations(page, "/reinitialiser-mot-de-passe");
    await waitForHydration(page);
    const newPassword = "Une-Toute-Nouvelle-Phrase-2026";
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirmer le nouveau mot de passe").fill("Pas-la-meme-phrase-2026");
    await page.getByRole("button", { name: "Enregistrer mon nouveau mot de passe" }).click();
    await expect(fieldMessage(page, "Les deux mots de passe ne sont pas identiques")).toBeVisible();
    await page.getByLabel("Confirmer le nouveau mot de passe").fill(newPassword);
    await page.getByRole("button", { name: "Enregistrer mon nouveau mot de passe" }).click();

    await expect(page).toHaveURL(/\/connexion$/);
    await expect(page.getByRole("status")).toContainText("Mot de passe modifié");
    await waitForHydration(page);
    await submitSignIn(page, user.email, user.password);
    await expect(page.getByRole("alert")).toHaveText("Email ou mot de passe incorrect. Vérifiez vos identifiants.");
    await page.getByLabel("Adresse e-mail").fill(user.email);
    await submitSignIn(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The same link a second time: a French message and a way to ask again.
    await signOutThroughUi(page);
    const reused = await page.goto(link);
    expect(reused?.status()).toBe(400);
    await expect(page.getByText("Ce lien de réinitialisation n'est plus valable")).toBeVisible();
    await expect(page.getByRole("link", { name: "Demander un nouveau lien" })).toHaveAttribute("href", "/mot-de-passe-oublie");
  });

  test("an unknown address gets the same answer and no email; a tampered link is refused", async ({ page }) => {
    await page.goto("/mot-de-passe-oublie");
    await page.getByLabel("Adresse e-mail").fill("personne-ici@exemple.fr");
    await page.getByRole("button", { name: "Recevoir le lien" }).click();
    await expect(page.getByText("Si un compte existe pour cette adresse")).toBeVisible();
    const tampered = await page.goto("/reinitialiser-mot-de-passe?token=abcdefghijklmnopqrstuvwxyz0123456789");
    expect(tampered?.status()).toBe(400);
    await expect(page.getByText("Ce lien de réinitialisation n'est plus valable")).toBeVisible();
    const broken = await page.goto("/verifier-email?token=abc");
    expect(broken?.status()).toBe(400);
    await expect(page.getByText("Ce lien de confirmation n'est pas valide")).toBeVisible();
    await expectNoAxeViolations(page, "/verifier-email (lien invalide)");
  });
});

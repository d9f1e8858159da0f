import { expect, test } from "@playwright/test";
import { signUpThroughUi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { fieldMessage } from "./support/profile";

test("deleting the account: what goes and what stays explained, password asked, then signed out for good", async ({ page }) => {
  test.slow();
  const user = await signUpThroughUi(page);
  await page.goto("/compte");
  await page.getByRole("link", { name: "Supprimer mon compte" }).click();
  await expect(page).toHaveURL(/\/compte\/suppression$/);
  await expect(page.getByRole("heading", { name: "Conservé parce que la loi l'impose, puis supprimé" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("10 ans après la clôture du dossier");
  await expectNoAxeViolations(page, "/compte/suppression");
  await waitForHydration(page);

  await page.getByLabel("Votre mot de passe").fill("pas-le-bon-mot-de-passe");
  await page.getByLabel("J'ai compris que mon compte et mes documents seront supprimés définitivement.").check();
  await page.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
  await expect(fieldMessage(page, "Mot de passe incorrect. Votre compte n'a pas été supprimé.")).toBeVisible();

  await page.getByLabel("Votre mot de passe").fill(user.password);
  await page.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status")).toContainText("Votre compte a été supprimé");

  await page.goto("/compte");
  await expect(page).toHaveURL(/\/connexion/);
  await page.getByLabel("Adresse e-mail").fill(user.email);
  await page.getByLabel("Mot de passe").fill(user.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/connexion/);
});

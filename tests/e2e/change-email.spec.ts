import { fieldMessage } from "./support/profile";
import { expect, test } from "@playwright/test";
import { signUpThroughUi, uniqueUser } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { linkIn, waitForMail } from "./support/mail";
import { waitForHydration } from "./support/hydration";

test("changing the email: password asked, link sent to the new address, the account moves when it is opened", async ({ page }) => {
  const user = await signUpThroughUi(page);
  const newEmail = uniqueUser().email;
  await page.goto("/compte");
  await page.getByRole("link", { name: "Changer mon adresse email" }).click();
  await expect(page).toHaveURL(/\/compte\/email$/);
  await expectNoAxeViolations(page, "/compte/email");
  await waitForHydration(page);

  await page.getByLabel("Nouvelle adresse email").fill(newEmail);
  await page.getByLabel("Mot de passe actuel").fill("pas-le-bon-mot-de-passe");
  await page.getByRole("button", { name: "Recevoir le lien de confirmation" }).click();
  await expect(fieldMessage(page, "Le mot de passe actuel est incorrect.")).toBeVisible();

  await page.getByLabel("Mot de passe actuel").fill(user.password);
  await page.getByRole("button", { name: "Recevoir le lien de confirmation" }).click();
  await expect(page.getByText("Votre adresse changera quand vous l'aurez ouvert")).toBeVisible();

  const mail = await waitForMail(newEmail, /Confirmez votre nouvelle adresse email/);
  await page.goto(linkIn(mail, "/verifier-email?token="));
  await expect(page.getByRole("status")).toContainText("Adresse email modifiée");
  await page.goto("/compte");
  await expect(page.getByRole("main")).toContainText(newEmail);
});

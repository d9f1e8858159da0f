import { fieldMessage } from "./support/profile";
import { expect, test } from "@playwright/test";
import { signUpThroughUi, submitSignIn, uniqueUser } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { linkIn, waitForMail } from "./support/mail";
import { waitForHydration } from "./support/hydration";

test("changing the email: password asked, link sent to the new address, the account moves when its signed-in owner opens it", async ({
  page,
  browser,
}) => {
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
  const link = linkIn(mail, "/verifier-email?token=");

  // Opened in a signed-out browser (decision 64): the sign-in page, and nothing has changed yet.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: "fr-FR" });
  const elsewhere = await other.newPage();
  await elsewhere.goto(link);
  await expect(elsewhere).toHaveURL(/\/connexion\?redirectTo=%2Fverifier-email%3Ftoken%3D/);
  await expect(elsewhere.getByRole("status")).toContainText("Connectez-vous pour confirmer votre nouvelle adresse");
  await page.goto("/compte");
  await expect(page.getByRole("main")).toContainText(user.email);
  await expect(page.getByRole("main")).not.toContainText(newEmail);

  // The owner signs in there: the change takes effect, the old address is told, the first browser is signed out.
  await waitForHydration(elsewhere);
  await submitSignIn(elsewhere, user.email, user.password);
  await expect(elsewhere).toHaveURL(/\/dashboard$/);
  await expect(elsewhere.getByRole("status")).toContainText("Adresse email modifiée");
  await elsewhere.goto("/compte");
  await expect(elsewhere.getByRole("main")).toContainText(newEmail);
  const notice = await waitForMail(user.email, /L'adresse email de votre compte Recours a changé/);
  expect(notice.text).toContain("Si ce n'était pas vous");
  await page.goto("/compte");
  await expect(page).toHaveURL(/\/connexion/);
  await other.close();
});

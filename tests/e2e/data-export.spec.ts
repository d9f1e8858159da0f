import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signUpThroughUi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { linkIn, waitForMail } from "./support/mail";
import { fieldMessage } from "./support/profile";

test("downloading my data: password asked, a link by email, the ZIP once", async ({ page }) => {
  test.slow();
  const user = await signUpThroughUi(page);
  await page.goto("/compte");
  await page.getByRole("link", { name: "Voir mes données" }).click();
  await expect(page).toHaveURL(/\/compte\/donnees$/);
  await expect(page.getByText("Personne chez Recours n'a encore consulté vos données.")).toBeVisible();
  await expectNoAxeViolations(page, "/compte/donnees");
  await waitForHydration(page);

  await page.getByLabel("Votre mot de passe").fill("pas-le-bon-mot-de-passe");
  await page.getByRole("button", { name: "Télécharger mes données" }).click();
  await expect(fieldMessage(page, "Le mot de passe est incorrect.")).toBeVisible();
  await page.getByLabel("Votre mot de passe").fill(user.password);
  await page.getByRole("button", { name: "Télécharger mes données" }).click();
  await expect(page.getByText("Demande enregistrée")).toBeVisible();

  const mail = await waitForMail(user.email, /Vos données Recours sont prêtes à télécharger/);
  await page.goto(linkIn(mail, "/compte/donnees/export?token="));
  await expect(page.getByRole("heading", { name: "Votre fichier est prêt" })).toBeVisible();
  await expectNoAxeViolations(page, "/compte/donnees/export");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Télécharger le fichier ZIP" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^recours-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
  expect(bytes.includes(Buffer.from("donnees.json"))).toBe(true);

  // Used once: opening the link again says so.
  await page.goto(linkIn(mail, "/compte/donnees/export?token="));
  await expect(page.getByRole("alert")).toContainText("Ce lien a déjà servi");
  await page.goto("/compte/donnees");
  await expect(page.getByText(/téléchargé le/)).toBeVisible();
});

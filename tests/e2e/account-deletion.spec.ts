import { expect, test } from "@playwright/test";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { signUpThroughUi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { waitForMail } from "./support/mail";
import { fieldMessage } from "./support/profile";
import { assignLawyer, MAIL_SINK_ENV, seededServer } from "./support/seeded-server";

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
  // Issue 29: the receipt, sent to the address the account had, once the account is gone.
  const receipt = await waitForMail(user.email, /^Votre compte Recours a été supprimé$/);
  expect(receipt.text).toMatch(/supprimé le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}, à votre demande/);

  await page.goto("/compte");
  await expect(page).toHaveURL(/\/connexion/);
  await page.getByLabel("Adresse e-mail").fill(user.email);
  await page.getByLabel("Mot de passe").fill(user.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/connexion/);
});

/**
 * Issue 29: with a case in progress the account cannot go at once: the page asks to "Demander la suppression", says
 * what happens, records the request and a receipt arrives in the test mailbox. Its own server: the case is seeded.
 */
test.describe("asking for the deletion while a case is in progress", () => {
  let client: { email: string; password: string };
  let caseNumber: string;

  const app = seededServer(async () => {
    const person = await seedPerson("user", "Denise");
    const lawyer = await seedPerson("lawyer", "Lucien");
    const created = await insertSubmittedCase(person.userId);
    await assignLawyer(created.id, lawyer.userId, "in_progress");
    client = { email: person.email, password: person.password };
    caseNumber = created.caseNumber;
  }, { env: MAIL_SINK_ENV });

  test("the page says 'Demander la suppression', records the request and a receipt arrives, at 390 and 1280 px", async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/connexion");
    await waitForHydration(page);
    await page.getByLabel("Adresse e-mail").fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/compte/suppression");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demander la suppression de mon compte");
      await expect(page.getByRole("button", { name: "Demander la suppression", exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Supprimer définitivement mon compte" })).toHaveCount(0);
      await expect(page.getByRole("main")).toContainText("10 ans après la clôture du dossier");
      await expect(page.getByRole("main")).toContainText(`Dossier ${caseNumber}`);
      await expectNoAxeViolations(page, `/compte/suppression (dossier en cours, ${width} px)`);
    }

    await page.getByLabel("Votre mot de passe").fill(client.password);
    await page.getByLabel(/J'ai compris que mon compte et mes documents seront supprimés définitivement une fois le dossier clos/).check();
    await page.getByRole("button", { name: "Demander la suppression", exact: true }).click();
    await expect(page).toHaveURL(/\/compte\/suppression$/);
    await expect(page.getByRole("status")).toContainText("Votre demande de suppression est enregistrée");
    await expect(page.getByRole("main")).toContainText("Votre demande de suppression est enregistrée depuis le");
    // Nothing more to confirm until the case is closed.
    await expect(page.getByRole("button", { name: "Demander la suppression", exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, "/compte/suppression (demande enregistrée, 1280 px)");

    const receipt = await waitForMail(client.email, /^Votre demande de suppression de compte est enregistrée$/);
    expect(receipt.text).toMatch(/le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}, votre demande de suppression/);
    expect(receipt.text).toContain("10 ans après la clôture du dossier");
    expect(receipt.text).not.toContain(caseNumber);
    expect(receipt.text).not.toContain("Denise");

    // Signed in still: the account stays until the case is closed.
    await page.goto("/compte");
    await expect(page).toHaveURL(/\/compte$/);
    await context.close();
  });
});
